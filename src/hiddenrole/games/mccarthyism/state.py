"""What a McCarthyism table holds, and the moves the action cards make with it.

:class:`McCarthyismState` declares the table's facts: the deal, the role cards, the tokens
(blacklist, whitelist, turns left), the action deck, the turn, the snitch, the step and who
acts. Beside them the question the choices ask (is a player protected?) and the moves the
cards make (show a role; end the turn; draw two and play one, which the rulebook runs). The
rulebook, :class:`~.game.McCarthyism` (game.py), deals and runs the turns; effects.py,
choices.py and timeouts.py take a :class:`McCarthyismState`, so none of them imports the rulebook.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from mypy_extensions import mypyc_attr

from hiddenrole.engine import Event, Game

from .deck import ActionDeck
from .roles import RoleCards
from .seating import McCarthySeating
from .tokens import Tokens
from .votes import Vote


# compiled build: a subclass of a class open to interpreted subclasses must be open too
@mypyc_attr(allow_interpreted_subclasses=True)
class McCarthyismState(Game):
    """A McCarthyism table's facts (dealt by :meth:`~.game.McCarthyism.setup`) and the moves the
    action cards make. Abstract: the rulebook (:class:`~.game.McCarthyism`) is the game.

    Public state, read by the views (changed only by the game): ``deal``, ``pool``,
    ``commie_count`` (``None`` with the pool deal: secret), ``protection`` (turns),
    ``turns_per_player``, ``tokens``, ``deck``, ``turn``, ``snitch``, ``actor``, ``hand``,
    ``card_in_play``, ``choices``, ``played``, ``vote`` (the last one), ``roles`` (secret: the Mod's).
    """

    deal: str  # "pool" or "fixed" (options)
    pool: tuple[int, int]  # the role cards dealt from (deal=pool): Commie cards, American cards
    commie_count: int | None  # how many Commie cards were dealt (None with the pool deal: secret)
    protection: int  # turns a whitelist token protects
    turns_per_player: int
    seating: McCarthySeating  # the table's seat order and listed actions, shared by its games
    _only: dict[str, frozenset[str]]  # name -> the audience of that player alone
    roles: RoleCards
    tokens: Tokens
    deck: ActionDeck
    played: list[tuple[str, str]]  # (player, card) played face up, in order
    turn: int
    snitch: str | None
    step: str
    actor: str | None  # the snitch or the card's player (None during a vote)
    choices: Any  # what the step's player may choose: names, or pairs of names
    hand: list[str]  # the cards the actor drew and holds
    card_in_play: str | None  # the card waiting for its target
    vote: Vote  # the last vote (votes.py)

    def is_protected(self, player: str) -> bool:
        """Whether ``player`` is whitelisted and still protected in the current turn."""
        return self.tokens.is_protected(player, self.turn)

    def show_role(self, looker: str, target: str, how: str) -> None:
        """``looker`` sees ``target``'s role card (``how``: the card that showed it)."""
        self.log.append(Event(len(self.log), "saw_role", {"target": target, "card": self.roles.card_of(target), "how": how},
                              self._only[looker]))

    @abstractmethod
    def end_turn(self) -> None:
        """The turn is over (the hand was played, declined or never drawn): the rulebook moves
        the token on (:meth:`~.game.McCarthyism.end_turn`)."""

    @abstractmethod
    def draw_forced(self, player: str) -> None:
        """``player`` draws two and "must play one": the rulebook's
        (:meth:`~.game.McCarthyism.draw_forced`)."""
