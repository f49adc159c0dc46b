"""The balance lab's runs: seeding, worker independence, sweeps, bots per side, errors."""

from __future__ import annotations

import json
import platform
import sys
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hiddenrole
from hiddenrole.bots import RandomBot, seat_bots
from hiddenrole.bots import base as bot_base
from hiddenrole.engine import BadOption, BadSetup, derive_seed, new_game
from hiddenrole.lab import play_game
from hiddenrole.lab.runs import (
    plan_compare,
    default_workers, dumps_results, execute, parse_pairs, parse_sweep, plan_run, results_json,
)
from hiddenrole.lab.simulate import (
    DeadlineClock,
    Batch, CountResult, SimulationError, play_one, player_names, run_batch, simulate, target_of,
)


def _file(plan, workers):
    return dumps_results(results_json(plan, execute(plan, workers=workers)))


def test_same_seed_different_worker_counts_give_identical_result_files(tug):
    plan = plan_run(tug, [2, 5, 8], 120, 11, {}, [("target", ["1", "3"])], {})
    one = _file(plan, 1)
    assert _file(plan, 2) == one
    assert _file(plan, 3) == one


def test_a_paired_comparison_keeps_each_seeds_winner_the_same_for_any_worker_count(tug):
    plan = plan_compare(tug, [2, 5], 90, 11, {"target": "1"}, {"target": "3"})
    one = _file(plan, 1)
    assert _file(plan, 2) == one
    assert _file(plan, 3) == one
    data = json.loads(one)
    assert data["compare"] is True and [s["label"] for s in data["sets"]] == ["A: target=1", "B: target=3"]
    for option_set in data["sets"]:
        for tally in option_set["counts"]:
            assert len(tally["per_game"]) == 90
            assert Counter(tally["per_game"]) == Counter(tally["wins"])  # each seed's winner, counted
    # seed i is the same deal under A and B: each kept winner is the one play_one gives for that seed
    assert data["sets"][1]["counts"][0]["per_game"][7] == (play_one(tug, 2, 11, 7, {"target": 3})[0] or "draw")


def test_a_different_seed_gives_different_results(tug):
    a = _file(plan_run(tug, [4], 200, 1), 1)
    b = _file(plan_run(tug, [4], 200, 2), 1)
    assert a != b


def test_game_i_is_seeded_from_the_base_seed_the_game_the_count_and_i(tug):
    plan = plan_run(tug, [4], 30, 99)
    [by_count] = execute(plan, workers=1)
    expected = CountResult(4)
    for i in range(30):
        game = new_game(tug, player_names(4), seed=derive_seed(99, tug, 4, i))
        seed = derive_seed(99, tug, 4, i)
        clock = DeadlineClock(game)
        record = play_game(game, seat_bots(game.players, RandomBot, seed), on_moment=clock.update)
        expected.add(record.result.winner, record.result.reason, record.actions,
                     record.result.detail["turns"], record.timeouts, turns_from_game=True,
                     deadline_seconds=clock.finish() if i % 10 == 0 else None, moments=record.moments)
        assert play_one(tug, 4, 99, i)[:3] == (record.result.winner, record.result.reason, record.actions)
    assert by_count[4].to_json() == expected.to_json()


@settings(max_examples=25)
@given(cuts=st.lists(st.integers(min_value=1, max_value=39), max_size=6))
def test_any_split_into_batches_merges_to_the_same_tally(cuts):
    target = "lab_tug_game:TugOfWar"
    bots = (("*", target_of(RandomBot)),)
    whole = run_batch(Batch("tug", target, 5, (), bots, 4, 0, 40))[1]
    edges = [0, *sorted(set(cuts)), 40]
    merged = CountResult(5)
    for start, stop in reversed(list(zip(edges, edges[1:]))):  # any order
        merged.merge(run_batch(Batch("tug", target, 5, (), bots, 4, start, stop))[1])
    assert merged.to_json() == whole.to_json()


def test_merge_refuses_another_player_count():
    with pytest.raises(ValueError, match="3-player tally into a 4-player"):
        CountResult(4).merge(CountResult(3))


def test_progress_counts_every_game_once_in_this_process_and_in_workers(tug):
    plan = plan_run(tug, [2, 3], 50, 0, {}, [("target", ["1", "2"])])
    for workers in (1, 2):
        seen = []
        execute(plan, workers=workers, progress=seen.append)
        assert sum(seen) == plan.total_games == 200


def test_result_file_holds_counts_wins_reasons_lengths_options_and_versions(tug):
    plan = plan_run(tug, [2, 6], 80, 5, {"max_rounds": "4"}, [("target", ["1", "2"])], {"reds": "puller"})
    data = results_json(plan, execute(plan, workers=1))
    assert data["game"] == "tug-of-war" and data["sides"] == ["reds", "blues"]
    assert data["players"] == [2, 6] and data["games"] == 80 and data["seed"] == 5
    assert data["versions"] == {"hiddenrole": hiddenrole.__version__, "python": platform.python_version()}
    assert data["bots"] == {"*": "random", "reds": "puller"}
    assert data["bot_classes"]["reds"] == "lab_tug_bots:PullerBot"
    assert data["options"] == {"max_rounds": 4}
    assert data["sweep"] == [{"option": "target", "values": [1, 2]}]
    assert [s["label"] for s in data["sets"]] == ["target=1", "target=2"]
    for option_set, target in zip(data["sets"], (1, 2)):
        assert option_set["options"] == {"max_rounds": 4, "target": target}
        assert option_set["resolved"] == {"max_rounds": 4, "target": target}
        for tally in option_set["counts"]:
            assert tally["games"] == 80
            assert sum(tally["wins"].values()) == 80
            assert sum(tally["reasons"].values()) == 80
            assert sum(tally["turns"]["histogram"].values()) == 80
            assert sum(tally["actions"]["histogram"].values()) == 80
            assert tally["turns"]["measure"] == "game"
            assert max(map(int, tally["turns"]["histogram"])) <= 4  # max_rounds reached the games
            assert tally["turns"]["stats"]["max"] <= 4


def test_a_sweep_plays_one_option_set_per_value_on_the_same_deals(tug):
    plan = plan_run(tug, [4], 300, 8, {}, [("target", ["1", "3"])])
    low, high = execute(plan, workers=1)
    # the rule "the side that drags the rope target steps wins; else a draw": a longer
    # target leaves more games drawn and makes games longer
    assert low[4].wins["draw"] < high[4].wins["draw"]
    assert low[4].actions < high[4].actions


def test_a_grid_of_two_sweeps(tug):
    plan = plan_run(tug, [2], 10, 0, {}, parse_sweep(["target=1,2", "max_rounds=1,5"]))
    assert [s.label for s in plan.sets] == [
        "target=1, max_rounds=1", "target=1, max_rounds=5", "target=2, max_rounds=1", "target=2, max_rounds=5",
    ]
    assert len(execute(plan, workers=1)) == 4


def test_bots_per_side_sit_by_side(tug):
    random_run = execute(plan_run(tug, [4], 300, 3), workers=1)[0][4]
    pullers = execute(plan_run(tug, [4], 300, 3, bots={"reds": "puller"}), workers=2)[0][4]
    resting_blues = execute(plan_run(tug, [4], 300, 3, bots={"reds": "puller", "blues": "rester"}), workers=1)[0][4]
    assert pullers.wins["reds"] > random_run.wins["reds"]
    assert resting_blues.wins["blues"] == 0  # blues who never pull never drag the rope
    assert resting_blues.wins["reds"] > pullers.wins["reds"]


def test_a_bot_kind_registered_with_register_bot_plays(tug, monkeypatch):
    monkeypatch.setattr(bot_base, "_BOTS", {k: dict(v) for k, v in bot_base._BOTS.items()})
    bot_base.register_bot("lazy", "tug-of-war", "lab_tug_bots:ResterBot")
    [by_count] = execute(plan_run(tug, [3], 40, 0, bots={"*": "lazy"}), workers=2)
    assert by_count[3].reasons == {"rounds_exhausted": 40}


def test_turns_are_counted_as_phases_when_the_game_does_not_count_them(tug):
    [by_count] = execute(plan_run("quiet-tug", [2], 100, 0, {"max_rounds": 3}), workers=1)
    tally = by_count[2]
    assert tally.turns_measure == "phases"
    # pull, break, pull, break, pull: a game of r rounds goes through 2r - 1 phases
    assert set(tally.turns_hist) <= {1, 3, 5} and tally.turns_hist[5] > 0
    [by_count] = execute(plan_run(tug, [2], 100, 0, {"max_rounds": 3}), workers=1)
    assert by_count[2].turns_measure == "game" and set(by_count[2].turns_hist) <= {1, 2, 3}


def test_a_game_that_counts_turns_only_sometimes_is_reported(tug):
    with pytest.raises(SimulationError, match="gave no turn count though earlier games did"):
        execute(plan_run("fickle-tug", [2], 200, 0), workers=1)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"options": {"colour": "red"}}, BadOption, "unknown option .*known options: max_rounds, target"),
        ({"options": {"target": "11"}}, BadOption, "target=11.*at most 10"),
        ({"options": {"target": "x"}}, BadOption, "target='x'.*whole number"),
        ({"sweep": [("target", ["1", "99"])]}, BadOption, "target=.*at most 10"),
        ({"sweep": [("colour", ["1"])]}, BadOption, "unknown option"),
        ({"options": {"target": "2"}, "sweep": [("target", ["1"])]}, BadOption, "both fixed .* and swept"),
        ({"sweep": [("target", ["1", "01"])]}, BadOption, "repeated"),
        ({"sweep": [("target", [])]}, BadOption, "at least one value"),
        ({"bots": {"greens": "random"}}, BadSetup, "no side 'greens'.*reds, blues"),
        ({"bots": {"reds": "genius"}}, BadSetup, "no bot 'genius'"),
        ({"counts": [1, 4]}, BadSetup, "takes 2 to 8 players, not \\[1\\]"),
        ({"counts": [4, 4]}, BadSetup, "given twice"),
        ({"counts": [2, 4], "sweep": [("target", ["8", "9"])]}, BadOption,
         r"target=9.*at most 4 steps .*\(at 2 players\)"),
        ({"games": 0}, ValueError, "from 1 to 100,000,000"),
        ({"games": 10**23}, ValueError, "from 1 to 100,000,000"),  # before any batch is listed
    ],
)
def test_bad_runs_are_refused_before_any_game(tug, kwargs, error, message):
    args = {"counts": [4], "games": 10, "seed": 0, "options": {}, "sweep": [], "bots": {}}
    args.update(kwargs)
    with pytest.raises(error, match=message):
        plan_run(tug, args["counts"], args["games"], args["seed"], args["options"], args["sweep"], args["bots"])


def test_unknown_game():
    with pytest.raises(BadSetup, match="unknown game 'chess'"):
        plan_run("chess", [4], 10, 0)
    with pytest.raises(BadSetup, match="cannot import"):
        plan_run("no_such_module:Game", [4], 10, 0)
    with pytest.raises(BadSetup, match="not a Game class"):
        plan_run("lab_tug_bots:PullerBot", [4], 10, 0)


def test_without_counts_every_allowed_count_is_played(tug):
    assert plan_run(tug, None, 1, 0).counts == tuple(range(2, 9))


@pytest.mark.parametrize("workers", [1, 2])
def test_a_failing_game_is_reported_with_its_seed(tug, workers):
    plan = plan_run("broken-tug", [3], 20, 0, {"max_rounds": 5, "target": 10})
    with pytest.raises(SimulationError, match=r"broken-tug, 3 players, game \d+ \(seed \d+.*engine bug in round 2"):
        execute(plan, workers=workers)


def test_engine_and_worker_arguments_are_checked(tug):
    plan = plan_run(tug, [2], 1, 0)
    with pytest.raises(ValueError, match="unknown engine 'spark'"):
        execute(plan, engine="spark")
    with pytest.raises(ValueError, match="workers must be at least 1"):
        execute(plan, workers=0)
    assert default_workers() >= 1


def test_pairs_and_sweeps_parse_or_name_the_bad_text():
    assert parse_pairs(["a=1", " b = x y "], "--option") == {"a": "1", "b": "x y"}
    assert parse_sweep(["k=1, 2,3"]) == [("k", ["1", "2", "3"])]
    for bad, message in ((["a"], "use KEY=VALUE"), (["=1"], "use KEY=VALUE"), (["a=1", "a=2"], "given twice")):
        with pytest.raises(ValueError, match=message):
            parse_pairs(bad, "--option")
    for bad in (["k="], ["k=1,,2"], ["k=1,1"]):
        with pytest.raises(ValueError, match="--sweep"):
            parse_sweep(bad)


def test_the_in_process_simulate_api_still_returns_tallies_by_count(tug):
    seen = []
    out = simulate(tug, [2, 4], 25, 6, {"target": 1}, {"reds": "puller"}, progress=seen.append)
    assert list(out) == [2, 4] and sum(seen) == 50
    plan = plan_run(tug, [2, 4], 25, 6, {"target": "1"}, bots={"reds": "puller"})
    [by_count] = execute(plan, workers=2)
    assert {n: t.to_json() for n, t in out.items()} == {n: t.to_json() for n, t in by_count.items()}


def test_the_ray_engine_without_ray_names_the_extra_to_install(tug, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # makes `import ray` fail
    with pytest.raises(BadSetup, match=r"needs Ray: pip install 'hiddenrole\[ray\]'"):
        execute(plan_run(tug, [2], 1, 0), engine="ray")
