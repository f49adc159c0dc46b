"""The engine contract: exercised on a small test game (eng_toy_game.FindTheSpy), then, as
PettingZoo's ``api_test``, on every registered game (the registry's list, not a hand list: a
new game gets these checks for free): refused input, determinism, replay from the revealed
chance outcomes, no event shown to a viewer who may not see it, and a legal move or a
deadline in every state. (Every event kind narrated in both languages: test_eng_narration.py;
each viewer's stream equal to its view: test_eng_stream.py; junk in every parameter:
test_eng_junk_actions.py -- all three over the registry too.) Each game's steps as data: every
listed action matches its step's declaration, an undeclared or missing key is refused naming it
(engine/steps.py); and each game's cards are conserved from the deal to the end."""

import json
import re

import pytest
from eng_toy_game import FindTheSpy

from hiddenrole.bots import RandomBot, seat_bots
from hiddenrole.engine import (BadOption, BadSetup, Event, IllegalAction, Kind, Step, Steps, Timer, available_games,
                               derive_seed, game_class, new_game)
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


# ------------------------------------------- steps as data (engine/steps.py), every game
class DeclaredSpy(FindTheSpy):
    """The toy game with its steps declared: the engine checks kind, keys and turn."""

    STEPS = Steps([Kind("accuse", ("target",)), Kind("note", optional=("text", "mood"))],
                  [Step("accuse", "everyone who has not accused", ("accuse",), "a random accusation"),
                   Step("over", "nobody", (), "nothing")],
                  anytime=("note",))

    def setup(self):
        super().setup()
        self.step = "accuse"  # the current step, which the engine reads

    def _apply(self, player, kind, action):
        if kind == "note":
            self.emit("noted", player=player)
            return
        super()._apply(player, kind, action)


@pytest.mark.parametrize(
    "action, message",
    [
        ({"player": "Ann", "action": "shoot"}, "unknown action kind 'shoot' (known: accuse, note)"),
        ({"player": "Ann", "action": "accuse"}, "missing 'target' (an 'accuse' action: it takes target)"),
        ({"player": "Ann", "action": "accuse", "target": "Bob", "why": 1, "how": 2},
         "unknown keys 'how', 'why' in an 'accuse' action (it takes target)"),
        ({"player": "Ann", "action": "note", "colour": "red"}, "unknown key 'colour' in a 'note' action (it takes mood, text)"),
    ],
)
def test_the_engine_refuses_what_the_declaration_does_not_take(action, message):
    game = DeclaredSpy(PLAYERS, seed=1)
    with pytest.raises(IllegalAction, match=re.escape(message)):
        game.apply(action)
    assert [e.kind for e in game.log if e.kind == "accused"] == []


def test_the_engine_checks_the_turn_from_the_declaration():
    game = DeclaredSpy(PLAYERS, seed=1)
    game.apply({"player": "Ann", "action": "accuse", "target": "Bob"})
    with pytest.raises(IllegalAction, match="it is not your turn: the game waits for everyone who has not accused"):
        game.apply({"player": "Ann", "action": "accuse", "target": "Cid"})
    game.apply({"player": "Ann", "action": "note", "mood": "sure"})  # taken at any step, by anyone
    assert game.log[-1].kind == "noted"


def test_a_declaration_naming_what_it_does_not_declare_is_refused():
    with pytest.raises(ValueError, match="step 'a' takes the undeclared kind 'fly'"):
        Steps([Kind("walk")], [Step("a", "someone", ("walk", "fly"), "nothing")])
    with pytest.raises(ValueError, match="step 'a' is followed by the undeclared step 'b'"):
        Steps([Kind("walk")], [Step("a", "someone", ("walk",), "nothing", next="b")])
    with pytest.raises(ValueError, match="the undeclared kind 'post' is taken at any time"):
        Steps([Kind("walk")], [Step("a", "someone", ("walk",), "nothing")], anytime=("post",))


@pytest.mark.parametrize("game", GAMES)
def test_every_game_declares_its_steps(game):
    """Who acts, the kinds each step takes, what its deadline does: declared, in words."""
    steps = game_class(game).STEPS
    assert steps is not None, f"{game} declares no STEPS"
    assert steps.steps and steps.kinds
    for step in steps.steps.values():
        assert step.who.strip() and step.timeout.strip(), step
    taken = set(steps.anytime).union(*(s.kinds for s in steps.steps.values()))
    assert taken == set(steps.kinds), "every declared kind is taken at some step"


@pytest.mark.parametrize("game", GAMES)
def test_the_listed_actions_the_engine_trusts_are_legal_and_play_as_checked_ones(game):
    # Game.listed: the step's listed actions, carried out by apply() without the checks; each must
    # be one legal_actions lists for its player now, and none once the game is over. The game's
    # actions replayed through apply_checked (every check) give the same game.
    for seed in (21, 22, 23):
        played, steps = _played(game, seed)
        again = new_game(game, _table(game), seed=seed)
        for action in steps:
            for listed in again.listed:
                assert listed in again.legal_actions(listed["player"]), (listed, again.step)
            if action is None:
                again.timeout()
            else:
                again.apply_checked(action)
        assert again.is_over and again.listed == []
        assert _record(again) == _record(played) and again.result == played.result


def _declared(g, player, action):
    """Why ``action``, listed for ``player`` now, does not match the game's declaration, or ``None``."""
    steps = type(g).STEPS
    spec = steps.kinds.get(action.get("action"))
    if spec is None:
        return f"undeclared kind {action.get('action')!r}"
    if not set(action) <= spec.allowed or not set(spec.keys) <= set(action):
        return f"keys {sorted(action)} are not those of {spec!r}"
    if spec.name in steps.anytime:
        return None
    step = steps.steps[g.step]
    if spec.name not in step.kinds:
        return f"{spec.name!r} is not taken at step {step.name!r}"
    if step.waited and player not in g.to_act():
        return f"{player} is listed an action at {step.name!r}, which waits for {g.to_act()}"
    return None


@pytest.mark.parametrize("game", GAMES)
def test_every_listed_action_matches_its_steps_declaration(game):
    steps = game_class(game).STEPS
    seen: set[str] = set()
    before = []

    def check(g, action):
        step = g.step
        assert step in steps.steps, f"step {step!r} is not declared"
        seen.add(step)
        if before and before[-1] != step:  # the step changed: to its declared next one, if static
            following = steps.steps[before[-1]].next
            assert following is None or step in (following, "over"), (before[-1], step)
        before.append(step)
        for p in g.players:
            for legal in g.legal_actions(p):
                assert _declared(g, p, legal) is None, (_declared(g, p, legal), legal)

    for seed in (11, 12, 13, 14):
        before.clear()
        _played(game, seed, check)
    assert "over" in seen and len(seen) >= 2  # played through a step of its own to the end


@pytest.mark.parametrize("game", GAMES)
def test_a_key_not_declared_a_missing_key_and_an_unknown_kind_are_refused_naming_them(game):
    """One check of an action's keys, the engine's, for every game: the refusal names the key."""
    steps = game_class(game).STEPS
    probed = [0]

    def probe(g, _action):
        if g.is_over:
            return
        for p in g.to_act()[:2]:
            legal = g.legal_actions(p)
            if not legal:
                continue
            kind = legal[0]["action"]
            before = len(g.log)
            with pytest.raises(IllegalAction, match=f"unknown key 'stray' in an? '{kind}' action"):
                g.apply({**legal[0], "stray": 1})
            for key in steps.kinds[kind].keys:
                with pytest.raises(IllegalAction, match=f"missing '{key}'"):
                    g.apply({k: v for k, v in legal[0].items() if k != key})
            with pytest.raises(IllegalAction, match="unknown action kind 'fly'"):
                g.apply({**legal[0], "action": "fly"})
            assert len(g.log) == before
            probed[0] += 1

    _played(game, 21, probe)
    assert probed[0] > 0


# ---------------------------------------------------- cards conserved, every game
# Written by hand from the rules texts (/work/shared/rules): Secret Hitler "a randomly shuffled
# deck of 17 policy cards: 11 Fascist cards and 6 Liberal cards"; McCarthyism's 48 action cards
# (Confess 24, Escape 8, and the 16 "interesting" ones as the rulebook lists them); Shady
# Agents "Each player also takes a set of tool cards: one BULLET and one MEDICAL KIT" (the
# interrogation cards are this project's own deck of 11, one of each: docs/rules/shady-agents.md).
SHADY_INTERROGATIONS = ("medkit_to", "bullet_to", "nearer_after_you", "nearer_before_you", "nearer_you",
                        "nearer_after_caller", "nearer_before_caller", "nearer_caller", "earlier_in_round_one",
                        "nearer_first_player", "parted_first")
CARDS = {
    "secret-hitler": lambda n: {"L": 6, "F": 11},
    "mccarthyism": lambda n: {
        "confess_to_the_feds": 24, "escape_to_the_reds": 8, "deep_research": 3, "double_agent": 2,
        "lemme_see_what_you_got_there": 2, "you_seem_suspicious": 2, "i_know_a_guy": 2, "super_snitch": 1,
        "loose_lips": 1, "commies_take_over": 1, "something_to_say": 1, "too_much_to_drink": 1},
    "shady-agents": lambda n: {"bullet": n, "medkit": n, **dict.fromkeys(SHADY_INTERROGATIONS, 1)},
}


def test_the_cards_written_here_are_the_rules_counts():
    assert {"secret-hitler", "mccarthyism", "shady-agents"} <= set(CARDS)
    assert sum(CARDS["secret-hitler"](7).values()) == 17
    assert sum(CARDS["mccarthyism"](4).values()) == 48
    assert sum(CARDS["shady-agents"](6).values()) == 6 + 6 + 11


@pytest.mark.parametrize("game", GAMES)
def test_every_game_conserves_its_cards(game):
    """Deck, discards, hands and the table together hold the same cards from the deal to the end:
    the cards of the deal (as written above for the games whose counts are written here)."""
    checked = [0]

    def check(g, _action):
        assert g.cards() == expected, (g.phase, g.cards())
        checked[0] += 1

    for seed in (31, 32, 33, 34, 35):
        g = new_game(game, _table(game), seed=seed)
        expected = g.cards()
        if game in CARDS:
            assert expected == CARDS[game](len(_table(game)))
        _played(game, seed, check)
    assert checked[0] > 0
