"""McCarthyism: a hidden-role game of snitching and blacklists, with the designer's open questions as options.

See docs/rules/mccarthyism.md for every rule sentence with the engine's reading.
"""

from .game import McCarthyism

__all__ = ["McCarthyism"]
