"""The designer's lab: statistics with hand-checked numbers, the report's new parts (pooled
rows, the sweep pivot, minutes at a pace, the paired comparison, the HTML page), and the
command line (estimates, --version, games, bots, compare, report --open, bad input)."""

from __future__ import annotations

import json
import re
from collections import Counter
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner

from hiddenrole import __version__
from hiddenrole.bots import RandomBot, seat_bots
from hiddenrole.cli import app
from hiddenrole.engine import Timer, derive_seed, new_game
from hiddenrole.lab import commands
from hiddenrole.lab.play import play_game
from hiddenrole.lab.report import (
    REPORT_HTML, minutes_hist, pivot, pivot_figure, pivot_table, render_report, win_rate_figure, win_rate_table,
)
from hiddenrole.lab.runs import calibrate, describe_seconds, plan_run
from hiddenrole.lab.simulate import CountResult, DeadlineClock, player_names
from hiddenrole.lab.stats import compare_paired, mcnemar_exact, paired_difference_interval, wilson_interval

runner = CliRunner()


# ----------------------------------------------------------------------------- statistics
def test_wilson_interval_matches_newcombes_worked_examples():
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I:
    # 81/263 -> 0.2553 to 0.3662; 15/148 -> 0.0624 to 0.1605
    assert wilson_interval(81, 263) == pytest.approx((0.2553, 0.3662), abs=5e-5)
    assert wilson_interval(15, 148) == pytest.approx((0.0624, 0.1605), abs=5e-5)


def test_exact_mcnemar_on_a_hand_made_table_of_discordant_pairs():
    # 6 seeds won only with A, 16 only with B: under "no change" each of the 22 is a fair coin,
    # p = 2 * P(X <= 6), X ~ Bin(22, 1/2) = 2 * (1+22+231+1540+7315+26334+74613) / 2**22
    assert mcnemar_exact(6, 16) == pytest.approx(2 * 110056 / 2**22)
    assert mcnemar_exact(16, 6) == pytest.approx(2 * 110056 / 2**22)
    assert mcnemar_exact(5, 5) == 1.0
    assert mcnemar_exact(0, 0) == 1.0
    assert mcnemar_exact(0, 10) == pytest.approx(2 / 2**10)  # all ten one way: 2 * (1/2)^10
    with pytest.raises(ValueError, match="negative"):
        mcnemar_exact(-1, 3)


def test_paired_difference_interval_matches_the_textbook_example():
    # Fagerland, Lydersen & Laake, Statistical Analysis of Contingency Tables, ch. 8 (Cavo et
    # al. 2012): the table [[59, 6], [16, 80]] gives -0.0621 (95% CI -0.1186 to -0.0046) for
    # the rows' rate minus the columns'. Here B is the rows and A the columns.
    d, low, high = paired_difference_interval(59, 16, 6, 80)
    assert (d, low, high) == pytest.approx((-0.0621, -0.1186, -0.0046), abs=5e-5)
    with pytest.raises(ValueError, match="no games"):
        paired_difference_interval(0, 0, 0, 0)


def test_compare_paired_counts_the_seeds_from_the_two_lists():
    a = [True, True, False, False, True, False]
    b = [True, False, True, True, True, False]
    c = compare_paired(a, b)
    assert (c.games, c.wins_a, c.wins_b, c.only_a, c.only_b) == (6, 3, 4, 1, 2)
    assert c.difference == pytest.approx(1 / 6)
    assert c.p_value == pytest.approx(1.0)  # 1 against 2 of 3 discordant seeds: no evidence
    assert not c.moved
    strong = compare_paired([False] * 30 + [True] * 10, [True] * 30 + [True] * 10)
    assert strong.only_b == 30 and strong.only_a == 0 and strong.moved
    assert strong.low > 0
    with pytest.raises(ValueError, match="different seeds"):
        compare_paired([True], [True, False])


# ----------------------------------------------------------------------------- report parts
def _tally(players: int, wins: dict[str, int], moments: int = 10, deadline: int = 0) -> CountResult:
    tally = CountResult(players)
    for side, k in wins.items():
        for _ in range(k):
            tally.add(None if side == "draw" else side, "end", 5, 2, deadline_seconds=deadline, moments=moments)
    return tally


HAND_MADE = [
    ("target=1", {4: _tally(4, {"reds": 3, "blues": 1}), 6: _tally(6, {"reds": 1, "blues": 3})}),
    ("target=2", {4: _tally(4, {"reds": 2, "blues": 2})}),
]


def test_the_pivot_cells_come_from_the_hand_made_results():
    p = pivot(HAND_MADE, "reds")
    assert p.rows == ("target=1", "target=2") and p.counts == (4, 6)
    assert p.cells[0][0][0] == 0.75 and p.cells[0][1][0] == 0.25
    assert p.cells[1][0][0] == 0.5 and p.cells[1][1] is None  # not played at 6
    assert p.cells[0][0][1:] == pytest.approx(wilson_interval(3, 4))
    assert pivot_table(p).splitlines()[2:] == ["| target=1 | 75.0 | 25.0 |", "| target=2 | 50.0 |  |"]
    image = pivot_figure("t", p).get_axes()[0].get_images()[0].get_array()
    assert image[0][0] == 75.0 and image[0][1] == 25.0 and image[1][0] == 50.0
    assert image.mask[1][1] and not image.mask[0][0]  # the cell not played stays blank


def test_win_rate_rows_are_pooled_over_the_player_counts():
    table = win_rate_table(["reds", "blues"], HAND_MADE)
    # target=1 pooled: reds 4 of 8 games, blues 4 of 8
    low, high = wilson_interval(4, 8)
    pooled = f"**50.0 ({100 * low:.1f}-{100 * high:.1f})**"
    assert f"| target=1 | **all** | 8 | {pooled} | {pooled} |" in table
    assert "| target=2 | **all** |" not in table  # one count: nothing to pool


def test_the_win_rate_plot_draws_the_50_percent_line():
    fig = win_rate_figure("t", ["reds", "blues"], HAND_MADE)
    for ax in fig.get_axes():
        assert any(list(line.get_ydata()) == [50.0, 50.0] for line in ax.get_lines())


def test_minutes_at_the_forum_and_live_paces():
    tally = CountResult(5)
    tally.add("reds", "end", 30, 3, deadline_seconds=120, moments=12)
    tally.add("reds", "end", 40, 4, deadline_seconds=300.7, moments=18)
    assert minutes_hist(tally, "forum") == Counter({2.0: 1, 5.0: 1})  # whole seconds: 300.7 -> 300
    assert minutes_hist(tally, "live", 30) == Counter({6.0: 1, 9.0: 1})  # 12 and 18 moments of 30 s
    with pytest.raises(ValueError, match="unknown pace"):
        minutes_hist(tally, "walk")


def test_the_deadline_clock_runs_every_step_to_its_deadline():
    steps = iter([
        [Timer("night-1", 240), Timer("night-1/peek", 120)],  # a night and its first private step
        [Timer("night-1", 240), Timer("night-1/discard", 120)],  # the peek ended at 120
        [Timer("day-2", 780)],  # the discard ended at 240, the night at 240
        [],  # no timer: a step with no deadline
        [Timer("day-3", 720)],  # the day ended at 240 + 780 = 1020
    ])
    game = SimpleNamespace(timers=lambda: next(steps))
    clock = DeadlineClock(game)
    for _ in range(4):
        clock.update(game)
    assert clock.now == 1020
    assert clock.finish() == 1020 + 720


def test_each_tug_turn_is_one_decision_moment(tug):
    # in the tug of war one player acts at a time, so every action is a moment of its own
    game = new_game(tug, player_names(4), seed=derive_seed(3, tug, 4, 0))
    record = play_game(game, seat_bots(game.players, RandomBot, 1))
    assert record.moments == record.actions > 0


def test_a_report_of_a_comparison_says_whether_b_moved_the_win_rate(tug, tmp_path):
    out = tmp_path / "cmp.json"
    run = runner.invoke(app, ["compare", tug, "--players", "2,4", "--games", "80", "--seed", "3", "--workers", "1",
                              "--a", "target=1", "--b", "target=3", "--out", str(out)])
    assert run.exit_code == 0, run.output
    assert "exact McNemar" in run.output and "over all player counts" in " ".join(run.output.split())
    data = json.loads(out.read_text())
    text = render_report(data)
    assert "## Did B change the game? B: target=3 against A: target=1" in text
    section = text.split("## Did B change the game?")[1]
    assert "| **all** | 160 |" in section
    wins_a = [w == "reds" for c in data["sets"][0]["counts"] for w in c["per_game"]]
    wins_b = [w == "reds" for c in data["sets"][1]["counts"] for w in c["per_game"]]
    c = compare_paired(wins_a, wins_b)
    assert f"{100 * c.difference:+.1f} points (95% interval {100 * c.low:+.1f} to {100 * c.high:+.1f})" in section


# ----------------------------------------------------------------------------- the HTML page
def test_report_writes_one_self_contained_html_page_and_opens_it_when_asked(tug, tmp_path, monkeypatch):
    results = tmp_path / "sweep.json"
    assert runner.invoke(app, ["simulate", tug, "--players", "2..4", "--games", "40", "--workers", "1",
                               "--sweep", "max_rounds=2,5", "--out", str(results)]).exit_code == 0
    opened = []
    monkeypatch.setattr(commands, "open_in_browser", opened.append)
    run = runner.invoke(app, ["report", str(results), "--out", str(tmp_path / "rep"), "--open",
                              "--pace", "live", "--decision-seconds", "15"])
    assert run.exit_code == 0, run.output
    page = tmp_path / "rep" / REPORT_HTML
    assert opened == [page.resolve().as_uri()]
    text = page.read_text()
    sources = re.findall(r'(?:src|href)="([^"]*)"', text)
    assert sources and all(s.startswith("data:image/png;base64,") for s in sources)  # nothing outside the page
    assert text.count("<img ") == 3  # win rates, the sweep's heat map, game length
    assert "takes 15 seconds" in text and "The sweep at a glance" in text
    markdown = (tmp_path / "rep" / "report.md").read_text()
    for heading in re.findall(r"^#+ (.*)$", markdown, flags=re.M):
        assert not re.search(r"[a-z]_[a-z]", heading), heading  # no snake_case keys in headings
    assert "max rounds" in markdown and "(`max_rounds`)" in markdown  # the key beside its plain name


def test_report_without_open_opens_nothing(tug, tmp_path, monkeypatch):
    results = tmp_path / "r.json"
    assert runner.invoke(app, ["simulate", tug, "--players", "3", "--games", "10", "--workers", "1",
                               "--out", str(results)]).exit_code == 0
    opened = []
    monkeypatch.setattr(commands, "open_in_browser", opened.append)
    assert runner.invoke(app, ["report", str(results), "--out", str(tmp_path / "rep")]).exit_code == 0
    assert opened == []


# ----------------------------------------------------------------------------- the command line
def test_the_estimate_scales_the_calibration_to_the_run(tug):
    plan = plan_run(tug, [2, 4, 6, 8], 100, 0)
    ticks = iter([10.0, 16.0])  # the calibration's 6 games (2 at each of 2, 6 and 8 players) take 6 s
    estimate = calibrate(plan, 2, clock=lambda: next(ticks))
    assert estimate.calibration_games == 6 and estimate.seconds_per_game == 1.0
    assert estimate.games == 400 and estimate.workers == 2
    assert estimate.seconds == 200.0  # 400 games of 1 s on 2 workers
    assert describe_seconds(estimate.seconds) == "about 3 minutes"
    assert describe_seconds(0.2) == "under a second" and describe_seconds(42) == "about 42 seconds"
    assert describe_seconds(3 * 3600) == "about 3.0 hours"


def test_simulate_says_how_many_games_and_how_long_before_it_runs(tug):
    run = runner.invoke(app, ["simulate", tug, "--players", "2..4", "--games", "30", "--workers", "1"])
    assert run.exit_code == 0, run.output
    first = run.output.splitlines()[0]
    assert first.startswith("90 games (3 player counts x 1 option set x 30 games) on 1 worker process: ")
    assert "calibration games" in " ".join(run.output.split())


def test_version():
    run = runner.invoke(app, ["--version"])
    assert run.exit_code == 0 and run.output.strip() == f"hiddenrole {__version__}"


def test_games_lists_counts_sides_and_options_with_what_they_change():
    run = runner.invoke(app, ["games"])
    assert run.exit_code == 0
    text = " ".join(run.output.split())
    assert "mccarthyism: McCarthyism, 3 to 20 players; sides: commies, americans" in text
    assert "whitelist_protection_turns (0..100; default as the rules say)" in text
    assert "For how many turns a whitelisted player cannot be chosen for anything" in text
    assert "secret-hitler: Secret Hitler, 5 to 10 players" in text and "shady-agents" in text


def test_bots_lists_each_kind_with_one_line():
    run = runner.invoke(app, ["bots"])
    assert run.exit_code == 0
    text = " ".join(run.output.split())
    assert "random (secret-hitler, mccarthyism, shady-agents) Picks any legal move at random" in text
    assert "rule (secret-hitler, mccarthyism, shady-agents) Plays its side's obvious strategy" in text
    assert "human (secret-hitler, mccarthyism, shady-agents) Plays like a table of people" in text
    assert "llm (secret-hitler, mccarthyism, shady-agents) A language model plays" in text


# ----------------------------------------------------------------------------- bad input
BAD = [
    (["--option", "colour=red"], "colour"),  # an unknown option
    (["--option", "target=0"], "must be at least 1"),  # a value out of range
    (["--players", "6..3"], "the player range 6..3 is empty"),
    (["--players", "1..3"], "takes 2 to 8 players"),  # outside the game's limits
    (["--players", "9"], "takes 2 to 8 players"),
    (["--games", "0"], "from 1 to"),
]
BAD_CASES = (
    [("simulate", args, message) for args, message in BAD]
    + [("simulate", ["--sweep", "target=1,0"], "must be at least 1"),  # a swept value out of range
       ("simulate", ["--sweep", "target="], "give values")]  # an empty sweep
    + [("compare", ["--a", "max_rounds=3", "--b", "max_rounds=4", *args], message) for args, message in BAD]
    + [("compare", ["--a", "max_rounds=3", "--b", "max_rounds=0"], "must be at least 1"),
       ("compare", ["--a", "colour=red", "--b", "max_rounds=4"], "colour")]
)


@pytest.mark.parametrize(("command", "args", "message"), BAD_CASES)
def test_bad_input_is_one_line_exit_2_and_nothing_written(tug, tmp_path, command, args, message):
    out = tmp_path / "x.json"
    extra: list[str] = []
    run = runner.invoke(app, [command, tug, "--players", "2..3", "--games", "5", *extra, "--out", str(out), *args])
    assert run.exit_code == 2, run.output
    lines = [line for line in run.output.splitlines() if line.strip()]
    assert len(lines) <= 2 and lines[0].startswith("error: "), run.output  # one sentence (maybe wrapped)
    assert message in " ".join(run.output.split())
    assert "Traceback" not in run.output and "games (" not in run.output  # refused before any game
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_a_bad_out_is_refused_before_any_game(tug, tmp_path, command):
    extra = ["--a", "max_rounds=3", "--b", "max_rounds=4"] if command == "compare" else []
    (tmp_path / "folder").mkdir()
    read_only = tmp_path / "read-only"
    read_only.mkdir()
    read_only.chmod(0o500)
    cases = [
        (tmp_path / "folder", "is a folder"),
        (tmp_path / "missing" / "r.json", "does not exist"),
    ]
    import os

    if os.geteuid() != 0:  # root may write anywhere
        cases.append((read_only / "r.json", "cannot be written"))
    try:
        for out, message in cases:
            run = runner.invoke(app, [command, tug, "--players", "2", "--games", "5", *extra, "--out", str(out)])
            assert run.exit_code == 2, (out, run.output)
            assert message in " ".join(run.output.split()) and "games (" not in run.output
        assert sorted(p.name for p in tmp_path.iterdir()) == ["folder", "read-only"]
        assert list((tmp_path / "folder").iterdir()) == []
    finally:
        read_only.chmod(0o700)


def test_compare_needs_two_different_settings(tug, tmp_path):
    base = ["compare", tug, "--players", "2", "--games", "5", "--out", str(tmp_path / "c.json")]
    cases = [
        ([], "give the options that differ"),
        (["--a", "target=2", "--b", "target=2"], "settings A and B are the same"),
        (["--a", "target=2", "--b", "target=3", "--option", "target=4"], "give it once"),
        (["--a", "target=2", "--b", "target=3", "--side", "greens"], "no such side"),
    ]
    for args, message in cases:
        run = runner.invoke(app, [*base, *args])
        assert run.exit_code == 2 and message in " ".join(run.output.split()), (args, run.output)
    assert list(tmp_path.iterdir()) == []


def test_report_bad_pace_and_out_are_refused_with_nothing_written(tug, tmp_path):
    results = tmp_path / "r.json"
    assert runner.invoke(app, ["simulate", tug, "--players", "3", "--games", "5", "--workers", "1",
                               "--out", str(results)]).exit_code == 0
    rep = ["--out", str(tmp_path / "rep")]
    cases = [
        ([*rep, "--pace", "walk"], "--pace walk: use one of forum, live"),
        ([*rep, "--pace", "live", "--decision-seconds", "0"], "must be more than 0"),
        (["--out", str(results)], "is a file"),
    ]
    for args, message in cases:
        run = runner.invoke(app, ["report", str(results), *args])
        assert run.exit_code == 2 and message in " ".join(run.output.split()), (args, run.output)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]


def test_a_result_file_from_before_game_time_still_reports(tug, tmp_path):
    results = tmp_path / "old.json"
    assert runner.invoke(app, ["simulate", tug, "--players", "3,4", "--games", "10", "--workers", "1",
                               "--out", str(results)]).exit_code == 0
    data = json.loads(results.read_text())
    for option_set in data["sets"]:
        for tally in option_set["counts"]:
            del tally["deadline_seconds"], tally["moments"]
    text = render_report(data)
    assert "made before game time was measured" in text
    assert "minutes: median" not in text  # no minutes column rather than a column of zeros


def test_report_refuses_a_folder_holding_other_files(tug, tmp_path):
    results = tmp_path / "r.json"
    assert runner.invoke(app, ["simulate", tug, "--players", "3", "--games", "5", "--workers", "1",
                               "--out", str(results)]).exit_code == 0
    (tmp_path / "notes.txt").write_text("mine")
    run = runner.invoke(app, ["report", str(results), "--out", str(tmp_path)])  # holds notes.txt (and r.json)
    assert run.exit_code == 2, run.output
    assert "holds other files (notes.txt)" in " ".join(run.output.split()) and "Traceback" not in run.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt", "r.json"]
    beside = tmp_path / "beside"  # a report beside its result file, as docs/balance keeps them
    beside.mkdir()
    (beside / "r.json").write_bytes(results.read_bytes())
    assert runner.invoke(app, ["report", str(beside / "r.json"), "--out", str(beside)]).exit_code == 0
    rep = tmp_path / "rep"
    assert runner.invoke(app, ["report", str(results), "--out", str(rep)]).exit_code == 0
    assert runner.invoke(app, ["report", str(results), "--out", str(rep)]).exit_code == 0  # an earlier report's folder


def test_the_root_folder_is_no_report_folder():
    from pathlib import Path

    from hiddenrole.lab.runs import check_report_folder

    with pytest.raises(ValueError, match="holds other files"):
        check_report_folder(Path("/"))  # checked only: nothing is written
