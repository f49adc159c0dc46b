"""What each viewer may know: the public board, and a player's private knowledge.

The board is built from public facts only. A player's private part is folded, event by
event, from the events visible to that player (:class:`McCarthyismObserver`): their dealt
role card, the Commies they saw at the start, the roles they looked at, Deep research, a
drink swap; the cards they drew and hold now come from their private ``hand``. It cannot
hold more than the rules gave them. Role cards are shown "last seen": a player whose card
was swapped by "I think we've both had too much to drink" keeps seeing the card they last
saw (ruling 7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from hiddenrole.engine import MOD, Event, Observer

from .steps import VOTE

if TYPE_CHECKING:
    from .game import McCarthyism


def board(game: McCarthyism) -> dict[str, Any]:
    """The public state: turn, snitch, step, tokens, confessions, counts of cards, the open vote.

    New JSON data at each call (lists, dicts with str keys), sharing no container with the game.
    """
    g = game
    players = g.players
    tokens = g.tokens
    black = tokens.blacklisted
    white = tokens.whitelisted
    escaped = tokens.escaped
    turn = g.turn
    left = tokens.turns_left
    roles = g.roles
    out: dict[str, Any] = {
        "turn": turn,
        "snitch": g.snitch,
        "step": g.phase,
        "acting": list(g.to_act()),
        "blacklisted": [p for p in players if p in black] if black else [],
        "whitelisted": [p for p in players if p in white] if white else [],
        "escaped": [p for p in players if p in escaped] if escaped else [],
        "protected_through_turn": {p: t for p, t in tokens.protected.items() if t >= turn},
        "confessed": dict(tokens.confessed),
        "double_agent": roles.double_agent,
        "commies_take_over": roles.taken_over,
        "turns_had": dict(tokens.turns_had),
        "can_be_snitch": {p: left[p] > 0 for p in players},
        "deal": g.deal,
        "commie_count": g.commie_count,  # None with the pool deal: the number of Commies is secret
        "pool": {"commie_cards": g.pool[0], "american_cards": g.pool[1]} if g.commie_count is None else None,
        "turns_per_player": g.turns_per_player,
        "whitelist_protection_turns": g.protection,
        "deck": len(g.deck.pile),
        "discards": len(g.deck.discards),
        "played": [{"player": p, "card": c} for p, c in g.played],
        "hand_size": len(g.hand),
        "card_in_play": g.card_in_play,
    }
    if g.phase == VOTE:
        vote = g.vote
        out["vote"] = {
            "motion": vote.motion,
            "targets": list(vote.targets),
            "voters": list(vote.voters),
            "voted": len(vote.votes),
            "secret": not g.options["reveal_votes"],  # the option: only the counts are announced
        }
    return out


# A card a player knows, as the observer keeps it (immutable): (card, how, turn).
_Seen = tuple[str, str, int]

# compiled build: a subclass of a class open to interpreted subclasses must be open too
@mypyc_attr(allow_interpreted_subclasses=True)
class McCarthyismObserver(Observer):
    """One viewer's window on a McCarthyism game (see :class:`hiddenrole.engine.Observer`).

    Args:
        game: the :class:`~hiddenrole.games.mccarthyism.game.McCarthyism` game followed.
        viewer: a seated player's name, ``None`` for a spectator, or ``MOD``.

    Raises:
        IllegalAction: ``viewer`` is not seated.

    What a seated player knows beyond the board is folded from the events they see, once
    each (:meth:`observe`): the current turn (public ``turn``), their role card last seen
    (``role``, their own ``confessed``, ``swapped``), the cards of others last seen
    (others' ``confessed``, ``saw_role``, ``swapped``), the Commies at the start
    (``commies``) and their last Deep research. A spectator and the Mod have no private part.
    """

    FOLDS = frozenset({"turn", "confessed", "role", "commies", "saw_role", "swapped", "deep_research"})

    def __init__(self, game: McCarthyism, viewer: str | None) -> None:
        super().__init__(game, viewer)
        self.mc = game
        self.seated = viewer is not None and viewer != MOD
        self.turn = 0  # the turn of the last public "turn" event
        self.role_card: _Seen | None = None
        self.seen: dict[str, _Seen] = {}  # name -> last seen card, in the order first seen
        self.commies: tuple[str, ...] | None = None
        self.research: tuple[tuple[str, ...], bool, int] | None = None  # cards, in_order, turn

    def observe(self, event: Event) -> None:
        """Fold one event the viewer sees (every event, once, in order) into the private part."""
        if not self.seated:
            return
        kind = event.kind
        data = event.data
        if event.to is None:
            if kind == "turn":
                self.turn = data["turn"]
            elif kind == "confessed":
                who = data["player"]
                if who == self.viewer:
                    self.role_card = (data["card"], "confession", self.turn)
                else:
                    self.seen[who] = (data["card"], "confession", self.turn)
            return
        if kind == "role":
            self.role_card = (data["card"], "dealt", 0)
        elif kind == "commies":
            self.commies = tuple(data["commies"])
        elif kind == "saw_role":
            target = data["target"]
            if target != self.viewer:  # cannot happen by the rules; kept for safety
                self.seen[target] = (data["card"], data["how"], self.turn)
        elif kind == "swapped":
            self.role_card = (data["card"], "drink", self.turn)
            self.seen[data["target"]] = (data["gave"], "drink", self.turn)
        elif kind == "deep_research":
            self.research = (tuple(data["cards"]), data["in_order"], self.turn)

    def board(self) -> dict[str, Any]:
        """The public state (:func:`board`)."""
        return board(self.mc)

    def summary(self) -> dict[str, Any]:
        """The public summary: the board (no secrets) and the result once over."""
        out = board(self.mc)
        out["result"] = self.mc.result.to_json() if self.mc.result else None
        return out

    def private(self) -> dict[str, Any]:
        """What the viewer knows beyond the board (``{}`` for a spectator or the Mod).

        Keys: ``role_card`` ({card, how, turn, marked: "last seen"}), ``commies_at_start`` (for
        a player dealt a Commie card), ``seen_roles`` ({name: {card, how, turn}}, "last seen"),
        ``deep_research`` (the last look at the deck), ``hand`` (the cards they drew and hold
        now), ``my_vote`` (their vote while the vote is open).
        """
        if not self.seated:
            return {}
        out: dict[str, Any] = {}
        role_card = self.role_card
        if role_card is not None:
            out["role_card"] = {"card": role_card[0], "how": role_card[1], "turn": role_card[2], "marked": "last seen"}
        if self.commies is not None:
            out["commies_at_start"] = list(self.commies)
        out["seen_roles"] = {p: {"card": s[0], "how": s[1], "turn": s[2]} for p, s in self.seen.items()}
        research = self.research
        if research is not None:
            out["deep_research"] = {"cards": list(research[0]), "in_order": research[1], "turn": research[2]}
        player = self.viewer
        assert player is not None  # seated
        hand = self.mc.hand_of(player)  # the cards they drew (their private "hand" event)
        if hand:
            out["hand"] = hand
        vote = self.mc.vote_of(player)
        if vote is not None:
            out["my_vote"] = vote
        return out
