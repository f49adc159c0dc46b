"""The engine contract, exercised on a small test game (eng_toy_game.FindTheSpy)."""

import json
import re

import pytest
from eng_toy_game import FindTheSpy

from hiddenrole.bots import RandomBot
from hiddenrole.engine import BadOption, BadSetup, Event, IllegalAction, Timer, new_game
from hiddenrole.lab.play import RunawayGame, play_game

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]


def fresh(**kw):
    return FindTheSpy(PLAYERS, kw.pop("options", None), seed=kw.pop("seed", 1), chance=kw.pop("chance", None))


@pytest.mark.parametrize(
    "players, message",
    [
        (["Ann", "Bob"], "needs 3 to 6 players, got 2"),
        (["Ann", "Bob", "ann"], "used twice"),
        (["Ann", "Bob", "\uff21\uff4e\uff4e"], "used twice"),  # full-width "Ann"
        (["Ann", "", "Cid"], "non-empty string"),
        (["Ann", " Bob", "Cid"], "leading or trailing spaces"),
        (["Ann", "B" * 41, "Cid"], "longer than 40"),
        ("AnnBobCid", "list of names"),
        (["Ann", 3, "Cid"], "non-empty string"),
        (["Ann", "\u200b", "Cid"], "invisible or control character U+200B"),
        (["Ann", "Bob\u200b", "Cid"], "invisible or control character U+200B"),
        (["Ann", "Bob\x00", "Cid"], "invisible or control character U+0000"),
        (["Ann", "Bo\nb", "Cid"], "invisible or control character U+000A"),
        (["Ann", "!!!", "Cid"], "at least one letter or digit"),
    ],
)
def test_bad_tables_are_refused(players, message):
    with pytest.raises(BadSetup, match=re.escape(message)):
        FindTheSpy(players)


def test_bad_option_is_refused():
    with pytest.raises(BadOption, match="vote_seconds"):
        FindTheSpy(PLAYERS, {"vote_seconds": -1})


def test_same_seed_same_game():
    assert fresh(seed=9).spy == fresh(seed=9).spy
    assert len({fresh(seed=s).spy for s in range(40)}) == 4


def test_fixed_chance_outcome_and_its_check():
    assert fresh(chance={"spy": "Cid"}).spy == "Cid"
    with pytest.raises(BadSetup, match="'Zed' is not a player"):
        fresh(chance={"spy": "Zed"})


@pytest.mark.parametrize(
    "action, message",
    [
        ("accuse Bob", "an action must be a JSON object"),
        ({"player": "Zed", "action": "accuse", "target": "Bob"}, "unknown player"),
        ({"player": "Ann", "target": "Bob"}, "missing the action kind"),
        ({"player": "Ann", "action": "shoot", "target": "Bob"}, "unknown action kind 'shoot'"),
        ({"player": "Ann", "action": "accuse"}, "missing 'target'"),
        ({"player": "Ann", "action": "accuse", "target": 5}, "'target' must be a str"),
        ({"player": "Ann", "action": "accuse", "target": "Ann"}, "another player"),
    ],
)
def test_illegal_input_names_what_is_wrong_and_changes_nothing(action, message):
    game = fresh()
    before = (json.dumps(game.view(None)), dict(game.accusations), len(game.log))
    with pytest.raises(IllegalAction) as exc:
        game.apply(action)
    assert message in str(exc.value)
    assert (json.dumps(game.view(None)), dict(game.accusations), len(game.log)) == before


def test_apply_returns_the_events_it_caused():
    game = fresh()
    events = game.apply({"player": "Ann", "action": "accuse", "target": "Bob"})
    assert [e.kind for e in events] == ["accused"]
    assert events[0].seq == len(game.log) - 1
    assert game.to_act() == ("Bob", "Cid", "Dee")


def test_nothing_after_the_end():
    game = fresh(chance={"spy": "Dee"})
    for p in PLAYERS:
        if not game.is_over:
            game.apply({"player": p, "action": "accuse", "target": "Dee" if p != "Dee" else "Ann"})
    assert game.is_over and game.result.winner == "agents"
    with pytest.raises(IllegalAction, match="the game is over"):
        game.apply({"player": "Ann", "action": "accuse", "target": "Bob"})
    with pytest.raises(IllegalAction, match="the game is over"):
        game.timeout()


def test_timeout_draws_missing_actions_as_chance_outcomes():
    a, b = fresh(seed=3), fresh(seed=3)
    for g in (a, b):
        g.apply({"player": "Ann", "action": "accuse", "target": "Bob"})
        g.timeout()
    assert a.accusations == b.accusations and a.is_over
    assert [k for k, _ in a.chance.record] == ["spy", "timeouts", "timeouts", "timeouts"]
    c = fresh(seed=3, chance={"timeouts": ["Bob", "Ann", "Ann", "Ann"]})
    c.timeout()
    assert c.accusations == {"Ann": "Bob", "Bob": "Ann", "Cid": "Ann", "Dee": "Ann"}
    with pytest.raises(BadSetup, match="'Ann' is not another player"):
        fresh(chance={"timeouts": ["Ann"]}).timeout()


def test_events_and_views_respect_visibility():
    game = fresh(chance={"spy": "Bob"})
    spectator = game.view(None)
    assert spectator["events"] == [] and spectator["private"] == {}  # the deal is Mod-only, roles private
    assert "Bob" not in json.dumps(spectator["events"])
    bob = game.view("Bob")
    assert bob["private"] == {"role": "spy"}
    assert [e["kind"] for e in bob["events"]] == ["role"]
    assert bob["events"][0]["private"] is True
    assert "Bob" not in json.dumps(game.view("Ann")["events"])
    with pytest.raises(IllegalAction, match="unknown player"):
        game.view("Zed")


def test_event_visibility_rules():
    public = Event(0, "x", {})
    private = Event(1, "y", {"a": 1}, frozenset({"Ann"}))
    mod_only = Event(2, "z", {}, frozenset())
    assert public.visible_to(None) and public.visible_to("Bob")
    assert private.visible_to("Ann") and not private.visible_to("Bob") and not private.visible_to(None)
    assert not mod_only.visible_to("Ann")
    assert private.to_json() == {"seq": 1, "kind": "y", "a": 1, "private": True}
    assert private.to_json(reveal=True)["to"] == ["Ann"]


def test_reveal_only_after_the_end():
    game = fresh()
    with pytest.raises(IllegalAction, match="only after the game"):
        game.reveal()
    game.timeout()
    everything = game.reveal()
    assert everything["chance"][0] == ["spy", game.spy]
    assert any(e.get("to") == [] for e in everything["events"])
    json.dumps(everything)


def test_timers_report_nominal_seconds():
    assert fresh().timers() == [Timer("accuse", 60)]
    assert fresh(options={"vote_seconds": 0}).timers() == []


def test_play_game_with_random_bots_is_replayable():
    def run(seed):
        g = fresh(seed=seed)
        record = play_game(g, {p: RandomBot(p, seed) for p in PLAYERS})
        return record, [e.to_json(reveal=True) for e in g.log]

    (r1, log1), (r2, log2) = run(5), run(5)
    assert r1 == r2 and json.dumps(log1) == json.dumps(log2)
    assert r1.actions == 4 and r1.timeouts == 0


def test_play_game_stops_a_runaway():
    class Stuck(FindTheSpy):
        def _timeout(self):
            self.emit("nothing")

        def to_act(self):
            return ()

    with pytest.raises(RunawayGame, match="no end after 10 steps"):
        play_game(Stuck(PLAYERS), {}, max_steps=10)


def test_registry_by_name(toy_registered):
    game = new_game(toy_registered, PLAYERS, seed=2)
    assert isinstance(game, FindTheSpy)
    with pytest.raises(BadSetup, match="unknown game 'chess'"):
        new_game("chess", PLAYERS)


def test_unknown_chance_kind_is_refused():
    with pytest.raises(BadSetup, match="unknown chance kind 'spyy' \\(known: spy, timeouts\\)"):
        fresh(chance={"spyy": "Bob"})


def test_a_players_events_are_numbered_in_their_own_order():
    """Log positions would show, by their gaps, how many private events others received."""
    game = fresh(chance={"spy": "Bob"})
    game.apply({"player": "Ann", "action": "accuse", "target": "Bob"})
    for p in [None, *PLAYERS]:
        events = game.view(p)["events"]
        assert [e["seq"] for e in events] == list(range(len(events)))
        assert [e["kind"] for e in events] == [e.kind for e in game.log if e.visible_to(p)]
    assert game.view(None)["events"][0]["seq"] == 0 < game.log[-1].seq


GAMES = ("secret-hitler", "mccarthyism", "shady-agents")
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]


@pytest.mark.parametrize("name", [None, 1, [], ["x"], True])
def test_a_game_name_that_is_not_a_string_is_an_unknown_game(name):
    """Scripts and exports give the game's name as JSON: any type is refused with BadSetup
    (the compiled build must not answer with a bare TypeError)."""
    with pytest.raises(BadSetup, match="unknown game"):
        new_game(name, NAMES)


@pytest.mark.parametrize("game", GAMES)
def test_the_same_errors_whatever_the_argument_types(game):
    with pytest.raises(BadOption, match="unknown option"):
        new_game(game, NAMES, {1: 2})
    with pytest.raises(BadSetup, match="unknown chance kind '1'"):
        new_game(game, NAMES, chance={1: 2})
    for bad in (3, None, "x", {"a": 1}):  # a kind drawn again and again is fixed as a list, even if never drawn
        with pytest.raises(BadSetup, match="chance 'timeouts' must be a list of outcomes"):
            new_game(game, NAMES, chance={"timeouts": bad})
    with pytest.raises(BadSetup, match="chance outcomes must be an object"):
        new_game(game, NAMES, chance=[("order", NAMES)])
    for seed in (None, 1.5, True, [1]):
        with pytest.raises(BadSetup, match="the seed must be a whole number or a string"):
            new_game(game, NAMES, seed=seed)
    assert new_game(game, iter(NAMES), seed=b"1").players == tuple(NAMES)  # an iterator is read once
    for unordered in (set(NAMES), frozenset(NAMES), dict.fromkeys(NAMES, 1)):  # no seat order to replay
        with pytest.raises(BadSetup, match="players must be a list of names, in seat order"):
            new_game(game, unordered)
    assert new_game(game, NAMES, seed=b"1").seed == b"1"
