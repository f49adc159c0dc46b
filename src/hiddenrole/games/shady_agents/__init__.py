"""Shady Agents: law-abiding operatives (who always tell the truth) against corrupt
deserters (who always lie), passing face-down bullets and medical kits.

Rules text: ``shared/rules/003_84e31a8d015cb732.txt`` (German, the source); every rule
and ruling is listed beside the sentence it reads in ``docs/rules/shady-agents.md``.
"""

from .game import ShadyAgents
from .interrogations import DECK, Card
from .options import OPTIONS
from .roles import DESERTER, OPERATIVE, SIDE_OF_ROLE
from .tools import BULLET, MEDKIT, TOOLS, Ledger

__all__ = [
    "BULLET", "Card", "DECK", "DESERTER", "Ledger", "MEDKIT", "OPERATIVE", "OPTIONS",
    "SIDE_OF_ROLE", "ShadyAgents", "TOOLS",
]
