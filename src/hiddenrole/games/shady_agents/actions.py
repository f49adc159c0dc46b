"""Reading a player's action: the keys each kind takes, a post's text, a tool's receiver.

The steps and the keys of each kind are data (:data:`STEPS`), checked by the engine before
the game's handler runs; each function here reads one value and raises
:class:`~hiddenrole.engine.IllegalAction` naming the player, the action and what was wrong;
none changes anything.

Action kinds (each ``{"player": NAME, "action": KIND, ...}``; see docs/rules/shady-agents.md):

* ``give {tool, target}``: a move in round 1, or the hand-out of the one remaining tool in round 2.
* ``give_both {bullet, medkit}``: the first player's round-2 hand-out of both tools at once
  (when they kept both by calling an interrogation without discarding).
* ``interrogate {discard}``: call an interrogation, discarding ``"bullet"`` or ``"medkit"``
  face down; the first player gives no ``discard`` (or, with the option
  ``first_player_may_discard``, may give one).
* ``answer {answer}`` (one id of the card's answer set) or, with ``enforce_statements``
  off, ``answer {text}``.
* ``post {text}``: the public chat ("Fühle dich frei zu diskutieren!"), any time until the end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hiddenrole.engine import IllegalAction, Kind, Step, Steps

from .interrogations import Card, Seat
from .tools import BULLET, MEDKIT, TOOLS

MAX_TEXT = 1000  # characters of a chat post or a free-text answer

ROUND_1 = "round_1"
INTERROGATION = "interrogation"
ROUND_2 = "round_2"
HAND_OUT_BOTH = "round_2/both"  # round 2's last step when the first player kept both tools
OVER = "over"

#: The steps as data (the engine checks each action's kind, keys and turn against it):
#: who acts, the kinds each step takes, what its deadline does (ruling 3: timeouts.py).
STEPS = Steps(
    [Kind("give", ("tool", "target")), Kind("give_both", (BULLET, MEDKIT)),
     Kind("interrogate", optional=("discard",)),  # the first player discards none
     Kind("answer", optional=("answer", "text")),  # one of the card's answers, or free text
     Kind("post", ("text",))],
    [Step(ROUND_1, "the player whose turn it is, clockwise from the first player", ("give", "interrogate"),
          "a random own tool goes to a random other player"),
     Step(INTERROGATION, "each player in turn, from the caller's left-hand neighbour round to the caller",
          ("answer",), "a random answer the spy code allows"),
     Step(ROUND_2, "each player in reverse order, the first player last", ("give",),
          "the tool left goes to a random other player"),
     Step(HAND_OUT_BOTH, "the first player, who kept both tools", ("give_both",),
          "each tool goes to a random other player", next=OVER),
     Step(OVER, "nobody", (), "nothing: the game is over")],
    anytime=("post",))  # "Fühle dich frei zu diskutieren!": the chat, any time until the end
#: what the player to act is doing at each step, for the refusal of an action out of turn
DOING = {
    ROUND_1: "make a move or call an interrogation (round 1)",
    INTERROGATION: "answer the interrogation card {card!r}",
    ROUND_2: "hand out the remaining tool (round 2)",
    HAND_OUT_BOTH: "hand out both tools at once with give_both (round 2)",
}


def text_of(player: str, action: Mapping[str, Any]) -> str:
    """The ``text`` of a post or a free-text answer: a non-empty string of at most
    :data:`MAX_TEXT` characters."""
    text = action.get("text")
    if not isinstance(text, str) or not text.strip():
        raise IllegalAction(player, action, "'text' must be a non-empty string")
    if len(text) > MAX_TEXT:
        raise IllegalAction(player, action, f"'text' is longer than {MAX_TEXT} characters")
    return text


def receiver(player: str, action: Mapping[str, Any], key: str, seats: Mapping[str, int]) -> int:
    """The seat of the player named by ``action[key]``, who receives a tool: another player
    of the table (ruling 1: a tool is never given to oneself). ``seats``: seat by name."""
    if key not in action:
        raise IllegalAction(player, action, f"missing {key!r} (the player who receives the tool)")
    target = action[key]
    seat = seats.get(target) if isinstance(target, str) else None
    if seat is None:
        raise IllegalAction(player, action, f"{key!r}: {target!r} is not a player of this table")
    if target == player:
        raise IllegalAction(player, action, "a tool can never be given to oneself: it goes to another player (ruling 1)")
    return seat


def tool_of(player: str, action: Mapping[str, Any], held: Sequence[str]) -> str:
    """The ``tool`` a move or hand-out gives: one the player still holds (``held``)."""
    tool = action.get("tool")
    if not isinstance(tool, str) or tool not in held:
        if tool not in TOOLS:
            raise IllegalAction(player, action, f"'tool' must be 'bullet' or 'medkit', not {tool!r}")
        raise IllegalAction(player, action, f"you no longer hold your {tool}")
    return tool


def discard_of(player: str, action: Mapping[str, Any], first: bool, may_discard: bool,
               held: Sequence[str]) -> str | None:
    """The tool an interrogation call discards (``None``: none): a tool still held, except
    that the first player discards none (or, with ``may_discard``, may discard one)."""
    discard = action.get("discard")
    if first and (discard is None or not may_discard):
        if discard is not None:
            raise IllegalAction(
                player, action,
                "the first player calls an interrogation without discarding: give no 'discard' "
                "(the option first_player_may_discard allows one)",
            )
        return None
    if discard is None:
        raise IllegalAction(player, action, "missing 'discard': to call an interrogation you discard 'bullet' or 'medkit'")
    if discard not in TOOLS:
        raise IllegalAction(player, action, f"'discard' must be 'bullet' or 'medkit', not {discard!r}")
    if not isinstance(discard, str) or discard not in held:
        raise IllegalAction(player, action, f"you no longer hold your {discard}")
    return discard


def answer_of(player: str, action: Mapping[str, Any], card: Card, info: Seat, enforce: bool,
              listed: tuple[str, ...] | None, allowed: Callable[[], tuple[str, ...]],
              operative: bool) -> tuple[str, str]:
    """An answer to ``card``: ``("answer", one of its answers)`` or, with ``enforce`` off,
    ``("text", free text)``.

    Args:
        info: the answerer's public facts (the card's answers depend on them).
        enforce: the option ``enforce_statements``: the spy code binds the answer.
        listed: the answers listed for this step, when they were listed (legal by definition).
        allowed: the answers the spy code allows (worked out only when needed).
        operative: the answerer's role, for the message.
    """
    if "text" in action:
        if enforce:
            raise IllegalAction(player, action, "free-text answers need the option enforce_statements=false: "
                                                "give 'answer', one of " + listing(card.answers(info)))
        if "answer" in action:
            raise IllegalAction(player, action, "an answer gives 'answer' or, as free text, 'text': not both")
        return "text", text_of(player, action)
    if "answer" not in action:
        raise IllegalAction(player, action, "missing 'answer' (one of the card's answers)")
    answer = action["answer"]
    if listed is not None and type(answer) is str and answer in listed:
        return "answer", answer  # one of the answers listed for this step: the code allows it
    answers = card.answers(info)
    if type(answer) is not str or answer not in answers:
        raise IllegalAction(player, action, f"{answer!r} is not an answer to {card.id!r}; answers: {listing(answers)}")
    if enforce and answer not in allowed():
        if operative:
            raise IllegalAction(player, action, f"an operative must answer truthfully, and {answer!r} is false "
                                                "(nothing you can still do makes it true)")
        raise IllegalAction(player, action, f"a deserter must lie, and {answer!r} is true "
                                            "(nothing you can still do makes it false)")
    return "answer", answer


def listing(answers: Sequence[str]) -> str:
    """Answers as a list for a message: ``'yes', 'no'``."""
    return ", ".join(repr(a) for a in answers)
