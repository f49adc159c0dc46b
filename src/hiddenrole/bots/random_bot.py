"""The random bot: uniform over the legal actions."""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from ..engine import Action, Rng
from .base import Bot, Observation


# compiled build: bots outside it extend the random bot; and a subclass of a class open to
# interpreted subclasses must be open too, or mypyc runs its __init__ twice
@mypyc_attr(allow_interpreted_subclasses=True)
class RandomBot(Bot):
    """Chooses uniformly among the legal actions (claims aside); it never looks at the view."""

    kind = "random"
    summary = "Picks any legal move at random and never reads the table: shows what the rules alone do."
    needs_view = False
    MAKES_STATEMENTS = False  # offered the moves only (Game.legal_moves)

    def __init__(self, player: str, seed: int = 0, rng: Rng | None = None) -> None:
        super().__init__(player, seed, rng)
        self._below = self.rng.below  # bound once: the bot decides at every step of a simulation

    def choose(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions``, uniformly at random (seeded; the same draw
        as ``rng.choice``). A claim says something but moves nothing on: the random bot never
        makes one (``MAKES_STATEMENTS``), so it is offered the moves alone and its moves are
        drawn exactly as in a game without claims."""
        legal = observation.legal_actions
        return legal[self._below(len(legal))]
