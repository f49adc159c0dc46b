"""The observer (issue 12): each viewer's event stream and snapshot carry exactly the knowledge
of the full view as it was built before the stream (``sh_reference``, a frozen copy), after
every step of whole games, for every seat and the spectator; each event is looked at once."""

from __future__ import annotations

import gc
import json
from typing import Any

import pytest

from hiddenrole.engine.events import shared_form
from hiddenrole.engine.frozen import FROZEN, FrozenDict, FrozenList
from hiddenrole.bots import RandomBot, seat_bots
from hiddenrole.bots.secret_hitler import SecretHitlerBot
from hiddenrole.engine import MOD, Event, Game, Rng, derive_seed
from hiddenrole.games.secret_hitler import SecretHitler
from hiddenrole.games.secret_hitler.views import SecretHitlerObserver
from hiddenrole.lab import play_game
from sh_reference import ref_view
from sh_helpers import new

SCALARS = (str, int, float, bool, type(None))


def json_native(obj: Any, path: str = "snapshot") -> None:
    """Fails unless ``obj`` is JSON data as ``json.loads`` makes it (lists, str keys), or the
    engine's read-only dicts and lists (shared between viewers)."""
    if isinstance(obj, SCALARS):
        return
    if type(obj) is list or type(obj) is FrozenList:
        for i, x in enumerate(obj):
            json_native(x, f"{path}[{i}]")
        return
    assert type(obj) is dict or type(obj) is FrozenDict, f"{path} is a {type(obj).__name__}"
    for k, v in obj.items():
        assert type(k) is str, f"{path}: key {k!r}"
        json_native(v, f"{path}[{k!r}]")


def containers(root: Any) -> set[int]:
    """The ids of the containers (and objects) reachable from ``root`` (gc referents)."""
    seen: dict[int, Any] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (type, str, int, float, bool, bytes, *FROZEN)) or obj is None:
            continue  # read-only containers may be shared (engine.frozen): only changeable ones count
        seen[id(obj)] = obj
        stack.extend(gc.get_referents(obj))
    return set(seen)


class Counting(SecretHitlerObserver):
    """Counts the events it is asked to fold (each must be asked once)."""

    def __init__(self, game: Game, viewer: str | None) -> None:
        super().__init__(game, viewer)
        self.observed = 0

    def observe(self, event: Event) -> None:
        self.observed += 1
        super().observe(event)


class Stream:
    """One viewer's stream, as a client would keep it: a first snapshot, then new events."""

    def __init__(self, game: SecretHitler, viewer: str | None) -> None:
        self.observer = Counting(game, viewer)
        self.events: list[dict[str, Any]] = []
        self.thread: list[dict[str, Any]] = []

    def follow(self) -> dict[str, Any]:
        """Take the new events and their thread posts; returns the snapshot now."""
        fresh = self.observer.new_events()
        self.events.extend(fresh)
        for post in self.observer.thread(fresh):
            self.thread.append({"seq": len(self.thread), **post})
        return self.observer.snapshot()


def check(game: SecretHitler, streams: dict[str | None, Stream], deep: bool) -> None:
    """Every viewer's stream and snapshot against the reference full view."""
    for viewer, stream in streams.items():
        snapshot = stream.follow()
        ref = json.loads(json.dumps(ref_view(game, viewer)))
        json_native(snapshot)
        assert "events" not in snapshot and "thread" not in snapshot["board"]
        assert stream.events == ref["events"], viewer
        assert stream.observer.observed == len(ref["events"])  # each visible event folded once
        ref_thread = ref["board"].pop("thread")
        assert stream.thread == ref_thread, viewer
        assert snapshot["board"] == ref["board"], viewer
        assert snapshot["private"] == ref["private"], viewer
        assert {k: v for k, v in snapshot.items() if k not in ("board", "private")} == {
            k: v for k, v in ref.items() if k not in ("board", "private", "events")}
        if deep:
            # the full view (Game.view) is the reference view itself, thread included
            full = game.view(viewer)
            json_native(full, "view")
            ref["board"]["thread"] = ref_thread
            assert full == ref
            assert list(full) == list(ref) and list(full["board"]) == list(ref["board"])
            # nothing of a snapshot or a view is an object of the game's state
            state = containers(game)
            assert not state & containers([snapshot, full, stream.events]), viewer


def play_checked(n: int, variant: str, kind: str, seed: int) -> SecretHitler:
    game_seed = derive_seed("sh-observer", n, variant, kind, seed)
    game = SecretHitler([f"P{i}" for i in range(1, n + 1)], {"variant": variant}, seed=game_seed)
    streams = {v: Stream(game, v) for v in (*game.players, None)}
    steps = [0]

    def on_step(g: Game, _action: Any) -> None:
        steps[0] += 1
        check(game, streams, deep=steps[0] % 17 == 0)

    check(game, streams, deep=True)
    bots = seat_bots(game.players, SecretHitlerBot if kind == "rule" else RandomBot, game_seed)
    play_game(game, bots, on_step=on_step)
    assert game.is_over
    check(game, streams, deep=True)
    return game


@pytest.mark.parametrize("variant", ["turbo", "official"])
@pytest.mark.parametrize("kind", ["rule", "random"])
@pytest.mark.parametrize("n", [5, 7, 10])
def test_the_stream_and_snapshot_equal_the_full_view_after_every_step(n: int, variant: str, kind: str) -> None:
    for seed in range(2 if n < 10 else 1):  # 10 players: long games, checked at every step
        play_checked(n, variant, kind, seed)


def drive(game: SecretHitler, seed: int, on_step: Any = None) -> None:
    """Play ``game`` to its end with uniform random choices, deadlines passing early now and
    then, and some turbo votes posted as a wrong bold code (counted for nothing)."""
    rng = Rng(seed)
    for _ in range(3000):
        if game.is_over:
            return
        waiting = game.to_act()
        if not waiting or rng.below(12) == 0:
            game.timeout()
        else:
            action = rng.choice(game.legal_actions(waiting[0]))
            if action["action"] == "vote" and game.turbo and rng.below(5) == 0:
                action = {"player": waiting[0], "action": "post", "text": f"I vote **{100 + rng.below(900)}**"}
            game.apply(action)
        if on_step is not None:
            on_step(game, None)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("variant", ["turbo", "official"])
def test_the_stream_follows_games_with_early_deadlines_and_bad_codes(variant: str) -> None:
    """Timeouts, vetoes, powers and ignored codes: the streams stay equal to the full views."""
    for n in (5, 6, 8, 9):
        game = SecretHitler([f"P{i}" for i in range(1, n + 1)], {"variant": variant, "pace": "turbo"}, seed=n)
        streams = {v: Stream(game, v) for v in (*game.players, None)}
        steps = [0]

        def on_step(g: Game, _a: Any) -> None:
            steps[0] += 1
            check(game, streams, deep=steps[0] % 13 == 0)

        drive(game, n, on_step)
        check(game, streams, deep=True)


def test_the_mods_stream_sees_every_event_and_no_private_part() -> None:
    game = new(7, seed=3)
    mod = Counting(game, MOD)
    spectator = SecretHitlerObserver(game, None)
    play_game(game, seat_bots(game.players, SecretHitlerBot, 3))
    events = mod.new_events()
    assert [e["kind"] for e in events] == [e.kind for e in game.log]
    assert mod.observed == len(game.log) and [e["seq"] for e in events] == list(range(len(game.log)))
    snapshot = mod.snapshot()
    assert snapshot["private"] == {} and snapshot["board"] == spectator.snapshot()["board"]
    assert mod.thread(events) == spectator.thread(spectator.new_events())


def test_a_new_observer_looks_at_each_event_once_however_often_it_is_asked() -> None:
    game = new(7, seed=5)
    observer = Counting(game, "Ann")
    asked = 0

    def on_step(_g: Game, _a: Any) -> None:
        nonlocal asked
        observer.new_events()
        observer.snapshot()
        observer.snapshot()
        asked += 1

    play_game(game, seat_bots(game.players, SecretHitlerBot, 5), on_step=on_step)
    visible = [e for e in game.log if e.to is None or "Ann" in e.to]
    assert asked > 50 and observer.observed == len(visible) and observer.position == len(game.log)


def test_every_event_kind_is_declared_occurs_and_is_json_as_viewers_get_it() -> None:
    seen: set[str] = set()
    for variant in ("turbo", "official"):
        for seed in range(120):
            n = 5 + seed % 6
            game = SecretHitler([f"P{i}" for i in range(1, n + 1)], {"variant": variant, "pace": "turbo"}, seed=seed)
            drive(game, seed)
            seen.update(e.kind for e in game.log)
            for event in game.log:
                check_shape(event)
    assert seen == SecretHitler.EVENT_KINDS, (seen - SecretHitler.EVENT_KINDS, SecretHitler.EVENT_KINDS - seen)


def check_shape(event: Event) -> None:
    """Viewers get an event's shared JSON form: the JSON round trip of the event (without its
    ``seq``), read-only, sharing nothing changeable with the event's data."""
    shared = shared_form(event, SecretHitler.EVENT_SHAPES.get(event.kind))  # as the game declares its shape
    assert shared == shared_form(event)  # as any event is looked at, field by field
    want = json.loads(json.dumps(event.to_json()))
    del want["seq"]
    assert shared == want, event.kind
    assert not containers(shared) & containers(event.data), event.kind


def test_an_event_of_an_undeclared_kind_is_copied_deeply_for_each_viewer() -> None:
    """Should a game ever log a kind it does not declare, each viewer still gets its own dict
    of it, whose nested data are a read-only deep copy (tuples become lists) that no viewer
    can change."""
    game = new(5, seed=2)
    ann, bob = SecretHitlerObserver(game, "Ann"), SecretHitlerObserver(game, "Bob")
    ann.new_events(), bob.new_events()
    game.emit("surprise", by="Mod", nested={"a": [1, (2, 3)]})
    game.emit("surprise", to=["Ann"], nested={"b": []})
    a, b = ann.new_events(), bob.new_events()
    assert a[0] == b[0] == {"seq": a[0]["seq"], "kind": "surprise", "by": "Mod", "nested": {"a": [1, [2, 3]]}}
    assert b[0]["seq"] == a[0]["seq"] and len(b) == 1
    assert a[1] == {"seq": a[0]["seq"] + 1, "kind": "surprise", "nested": {"b": []}, "private": True}
    assert not containers(a) & containers(b) and not containers(a) & containers(game)
    assert a[0] is not b[0] and a[0]["nested"] is b[0]["nested"]  # one read-only copy for both
    with pytest.raises(TypeError, match="read-only"):
        a[0]["nested"]["a"].append(4)
