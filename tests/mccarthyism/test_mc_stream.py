"""The event stream (issue 12): each viewer's observer gives, from its snapshot and the events
it handed out so far, exactly the view the game gave before the stream (the frozen reference
builder in mc_reference_views.py, which rebuilt every view from the whole log).

Full seeded games at several player counts and option sets, with rule and random bots, table
talk and timeouts, are checked after every step for every seat and the spectator. Each
observer looks at each event it may see once (``observe`` is called once per visible event, in
the log's order), and what it hands out is JSON data sharing nothing with the game.
"""

from __future__ import annotations

import gc
import json
import random
from typing import Any

import pytest
from mc_helpers import table
from mc_reference_views import build_view

from hiddenrole.engine.events import shared_form
from hiddenrole.engine.frozen import FROZEN, FrozenDict, FrozenList
from hiddenrole.bots import Observation, RandomBot
from hiddenrole.bots.mccarthyism import McCarthyismBot
from hiddenrole.engine import MOD, Event, copy_json
from hiddenrole.games.mccarthyism import McCarthyism
from hiddenrole.games.mccarthyism.views import McCarthyismObserver


def names(n: int) -> list[str]:
    return [f"P{i}" for i in range(1, n + 1)]


class Recording(McCarthyismObserver):
    """An observer that records the log position of every event it folds."""

    def __init__(self, game: McCarthyism, viewer: str | None) -> None:
        super().__init__(game, viewer)
        self.observed: list[int] = []

    def observe(self, event: Event) -> None:
        self.observed.append(event.seq)
        super().observe(event)


JSON_SCALARS = (str, int, float, bool, type(None))


def assert_json(obj: Any, path: str = "snapshot") -> None:
    """Fails unless ``obj`` is JSON-native data: dicts with str keys, lists, scalars (or the
    engine's read-only dicts and lists, shared between viewers)."""
    if isinstance(obj, JSON_SCALARS):
        return
    if type(obj) is list or type(obj) is FrozenList:
        for i, x in enumerate(obj):
            assert_json(x, f"{path}[{i}]")
        return
    assert type(obj) is dict or type(obj) is FrozenDict, f"{path} is a {type(obj).__name__}, not JSON data"
    for k, v in obj.items():
        assert type(k) is str, f"{path}: key {k!r} is not a string"
        assert_json(v, f"{path}[{k!r}]")


def containers(root: Any) -> set[int]:
    """The ids of the mutable containers reachable from ``root`` (gc referents)."""
    seen: set[int] = set()
    out: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (type, str, int, float, bool, bytes, *FROZEN)) or obj is None:
            continue  # read-only containers may be shared (engine.frozen): only changeable ones count
        seen.add(id(obj))
        if isinstance(obj, (dict, list, set)):
            out.add(id(obj))
        stack.extend(gc.get_referents(obj))
    return out


class StreamCheck:
    """Every seat's and the spectator's observer of one game, checked against the reference."""

    def __init__(self, game: McCarthyism) -> None:
        self.game = game
        self.viewers: list[str | None] = [None, *game.players]
        self.observers = {v: Recording(game, v) for v in self.viewers}
        self.events: dict[str | None, list[dict[str, Any]]] = {v: [] for v in self.viewers}
        self.steps = 0

    def check(self) -> None:
        """After a step: snapshot + all events so far == the reference view, for every viewer."""
        game = self.game
        deep = self.steps % 37 == 0 or game.is_over  # the costly checks, now and then
        state = containers(game) if deep else set()
        for v in self.viewers:
            obs = self.observers[v]
            new = obs.new_events()
            self.events[v].extend(new)
            snapshot = obs.snapshot()
            assert "events" not in snapshot
            full = dict(snapshot)
            full["events"] = self.events[v]
            reference = build_view(game, v)
            assert full == reference, f"step {self.steps}, viewer {v}"
            if deep:
                assert_json(snapshot)
                assert_json(new, "events")
                assert not (containers([snapshot, new]) & state), f"step {self.steps}: {v}'s snapshot shares the game's"
                # a fresh observer's full view is the reference, key order included
                assert json.dumps(Recording(game, v).view()) == json.dumps(reference)
        self.steps += 1

    def check_events_are_own(self) -> None:
        """Every event handed out is JSON data sharing no container with the game (nor with
        another viewer's copy)."""
        state = containers(self.game)
        mine: set[int] = set()
        for v, events in self.events.items():
            assert_json(events, f"{v}'s events")
            ids = containers(events)
            assert not ids & state, f"{v}'s events share the game's containers"
            assert not ids & mine, f"{v}'s events share another viewer's containers"
            mine |= ids

    def check_observed_once(self) -> None:
        """Each observer folded every event its viewer may see of a kind it folds (FOLDS) once, in
        order, and nothing else."""
        for v, obs in self.observers.items():
            visible = [e.seq for e in self.game.log if e.visible_to(v) and e.kind in obs.FOLDS]
            assert obs.observed == visible, v


def play_checked(game: McCarthyism, kind: str, seed: int, *, timeouts: float = 0.0, posts: float = 0.0) -> StreamCheck:
    """Play ``game`` to its end with ``kind`` bots in every seat (each reading its own observer,
    as the lab's play loop does), timing out a step with probability ``timeouts`` and posting
    to the table talk with probability ``posts``; check every viewer after every step."""
    rng = random.Random(seed)
    bot_class = McCarthyismBot if kind == "rule" else RandomBot
    bots = {p: bot_class(p, seed) for p in game.players}
    watch = {p: McCarthyismObserver(game, p) for p in game.players}
    check = StreamCheck(game)
    check.check()
    for _ in range(5000):
        if game.is_over:
            break
        waiting = game.to_act()
        if posts and rng.random() < posts:
            talker = rng.choice(game.players)
            if game.can_post(talker):
                game.apply({"player": talker, "action": "post", "text": f"post {check.steps}"})
        elif not waiting or rng.random() < timeouts:
            game.timeout()
        else:
            p = waiting[0]
            legal = game.legal_actions(p)
            if bots[p].needs_view:
                obs = watch[p]
                action = bots[p].choose(Observation(p, copy_json(legal), None, obs.new_events(), obs))
            else:
                action = bots[p].choose(Observation(p, legal))
            game.apply(action)
        check.check()
    assert game.is_over
    check.check_observed_once()
    check.check_events_are_own()
    return check


@pytest.mark.parametrize(
    ("n", "options", "kind", "seed", "timeouts", "posts"),
    [
        (3, None, "random", 1, 0.0, 0.0),
        (5, None, "rule", 2, 0.0, 0.0),
        (5, {"reveal_votes": True, "deep_research_in_order": False}, "random", 3, 0.2, 0.1),
        (7, {"turns_per_player": 2, "whitelist_protection_turns": 1}, "rule", 4, 0.1, 0.05),
        (8, {"reshuffle_discards": False, "deal": "fixed", "commie_count": 3}, "random", 5, 0.05, 0.0),
        (9, {"reveal_votes": True}, "rule", 6, 0.0, 0.1),
        (12, None, "rule", 7, 0.0, 0.0),
        (12, {"deep_research_in_order": False, "turns_per_player": 4}, "random", 8, 0.1, 0.02),
        (20, None, "rule", 9, 0.0, 0.0),
        (20, {"reveal_votes": True, "deal": "fixed", "commie_count": 9, "turns_per_player": 1}, "random", 10, 0.05, 0.02),
    ],
)
def test_snapshot_plus_stream_is_the_full_view_after_every_step(
    n: int, options: dict[str, Any] | None, kind: str, seed: int, timeouts: float, posts: float
) -> None:
    game = McCarthyism(names(n), options, seed=seed)
    check = play_checked(game, kind, seed, timeouts=timeouts, posts=posts)
    assert check.steps > n


def varied_games(count: int) -> list[McCarthyism]:
    """``count`` finished games of random bots, 4 to 20 players, with timeouts, table talk and
    revealed votes in every other game (no stream checks: their logs only)."""
    games = []
    for seed in range(count):
        game = McCarthyism(names(4 + seed % 17), {"reveal_votes": seed % 2 == 1}, seed=seed)
        rng = random.Random(seed)
        bots = {p: RandomBot(p, seed) for p in game.players}
        while not game.is_over:
            waiting = game.to_act()
            if rng.random() < 0.05 and game.can_post(game.players[0]):
                game.apply({"player": game.players[0], "action": "post", "text": "hello"})
            elif not waiting or rng.random() < 0.1:
                game.timeout()
            else:
                game.apply(bots[waiting[0]].choose(Observation(waiting[0], game.legal_actions(waiting[0]))))
        games.append(game)
    return games


def test_every_event_kind_is_declared_and_occurs_and_is_json() -> None:
    """Every kind emitted is in EVENT_KINDS (and each occurs); every field of every event is a
    scalar, a list of strings or a dict of strings (what viewers get, read-only and shared,
    is its JSON round trip)."""
    kinds: set[str] = set()
    for game in varied_games(40):
        for e in game.log:
            kinds.add(e.kind)
            for key, value in e.data.items():
                if type(value) in (list, dict, FrozenList):
                    assert all(isinstance(x, JSON_SCALARS) for x in (value.values() if type(value) is dict else value))
                else:
                    assert isinstance(value, JSON_SCALARS), (e.kind, key, value)
            want = json.loads(json.dumps(e.to_json()))
            del want["seq"]
            assert shared_form(e, McCarthyism.EVENT_SHAPES.get(e.kind)) == shared_form(e) == want
    # every kind emitted is declared, and every declared kind occurs in these games
    assert kinds == McCarthyism.EVENT_KINDS, (kinds ^ McCarthyism.EVENT_KINDS)


def test_drink_swap_and_confession_are_last_seen_in_the_stream() -> None:
    """The fold keeps the card last seen: Ann confesses on turn 1 (the five others decline their
    confessions), then swaps her card with Bob's by the drink card on turn 7."""
    game = table(top=("confess_to_the_feds",) * 6 + ("too_much_to_drink",), first="Ann")
    check = StreamCheck(game)
    game.apply({"player": "Ann", "action": "pass"})
    game.apply({"player": "Ann", "action": "play", "card": "confess_to_the_feds"})
    check.check()
    assert check.observers["Bob"].snapshot()["private"]["seen_roles"]["Ann"] == {
        "card": "american", "how": "confession", "turn": 1}
    while game.phase != "reveal" or game.to_act() != ("Ann",):
        who = game.to_act()
        if not who:
            game.timeout()
        elif game.phase == "snitching":
            game.apply({"player": who[0], "action": "pass"})
        else:
            game.apply(game.legal_actions(who[0])[-1])  # decline (or the last listed choice)
        check.check()
        if game.is_over:
            pytest.fail("the game ended before Ann's second turn")
    game.apply({"player": "Ann", "action": "play", "card": "too_much_to_drink"})
    game.apply({"player": "Ann", "action": "choose", "target": "Bob"})
    check.check()
    private = check.observers["Ann"].snapshot()["private"]
    assert private["role_card"] == {"card": "commie", "how": "drink", "turn": 7, "marked": "last seen"}
    assert private["seen_roles"]["Bob"] == {"card": "american", "how": "drink", "turn": 7}


def test_spectator_and_mod_have_no_private_part_and_the_mod_sees_every_event() -> None:
    game = McCarthyism(names(6), seed=3)
    play_checked(game, "random", 3, timeouts=0.1)
    mod = McCarthyismObserver(game, MOD)
    assert len(mod.new_events()) == len(game.log)
    assert mod.snapshot()["private"] == {}
    assert McCarthyismObserver(game, None).snapshot()["private"] == {}
