"""A Gymnasium environment: one learner at one seat, bots at every other seat."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np

from ..bots.base import Bot
from ..engine import BadSetup, IllegalAction
from .aec import MAX_STEPS, TEXT_LENGTH, HiddenRoleEnv, default_names

__all__ = ["SingleAgentEnv"]

ILLEGAL_CHOICES = ("end", "raise")


class SingleAgentEnv(gymnasium.Env):
    """One seat of a hidden-role game as a Gymnasium environment; bots play the others.

    Observations and actions are the seat's own from the AEC environment
    (:class:`~hiddenrole.envs.aec.HiddenRoleEnv`): a ``Dict`` of ``observation``,
    ``action_mask`` and ``text``, and ``Discrete`` actions. The reward is 0 until the end,
    then +1 for a win, -1 for a loss, 0 for a draw.

    Args:
        game: a registered game's name.
        players: the number of seats (default: the game's smallest count).
        seat: the learner's seat: a seat number (0-based) or a name.
        bots: the bots' kind at every other seat (``"random"``, ``"rule"`` or a
            :class:`~hiddenrole.bots.Bot` subclass), or ``{seat: kind}`` naming every other seat.
        illegal_action: what an action whose ``action_mask`` is 0 does: ``"end"`` (the
            default) ends the episode (``terminated``) with reward ``illegal_penalty`` and
            ``info["illegal_action"]`` holding the engine's message, the game unchanged;
            ``"raise"`` raises the engine's :class:`~hiddenrole.engine.IllegalAction`.
        illegal_penalty: the reward of an illegal action under ``"end"`` (default -1).
        names, options, lang, render_mode, max_steps, text_length: as for
            :class:`~hiddenrole.envs.aec.HiddenRoleEnv`.

    Raises:
        BadSetup: a bad seat, bot kind or ``illegal_action``, or anything the AEC
            environment refuses (:class:`~hiddenrole.engine.BadOption` for bad options).
    """

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        *,
        seat: int | str = 0,
        bots: str | type[Bot] | Mapping[str | int, str | type[Bot]] = "random",
        illegal_action: str = "end",
        illegal_penalty: float = -1.0,
        names: Sequence[str] | None = None,
        options: Mapping[str, Any] | None = None,
        lang: str = "en",
        render_mode: str | None = None,
        max_steps: int = MAX_STEPS,
        text_length: int = TEXT_LENGTH,
    ) -> None:
        if illegal_action not in ILLEGAL_CHOICES:
            raise BadSetup(f"illegal_action must be one of {', '.join(ILLEGAL_CHOICES)}, not {illegal_action!r}")
        if names is None:
            from ..engine import game_class

            names = default_names(game_class(game).min_players if players is None else players)
        names = list(names)
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
            learner = names[seat]
        elif isinstance(seat, str) and seat in names:
            learner = seat
        else:
            raise BadSetup(f"seat {seat!r} is not a seat (a name or a number 0..{len(names) - 1})")
        if isinstance(bots, Mapping):
            seats = dict(bots)
        else:
            seats = {p: bots for p in names if p != learner}
        self.aec = HiddenRoleEnv(game, players, names=names, options=options, bots=seats, lang=lang,
                                 render_mode=render_mode, max_steps=max_steps, text_length=text_length)
        if self.aec.possible_agents != [learner]:
            raise BadSetup(f"bots must play every seat but the learner's ({learner}): "
                           f"seats left to nobody: {[a for a in self.aec.possible_agents if a != learner]}")
        self.learner = learner
        self.observation_space = self.aec.observation_space(learner)
        self.action_space = self.aec.action_space(learner)
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """Start a new game; ``seed`` is the game's seed (as the engine takes it), ``None`` a
        seed drawn from the environment's generator. ``options`` are not used."""
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(0, 2**63 - 1))
        self.aec.reset(seed=game_seed)
        self._done = False
        return self.aec.observe(self.learner), dict(self.aec.infos.get(self.learner, {}))

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Play the learner's action, then the bots until the learner must act again or the game ends."""
        aec, learner = self.aec, self.learner
        try:
            aec.step(action)
        except IllegalAction as exc:
            if self.illegal_action == "raise":
                raise
            self._done = True
            return aec.observe(learner), self.illegal_penalty, True, False, {"illegal_action": str(exc)}
        terminated = bool(aec.terminations.get(learner, False))
        truncated = bool(aec.truncations.get(learner, False))
        reward = aec.take_reward(learner)
        return aec.observe(learner), reward, terminated, truncated, dict(aec.infos.get(learner, {}))

    def action_masks(self) -> np.ndarray:
        """The learner's action mask now (the name sb3-contrib's MaskablePPO asks for)."""
        return self.aec.observe(self.learner)["action_mask"].astype(bool)

    def render(self) -> str | None:
        """The public narration since the last render (see :meth:`HiddenRoleEnv.render`)."""
        return self.aec.render()
