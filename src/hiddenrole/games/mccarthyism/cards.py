"""The 48 action cards (rulebook, *Action cards*) and who each card's effect may choose.

Basic action cards (32, "generally negative"): 24 Confess to the Feds, 8 Escape to the Reds.
Interesting action cards (16, "mostly advantageous"): 3 Deep research, 2 Double Agent,
2 Lemme see what you got there, 2 You seem suspicious, 2 I know a guy, and one each of
Super snitch, Loose Lips, Commies take over, You look like you have something to say and
I think we've both had too much to drink.

The effects themselves are in :mod:`.effects`; this module holds the card list, the rule text
of each card and the targeting rule of the cards that choose a player (:mod:`.choices` applies it).
"""

from __future__ import annotations


CONFESS = "confess_to_the_feds"
ESCAPE = "escape_to_the_reds"
DEEP_RESEARCH = "deep_research"
DOUBLE_AGENT = "double_agent"
LEMME_SEE = "lemme_see_what_you_got_there"
SUSPICIOUS = "you_seem_suspicious"
KNOW_A_GUY = "i_know_a_guy"
SUPER_SNITCH = "super_snitch"
LOOSE_LIPS = "loose_lips"
TAKEOVER = "commies_take_over"
SOMETHING_TO_SAY = "something_to_say"
DRINK = "too_much_to_drink"

# name -> (count in the deck, the rulebook's sentence)
CARDS: dict[str, tuple[int, str]] = {
    CONFESS: (24, "You reveal your identity to the rest of the players. For the rest of the game: if you are "
                  "blacklisted, you can no longer become the snitch. If not, you can become the snitch exactly "
                  "one more time."),
    ESCAPE: (8, "You immediately leave the game. You are blacklisted and cannot become whitelisted, you do not "
                "reveal your identity, and you cannot become the snitch."),
    DEEP_RESEARCH: (3, "Look at all the cards in the center."),
    DOUBLE_AGENT: (2, "You get the double agent token, making you the opposite role of what is given. (If another "
                      "player later plays this action, they become the double agent, and you are no longer a "
                      "double agent.)"),
    LEMME_SEE: (2, "See the person to your right's role."),
    SUSPICIOUS: (2, "Look at the role of a chosen player."),
    KNOW_A_GUY: (2, "Freely whitelist a blacklisted player. (you can choose yourself)"),
    SUPER_SNITCH: (1, "Freely blacklist a chosen player."),
    LOOSE_LIPS: (1, "Everybody look at the card of the person to the right."),
    TAKEOVER: (1, "Commies and loyal Americans switch orientations."),
    SOMETHING_TO_SAY: (1, "A chosen player must draw two action cards and do one of them."),
    DRINK: (1, "Switch roles with another player and see your new role. (The other player cannot see their role)"),
}

BASIC_CARDS = frozenset({CONFESS, ESCAPE})

# The whole deck, in a fixed canonical order (the rulebook's order); 48 cards.
DECK: tuple[str, ...] = tuple(name for name, (count, _) in CARDS.items() for _ in range(count))
DECK_SIZE = len(DECK)

# Which players the card's player may choose (see McCarthyism.card_targets):
#   "other"       any other player still in the game (not escaped), not whitelist-protected;
#   "clean_other" another non-blacklisted player, not whitelist-protected;
#   "blacklisted" a blacklisted player who has not escaped, the card's player included.
TARGETING: dict[str, str] = {
    SUSPICIOUS: "other",
    SOMETHING_TO_SAY: "other",
    DRINK: "other",
    SUPER_SNITCH: "clean_other",
    KNOW_A_GUY: "blacklisted",
}


def check_deck(order: object) -> list[str]:
    """Validate a fixed ``"deck"`` chance outcome: a list of the 48 card names, top card first.

    Raises:
        ValueError: not a list, an unknown card name, or not exactly the deck's cards.
    """
    if not isinstance(order, list):
        raise ValueError(f"the deck is a list of the {DECK_SIZE} card names, top card first")
    unknown = sorted({c for c in order if not isinstance(c, str) or c not in CARDS}, key=str)
    if unknown:
        raise ValueError(f"unknown card names {unknown} (cards: {', '.join(CARDS)})")
    if sorted(order) != sorted(DECK):
        counts = {c: order.count(c) for c in CARDS}
        wrong = {c: f"{counts[c]} instead of {n}" for c, (n, _) in CARDS.items() if counts[c] != n}
        raise ValueError(f"the deck must hold every card exactly as many times as the game has it: {wrong}")
    return list(order)

