"""Environments for learning agents: PettingZoo (AEC) and Gymnasium (single agent).

``hiddenrole.envs.env("secret-hitler", players=7)`` returns a PettingZoo AEC environment of
the game (:class:`~hiddenrole.envs.aec.HiddenRoleEnv`); :class:`~hiddenrole.envs.single.SingleAgentEnv`
seats one learner among bots as a Gymnasium environment. They need the optional ``envs``
extra (``pip install 'hiddenrole[envs]'``: PettingZoo and Gymnasium). See docs/agents.md.
"""

from __future__ import annotations

from typing import Any

try:
    import gymnasium  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise ImportError(
        f"hiddenrole.envs needs the optional 'envs' extra (PettingZoo and Gymnasium): "
        f"pip install 'hiddenrole[envs]' ({exc})"
    ) from None

from .aec import HiddenRoleEnv, default_names
from .encoding import Encoding, Features, Template, encoding_class, register_encoding
from .single import SingleAgentEnv

__all__ = [
    "Encoding", "Features", "HiddenRoleEnv", "SingleAgentEnv", "Template", "default_names", "encoding_class", "env",
    "gym_env", "register_encoding",
]


def env(game: str, players: int | None = None, **kwargs: Any) -> HiddenRoleEnv:
    """A PettingZoo AEC environment of ``game`` with ``players`` seats (see
    :class:`~hiddenrole.envs.aec.HiddenRoleEnv` for the keyword arguments: ``names``,
    ``options``, ``bots``, ``lang``, ``render_mode``, ``max_steps``, ``text_length``).

    Example: ``env("secret-hitler", players=7)``, ``env("mccarthyism", players=9, bots={1: "rule"})``.
    """
    return HiddenRoleEnv(game, players, **kwargs)


def gym_env(game: str, players: int | None = None, **kwargs: Any) -> SingleAgentEnv:
    """A Gymnasium environment of ``game``: one learner, bots at the other seats (see
    :class:`~hiddenrole.envs.single.SingleAgentEnv`)."""
    return SingleAgentEnv(game, players, **kwargs)
