"""The balance report: tables with Wilson intervals, end reasons, game length, and PNG plots."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hiddenrole.lab.report import (
    LENGTH_PNG, REPORT_MD, WIN_RATE_PNG, game_length_figure, render_report, win_rate_figure, write_report,
)
from hiddenrole.lab.runs import execute, load_results, plan_run, results_json, tallies_of, write_results
from hiddenrole.lab.simulate import CountResult, length_stats
from hiddenrole.lab.stats import wilson_interval

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def results_file(tug, tmp_path):
    plan = plan_run(tug, [2, 4, 6], 150, 21, {}, [("target", ["1", "2"])])
    path = tmp_path / "results.json"
    write_results(path, results_json(plan, execute(plan, workers=1)))
    return path


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == PNG_SIGNATURE
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_report_writes_markdown_and_both_plots(results_file, tmp_path):
    out = tmp_path / "report"
    path = write_report(results_file, out)
    assert path == out / REPORT_MD
    text = path.read_text()
    assert f"]({WIN_RATE_PNG})" in text and f"]({LENGTH_PNG})" in text
    width, height = _png_size(out / WIN_RATE_PNG)
    assert width >= 1000 and height >= 300  # one panel per side and one for draws
    width, height = _png_size(out / LENGTH_PNG)
    assert width >= 1000 and height >= 300


def _row(text: str, label: str, players: int, section: str) -> list[str]:
    part = text.split(f"## {section}")[1]
    for line in part.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) > 2 and cells[0] == label and cells[1] == str(players):
            return cells
    raise AssertionError(f"no row {label} {players} in {section}")


def test_win_rate_table_gives_each_side_with_its_wilson_interval(results_file):
    data = load_results(results_file)
    text = render_report(data)
    tally = CountResult.from_json(data["sets"][1]["counts"][1])  # target=2, 4 players
    cells = _row(text, "target=2", 4, "Win rate per side")
    assert cells[2] == "150"
    for cell, side in zip(cells[3:], ("reds", "blues", "draw")):
        wins = tally.wins.get(side, 0)
        low, high = wilson_interval(wins, 150)
        assert cell == f"{100 * wins / 150:.1f} ({100 * low:.1f}-{100 * high:.1f})"


def test_end_reason_table_counts_every_reason(results_file):
    data = load_results(results_file)
    text = render_report(data)
    header = next(line for line in text.split("## How games end")[1].splitlines() if line.startswith("| options"))
    assert "| dragged |" in header and "| rounds exhausted |" in header  # the reasons in plain words
    tally = CountResult.from_json(data["sets"][0]["counts"][0])  # target=1, 2 players
    cells = _row(text, "target=1", 2, "How games end")
    assert cells[2] == f"{tally.reasons['dragged']} ({100 * tally.reasons['dragged'] / 150:.1f}%)"


def test_game_length_table_gives_turn_statistics(results_file):
    data = load_results(results_file)
    text = render_report(data)
    assert "Length in turns as the game counts them" in text
    tally = CountResult.from_json(data["sets"][1]["counts"][2])  # target=2, 6 players
    stats = length_stats(tally.turns_hist)
    cells = _row(text, "target=2", 6, "Game length")
    assert cells[2] == f"{stats['mean']:.1f}" and cells[3] == f"{stats['median']:g}"
    assert cells[4] == f"{stats['p10']:g}-{stats['p90']:g}"
    assert cells[7] == f"{tally.timeouts / 150:.2f}"


def test_report_uses_no_pyplot_state(results_file, tmp_path):
    code = (
        "import sys; from hiddenrole.lab.report import write_report; "
        f"write_report({str(results_file)!r}, {str(tmp_path / 'r2')!r}); "
        "print('matplotlib.pyplot' in sys.modules)"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert run.stdout.strip() == "False"
    assert (tmp_path / "r2" / WIN_RATE_PNG).exists()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read"),
        ("{not json", "not valid JSON"),
        (json.dumps({"format": "other"}), "not a simulation result file"),
    ],
)
def test_bad_result_files_are_named(tmp_path, content, message):
    path = tmp_path / "r.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(ValueError, match=message):
        write_report(path, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_a_malformed_tally_is_refused(results_file):
    data = json.loads(results_file.read_text())
    del data["sets"][0]["counts"][0]["wins"]
    results_file.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="malformed result file"):
        load_results(results_file)


games = st.tuples(
    st.sampled_from(["reds", "blues", None]), st.sampled_from(["a", "b"]),
    st.integers(0, 50), st.integers(0, 9), st.integers(0, 3), st.booleans(),
)


@given(st.lists(games, max_size=30))
def test_a_tally_survives_its_json(played):
    tally = CountResult(5)
    for winner, reason, actions, turns, timeouts, from_game in played:
        tally.add(winner, reason, actions, turns, timeouts, turns_from_game=from_game)
    back = CountResult.from_json(json.loads(json.dumps(tally.to_json())))
    assert back.to_json() == tally.to_json()
    assert back.actions == tally.actions


@given(st.lists(st.integers(0, 40), min_size=1, max_size=60))
def test_length_stats_agree_with_the_sorted_lengths(lengths):
    stats = length_stats(Counter(lengths))
    ordered = sorted(lengths)
    assert stats["min"] == ordered[0] and stats["max"] == ordered[-1]
    assert stats["mean"] == pytest.approx(sum(lengths) / len(lengths))
    assert stats["median"] == ordered[int(0.5 * (len(ordered) - 1))]
    assert stats["min"] <= stats["p10"] <= stats["median"] <= stats["p90"] <= stats["max"]


@given(st.integers(0, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_holds_the_observed_rate(case):
    wins, games_played = case
    low, high = wilson_interval(wins, games_played)
    assert 0.0 <= low <= high <= 1.0
    if games_played:
        assert low - 1e-12 <= wins / games_played <= high + 1e-12


def test_win_rate_plot_has_a_panel_per_side_and_a_line_with_interval_bars_per_option_set(results_file):
    data = load_results(results_file)
    sets = tallies_of(data)
    fig = win_rate_figure("t", data["sides"], sets)
    axes = fig.get_axes()
    assert [ax.get_title() for ax in axes] == ["reds win rate", "blues win rate", "draws"]
    for ax, side in zip(axes, ("reds", "blues", "draw")):
        assert [t.get_text() for t in ax.get_legend().get_texts()] == ["target=1", "target=2"]
        assert len(ax.containers) == 2  # one errorbar container per option set
        for container, (_, by_count) in zip(ax.containers, sets):
            line, _caps, (bars,) = container
            ys = list(line.get_ydata())
            assert ys == pytest.approx([100 * by_count[n].win_rate(side)[0] for n in (2, 4, 6)])
            for segment, n in zip(bars.get_segments(), (2, 4, 6)):
                _, low, high = by_count[n].win_rate(side)
                assert segment[0][1] == pytest.approx(100 * low) and segment[1][1] == pytest.approx(100 * high)


def test_game_length_plot_shows_the_distribution_and_the_band_per_option_set(results_file):
    data = load_results(results_file)
    sets = tallies_of(data)
    hist_ax, band_ax = game_length_figure("t", sets).get_axes()
    for line, (_, by_count) in zip(hist_ax.get_lines(), sets):
        pooled = Counter()
        for tally in by_count.values():
            pooled.update(tally.turns_hist)
        shares = dict(zip(line.get_xdata(), line.get_ydata()))
        assert sum(shares.values()) == pytest.approx(100.0)
        assert all(shares[k] == pytest.approx(100 * v / 450) for k, v in pooled.items())
    medians = [list(line.get_ydata()) for line in band_ax.get_lines()]
    assert medians == [[length_stats(by_count[n].turns_hist)["median"] for n in (2, 4, 6)] for _, by_count in sets]
