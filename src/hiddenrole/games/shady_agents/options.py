"""The documented options of Shady Agents (the rules text itself has no options)."""

from __future__ import annotations

from hiddenrole.engine import Option, OptionSet

OPTIONS = OptionSet(
    [
        Option(
            "enforce_statements",
            True,
            "Whether the Mod enforces the spy code, offering law-abiding operatives only the true answer and "
            "corrupt deserters only false ones, or players answer in their own words on their honour.",
            kind=bool,
        ),
        Option(
            "first_player_may_discard",
            False,
            "Whether the first player may also give up a tool to call an interrogation (the rules "
            "say they need not); otherwise the first player always keeps both tools.",
            kind=bool,
        ),
        Option(
            "turn_seconds",
            120,
            "How many seconds a player has for a move or an interrogation call (0 means no deadline); "
            "when time runs out, one of their tools goes to a random other player.",
            kind=int,
            minimum=0,
            maximum=3600,
        ),
        Option(
            "answer_seconds",
            60,
            "How many seconds a player has to answer an interrogation (0 means no deadline); when time "
            "runs out, the Mod gives an answer the spy code allows, at random.",
            kind=int,
            minimum=0,
            maximum=3600,
        ),
    ]
)
