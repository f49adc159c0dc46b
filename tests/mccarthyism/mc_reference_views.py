"""A frozen copy of McCarthyism's view builder as it was before the event stream (issue 12):
every view rebuilt from the whole log at each call. The stream test
(test_mc_stream.py) checks that the observers give exactly these views; this file is
the reference and must not change with the game's views.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hiddenrole.games.mccarthyism.game import VOTE

if TYPE_CHECKING:
    from hiddenrole.games.mccarthyism.game import McCarthyism


def board(game: McCarthyism) -> dict[str, Any]:
    """The public state: turn, snitch, step, tokens, confessions, counts of cards, the open vote."""
    g = game
    players = g.players
    out: dict[str, Any] = {
        "turn": g.turn,
        "snitch": g.snitch,
        "step": g.phase,
        "acting": list(g.to_act()),
        "blacklisted": [p for p in players if p in g.tokens.blacklisted],
        "whitelisted": [p for p in players if p in g.tokens.whitelisted],
        "escaped": [p for p in players if p in g.tokens.escaped],
        "protected_through_turn": {p: t for p, t in g.tokens.protected.items() if t >= g.turn},
        "confessed": dict(g.tokens.confessed),
        "double_agent": g.roles.double_agent,
        "commies_take_over": g.roles.taken_over,
        "turns_had": dict(g.tokens.turns_had),
        "can_be_snitch": {p: g.tokens.turns_left[p] > 0 for p in players},
        "deal": g.deal,  # issue 15: the pool deal (the count is secret) or the fixed one
        "commie_count": g.commie_count,
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
        out["vote"] = {
            "motion": g.vote.motion,
            "targets": list(g.vote.targets),
            "voters": list(g.vote.voters),
            "voted": len(g.vote.votes),
            "secret": not g.options["reveal_votes"],
        }
    return out


def private(game: McCarthyism, player: str) -> dict[str, Any]:
    """What ``player`` knows beyond the board, folded from the events visible to them.

    Keys: ``role_card`` ({card, marked: "last seen", how, turn}), ``commies_at_start`` (for a
    player dealt a Commie card), ``seen_roles`` ({name: {card, how, turn}}, "last seen"),
    ``deep_research`` (the last look at the deck), ``hand`` (the cards they drew and hold
    now), ``my_vote`` (their vote while the vote is open).
    """
    role_card: dict[str, Any] | None = None
    seen: dict[str, dict[str, Any]] = {}
    commies: list[str] | None = None
    research: dict[str, Any] | None = None
    turn = 0
    for e in game.log:
        kind = e.kind
        to = e.to
        if to is None:
            if kind == "turn":
                turn = e.data["turn"]
            elif kind == "confessed":
                who = e.data["player"]
                if who == player:
                    role_card = {"card": e.data["card"], "how": "confession", "turn": turn}
                else:
                    seen[who] = {"card": e.data["card"], "how": "confession", "turn": turn}
            continue
        if player not in to:
            continue
        data = e.data
        if kind == "role":
            role_card = {"card": data["card"], "how": "dealt", "turn": 0}
        elif kind == "commies":
            commies = list(data["commies"])
        elif kind == "saw_role":
            if data["target"] == player:  # cannot happen by the rules; kept for safety
                continue
            seen[data["target"]] = {"card": data["card"], "how": data["how"], "turn": turn}
        elif kind == "swapped":
            role_card = {"card": data["card"], "how": "drink", "turn": turn}
            seen[data["target"]] = {"card": data["gave"], "how": "drink", "turn": turn}
        elif kind == "deep_research":
            research = {"cards": list(data["cards"]), "in_order": data["in_order"], "turn": turn}
    out: dict[str, Any] = {}
    if role_card is not None:
        role_card["marked"] = "last seen"
        out["role_card"] = role_card
    if commies is not None:
        out["commies_at_start"] = commies
    out["seen_roles"] = seen
    if research is not None:
        out["deep_research"] = research
    if game.actor == player and game.hand:  # the cards they drew (their private "hand" event)
        out["hand"] = list(game.hand)
    if game.phase == VOTE and player in game.vote.votes:
        out["my_vote"] = game.vote.votes[player]
    return out


def build_view(game: McCarthyism, player: str | None) -> dict[str, Any]:
    """The view of :meth:`Game.view`: the shared keys, ``board`` and ``private`` (``{}`` for a spectator)."""
    out = game.base_view(player)
    out["board"] = board(game)
    out["private"] = {} if player is None else private(game, player)
    return out
