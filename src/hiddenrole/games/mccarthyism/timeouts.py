"""What happens when a step's time runs out (ruling 11).

"A missing vote counts as no; a missing snitch choice is a pass; a forced play or target is
drawn at random among the legal choices; an optional play is declined." The random defaults
are chance outcomes ``"timeouts"`` (a sequence: a card name, a target name, or a list of
names for a pair), so a script can fix them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hiddenrole.engine import BadSetup

from .state import McCarthyismState
from .steps import FORCED_PLAY, REVEAL, SNITCH_PAIR, SNITCHING


def default_action(game: McCarthyismState) -> dict[str, Any]:
    """The action the actor of the current step (not a vote) is taken to have chosen, drawn
    before anything changes (a bad fixed outcome raises and changes nothing).

    Raises:
        BadSetup: a fixed ``"timeouts"`` outcome that is not a legal choice now.
    """
    step = game.phase
    actor = game.actor
    if step == SNITCHING:
        return {"player": actor, "action": "pass"}
    if step == REVEAL:
        return {"player": actor, "action": "decline"}
    if step == SNITCH_PAIR:
        seat = game.tokens.seat

        def pair(value: Any) -> list[str]:
            if not isinstance(value, list) or not all(isinstance(v, str) and v in seat for v in value):
                raise BadSetup(f"chance 'timeouts': {value!r} is not a list of player names")
            return sorted(value, key=seat.__getitem__)

        choice = random_choice(game, [list(c) for c in game.choices], pair)  # in seat order
        return {"player": actor, "action": "snitch_pair", "targets": choice}
    if step == FORCED_PLAY:
        hand = game.hand
        card = random_choice(game, sorted(set(hand), key=hand.index), None)
        return {"player": actor, "action": "play", "card": card}
    target = random_choice(game, list(game.choices), None)  # CARD_TARGET; in seat order
    return {"player": actor, "action": "choose", "target": target}


def random_choice(game: McCarthyismState, options: list[Any], normalise: Callable[[Any], Any] | None) -> Any:
    """One of ``options`` drawn uniformly (chance ``"timeouts"``); a fixed outcome is first passed
    through ``normalise`` (when given) and must be one of ``options`` (else ``BadSetup``)."""
    def check(value: Any) -> Any:
        if normalise is not None:
            value = normalise(value)
        if value not in options:
            raise BadSetup(f"chance 'timeouts': {value!r} is not a legal choice now (choices: {options})")
        return value

    return game.chance.outcome("timeouts", lambda rng: rng.choice(options), check, sequence=True)
