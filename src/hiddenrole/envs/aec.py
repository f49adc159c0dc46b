"""The PettingZoo AEC environment: one hidden-role game, each seat an agent (or a bot).

Everything is read through the engine contract (``to_act``, ``legal_actions``, ``apply``,
``timeout``, ``observer``, ``result``) and the game's registered encoding
(:mod:`hiddenrole.envs.encoding`); there is no branch for any game.

Turn order: whenever the game waits for players, the first of ``to_act()`` (seat order for
a simultaneous vote) who has a listed action is the agent to act, as in the balance lab's
play loop; when it waits for nobody (a turbo day after every vote, a night whose actions are
done), or only for free text, the deadline is passed at once (``timeout()``, the game's
documented defaults): the game's clocks are otherwise not part of the environment. Seats
given to bots act inside :meth:`HiddenRoleEnv.step` when their turn comes. An action the game lists for a player who is not in ``to_act()`` (changing a vote
already cast) is not offered.
"""

from __future__ import annotations

import numbers
import random
import warnings
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..bots.base import Bot, Observation, bot_class, seat_bots
from ..engine import BadSetup, Game, IllegalAction, Observer, derive_seed, game_class, seed_to_int
from ..engine.narration import Narrator, language_of, narrator_class
from ..engine.observer import copy_json
from .encoding import Encoding, Features, action_key, encoding_class
from .spaces import Narration

__all__ = ["HiddenRoleEnv", "MAX_STEPS", "TEXT_LENGTH", "default_names"]

#: Actions, bot actions and timeouts after which an episode is truncated (no game of the
#: three comes near it: the lab's bound).
MAX_STEPS = 100_000
#: The most characters of narrated text in one observation (older sentences are dropped first).
TEXT_LENGTH = 32_768

BotSpec = str | type[Bot]
_WARNED: dict[str, set[str]] = {}  # game -> the action kinds warned about (not in the action space)


def default_names(count: int) -> list[str]:
    """The agents' names when none are given: ``player_0 .. player_{count-1}`` (PettingZoo's
    convention; they are also the players' names in the game and its narration)."""
    return [f"player_{i}" for i in range(count)]


class HiddenRoleEnv(AECEnv):
    """A hidden-role game as a PettingZoo AEC environment.

    Args:
        game: a registered game's name (``"secret-hitler"``, ``"mccarthyism"``, ``"shady-agents"``).
        players: the number of seats (int; default: the game's smallest count, or ``len(names)``).
        names: the players' names in seat order (default :func:`default_names`); the agents
            are the names of the seats not given to bots.
        options: the game's options by name (its documented options; missing ones default).
        bots: seats played by bots inside the environment: ``{seat: kind}``, a seat being a
            name or a seat number (0-based) and a kind a bot kind (``"random"``, ``"rule"``,
            :func:`hiddenrole.bots.bot_kinds`) or a :class:`~hiddenrole.bots.Bot` subclass.
        lang: the narration's language (``"en"`` or ``"de"``).
        render_mode: ``"ansi"`` (:meth:`render` returns the text), ``"human"`` (prints it) or ``None``.
        max_steps: steps (agents' and bots' actions and timeouts) after which the episode is truncated.
        text_length: the most characters of narrated text in one observation.

    Raises:
        BadSetup: an unknown game, a bad count or name, a bad bot seat or kind, an unknown
            language, every seat a bot, or a game without a registered encoding.
        BadOption: an unknown option or a bad value.

    Spaces (every agent the same): ``action_space`` is ``Discrete(len(encoding.actions))``,
    the game's every action at this table; ``observation_space`` is a ``Dict`` of
    ``observation`` (``Box(0, 1, (n,), float32)``: :attr:`feature_names`), ``action_mask``
    (``Box(0, 1, (len(actions),), int8)``: 1 for the acting agent's legal actions, all 0 for
    an agent not to act now) and ``text`` (:class:`~hiddenrole.envs.spaces.Narration`: the
    narration of the events the agent saw since it last acted, one sentence a line).
    """

    metadata = {"name": "hiddenrole_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        *,
        names: Sequence[str] | None = None,
        options: Mapping[str, Any] | None = None,
        bots: Mapping[str | int, BotSpec] | None = None,
        lang: str = "en",
        render_mode: str | None = None,
        max_steps: int = MAX_STEPS,
        text_length: int = TEXT_LENGTH,
    ) -> None:
        super().__init__()
        cls = game_class(game)
        if names is None:
            count = cls.min_players if players is None else players
            if isinstance(count, bool) or not isinstance(count, int):
                raise BadSetup(f"players must be a whole number of seats, not {count!r}")
            names = default_names(count)
        elif players is not None and players != len(names):
            raise BadSetup(f"players={players!r} but {len(names)} names were given")
        self.game_name = game
        self.game_class = cls
        self.names: tuple[str, ...] = cls.check_players(names)
        self.options: dict[str, Any] = cls.OPTIONS.resolve(options)
        language = language_of(lang)
        if language is None:
            raise BadSetup(f"unknown language {lang!r} (known: en, de)")
        self.lang = language
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise BadSetup(f"unknown render mode {render_mode!r} (known: ansi, human)")
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.bot_classes: dict[str, type[Bot]] = self._bot_classes(bots or {})
        self.possible_agents: list[str] = [p for p in self.names if p not in self.bot_classes]
        if not self.possible_agents:
            raise BadSetup("every seat is a bot: the environment needs at least one agent")
        self.encoding: Encoding = encoding_class(game)(self.names, self.options)
        self.actions: list[dict[str, Any]] = self.encoding.actions
        names_of = self._features(cls(self.names, self.options, seed=0).observer(self.names[0]).snapshot(),
                                  (), self.names[0]).names
        assert names_of is not None
        #: the name of each component of ``observation`` (docs/agents.md explains them)
        self.feature_names: list[str] = names_of
        n_actions, n_features = len(self.actions), len(self.feature_names)
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, (n_features,), np.float32),
                "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
                "text": Narration(text_length),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self.text_length = text_length
        self.game: Game | None = None
        self.seed_value: int | str | bytes | None = None
        self._next_seed: int | None = None

    # ------------------------------------------------------------------ set-up
    def _bot_classes(self, bots: Mapping[str | int, BotSpec]) -> dict[str, type[Bot]]:
        out: dict[str, type[Bot]] = {}
        for seat, kind in bots.items():
            if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.names):
                name = self.names[seat]
            elif isinstance(seat, str) and seat in self.names:
                name = seat
            else:
                raise BadSetup(f"bot seat {seat!r} is not a seat (a name or a number 0..{len(self.names) - 1})")
            if isinstance(kind, type) and issubclass(kind, Bot):
                out[name] = kind
                continue
            try:
                out[name] = bot_class(kind, self.game_name)
            except (ValueError, TypeError, AttributeError, ImportError) as exc:
                raise BadSetup(f"bot for {name}: {exc}") from None
        return out

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | str | bytes | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Start a new game.

        Args:
            seed: the game's seed (an int, str or bytes), exactly as the engine takes it: the same
                seed and the same actions give the same game (``new_game(name, names, options,
                seed=seed)`` replays it). ``None``: the next of a sequence derived from the last
                seed given, or a random seed if none was ever given.
            options: not used (PettingZoo passes it; the game's options are set at construction).
        """
        if isinstance(seed, numbers.Integral) and not isinstance(seed, bool):
            seed = int(seed)  # a NumPy integer, as seeding helpers hand out
        if seed is None:
            seed = self._next_seed if self._next_seed is not None else random.SystemRandom().randrange(2**63)
        self.seed_value = seed
        self._next_seed = derive_seed("env-reset", seed_to_int(seed))
        game = self.game = self.game_class(self.names, self.options, seed=seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        #: every step since the reset, in order: the engine action applied (an agent's or a
        #: bot's), ``None`` for a deadline passed (``timeout()``): replaying it into
        #: ``new_game(name, names, options, seed=seed_value)`` rebuilds the game exactly
        self.record: list[dict[str, Any] | None] = []
        self._observers: dict[str, Observer] = {a: game.observer(a) for a in self.agents}
        ncls = narrator_class(self.game_class)
        self._narrators: dict[str, Narrator] = {a: ncls(self.names, self.options, a, self.lang) for a in self.agents}
        self._text: dict[str, list[str]] = {a: [] for a in self.agents}
        self._spectator = game.observer(None)
        self._spectator_narrator = ncls(self.names, self.options, None, self.lang)
        self._bots: dict[str, Bot] = seat_bots(list(self.bot_classes), self.bot_classes.__getitem__, seed_to_int(seed))
        self._bot_observers = {p: game.observer(p) for p, b in self._bots.items() if b.needs_view}
        self._choices: dict[int, Mapping[str, Any]] = {}
        self._cache: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.agents[0]
        self._advance()

    # ------------------------------------------------------------------ play
    def _advance(self) -> None:
        """Run timeouts and bots until an agent must act, the game ends or the step bound is reached."""
        game = self.game
        assert game is not None
        self._cache = {}
        while not game.is_over:
            if self.steps >= self.max_steps:
                self._end(truncated=True)
                return
            # the first player waited for who has a listed action in the action space (a step
            # that waits only for free text or for its deadline is passed by its deadline, with
            # the game's defaults)
            player, choices = None, {}
            for p in game.to_act():
                if p in self._bots:
                    if game.legal_actions(p):
                        player = p
                        break
                else:
                    choices = self._index(p)
                    if choices:
                        player = p
                        break
            if player is None:
                game.timeout()
                self.record.append(None)
                self.steps += 1
                continue
            bot = self._bots.get(player)
            if bot is not None:
                legal = copy_json(game.offered_to(player, bot.MAKES_STATEMENTS))
                observer = self._bot_observers.get(player)
                if observer is not None:
                    choice = bot.choose(Observation(player, legal, None, observer.new_shared_events(), observer))
                else:
                    choice = bot.choose(Observation(player, legal))
                game.apply(choice)
                self.record.append(copy_json(dict(choice)))
                self.steps += 1
                continue
            self.agent_selection = player
            self._choices = choices
            return
        self._end(truncated=False)

    def _index(self, player: str) -> dict[int, Mapping[str, Any]]:
        """The agent's legal actions by their number in the action space. An action the
        encoding does not list (a kind of action newer than the game's encoding) is not
        offered, with a warning, once per kind (tests/envs checks that none is missed)."""
        assert self.game is not None
        out: dict[int, Mapping[str, Any]] = {}
        index = self.encoding.index
        for action in self.game.legal_actions(player):
            i = index.get(action_key(action))
            if i is None:
                kind = str(action.get("action"))
                if kind not in _WARNED.setdefault(self.game_name, set()):
                    _WARNED[self.game_name].add(kind)
                    warnings.warn(f"{self.game_name}: actions like {dict(action)!r} are not in the "
                                  f"environment's action space and are not offered", stacklevel=2)
                continue
            out[i] = action
        return out

    def _end(self, truncated: bool) -> None:
        game = self.game
        assert game is not None
        self._choices = {}
        if truncated:
            self.truncations = {a: True for a in self.agents}
        else:
            assert game.result is not None
            value = {"win": 1.0, "loss": -1.0}
            outcomes = game.result.outcomes
            self.rewards = {a: value.get(outcomes.get(a, "draw"), 0.0) for a in self.agents}
            self.terminations = {a: True for a in self.agents}
            result = game.result.to_json()
            self.infos = {a: {"result": copy_json(result)} for a in self.agents}
        self.agent_selection = self.agents[0]

    def step(self, action: Any) -> None:
        """The selected agent takes the action numbered ``action`` (an int in the action space).

        Raises:
            IllegalAction: ``action`` is not a number of the action space, or not one of the
                agent's legal actions now (``action_mask`` 0): the engine's error, naming the
                player, the action and why; nothing changed.
            ValueError: an action other than ``None`` for an agent whose episode ended
                (PettingZoo's rule).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        try:
            index = int(action)
            if index != action:
                raise ValueError
        except (TypeError, ValueError, OverflowError):
            raise IllegalAction(agent, {"player": agent, "action": repr(action)},
                                "an action is the number of an action in the action space") from None
        chosen = self._choices.get(index)
        if chosen is None:
            if 0 <= index < len(self.actions):
                raise IllegalAction(agent, {"player": agent, **self.actions[index]},
                                    f"action {index} is not legal for {agent} now (its action_mask is 0)")
            raise IllegalAction(agent, {"player": agent, "action": index},
                                f"no action {index} (the action space has 0 .. {len(self.actions) - 1})")
        self._catch_up(agent)
        self._text[agent] = []  # it has read them: the next observation tells what happens from here
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        assert self.game is not None
        self.game.apply(chosen)
        self.record.append(copy_json(dict(chosen)))
        self.steps += 1
        self._advance()
        self._accumulate_rewards()

    # ------------------------------------------------------------------ what an agent sees
    def _catch_up(self, agent: str) -> None:
        narrator = self._narrators[agent]
        text = self._text[agent]
        for event in self._observers[agent].new_shared_events():
            text.extend(narrator.event_json(event))

    def _features(self, snapshot: Mapping[str, Any], waiting: Sequence[str], agent: str,
                  named: bool = True) -> Features:
        f = Features(named)
        f.seats("me", self.names, agent)
        f.seats("waiting_for", self.names, waiting)
        f.flag("over", snapshot.get("over"))
        self.encoding.encode(snapshot, f)
        return f

    def take_reward(self, agent: str) -> float:
        """The reward ``agent`` has gathered since it last acted or since this was last
        called (PettingZoo's cumulative reward), and start gathering anew (for wrappers that
        hand out rewards step by step, as the Gymnasium wrapper does)."""
        reward = float(self._cumulative_rewards.get(agent, 0.0))
        self._cumulative_rewards[agent] = 0.0
        return reward

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation now (see the class docstring): made from its own
        observer's snapshot and events only."""
        cached = self._cache.get(agent)
        if cached is None:
            game = self.game
            assert game is not None
            self._catch_up(agent)
            snapshot = self._observers[agent].snapshot()
            waiting = () if game.is_over else game.to_act()
            vector = np.asarray(self._features(snapshot, waiting, agent, False).values, dtype=np.float32)
            mask = np.zeros(len(self.actions), dtype=np.int8)
            if agent == self.agent_selection and self._choices:
                mask[list(self._choices)] = 1
            text = "\n".join(self._text[agent])
            if len(text) > self.text_length:
                text = text[len(text) - self.text_length:]
            cached = self._cache[agent] = {"observation": vector, "action_mask": mask, "text": text}
        return {"observation": cached["observation"].copy(), "action_mask": cached["action_mask"].copy(),
                "text": cached["text"]}

    def legal_actions(self, agent: str | None = None) -> dict[int, dict[str, Any]]:
        """The selected agent's (or ``agent``'s, empty unless selected) legal actions as
        ``{number: the engine's action}``, for reading (e.g. to label a policy's choices)."""
        agent = self.agent_selection if agent is None else agent
        if agent != self.agent_selection:
            return {}
        return {i: copy_json(dict(a)) for i, a in sorted(self._choices.items())}

    def describe_action(self, index: int) -> dict[str, Any]:
        """The action numbered ``index`` (without ``player``), e.g. ``{"action": "vote", "vote": "yes"}``."""
        return dict(self.actions[index])

    # ------------------------------------------------------------------ rendering
    def render(self) -> str | None:
        """The public narration (a spectator's: no secrets) of what happened since the last
        render, one sentence a line: returned for ``render_mode="ansi"``, printed for
        ``"human"``, nothing for ``None``."""
        if self.render_mode is None or self.game is None:
            return None
        lines: list[str] = []
        for event in self._spectator.new_shared_events():
            lines.extend(self._spectator_narrator.event_json(event))
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (the game lives in memory)."""

    def __str__(self) -> str:
        return f"hiddenrole_v0({self.game_name})"


