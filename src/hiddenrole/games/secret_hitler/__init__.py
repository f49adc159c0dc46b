"""Secret Hitler: the turbo forum rules (the rules text in docs/rules/secret-hitler.md) and the
official rules as a variant (option ``variant="official"``).

Modules: :mod:`.roles` (Roleset, deck, powers, day lengths), :mod:`.options` (the table's
options and rulings), :mod:`.votecodes` (the votecodes and bold-code parsing),
:mod:`.game` (the state machine), :mod:`.views` (information states and the public summary).
"""

from .game import SecretHitler

__all__ = ["SecretHitler"]
