"""What each action card does when played (rulebook, *Action cards*; rulings 1-8): a table of
cards (``EFFECTS``, ``TARGET_EFFECTS``) whose effects use only the game's public card API
(``end_turn``, ``show_role``, ``draw_forced``, ``emit``, ``turn``; its ``roles``: ``swap``,
``take_double_agent``, ``take_over``; its ``tokens``: ``blacklist``, ``whitelist``,
``escape``, ``confess``, ``right_of``, ``escaped``, ``blacklisted``; its ``deck``:
``in_draw_order``), never its private fields.

Each effect is called with the game and the card's player (and, for a card that chooses a
player, the chosen target) after the card is placed face up; it ends the turn, except
"You look like you have something to say", which hands a forced play to the chosen player.
"""

from __future__ import annotations

from . import cards as C
from .state import McCarthyismState


def confess(game: McCarthyismState, player: str, card: str) -> None:
    """Confess to the Feds: reveal the role card to all; blacklisted: never snitch again;
    not blacklisted: snitch exactly one more time (ruling 2)."""
    role = game.roles.card_of(player)
    blacklisted = player in game.tokens.blacklisted
    left = game.tokens.confess(player, role)
    game.emit("confessed", player=player, card=role, blacklisted=blacklisted, snitch_turns_left=left)
    game.end_turn()


def escape(game: McCarthyismState, player: str, card: str) -> None:
    """Escape to the Reds: blacklisted for good, no reveal, never snitch, no vote (ruling 3)."""
    game.tokens.escape(player)
    game.end_turn()


def deep_research(game: McCarthyismState, player: str, card: str) -> None:
    """Deep research: "Look at all the cards in the center" - the action deck, in draw order
    (ruling 4; option ``deep_research_in_order``)."""
    cards = game.deck.in_draw_order()
    in_order = game.options["deep_research_in_order"]
    if not in_order:
        cards.sort()
    game.emit("deep_research", to=(player,), cards=cards, in_order=in_order)
    game.end_turn()


def double_agent(game: McCarthyismState, player: str, card: str) -> None:
    """Double Agent: the player takes the (public) double agent token from whoever held it."""
    game.emit("double_agent", player=player, previous=game.roles.take_double_agent(player))
    game.end_turn()


def lemme_see(game: McCarthyismState, player: str, card: str) -> None:
    """Lemme see what you got there: "See the person to your right's role" (the role card)."""
    target = game.tokens.right_of(player)
    if target is None:
        game.emit("skipped", player=player, step=card, reason="nobody is to the right")
    else:
        game.emit("looked", player=player, target=target)
        game.show_role(player, target, card)
    game.end_turn()


def loose_lips(game: McCarthyismState, player: str, card: str) -> None:
    """Loose Lips: "Everybody look at the card of the person to the right" (everyone still in the game)."""
    tokens = game.tokens
    for p in game.players:
        if p in tokens.escaped:
            continue
        target = tokens.right_of(p)
        if target is not None:
            game.show_role(p, target, card)
    game.end_turn()


def takeover(game: McCarthyismState, player: str, card: str) -> None:
    """Commies take over: every allegiance flips for the rest of the game (ruling 1; public)."""
    game.roles.take_over()
    game.emit("takeover", player=player)
    game.end_turn()


def suspicious(game: McCarthyismState, player: str, target: str) -> None:
    """You seem suspicious: "Look at the role of a chosen player"."""
    game.emit("looked", player=player, target=target)
    game.show_role(player, target, C.SUSPICIOUS)
    game.end_turn()


def know_a_guy(game: McCarthyismState, player: str, target: str) -> None:
    """I know a guy: "Freely whitelist a blacklisted player" (protected as whitelisted; ruling 6)."""
    game.tokens.whitelist(target, C.KNOW_A_GUY, game.turn)
    game.end_turn()


def super_snitch(game: McCarthyismState, player: str, target: str) -> None:
    """Super snitch: "Freely blacklist a chosen player" (no vote)."""
    game.tokens.blacklist(target, C.SUPER_SNITCH)
    game.end_turn()


def something_to_say(game: McCarthyismState, player: str, target: str) -> None:
    """You look like you have something to say: the chosen player draws two and must play one (ruling 8)."""
    game.emit("must_say_something", player=player, target=target)
    game.draw_forced(target)


def drink(game: McCarthyismState, player: str, target: str) -> None:
    """Too much to drink: swap role cards (the double agent token stays); the player sees the new
    card; the other player is not told (ruling 7)."""
    mine, theirs = game.roles.swap(player, target)
    game.emit("swapped", to=(player,), target=target, card=theirs, gave=mine)
    game.end_turn()


# card -> effect(game, player, card), for cards that act at once; cards that choose a player
# first ask for a target (the game's card_target step), then call TARGET_EFFECTS[card](game, player, target).
EFFECTS = {
    C.CONFESS: confess, C.ESCAPE: escape, C.DEEP_RESEARCH: deep_research, C.DOUBLE_AGENT: double_agent,
    C.LEMME_SEE: lemme_see, C.LOOSE_LIPS: loose_lips, C.TAKEOVER: takeover,
}
TARGET_EFFECTS = {
    C.SUSPICIOUS: suspicious, C.KNOW_A_GUY: know_a_guy, C.SUPER_SNITCH: super_snitch,
    C.SOMETHING_TO_SAY: something_to_say, C.DRINK: drink,
}
