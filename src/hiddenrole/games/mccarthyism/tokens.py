"""The tokens on the table: blacklist tokens (turned over when whitelisted), the whitelist's
protection, the players who escaped to the Reds, and how many snitch turns each player has left.

Rulebook: "If 1/3 or more of the non-blacklisted players agree to blacklisting then said
character is blacklisted and gets a blacklist token"; "the snitch is whitelisted, and puts his
blacklist token upside down. A whitelisted player cannot be chosen by the snitch for any
purpose for max(n/3,5)? turns"; "The game ends once ... every player has had 3 turns".

:class:`Tokens` owns that state and changes it; the game (``game.py``) decides when, and tells
the table (events in its log: ``blacklisted``, ``whitelisted``, ``escaped``).
"""

from __future__ import annotations

from bisect import bisect_left

from hiddenrole.engine import Event


class Tokens:
    """Who is blacklisted, whitelisted, protected or gone, and the snitch turns left.

    Args:
        players: the names in seat order.
        turns_per_player: how many times each player may be the snitch (count).
        protection: for how many turns after the current one a whitelisted player is protected.
        log: the game's event log (:attr:`~hiddenrole.engine.Game.log`), to tell the table.

    Attributes (read them; change them only through the methods):
        blacklisted: the players with a blacklist token face up (escaped ones included).
        whitelisted: the players whose token was turned over (and not blacklisted since).
        escaped: the players who escaped to the Reds (ruling 3).
        free: the non-blacklisted players, in seat order (the voters, the snitch's choices).
        protected: name -> the last turn of that player's whitelist protection.
        protected_until: the last turn in which anyone is protected (an upper bound).
        turns_left: name -> how many more times the player may be the snitch.
        turns_had: name -> how many times the player has been the snitch.
        confessed: name -> the role card the player confessed (ruling 2).
    """

    def __init__(self, players: tuple[str, ...], turns_per_player: int, protection: int,
                 log: list[Event]) -> None:
        self.players = players
        self.protection = protection
        self.log = log
        self.seat = {p: i for i, p in enumerate(players)}
        self.blacklisted: set[str] = set()
        self.whitelisted: set[str] = set()
        self.escaped: set[str] = set()
        self.free: tuple[str, ...] = players
        self.protected: dict[str, int] = {}
        self.protected_until = 0
        self.turns_left = dict.fromkeys(players, turns_per_player)
        self.turns_had = dict.fromkeys(players, 0)
        self.confessed: dict[str, str] = {}

    def is_protected(self, player: str, turn: int) -> bool:
        """Whether ``player`` is whitelisted and still protected in turn ``turn``."""
        return self.protected.get(player, 0) >= turn

    def right_of(self, player: str) -> str | None:
        """The player to ``player``'s right: the next seat in the token's direction (ruling 5),
        skipping players who escaped to the Reds; ``None`` when nobody else is left."""
        players = self.players
        n = len(players)
        i = self.seat[player]
        out = self.escaped
        for k in range(1, n):
            q = players[(i + k) % n]
            if q not in out:
                return q
        return None

    def blacklist(self, player: str, by: str) -> None:
        """Give ``player`` a blacklist token (or turn theirs back over); ``by``: ``"vote"`` or the card."""
        self.blacklisted.add(player)
        self.whitelisted.discard(player)
        free = self.free
        if player in free:
            i = free.index(player)
            self.free = free[:i] + free[i + 1:]
        log = self.log
        log.append(Event(len(log), "blacklisted", {"player": player, "by": by}))

    def whitelist(self, player: str, by: str, turn: int) -> None:
        """Turn ``player``'s blacklist token over and protect them for ``protection`` turns after
        ``turn`` (the current one); ``by``: ``"pair_vote"`` or the card."""
        last_turn = turn + self.protection
        self.blacklisted.discard(player)
        self.whitelisted.add(player)
        free = self.free
        if player not in free:  # back among the non-blacklisted players, in seat order
            seat = self.seat
            i = bisect_left(free, seat[player], key=seat.__getitem__)
            self.free = free[:i] + (player,) + free[i:]
        self.protected[player] = last_turn
        if last_turn > self.protected_until:
            self.protected_until = last_turn
        log = self.log
        log.append(Event(len(log), "whitelisted", {"player": player, "by": by, "protected_through_turn": last_turn}))

    def escape(self, player: str) -> None:
        """Escape to the Reds: blacklisted for good, never protected, never the snitch again (ruling 3)."""
        self.escaped.add(player)
        self.blacklisted.add(player)
        self.whitelisted.discard(player)
        self.free = tuple([p for p in self.free if p != player])
        self.protected.pop(player, None)
        self.turns_left[player] = 0
        log = self.log
        log.append(Event(len(log), "escaped", {"player": player}))

    def confess(self, player: str, role: str) -> int:
        """Record ``player``'s confession of ``role`` (ruling 2): a blacklisted player never snitches
        again, another exactly once more (none if they had no turn left). Returns the turns left."""
        left = self.turns_left[player] = 0 if player in self.blacklisted or not self.turns_left[player] else 1
        self.confessed[player] = role
        return left
