"""What depends only on the seat order: seat numbers, private audiences, and every legal action.

A simulation plays thousands of games at one table (the same names in the same seats), so a
:class:`McCarthySeating` is built once per seat order and shared by its games
(:func:`hiddenrole.engine.seating_of`). It
holds no game state: only the seat numbers, the token's order from each seat, each player's
one-person audience, and the action dicts a player can ever be offered (a vote, a snitch on a
player, a pair, a card to play...). A game's legal-action lists are made of these shared
dicts, so building one costs a lookup per action instead of a new dict. They are read-only
(:class:`~hiddenrole.engine.frozen.FrozenDict`, their lists
:class:`~hiddenrole.engine.frozen.FrozenList`), so the lab hands them to bots without a copy.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from hiddenrole.engine import FrozenDict, FrozenList, Seating

from . import cards as C

Action = dict[str, Any]


class McCarthySeating(Seating):
    """The seat-order tables of one table of players.

    Attributes, besides the engine's (:class:`~hiddenrole.engine.Seating`: ``players``,
    ``seat``, ``audience``):
        starting: name -> every player in the token's order, starting with that player.
        after: name -> every player in the token's order, starting with the next seat (and
            ending with that player).
        only: name -> ``frozenset({name})``, the audience of that player's private events.
        alone: name -> ``(name,)``, the ``to_act()`` of a step that waits for that player alone.
        vote: name -> ``[yes, no]``, the player's legal votes.
        snitch: name -> {target: the action "snitch on target"}.
        call_end, pass_, decline: name -> that player's action of the kind.
        pair: name -> {(a,) or (a, b) in seat order: the action "snitch_pair" on them}.
        play: name -> {card: the action "play card"}.
        choose: name -> {target: the action "choose target"}.
    """

    __slots__ = ("starting", "after", "only", "alone", "vote", "snitch", "call_end", "pass_",
                 "decline", "pair", "play", "choose")

    def __init__(self, players: tuple[str, ...]) -> None:
        super().__init__(players)
        self.starting = {p: players[i:] + players[:i] for i, p in enumerate(players)}
        self.after = {p: players[i + 1:] + players[:i + 1] for i, p in enumerate(players)}
        self.only = {p: frozenset((p,)) for p in players}
        self.alone = {p: (p,) for p in players}
        F, L = FrozenDict, FrozenList  # read-only: handed to every bot without a copy
        self.vote = {p: L([F(player=p, action="vote", vote="yes"), F(player=p, action="vote", vote="no")])
                     for p in players}
        self.snitch = {p: {t: F(player=p, action="snitch", target=t) for t in players if t != p}
                       for p in players}
        self.call_end = {p: F(player=p, action="call_end") for p in players}
        self.pass_ = {p: F(player=p, action="pass") for p in players}
        self.decline = {p: F(player=p, action="decline") for p in players}
        self.pair = {}
        for p in players:
            others = [q for q in players if q != p]
            table: dict[tuple[str, ...], Action] = {(q,): F(player=p, action="snitch_pair", targets=L([q]))
                                                    for q in others}
            for c in combinations(others, 2):
                table[c] = F(player=p, action="snitch_pair", targets=L(c))
            self.pair[p] = table
        self.play = {p: {c: F(player=p, action="play", card=c) for c in C.CARDS} for p in players}
        self.choose = {p: {t: F(player=p, action="choose", target=t) for t in players} for p in players}
