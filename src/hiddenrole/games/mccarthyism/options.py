"""McCarthyism's options: the designer's open questions, each with the issue's default."""

from __future__ import annotations

from hiddenrole.engine import Option, OptionSet

OPTIONS = OptionSet([
    Option("deal", "pool",
           "How roles are dealt: from a pool of twice as many cards as players, a third of them Commie cards, "
           "so nobody knows how many Commies there are (pool, as the rules say); or exactly the Commie count below, "
           "which everyone knows (fixed).",
           kind=str, choices=("pool", "fixed")),
    Option("commie_count", None,
           "With the fixed deal, how many Commie role cards are dealt; by default a third of the players, rounded down.",
           kind=int, minimum=1, maximum=19, nullable=True),
    Option("whitelist_protection_turns", None,
           "For how many turns a whitelisted player cannot be chosen for anything; by default a third of the players, rounded down, and at least 5.",
           kind=int, minimum=0, maximum=100, nullable=True),
    Option("turns_per_player", 3,
           "How many turns as snitch each player has before the game ends.",
           kind=int, minimum=1, maximum=20),
    Option("deep_research_in_order", True,
           "Whether Deep research shows the cards left in the action deck in the order they will be drawn, or only which cards they are.",
           kind=bool),
    Option("reveal_votes", False,
           "Whether a vote's result names who voted yes and who voted no, or gives only the counts (votes are secret by default).",
           kind=bool),
    Option("reshuffle_discards", True,
           "Whether the discards are shuffled into a new action deck when it runs out, or nobody draws any more.",
           kind=bool),
    Option("turn_seconds", 120.0,
           "How many seconds the snitch or a card's player has for each choice (0 means no deadline).",
           kind=float, minimum=0, maximum=86400),
    Option("vote_seconds", 60.0,
           "How many seconds everyone has for each vote (0 means no deadline).",
           kind=float, minimum=0, maximum=86400),
])
