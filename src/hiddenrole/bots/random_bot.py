"""The random bot: uniform over the legal actions."""

from __future__ import annotations

from ..engine import Action
from .base import Bot, Observation


class RandomBot(Bot):
    """Chooses uniformly among the legal actions; it never looks at the view."""

    kind = "random"
    needs_view = False

    def choose(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions``, uniformly at random (seeded)."""
        return self.rng.choice(observation.legal_actions)
