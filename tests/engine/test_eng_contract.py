"""The engine contract: exercised on a small test game (eng_toy_game.FindTheSpy), then, as
PettingZoo's ``api_test``, on every registered game (the registry's list, not a hand list: a
new game gets these checks for free): refused input, determinism, replay from the revealed
chance outcomes, no event shown to a viewer who may not see it, and a legal move or a
deadline in every state. (Every event kind narrated in both languages: test_eng_narration.py;
each viewer's stream equal to its view: test_eng_stream.py; junk in every parameter:
test_eng_junk_actions.py -- all three over the registry too.)"""

import json
import re

import pytest
from eng_toy_game import FindTheSpy

from hiddenrole.bots import RandomBot, seat_bots
from hiddenrole.engine import (BadOption, BadSetup, Event, IllegalAction, Timer, available_games, derive_seed,
                               game_class, new_game)
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


GAMES = available_games()
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
    for kind in sorted(game_class(game).CHANCE_SEQUENCES)[:1]:
        for bad in (3, None, "x", {"a": 1}):  # a kind drawn again and again is fixed as a list, even if never drawn
            with pytest.raises(BadSetup, match=f"chance '{kind}' must be a list of outcomes"):
                new_game(game, NAMES, chance={kind: bad})
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


# ------------------------------------------------------------ every registered game
def _table(game: str) -> list[str]:
    """A table of the game's smallest count plus one (within its range), names in seat order."""
    cls = game_class(game)
    count = min(cls.min_players + 1, cls.max_players)
    return [f"P{i}" for i in range(1, count + 1)]


def _played(game: str, seed: int, check=None):
    """A game played to its end by random bots seeded from ``seed``; ``check(game, action)``
    after every step. Returns the game and the steps (each action, ``None`` for a timeout)."""
    g = new_game(game, _table(game), seed=seed)
    steps = []

    def step(g, action):
        steps.append(action)
        if check is not None:
            check(g, action)

    play_game(g, seat_bots(g.players, RandomBot, derive_seed(seed, "bots")), on_step=step)
    return g, steps


def _record(g) -> list:
    return [e.to_json(reveal=True) for e in g.log]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_game_is_the_same_game_from_the_same_seed(game, seed):
    a, steps_a = _played(game, seed)
    b, steps_b = _played(game, seed)
    assert steps_a == steps_b and _record(a) == _record(b) and a.result == b.result
    assert a.is_over and a.result is not None


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_game_replays_from_its_revealed_chance_outcomes(game, seed):
    # an audit replays a game from its export: the chance outcomes fixed, the actions again
    played, steps = _played(game, seed)
    cls = game_class(game)
    fixed: dict = {}
    for kind, value in played.reveal()["chance"]:
        if kind in cls.CHANCE_SEQUENCES:
            fixed.setdefault(kind, []).append(value)
        else:
            fixed[kind] = value
    again = new_game(game, _table(game), seed=seed + 1000, chance=fixed)  # another seed: nothing drawn from it
    for action in steps:
        if action is None:
            again.timeout()
        else:
            again.apply(action)
    assert _record(again) == _record(played) and again.result == played.result


@pytest.mark.parametrize("game", GAMES)
def test_no_view_holds_an_event_its_viewer_may_not_see(game):
    def check(g, _action):
        if len(g.log) % 7:  # every few steps: a view costs its events
            return
        for viewer in (None, *g.players):
            view = g.view(viewer)
            assert [e["kind"] for e in view["events"]] == [e.kind for e in g.log if e.visible_to(viewer)]
            if viewer is None:
                assert view["private"] == {}

    for seed in (4, 5):
        _played(game, seed, check)


@pytest.mark.parametrize("game", GAMES)
def test_every_state_has_a_legal_move_or_a_deadline(game):
    # a running game waits for players who each have a legal action, or only for its
    # deadline; the play loop then passes it (timeout), and every game reaches its end
    # (play_game raises RunawayGame otherwise)
    def check(g, _action):
        if g.is_over:
            assert g.to_act() == () and g.timers() == []
            return
        for p in g.to_act():
            assert p in g.players and g.legal_actions(p), (g.phase, p)

    for seed in (6, 7, 8):
        g, steps = _played(game, seed, check)
        assert g.is_over and steps
