"""McCarthyism's options: the designer's open questions, each with the issue's default."""

from __future__ import annotations

from hiddenrole.engine import Option, OptionSet

OPTIONS = OptionSet([
    Option("deal", "pool",
           "pool: as the rules say, each player is dealt one card from a pool of twice as many cards as players, "
           "a third of them Commie cards (rounded down), so nobody knows how many Commies there are; "
           "fixed: exactly the Commie count below is dealt, and everyone knows it.",
           kind=str, choices=("pool", "fixed")),
    Option("commie_count", None,
           "with the fixed deal, how many Commie cards are dealt; default a third of the players, rounded down.",
           kind=int, minimum=1, maximum=19, nullable=True),
    Option("whitelist_protection_turns", None,
           "turns during which a whitelisted player cannot be chosen for any purpose; default max(floor(n/3), 5).",
           kind=int, minimum=0, maximum=100, nullable=True),
    Option("turns_per_player", 3,
           "turns as snitch each player has before the game ends ('every player has had 3 turns').",
           kind=int, minimum=1, maximum=20),
    Option("deep_research_in_order", True,
           "Deep research shows the cards left in the action deck in draw order (false: only which cards, sorted).",
           kind=bool),
    Option("reveal_votes", False,
           "the vote result names who voted yes and no (default: only the counts, since voting is secret).",
           kind=bool),
    Option("reshuffle_discards", True,
           "when the action deck runs out the discards are shuffled into a new deck (false: no more draws).",
           kind=bool),
    Option("turn_seconds", 120.0,
           "seconds for each choice of the snitch or of a card's player; 0 = untimed.",
           kind=float, minimum=0, maximum=86400),
    Option("vote_seconds", 60.0,
           "seconds for a secret vote; 0 = untimed.",
           kind=float, minimum=0, maximum=86400),
])
