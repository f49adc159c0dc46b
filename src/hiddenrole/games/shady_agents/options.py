"""The documented options of Shady Agents (the rules text itself has no options)."""

from __future__ import annotations

from hiddenrole.engine import Option, OptionSet

OPTIONS = OptionSet(
    [
        Option(
            "enforce_statements",
            True,
            "true: the engine offers each answer set and lets operatives choose only true "
            "answers and deserters only false ones; false: answers are free text (honour system)",
            kind=bool,
        ),
        Option(
            "turn_seconds",
            120,
            "seconds for a move, an interrogation call or a hand-out (0 = untimed); at the "
            "deadline a random own tool goes to a random other player (ruling 3)",
            kind=int,
            minimum=0,
            maximum=3600,
        ),
        Option(
            "answer_seconds",
            60,
            "seconds for each interrogation answer (0 = untimed); at the deadline a random "
            "legal answer is given (ruling 3)",
            kind=int,
            minimum=0,
            maximum=3600,
        ),
    ]
)
