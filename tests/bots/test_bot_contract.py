"""The rule-based bots and the bot contract: registered, legal, finite, and blind to the state.

Issue 7: "Every bot decides from its player's view and legal actions only: it is given
nothing else, and a test proves it cannot reach the state."
"""

from __future__ import annotations

import gc
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hiddenrole.engine.frozen import FROZEN
from hiddenrole.bots import Bot, Observation, RandomBot, bot_class, bot_kinds
from hiddenrole.bots.common import MAX_POSTS_PER_GAME
from hiddenrole.bots.mccarthyism import McCarthyismBot
from hiddenrole.bots.secret_hitler import SecretHitlerBot
from hiddenrole.bots.shady_agents import ShadyAgentsBot
from hiddenrole.engine import Game, game_class
from hiddenrole.lab import play_game
from hiddenrole.lab.play import json_copy

RULE_BOTS = {
    "secret-hitler": SecretHitlerBot,
    "mccarthyism": McCarthyismBot,
    "shady-agents": ShadyAgentsBot,
}

JSON_SCALARS = (str, int, float, bool, type(None))


def names(n: int) -> list[str]:
    return [f"P{i}" for i in range(1, n + 1)]


class Checked(Bot):
    """Wraps a bot: records every observation and checks every answer against the contract."""

    kind = "checked"

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.player = inner.player
        self.needs_view = inner.needs_view  # type: ignore[misc]
        self.observations: list[Observation] = []
        self.posts = 0

    def choose(self, observation: Observation) -> dict[str, Any]:
        self.observations.append(observation)
        action = self.inner.choose(observation)
        if action.get("action") == "post":
            self.posts += 1
            assert set(action) == {"player", "action", "text"} and action["player"] == self.player
            assert 1 <= len(action["text"]) <= 1000
            assert "**" not in action["text"] and "[b]" not in action["text"].lower()
        else:
            assert action in observation.legal_actions, (action, observation.legal_actions)
        return action


def play(game: str, n: int, seed: int, options: dict[str, Any] | None = None) -> tuple[Game, dict[str, Checked]]:
    g = game_class(game)(names(n), options, seed=seed)
    bots = {p: Checked(RULE_BOTS[game](p, seed)) for p in g.players}
    play_game(g, bots)
    return g, bots


# ----------------------------------------------------------------- registry
@pytest.mark.parametrize("game", sorted(RULE_BOTS))
def test_rule_bot_is_registered_for_each_game(game: str) -> None:
    assert "rule" in bot_kinds(game)
    cls = bot_class("rule", game)
    assert cls is RULE_BOTS[game]
    assert cls.kind == "rule" and cls.needs_view


# ------------------------------------------------- complete, legal games
@pytest.mark.parametrize(
    ("game", "counts", "options"),
    [
        ("secret-hitler", range(5, 11), None),
        ("secret-hitler", range(5, 11), {"variant": "official"}),
        ("shady-agents", range(4, 11), None),
        ("shady-agents", (5, 8), {"enforce_statements": False}),
        ("mccarthyism", range(3, 21), None),
        ("mccarthyism", (6, 12), {"reveal_votes": True}),
    ],
)
def test_rule_bots_play_complete_legal_games_at_every_player_count(game: str, counts: range, options: Any) -> None:
    for n in counts:
        for seed in (1, 2):
            g, bots = play(game, n, seed, options)
            assert g.is_over and g.result is not None
            assert g.result.winner in (*g.sides, None)
            for bot in bots.values():
                assert bot.posts <= MAX_POSTS_PER_GAME


def test_secret_hitler_bots_post_their_claims_and_only_a_bounded_number_of_times() -> None:
    claims = 0
    for seed in range(5):
        g, bots = play("secret-hitler", 7, seed)
        # a claim action while it is open, else a post in the claim notation
        posts = [e for e in g.log if e.kind == "claim" or e.kind == "post" and e.data["text"].startswith("claim ")]
        claims += len(posts)
        for bot in bots.values():
            assert bot.posts <= MAX_POSTS_PER_GAME
    assert claims > 0


def test_a_bot_that_wants_to_post_forever_is_bounded() -> None:
    """play_game asks again after a post; a rule bot stops posting after MAX_POSTS_PER_GAME."""
    bot = SecretHitlerBot("P1", 0)
    bot.pending_posts = [f"claim president drew FFF passed FF {i}" for i in range(10 * MAX_POSTS_PER_GAME)]
    g = game_class("secret-hitler")(names(5), seed=3)
    for _ in range(200):
        if "P1" in g.to_act():
            break
        waiting = g.to_act()
        if not waiting:
            g.timeout()
        else:
            g.apply(g.legal_actions(waiting[0])[0])
    posts = 0
    for _ in range(3 * MAX_POSTS_PER_GAME):
        if "P1" not in g.to_act():
            break
        action = bot.choose(Observation("P1", json_copy(g.legal_actions("P1")), json_copy(g.view("P1"))))
        g.apply(action)
        if action["action"] != "post":
            break
        posts += 1
    assert posts <= MAX_POSTS_PER_GAME


# ------------------------------------------------ a bot cannot reach the state
def walk_json(obj: Any, path: str = "observation") -> None:
    """Fails unless ``obj`` is plain JSON data (dict with str keys, list, str, int, float, bool, None)."""
    if isinstance(obj, JSON_SCALARS):
        return
    if isinstance(obj, list):
        for i, x in enumerate(obj):
            walk_json(x, f"{path}[{i}]")
        return
    if isinstance(obj, dict):
        for k, v in obj.items():
            assert isinstance(k, str), f"{path}: key {k!r} is not a string"
            walk_json(v, f"{path}[{k!r}]")
        return
    raise AssertionError(f"{path} is a {type(obj).__name__}, not JSON data")


def reachable_ids(root: Any) -> set[int]:
    """The ids of the containers reachable from ``root`` by following references (gc)."""
    seen: set[int] = set()
    stack = [root]
    keep = []
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (type, *FROZEN)):
            continue  # read-only containers may be shared (engine.frozen): only changeable ones count
        seen.add(id(obj))
        keep.append(obj)
        if isinstance(obj, (str, int, float, bool, bytes)) or obj is None:
            continue
        stack.extend(gc.get_referents(obj))
    return {id(o) for o in keep if isinstance(o, (dict, list, set, tuple)) or hasattr(o, "__dict__")}


class Spy(Bot):
    """Plays like the inner bot and checks each observation as it is handed over."""

    kind = "spy"

    def __init__(self, inner: Bot, game: Game, checks: list[int]) -> None:
        self.inner, self.game, self.checks = inner, game, checks
        self.player = inner.player
        self.needs_view = True  # type: ignore[misc]

    def choose(self, observation: Observation) -> dict[str, Any]:
        assert type(observation) is Observation
        assert observation.player == self.player
        walk_json(observation.legal_actions, "legal_actions")
        walk_json(observation.view, "view")
        walk_json(observation.events, "events")
        assert "events" not in observation.view  # the snapshot: events come one by one
        if self.checks[0] % 7 == 0:  # the gc walk is slow: check one observation in seven
            state = reachable_ids(self.game)
            mine = reachable_ids([observation.legal_actions, observation.view, observation.events])
            assert not (state & (mine - {id(None)})), "an object of the game's state reaches the bot"
        # mutation isolation: wreck what the bot was given; the game must not notice
        before = json.dumps(self.game.view(None), sort_keys=True)
        legal_before = json.dumps(self.game.legal_actions(self.player), sort_keys=True)
        action = json_copy(self.inner.choose(observation))
        vandalise(observation.view)
        vandalise(observation.legal_actions)
        vandalise(observation.events)
        assert json.dumps(self.game.view(None), sort_keys=True) == before
        assert json.dumps(self.game.legal_actions(self.player), sort_keys=True) == legal_before
        self.checks[0] += 1
        return action


def vandalise(obj: Any) -> None:
    """Wreck ``obj``: a changeable container is emptied, a read-only one (shared with other
    readers, engine.frozen) must refuse every change."""
    if isinstance(obj, FROZEN):
        key: Any = "vandal" if isinstance(obj, dict) else 0  # a key of the container's own type
        for change in (obj.clear, lambda: obj.__setitem__(key, "vandal"), lambda: obj.__delitem__(key),
                       lambda: obj.pop(), lambda: obj.update({}) if isinstance(obj, dict) else obj.append(1)):
            with pytest.raises(TypeError, match="read-only"):
                change()
        for v in obj.values() if isinstance(obj, dict) else obj:
            vandalise(v)
        return
    if isinstance(obj, dict):
        for v in list(obj.values()):
            vandalise(v)
        obj.clear()
        obj["vandal"] = True
    elif isinstance(obj, list):
        for v in obj:
            vandalise(v)
        obj.clear()
        obj.append("vandal")


@pytest.mark.parametrize(("game", "n"), [("secret-hitler", 7), ("shady-agents", 6), ("mccarthyism", 9)])
def test_an_observation_is_json_and_shares_nothing_with_the_game(game: str, n: int) -> None:
    g = game_class(game)(names(n), seed=11)
    checks = [0]
    bots = {p: Spy(RULE_BOTS[game](p, 11), g, checks) for p in g.players}
    play_game(g, bots)
    assert g.is_over and checks[0] > 10


def test_the_random_bot_does_not_ask_for_the_view() -> None:
    """Random bots skip the view and its copy (speed); they only pick a listed action."""
    assert RandomBot.needs_view is False
    seen: list[Observation] = []

    class Recording(RandomBot):
        def choose(self, observation: Observation) -> dict[str, Any]:
            seen.append(observation)
            return super().choose(observation)

    g = game_class("shady-agents")(names(4), seed=2)
    play_game(g, {p: Recording(p, 2) for p in g.players})
    assert seen and all(o.view is None for o in seen)


# ------------------------------------------------------------ property tests
@given(seed=st.integers(0, 2**32 - 1), game=st.sampled_from(sorted(RULE_BOTS)), data=st.data())
def test_rule_bots_always_choose_a_listed_action_and_games_end(seed: int, game: str, data: Any) -> None:
    cls = game_class(game)
    n = data.draw(st.integers(cls.min_players, min(cls.max_players, 12)))
    g, bots = play(game, n, seed)
    assert g.is_over
    assert sum(len(b.observations) for b in bots.values()) > 0


class _Recorder(RandomBot):
    """A random bot that keeps the kinds of action each observation offered it."""

    seen: list[set[str]] = []

    def choose(self, observation: Observation) -> Any:
        self.seen.append({a["action"] for a in observation.legal_actions})
        return super().choose(observation)


class _Claimer(_Recorder):
    """The same, as a bot that may make statements: it is offered the claims too."""

    MAKES_STATEMENTS = True

    def choose(self, observation: Observation) -> Any:
        self.seen.append({a["action"] for a in observation.legal_actions})
        moves = [a for a in observation.legal_actions if a["action"] != "claim"]
        return moves[self.rng.below(len(moves))]


@pytest.mark.parametrize("game, statements", [("secret-hitler", True), ("mccarthyism", False), ("shady-agents", False)])
def test_only_a_bot_that_makes_statements_is_offered_them(game, statements) -> None:
    # only Secret Hitler declares a statement kind (its claims); the random bot never claims,
    # so the play loop offers it the moves alone, and a bot that may claim is offered the claims
    cls = game_class(game)
    assert cls.lists_statements() is statements
    for bot, offered in ((_Recorder, False), (_Claimer, statements)):
        bot.seen = []
        g = cls(["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"], seed=3)
        play_game(g, {p: bot(p, 3) for p in g.players})
        assert bot.seen and any("claim" in kinds for kinds in bot.seen) is offered


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_legal_moves_are_the_legal_actions_without_the_claims(seed: int) -> None:
    # Secret Hitler answers legal_moves without building the claims: the same as the engine's
    # filter of its legal actions, at every step of a game (claims were offered in it)
    g = game_class("secret-hitler")(["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus"], seed=seed)
    claims = 0
    def check(game: Game, _action: Any) -> None:
        nonlocal claims
        for p in game.players:
            legal = game.legal_actions(p)
            claims += sum(a["action"] == "claim" for a in legal)
            assert game.legal_moves(p) == [a for a in legal if a["action"] != "claim"]
            assert Game.legal_moves(game, p) == game.legal_moves(p)  # the engine's default agrees
    play_game(g, {p: RandomBot(p, seed) for p in g.players}, on_step=check)
    assert claims > 0
