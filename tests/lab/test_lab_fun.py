"""The fun measures: each on a hand-made probability line with hand-worked values, and the
win-probability estimate checked on seeded games it was not fitted on."""

import json

import pytest
from typer.testing import CliRunner

from hiddenrole.cli import app
from hiddenrole.lab.fun import (
    GameTrace, brier, decisive_moment, downtime, drama, fit_model, fun_summary, lead_changes, public_features,
    uncertainty,
)
from hiddenrole.lab.simulate import play_timed, resolve_bots, resolve_game

runner = CliRunner()


# ----------------------------------------------------------------- the measures, by hand
def test_uncertainty_is_the_share_of_moments_up_to_the_last_open_one():
    # open (0.2..0.8) at moments 0, 1 and 3 of 5: open until the 4th moment
    assert uncertainty([0.5, 0.6, 0.9, 0.7, 0.95]) == pytest.approx(4 / 5)
    assert uncertainty([0.9, 0.95, 0.1]) == 0.0  # never open
    assert uncertainty([0.1, 0.2]) == 1.0  # the band's edge counts as open
    assert uncertainty([]) == 0.0


def test_lead_changes_count_crossings_of_one_half():
    # + - (tie: nobody's) - + : two changes
    assert lead_changes([0.6, 0.4, 0.5, 0.3, 0.7]) == 2
    assert lead_changes([0.6, 0.5, 0.7]) == 0  # a tie between two leads by the same side is no change
    assert lead_changes([0.5, 0.5]) == 0
    assert lead_changes([0.9, 0.1, 0.9, 0.1]) == 3


def test_drama_is_the_winners_lowest_chance():
    assert drama([0.6, 0.2, 0.8], True) == pytest.approx(0.2)
    # the first side lost: the winner's chances were 0.3, 0.7, 0.1
    assert drama([0.7, 0.3, 0.9], False) == pytest.approx(0.1)


def test_decisive_moment_is_when_the_winner_last_took_the_lead():
    # the winner leads from moment 3 of 5 to the end
    assert decisive_moment([0.3, 0.6, 0.4, 0.7, 0.8], True) == pytest.approx(3 / 5)
    assert decisive_moment([0.6, 0.7], True) == 0.0  # led from the start
    assert decisive_moment([0.4, 0.3], True) == 1.0  # never led before the end
    # the first side lost: the winner's line is 0.4, 0.6, 0.7: decided at moment 1 of 3
    assert decisive_moment([0.6, 0.4, 0.3], False) == pytest.approx(1 / 3)


def test_downtime_is_the_share_after_each_players_last_decision():
    asked = [("A",), ("B",), (), ("A", "B"), ("A",)]  # the deadline () is no decision moment
    # 4 decision moments: A's last is the 4th (0 out), B's the 3rd (1 of 4 out), C never asked (4 of 4)
    assert downtime(asked, ["A", "B", "C"]) == pytest.approx((0 + 1 / 4 + 1) / 3)
    assert downtime([(), ()], ["A"]) == 0.0


def test_brier_weighs_each_game_once():
    # game 1: (0.5-1)^2 and (1-1)^2 -> 0.125; game 2: 0 -> mean 0.0625
    assert brier([[0.5, 1.0], [0.0]], [1.0, 0.0]) == pytest.approx(0.0625)


def test_public_features_read_numbers_lists_and_per_player_maps():
    board = {"policies": {"liberal": 2, "fascist": 3}, "veto": True, "dead": ["P3"], "title": "x",
             "voted": {"P1": True, "P2": False, "P3": True, "P4": False}}
    features = public_features(board, ["P1", "P2", "P3", "P4"])
    assert features == {
        "players": 4.0, "policies.liberal": 2.0, "policies.fascist": 3.0, "veto": 1.0, "dead#": 1.0,
        "dead#/n": 0.25, "voted#players": 2.0, "voted#players/n": 0.5,
    }


def _trace(index, winner, line_features):
    return GameTrace(index, winner, [{"x": x} for x in line_features], [("A",)] * len(line_features), ("A",))


def test_the_model_learns_a_feature_that_tells_the_winner():
    # games won by "a" have a high x, the others a low one
    traces = [_trace(i, "a" if i % 2 else "b", [0.5, 1.0 if i % 2 else 0.0]) for i in range(20)]
    model = fit_model(traces, "a")
    assert model.predict({"x": 1.0}) > 0.8 and model.predict({"x": 0.0}) < 0.2


def test_fun_summary_draws_each_line_from_the_other_half():
    # "a" wins games 1, 2, 5, 6, ...: each half (even, odd indices) holds wins of both sides
    traces = [_trace(i, "a" if i % 4 in (1, 2) else "b", [0.5, 1.0 if i % 4 in (1, 2) else 0.0]) for i in range(20)]
    summary = fun_summary(traces, "a")
    assert summary["held_out"] is True and summary["games"] == 20
    assert summary["brier"] < summary["brier_base"] == pytest.approx(0.25)
    assert [s["index"] for s in summary["samples"]] == [0, 1, 2]
    assert summary["downtime"] == 0.0  # the one player decides at every moment


# ----------------------------------------------------------------- held out
@pytest.mark.parametrize("game, players", [("secret-hitler", 7), ("mccarthyism", 8)])
def test_the_estimate_beats_the_base_rate_on_games_it_did_not_see(game, players):
    """Fitted on seeded games 0..149, checked on games 150..249 (human bots): its Brier score
    is at least 0.01 below the constant guess of the training games' win rate (seen: about
    0.227 against 0.247 for Secret Hitler, 0.231 against 0.252 for McCarthyism)."""
    cls = resolve_game(game)
    targets = resolve_bots(game, cls, None)

    def traces(indices):
        out = []
        for i in indices:
            trace = GameTrace(i, None)
            play_timed(cls, game, players, 11, i, None, targets, trace=trace, timed=False)
            out.append(trace)
        return out

    train, test = traces(range(150)), traces(range(150, 250))
    side = cls.sides[0]
    model = fit_model(train, side)
    rate = sum(t.winner == side for t in train) / len(train)
    outcomes = [1.0 if t.winner == side else 0.0 for t in test]
    assert brier([model.line(t) for t in test], outcomes) < brier([[rate]] * len(test), outcomes) - 0.01


def test_tracing_a_game_does_not_change_it():
    cls = resolve_game("mccarthyism")
    targets = resolve_bots("mccarthyism", cls, None)
    for i in range(5):
        trace = GameTrace(i, None)
        assert play_timed(cls, "mccarthyism", 9, 3, i, None, targets, trace=trace) == play_timed(
            cls, "mccarthyism", 9, 3, i, None, targets)
        assert len(trace.features) == len(trace.asked) > 0


# ----------------------------------------------------------------- in the lab
def test_simulate_fun_writes_the_same_measures_for_any_workers(tug, tmp_path):
    files = []
    for workers in ("1", "2"):
        out = tmp_path / f"r{workers}.json"
        run = runner.invoke(app, ["simulate", tug, "--players", "3,4", "--games", "40", "--seed", "5", "--fun",
                                  "--bots", "*=puller", "--workers", workers, "--out", str(out)])
        assert run.exit_code == 0, run.output
        assert "fun measures" in run.output
        files.append(out.read_text())
    assert files[0] == files[1]
    data = json.loads(files[0])
    fun = data["sets"][0]["counts"][0]["fun"]
    assert fun["games"] == 40 and set(fun["skill"]) == {"reds", "blues"}
    rep = tmp_path / "rep"
    assert runner.invoke(app, ["report", str(tmp_path / "r1.json"), "--out", str(rep)]).exit_code == 0
    text = (rep / "report.md").read_text()
    assert "## Fun, measured" in text and "winprob.png" in text and (rep / "winprob.png").exists()
    assert "--fun" in text  # the command that made it


def test_favour_scores_a_measure_from_worst_0_to_best_1():
    from hiddenrole.lab.fun import favour_score

    assert favour_score({"uncertainty": 0.8}, "uncertainty") == pytest.approx(0.8)
    assert favour_score({"decisive": 0.6}, "decisive") == pytest.approx(0.6)
    assert favour_score({"lead_changes": 1.5}, "lead_changes") == pytest.approx(0.5)  # 3 changes or more: 1
    assert favour_score({"lead_changes": 6.0}, "lead_changes") == 1.0
    assert favour_score({"drama": 0.3}, "drama") == pytest.approx(0.7)  # the winner's low: lower is better
    assert favour_score({"downtime": 0.2}, "downtime") == pytest.approx(0.8)
    with pytest.raises(ValueError, match="--favour joy: use one of uncertainty, decisive"):
        favour_score({}, "joy")
