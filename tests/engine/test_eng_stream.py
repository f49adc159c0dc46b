"""The event stream's contract, over every registered game (a new game gets these checks for free).

For each game, full seeded games are played with rule bots and random bots; at every step
an observer per seat, one for a spectator and one for the Mod follow the game, and:

* every event the game emitted is of a kind it declares in ``EVENT_KINDS`` (the narrator's
  list), and every declared kind is a short lower-case name;
* a viewer's stream is its view: the events an observer handed out so far, in order, are
  exactly the ``events`` of the player's full view, and the observer's snapshot is the full
  view without them (no more, no less: the one filter all consumers share);
* the snapshot never carries the event list, and is JSON data (what a wire carries);
* each observer looks at each event once (its cost follows the game's length, not its square);
* the Mod sees every event, a spectator only the public ones, a seat the public ones and
  those addressed to it.
"""

from __future__ import annotations

import gc
import json
import re

import pytest

from hiddenrole.engine.events import shared_form
from hiddenrole.engine.frozen import FROZEN, FrozenDict, FrozenList
from hiddenrole.bots import Bot, RandomBot, bot_class, bot_kinds, seat_bots
from hiddenrole.engine import MOD, Game, IllegalAction, Observer, available_games, game_class
from hiddenrole.engine.game import observer_class
from hiddenrole.lab import play_game

GAMES = available_games()
KIND = re.compile(r"^[a-z][a-z0-9_]*$")
#: every game with each of its own bots that read the table (a new game without one still gets
#: the tests below that need a reading bot, with :class:`Watcher`)
READING_BOTS = [(g, k) for g in GAMES for k in bot_kinds(g, own=True) if k in ("rule", "human")]


class Watcher(RandomBot):
    """A random bot that is handed the events and the information state it never reads: the
    reading bot of a game that has none of its own."""

    needs_view = True


def reading_bot(game: str) -> type[Bot]:
    """The game's rule bot, else its human bot, else :class:`Watcher`."""
    own = bot_kinds(game, own=True)
    for kind in ("rule", "human"):
        if kind in own:
            return bot_class(kind, game)
    return Watcher


def names(n: int) -> list[str]:
    return [f"P{i}" for i in range(1, n + 1)]


def counts(game: str) -> list[int]:
    cls = game_class(game)
    return sorted({cls.min_players, (cls.min_players + cls.max_players) // 2, cls.max_players})


def counting_observer(g: Game, viewer: str | None) -> Observer:
    """An observer of the game's own class that counts its ``observe`` calls (in ``calls``)."""
    base = observer_class(type(g))

    class Counting(base):  # type: ignore[valid-type, misc]
        calls = 0

        def observe(self, event):  # type: ignore[no-untyped-def]
            self.calls += 1
            super().observe(event)

    return Counting(g, viewer)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_declares_its_event_kinds(game: str) -> None:
    kinds = game_class(game).EVENT_KINDS
    assert kinds, f"{game} declares no EVENT_KINDS"
    assert all(KIND.match(k) for k in kinds), sorted(k for k in kinds if not KIND.match(k))


def follow(game: str, n: int, seed: int, kind: str) -> None:
    """Play one game with ``kind`` bots, checking every viewer's stream after every step."""
    g = game_class(game)(names(n), seed=seed)
    viewers: list[str | None] = [*g.players, None, MOD]
    observers = {v: counting_observer(g, v) for v in viewers}
    streams: dict[str | None, list[dict]] = {v: [] for v in viewers}
    steps = [0]

    def check(game_: object, _action: object) -> None:
        steps[0] += 1
        for v, obs in observers.items():
            streams[v].extend(obs.new_events())
        if steps[0] % 3 and not g.is_over:  # the full views are slow: every third step
            return
        for v, obs in observers.items():
            visible = [e for e in g.log if v == MOD or e.to is None or (v is not None and v in e.to)]
            folded = [e for e in visible if obs.FOLDS is None or e.kind in obs.FOLDS]
            assert obs.calls == len(folded), f"{v}: observe() ran {obs.calls} times for {len(folded)} events"
            assert [e["kind"] for e in streams[v]] == [e.kind for e in visible]
            assert [e["seq"] for e in streams[v]] == list(range(len(visible)))
            if v == MOD:
                continue
            full = g.view(v)
            assert streams[v] == full["events"], f"{game} {v}: the stream differs from the view's events"
            snap = obs.snapshot()
            assert "events" not in snap
            json.dumps(snap)
            rest = {k: val for k, val in full.items() if k != "events"}
            board = dict(rest["board"])
            snap_board = snap["board"]
            # a game may keep out of the snapshot what travels as events (the thread, the chat)
            for key in set(board) - set(snap_board):
                board.pop(key)
            assert snap_board == board, f"{game} {v}: the snapshot's board differs from the view's"
            assert {k: val for k, val in snap.items() if k != "board"} == {k: val for k, val in rest.items() if k != "board"}

    bots = seat_bots(g.players, bot_class(kind, game), seed)
    play_game(g, bots, on_step=check)
    assert g.is_over
    emitted = {e.kind for e in g.log}
    undeclared = emitted - g.EVENT_KINDS
    assert not undeclared, f"{game} emitted undeclared event kinds {sorted(undeclared)}"
    assert set(g.EVENT_SHAPES) <= g.EVENT_KINDS
    for e in g.log:  # a kind's declared shape holds for every event of it
        for key, value in e.data.items():
            if e.kind in g.EVENT_SHAPES and key not in g.EVENT_SHAPES[e.kind]:
                assert type(value) in (str, int, float, bool, type(None)), f"{game} {e.kind}.{key} is not a scalar"
        want = json.loads(json.dumps(e.to_json()))
        del want["seq"]
        form = shared_form(e, g.EVENT_SHAPES.get(e.kind))
        assert form == shared_form(e) == want and type(form) is FrozenDict
    # the shared forms viewers get share nothing changeable with the game's events
    forms = [shared_form(e, g.EVENT_SHAPES.get(e.kind)) for e in g.log]
    assert not containers(forms) & containers([e.data for e in g.log])


@pytest.mark.parametrize("game", GAMES)
def test_shared_events_are_the_numbered_ones_read_only_and_one_per_event(game: str) -> None:
    """new_shared_events() hands out what new_events() does, without seq: one read-only object
    per event, the same for every viewer who sees it."""
    cls = game_class(game)
    g = cls(names(cls.min_players + 1), seed=5)
    viewers: list[str | None] = [*g.players, None, MOD]
    numbered = {v: g.observer(v) for v in viewers}
    shared = {v: g.observer(v) for v in viewers}
    got: dict[str | None, list] = {v: [] for v in viewers}

    def check(_game: object, _action: object) -> None:
        for v in viewers:
            mine, theirs = numbered[v].new_events(), shared[v].new_shared_events()
            assert [{k: x for k, x in e.items() if k != "seq"} for e in mine] == theirs
            got[v].extend(theirs)

    play_game(g, seat_bots(g.players, reading_bot(game), 5), on_step=check)
    by_id = {id(e): e for stream in got.values() for e in stream}
    assert len(by_id) == len(g.log)  # one shared form per event, whoever sees it
    for e in by_id.values():
        assert type(e) is FrozenDict
        with pytest.raises(TypeError, match="read-only"):
            e["kind"] = "vandal"
    public = [e for e in got[None]]
    assert all(any(x is e for x in got[g.players[0]]) for e in public)


@pytest.mark.parametrize("game", [g for g in GAMES if game_class(g).LEGAL_ACTIONS_READ_ONLY])
def test_a_game_that_lists_read_only_actions_lists_only_read_only_actions(game: str) -> None:
    """LEGAL_ACTIONS_READ_ONLY lets the play loop copy the list only: every action listed must
    be read-only all the way down."""
    cls = game_class(game)
    for n in counts(game):
        g = cls(names(n), seed=4)
        checked = [0]

        def check(game_: object, _action: object) -> None:
            for p in g.to_act():
                for action in g.legal_actions(p):
                    assert type(action) is FrozenDict
                    for value in action.values():
                        assert type(value) in (str, int, float, bool, type(None), FrozenList)
                    checked[0] += 1

        play_game(g, seat_bots(g.players, bot_class("random", game), 4), on_step=check)
        assert checked[0] > 0


@pytest.mark.parametrize(("game", "kind"), [(g, "random") for g in GAMES] + [p for p in READING_BOTS if p[1] == "rule"])
def test_each_viewers_stream_is_its_view(game: str, kind: str) -> None:
    for n in counts(game):
        for seed in (1, 2):
            follow(game, n, seed, kind)


@pytest.mark.parametrize("game", GAMES)
def test_an_observer_of_an_unknown_viewer_is_refused(game: str) -> None:
    cls = game_class(game)
    g = cls(names(cls.min_players), seed=1)
    with pytest.raises(IllegalAction, match="unknown player"):
        g.observer("Nobody")


def containers(root: object) -> set[int]:
    """The ids of the lists and dicts reachable from ``root`` (JSON data or a game)."""
    seen: set[int] = set()
    out: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (type, str, int, float, bytes, *FROZEN)) or obj is None:
            continue  # read-only containers may be shared (engine.frozen): only changeable ones count
        seen.add(id(obj))
        if isinstance(obj, (list, dict)):
            out.add(id(obj))
        stack.extend(gc.get_referents(obj))
    return out


@pytest.mark.parametrize("game", [g for g in GAMES if game_class(g).LEGAL_ACTIONS_FRESH])
def test_a_game_that_hands_out_fresh_legal_actions_shares_none_of_them(game: str) -> None:
    """LEGAL_ACTIONS_FRESH lets the play loop skip its copy: every call must then give new
    JSON-native lists and dicts that no part of the game holds."""
    cls = game_class(game)
    for n in counts(game):
        g = cls(names(n), seed=3)
        bots = seat_bots(g.players, bot_class("random", game), 3)
        checked = [0]

        def check(game_: object, _action: object) -> None:
            for p in g.to_act():
                legal = g.legal_actions(p)
                assert legal == json.loads(json.dumps(legal))  # JSON-native: lists, str keys
                again = g.legal_actions(p)
                assert legal is not again and all(a is not b for a, b in zip(legal, again))
                if checked[0] % 5 == 0:
                    assert not containers(legal) & containers(g), f"{game}: a legal action is part of the game"
                checked[0] += 1

        play_game(g, bots, on_step=check)
        assert checked[0] > 0


def test_copy_json_copies_like_a_json_round_trip_and_shares_nothing() -> None:
    from collections import OrderedDict

    from hiddenrole.engine import copy_json

    data = {"a": (1, [2, {"b": None}]), 3: True, "sub": OrderedDict(x=[1]), "flat": {"k": "v"}}
    out = copy_json(data)
    assert out == {"a": [1, [2, {"b": None}]], "3": True, "sub": {"x": [1]}, "flat": {"k": "v"}}
    assert type(out["sub"]) is dict
    assert not containers(out) & containers(data)


def test_copy_json_copies_a_dict_with_a_key_that_is_not_text_through_the_slow_path() -> None:
    from hiddenrole.engine import copy_json

    assert copy_json({1: "a", "b": 2}) == {"1": "a", "b": 2}
    assert copy_json({"a": (1, 2)}) == {"a": [1, 2]}
    flat = {"player": "Ann", "action": "vote", "vote": "yes"}
    assert copy_json(flat) == flat and copy_json(flat) is not flat


# ---------------------------------------------------------------- readers (Bot.READS)
def test_a_reader_hands_out_only_its_kinds_that_its_viewer_may_see() -> None:
    """Find the Spy at 3 players, the spy dealt to P2, everyone accuses: a reader of ``role``
    and ``caught`` gets its own role and the catch, in order, nothing else."""
    from eng_toy_game import FindTheSpy

    g = FindTheSpy(names(3), seed=1, chance={"spy": "P2"})
    kinds = frozenset({"role", "caught"})
    p1, p2, mod, spectator = (g.observer(v, kinds) for v in ("P1", "P2", MOD, None))
    assert [e["kind"] for e in p1.new_shared_events()] == ["role"]
    assert [dict(e) for e in p2.new_shared_events()] == [{"kind": "role", "role": "spy", "private": True}]
    for p, target in (("P1", "P2"), ("P2", "P1"), ("P3", "P2")):
        g.apply({"player": p, "action": "accuse", "target": target})
    assert [e["kind"] for e in p1.new_shared_events()] == ["caught"]
    assert [e["kind"] for e in p2.new_events()] == ["caught"] and p2.count == 2
    assert [e["kind"] for e in mod.new_shared_events()] == ["role", "role", "role", "caught"]
    assert [e["kind"] for e in spectator.new_shared_events()] == ["caught"]
    assert p1.new_shared_events() == []


@pytest.mark.parametrize("game", GAMES)
def test_a_readers_stream_is_the_observers_of_its_kinds_and_its_snapshot_the_observers(game: str) -> None:
    """At every step of a rule-bot game, a reader hands out the events of its kinds that the
    game's own observer hands out to the same viewer, the same objects, in order; its
    snapshot is the observer's; the game picks each kind out once for all readers."""
    cls = game_class(game)
    g = cls(names(cls.min_players + 1), seed=7)
    kinds = reading_bot(game).READS or frozenset({"role"})
    viewers: list[str | None] = [*g.players, None, MOD]
    plain = {v: g.observer(v) for v in viewers}
    readers = {v: g.observer(v, kinds) for v in viewers}
    steps = [0]

    def check(_game: object, _action: object) -> None:
        steps[0] += 1
        for v in viewers:
            want = [e for e in plain[v].new_shared_events() if e["kind"] in kinds]
            got = readers[v].new_shared_events()
            assert len(got) == len(want) and all(a is b for a, b in zip(got, want)), f"{game} {v}"
            if v != MOD and steps[0] % 7 == 0:
                assert readers[v].snapshot() == g.observer(v).snapshot()

    play_game(g, seat_bots(g.players, reading_bot(game), 7), on_step=check)
    assert list(g.selections) == [kinds]


@pytest.mark.parametrize(("game", "kind"), READING_BOTS)
def test_bots_given_only_the_kinds_they_read_decide_as_bots_given_every_event(game: str, kind: str) -> None:
    """A bot's READS leaves out only kinds it ignores: the same seeded games, played once with
    every bot on its reader and once with bots of the same class that read every kind, give
    the same actions."""
    base = bot_class(kind, game)
    if base.READS is None:
        pytest.skip(f"the {kind} bot of {game} reads every kind")

    class EveryKind(base):  # type: ignore[valid-type, misc]
        READS = None

    cls = game_class(game)
    for n in counts(game):
        for seed in (1, 2):
            runs = []
            for bot in (base, EveryKind):
                g = cls(names(n), seed=seed)
                actions: list[object] = []
                play_game(g, seat_bots(g.players, bot, seed), on_step=lambda _g, a: actions.append(a))
                runs.append(actions)
            assert runs[0] == runs[1], f"{game} {n} players, seed {seed}"
