"""`hiddenrole tune`: bad input is refused before anything is played or written, and a tune
is the same for a seed (settings, scores, report) whatever the worker count."""

import json
from collections import Counter

import pytest
from typer.testing import CliRunner

from hiddenrole.cli import app
from hiddenrole.lab.simulate import CountResult
from hiddenrole.lab.tune import distance, stop_z

runner = CliRunner()


@pytest.mark.parametrize("args, message", [
    ([], "nothing to tune"),
    (["--tune", "colour=1..3"], "unknown option"),
    (["--tune", "target=0..3"], "must be at least 1"),
    (["--tune", "max_rounds=1..101"], "must be at most 100"),
    (["--tune", "target=3..2"], "the range is empty"),
    (["--tune", "target=3..3"], "the range is empty"),
    (["--tune", "target=2..3", "--tune", "target=1..2"], "given twice"),
    (["--tune", "target=1..10"], "at 2 players"),  # the rope's target is at most 4 steps per player
    (["--tune", "target=1..3", "--players", "1..3"], "takes 2 to 8 players"),
    (["--tune", "target=1..3", "--players", "5..3"], "is empty"),
    (["--tune", "target=1..3", "--favour", "joy"], "--favour joy: use one of"),
    (["--tune", "target=1..3", "--target", "100"], "above 0 and below 100"),
    (["--tune", "target=1..3", "--option", "target=2"], "both fixed"),
    (["--tune", "target"], "use KEY=LOW..HIGH"),
])
def test_bad_tune_input_is_one_line_exit_2_nothing_written(tug, tmp_path, args, message):
    out = tmp_path / "tune"
    run = runner.invoke(app, ["tune", tug, "--players", "2..3", "--trials", "2", "--games", "5", *args,
                              "--out", str(out)])
    assert run.exit_code == 2, run.output
    lines = [line for line in run.output.splitlines() if line.strip()]
    assert len(lines) <= 2 and lines[0].startswith("error: "), run.output
    assert message in " ".join(run.output.split()), run.output
    assert "Traceback" not in run.output and "trial" not in run.output
    assert list(tmp_path.iterdir()) == []


def test_tune_refuses_a_folder_holding_other_files(tug, tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    run = runner.invoke(app, ["tune", tug, "--players", "2", "--tune", "target=1..3", "--out", str(tmp_path)])
    assert run.exit_code == 2 and "holds other files (notes.txt)" in " ".join(run.output.split())
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_distance_is_the_root_mean_square_gap_in_points():
    low, high = CountResult(3), CountResult(4)
    low.games, low.wins = 10, Counter({"reds": 4, "blues": 6})  # 40%
    high.games, high.wins = 10, Counter({"reds": 7, "blues": 3})  # 70%
    # gaps from 50%: 10 and 20 points -> sqrt((100 + 400) / 2) = 15.81
    assert distance({3: low, 4: high}, "reds", 0.5) == pytest.approx(15.811, abs=1e-3)


def test_the_stopping_interval_widens_with_the_counts_looked_at():
    assert stop_z(1) == pytest.approx(1.960, abs=1e-3)  # 95%, two-sided
    assert stop_z(10) == pytest.approx(2.807, abs=1e-3)  # 99.5%: 5% shared by ten counts


def test_a_tiny_tune_is_the_same_for_a_seed_and_any_workers(tug, tmp_path):
    made = []
    for name, workers in (("a", "1"), ("b", "2")):
        out = tmp_path / name
        run = runner.invoke(app, ["tune", tug, "--players", "2..3", "--tune", "target=1..4", "--tune", "max_rounds=2..8",
                                  "--trials", "4", "--games", "60", "--seed", "4", "--best", "2",
                                  "--bots", "*=puller", "--workers", workers, "--out", str(out)])
        assert run.exit_code == 0, run.output
        assert run.output.count("trial ") >= 4
        made.append({f: (out / f).read_text() for f in ("tune.json", "results.json", "tune.md", "report.md")})
    assert made[0] == made[1]
    search = json.loads(made[0]["tune.json"])
    assert len(search["settings"]) >= 1 and sum(len(s["trials"]) for s in search["settings"]) == 4
    for s in search["settings"]:
        assert s["games"] in (50, 60) and s["stopped"] == (s["games"] == 50)  # slices of 50, then the last 10
    results = json.loads(made[0]["results.json"])
    assert len(results["sets"]) == min(2, len(search["settings"]))
    assert all("fun" in c for option_set in results["sets"] for c in option_set["counts"])
    assert "the command: `hiddenrole tune " in made[0]["report.md"]
    assert "## The best settings" in made[0]["tune.md"] and "## Fun, measured" in made[0]["tune.md"]


def test_favour_adds_at_most_ten_points_for_a_poor_fun_measure(tug):
    from hiddenrole.lab.tune import FAVOUR_WEIGHT, play_setting, plan_tune

    plain = plan_tune(tug, [3, 4], 50, ["target=1..3"], trials=1, games=20, seed=2, bots={"*": "puller"})
    favoured = plan_tune(tug, [3, 4], 50, ["target=1..3"], trials=1, games=20, seed=2, bots={"*": "puller"},
                         favour="downtime")
    a = play_setting(plain, {"target": 2}, workers=1)
    b = play_setting(favoured, {"target": 2}, workers=1)
    assert a.games == b.games == 20 and not a.stopped
    assert a.score == distance(a.tallies, "reds", 0.5)  # the same games either way
    assert a.score < b.score <= a.score + FAVOUR_WEIGHT  # players wait between their turns: some downtime
    assert all(not t.traces for t in b.tallies.values())  # the moments are dropped once measured
