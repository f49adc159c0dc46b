"""The event stream of Shady Agents (issue 12): what each viewer's observer hands out is what
that viewer's full view was before the stream, no more and no less.

The reference is a frozen copy of the view builder as it was (sa_reference_views.py), which
read the game's state and its whole log at every call. Full seeded games are played (4 to 10
players; the spy code enforced or not; rule bots, random bots, and random play with chat
posts and timeouts) and after every step, for every seat and the spectator, a persistent
observer's snapshot plus all the events it has handed out so far are checked against the
reference: the events are the view's events, the snapshot is the view without its events and
without the chat, and the chat rebuilt from the stream's ``post`` events is the view's chat.
"""

from __future__ import annotations

import gc
import types
from typing import Any

import pytest
import sa_reference_views as reference
from sa_helpers import SIX, give, interrogate, random_steps, table

from hiddenrole.engine import FrozenDict, FrozenList
from hiddenrole.bots import bot_class, seat_bots
from hiddenrole.engine import MOD, game_class
from hiddenrole.games.shady_agents import ShadyAgents
from hiddenrole.games.shady_agents.views import ShadyAgentsObserver
from hiddenrole.lab import play_game

OPTION_SETS = [None, {"enforce_statements": False}]


def names(n: int) -> list[str]:
    return [f"P{i}" for i in range(1, n + 1)]


def assert_json_native(value: Any, path: str = "snapshot") -> None:
    """Fails unless ``value`` is JSON data of exactly the types a JSON parser makes
    (dict with str keys, list, str, int, float, bool, None) or the engine's read-only
    dicts and lists (shared between viewers, engine.frozen): no tuple, no other subclass."""
    kind = type(value)
    if kind is dict or kind is FrozenDict:
        for k, v in value.items():
            assert type(k) is str, f"{path}: key {k!r} is not a str"
            assert_json_native(v, f"{path}[{k!r}]")
    elif kind is list or kind is FrozenList:
        for i, v in enumerate(value):
            assert_json_native(v, f"{path}[{i}]")
    else:
        assert kind in (str, int, float, bool, type(None)), f"{path} is a {kind.__name__}"


def containers(root: Any) -> dict[int, Any]:
    """Every dict and list reachable from ``root`` (JSON data), by id."""
    out: dict[int, Any] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if type(obj) in (dict, list) and id(obj) not in out:
            out[id(obj)] = obj
            stack.extend(obj.values() if type(obj) is dict else obj)
    return out


_NOT_STATE = (type, types.FunctionType, types.BuiltinFunctionType, types.MethodType, types.ModuleType)


def game_state_ids(game: ShadyAgents) -> set[int]:
    """The ids of every object reachable from the game (its state, log and caches; not
    through functions, which reach whole modules)."""
    seen: set[int] = set()
    stack: list[Any] = [game]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, _NOT_STATE):
            continue
        seen.add(id(obj))
        stack.extend(gc.get_referents(obj))
    return seen


class Follower:
    """Every viewer's observer on one game, with all the events each has handed out."""

    def __init__(self, game: ShadyAgents) -> None:
        self.game = game
        self.viewers: list[str | None] = [*game.players, None]
        self.observers = {v: game.observer(v) for v in self.viewers}
        self.streams: dict[str | None, list[dict[str, Any]]] = {v: [] for v in self.viewers}
        self.mod = game.observer(MOD)
        self.mod_events = 0
        self.steps = 0

    def check(self, _game: Any = None, _action: Any = None) -> None:
        """After a step: each viewer's snapshot plus stream equals the reference view."""
        game = self.game
        self.steps += 1
        deep = self.steps % 5 == 1 or game.is_over  # the gc walk is slow: every fifth step
        state = game_state_ids(game) if deep else set()
        for v, obs in self.observers.items():
            new = obs.new_events()
            assert_json_native(new, "events")
            if deep:
                shared = [c for i, c in containers(self.streams[v] + new).items() if i in state]
                assert not shared, f"{v}: an event shares {shared[:1]} with the game"
            self.streams[v].extend(new)
            assert obs.thread(new) == [{"by": e["player"], "text": e["text"]} for e in new if e["kind"] == "post"]
            want = reference.view(game, v)
            stream = self.streams[v]
            assert stream == want["events"], f"{v}: the stream is not the view's events"
            snap = obs.snapshot()
            assert_json_native(snap)
            assert "events" not in snap and "chat" not in snap["board"]
            chat = want["board"].pop("chat")
            assert [{"player": e["player"], "text": e["text"]} for e in stream if e["kind"] == "post"] == chat
            del want["events"]
            assert snap == want, f"{v}: the snapshot is not the view without its events and chat"
            if deep:
                shared = [c for i, c in containers(snap).items() if i in state]
                assert not shared, f"{v}: the snapshot shares {shared[:1]} with the game"
            # the viewer may wreck its snapshot: the next one is whole again
            snap["board"].clear()
            snap["private"].clear()
            if isinstance(snap["result"], dict):
                snap["result"]["scores"].clear()
            assert obs.snapshot() == want
        # each viewer's events are its own copies
        copies = [id(e) for stream in self.streams.values() for e in stream]
        assert len(set(copies)) == len(copies)
        # the Mod sees every event, once
        self.mod_events += len(self.mod.new_events())
        assert self.mod_events == len(game.log)


def full_view_matches(game: ShadyAgents) -> None:
    for v in [*game.players, None]:
        assert game.view(v) == reference.view(game, v), f"{v}: Game.view differs from the reference"


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("kind", ["rule", "random"])
def test_bot_games_stream_each_viewer_exactly_its_view(kind: str, options: dict[str, Any] | None) -> None:
    for n in range(4, 11):
        for seed in (1, 2):
            g = ShadyAgents(names(n), options, seed=seed)
            follower = Follower(g)
            follower.check()  # the deal, before any step
            full_view_matches(g)
            bots = seat_bots(g.players, bot_class(kind, "shady-agents"), seed)
            play_game(g, bots, on_step=follower.check)
            assert g.is_over and follower.steps > n
            full_view_matches(g)


@pytest.mark.parametrize("enforce", [True, False])
def test_random_play_with_chat_and_timeouts_streams_each_viewer_exactly_its_view(enforce: bool) -> None:
    posts = 0
    for n in (4, 5, 7, 10):
        for seed in range(3):
            g = ShadyAgents(names(n), {"enforce_statements": enforce}, seed=100 * n + seed)
            follower = Follower(g)
            follower.check()
            for _ in random_steps(g, seed, timeout_rate=0.2, post_rate=0.15):
                follower.check()
                if follower.steps % 7 == 0:
                    full_view_matches(g)
            full_view_matches(g)
            posts += sum(1 for e in g.log if e.kind == "post")
    assert posts > 10  # the chat was exercised


def test_the_snapshot_leaves_the_chat_to_the_posts_of_the_stream() -> None:
    g = table(first="Ann", deck=["parted_first"])
    g.apply({"player": "Fay", "action": "post", "text": "Bob lies."})
    give(g, "Ann", "bullet", "Cid")
    g.apply({"player": "Cid", "action": "post", "text": "Thanks, Ann."})
    obs = g.observer("Dee")
    events = obs.new_events()
    assert [(e["kind"], e.get("player"), e.get("text")) for e in events if e["kind"] == "post"] == [
        ("post", "Fay", "Bob lies."), ("post", "Cid", "Thanks, Ann.")]
    assert obs.thread(events) == [{"by": "Fay", "text": "Bob lies."}, {"by": "Cid", "text": "Thanks, Ann."}]
    assert "chat" not in obs.snapshot()["board"]
    assert g.view("Dee")["board"]["chat"] == [{"player": "Fay", "text": "Bob lies."},
                                              {"player": "Cid", "text": "Thanks, Ann."}]
    assert g.summary()["board"]["chat"] == g.view(None)["board"]["chat"]


def test_a_seat_folds_its_own_tools_from_its_private_events() -> None:
    g = table(first="Ann", deck=["parted_first"])
    cid = g.observer("Cid")
    give(g, "Ann", "bullet", "Cid")
    interrogate(g, "Bob", "medkit")
    private = cid.snapshot()["private"]
    assert private["received"] == [{"tool": "bullet", "from": "Ann", "round": 1}]
    assert private["holding"] == ["bullet", "medkit"] and private["gave"] == []
    assert private["interrogation"]["card"] == "parted_first"
    assert private["interrogation"]["allowed"] == ["bullet", "medkit"]  # he has not played yet
    bob = g.observer("Bob").snapshot()["private"]
    assert bob["discarded"] == "medkit" and bob["holding"] == ["bullet"] and "interrogation" not in bob
    ann = g.observer("Ann").snapshot()["private"]
    assert ann["gave"] == [{"tool": "bullet", "to": "Cid", "round": 1}] and ann["holding"] == ["medkit"]
    assert g.observer(None).snapshot()["private"] == {}
    assert g.observer(MOD).snapshot()["private"] == {}


def test_the_game_declares_every_event_kind_it_emits_and_its_observer() -> None:
    cls = game_class("shady-agents")
    assert cls.EVENT_KINDS == {"role", "revealed_card", "deck", "first_player", "give", "tool", "discard",
                               "interrogation", "answer", "post", "round_two", "reveal", "game_over"}
    seen: set[str] = set()
    for n in (5, 6):
        for seed in range(4):
            g = ShadyAgents(names(n), seed=seed)
            for _ in random_steps(g, seed, timeout_rate=0.1, post_rate=0.1):
                pass
            seen |= {e.kind for e in g.log}
    assert seen == cls.EVENT_KINDS
    assert type(ShadyAgents(SIX, seed=1).observer("Ann")) is ShadyAgentsObserver
    assert "view" not in ShadyAgents.__dict__  # Game.view reads the observer
