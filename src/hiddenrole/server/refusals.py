"""Refusals in a person's words: a bad game option, a move that is not allowed now, a request
FastAPI refused (a field missing or of the wrong kind) and a flood of messages, each as one
plain sentence in the reader's language (a bad pace is told where it is tested:
:func:`~.pace.check_pace`).

Each function gives ``(message, params)``: an English sentence marked ``N_`` for the
``hiddenrole`` catalog and the values of its ``{fields}``. A value may be a function of the
language (``lambda lang: ...``: an option's label, the game's situation in words); the table's
``told_refusal`` calls it with the reader's language. The machine-readable ``code`` of each
refusal stays as it was.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..engine import BadOption, Game, IllegalAction
from ..engine.narration import N_, narrator, narrator_class, translations

Params = dict[str, Any]

# FastAPI's own answers under /api/ (no such address, a method the address does not take)
NO_SUCH_PATH = N_("There is nothing at {path}: the server's addresses are listed at /docs.")
WRONG_METHOD = N_("{path} takes {allowed} requests, not {method}.")

FLOOD = N_("You are sending messages too fast: this one was ignored. Wait a moment before the next.")
FLOOD_CLOSED = N_("You sent too many messages too fast, so this connection was closed: reload the page.")


def cut(text: str, limit: int = 60) -> str:
    """``text`` as a refusal shows what was typed or asked for: whole up to ``limit``
    characters, else its start and an ellipsis ("AAAAAAAAAAA…"), never flooding a page."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def shown_code(code: str) -> str:
    """A table code as a refusal names it: in capitals, cut to 12 characters (a forged code
    of 500 letters is named by its start, never by "?")."""
    return cut(str(code).upper(), 12)


def _number(x: float) -> str:
    return f"{x:g}"


def _label(game: type[Game], name: str) -> Callable[[str], str]:
    """The option's short label (the create form's) in a language; its name, spaced, without one."""
    try:
        labels = narrator_class(game).OPTION_LABELS
    except LookupError:
        labels = {}
    label = labels[name][0] if name in labels else name.replace("_", " ")
    return lambda lang: translations(lang).gettext(label)


def option_refusal(game: type[Game], exc: BadOption) -> tuple[str, Params]:
    """What was wrong with a game option, as the create form names it: "“Deadlines” must be
    one of: The turbo deadlines, No deadlines."."""
    option = game.OPTIONS.options.get(exc.name)
    if option is None:
        if exc.name == "options":
            return N_("The options must be a list of names and values."), {}
        return N_("{game} has no option “{name}”."), {"game": game.title, "name": exc.name}
    label = _label(game, option.name)
    params: Params = {"option": label}
    if option.choices is not None:
        try:
            shown = narrator_class(game).OPTION_LABELS.get(option.name, ("", {}))[1]
        except LookupError:
            shown = {}
        choices = [shown.get(c, str(c)) for c in option.choices]

        def listed(lang: str) -> str:
            t = translations(lang)
            return ", ".join(t.gettext(c) for c in choices)
        return N_("“{option}” must be one of: {choices}."), {**params, "choices": listed}
    if option.kind is bool:
        return N_("“{option}” must be yes or no."), params
    if option.kind in (int, float):
        whole = option.kind is int
        low, high = option.minimum, option.maximum
        if low is not None and high is not None:
            params.update(minimum=_number(low), maximum=_number(high))
            return (N_("“{option}” must be a whole number from {minimum} to {maximum}.") if whole
                    else N_("“{option}” must be a number from {minimum} to {maximum}.")), params
        if low is not None:
            params["minimum"] = _number(low)
            return (N_("“{option}” must be a whole number of at least {minimum}.") if whole
                    else N_("“{option}” must be a number of at least {minimum}.")), params
        if high is not None:
            params["maximum"] = _number(high)
            return (N_("“{option}” must be a whole number of at most {maximum}.") if whole
                    else N_("“{option}” must be a number of at most {maximum}.")), params
        return (N_("“{option}” must be a whole number.") if whole else N_("“{option}” must be a number.")), params
    return N_("“{option}” must be text."), params


_POST_LIMIT = re.compile(r"(\d+) characters")


def action_refusal(game: Game, player: str, action: Mapping[str, Any], exc: IllegalAction,
                   out_of_turn: bool) -> tuple[str, Params]:
    """A move the game refused, in words for the player: a post of the wrong length, a move
    out of turn (with what the game waits for now), or a choice that is not one of the
    player's (with what the player may do now). Computed at once from the game as it is."""
    view = game.view(player)
    legal: list[Mapping[str, Any]] = list(game.legal_actions(player))
    to_act = list(game.to_act())

    def situation(lang: str) -> str:
        n = narrator(game, player, lang)
        phase = n.phase(view)
        waiting = n.waiting_for([p for p in to_act if p != player])
        if waiting and not phase.rstrip(".").endswith(tuple(to_act)) and waiting not in phase:
            return n._("{phase} Waiting for {names}.").format(phase=phase, names=waiting)
        return phase

    if action.get("action") == "post":
        m = _POST_LIMIT.search(exc.reason)
        if m:
            return N_("Your post was not added: a post has 1 to {limit} characters."), {"limit": int(m.group(1))}
        return N_("Your post was not added: you may not post now."), {}
    if out_of_turn or not legal:
        return N_("It is not your turn: {situation}"), {"situation": situation}

    def choices(lang: str) -> str:
        n = narrator(game, player, lang)
        prompt = n.prompt(view, [dict(a) for a in legal])
        return str(prompt["title"]) if prompt and prompt.get("title") else n.phase(view)
    return N_("That move is not one of your choices now: {choices}"), {"choices": choices}


# FastAPI's request fields, as a person names them
_FIELDS = {
    "game": N_("Game"), "options": N_("Options"), "pace": N_("Pace"), "factor": N_("Speed-up factor"),
    "bots": N_("Bot seats"), "again_bots": N_("Bots take the same seats again"), "bot_kind": N_("Kind of bot"), "host_name": N_("Your name"),
    "listed": N_("Listed in the lobby"), "missed_limit": N_("Missed deadlines before a bot steps in"),
    "name": N_("Name"), "claim": N_("Substitute link"), "control": N_("Control"), "seconds": N_("Seconds"),
    "by": N_("Replaced by"), "reason": N_("Reason"), "spectator": N_("Spectator"), "count": N_("Number of bots"),
}


def field_words(name: str) -> Any:
    """A request field as the create form and the host's controls name it, in the reader's
    language (a function of the language, for :func:`~.errors.told_refusal`'s params):
    ``"missed_limit"`` -> "Missed deadlines before a bot steps in"; an unknown field as given."""
    label = _FIELDS.get(name)
    if label is None:
        return name
    return lambda lang: translations(lang).gettext(label)


_KINDS = (
    (("missing",), N_("“{field}” is missing.")),
    (("extra_forbidden",), N_("“{field}” is not something this request takes.")),
    (("int_type", "int_parsing", "int_from_float"), N_("“{field}” must be a whole number.")),
    (("float_type", "float_parsing", "finite_number"), N_("“{field}” must be a number.")),
    (("string_type", "string_too_long", "string_too_short"), N_("“{field}” must be text.")),
    (("bool_type", "bool_parsing"), N_("“{field}” must be yes or no (true or false).")),
    (("dict_type",), N_("“{field}” must be a list of names and values.")),
)


def validation_refusal(errors: Sequence[Mapping[str, Any]], fields: Mapping[str, str] | None = None) -> tuple[str, Params]:
    """The first field a request was refused for (FastAPI's ``RequestValidationError.errors()``)
    in one sentence: "“Bot seats” must be a whole number.". ``fields``: a request's own names
    for fields another request names otherwise (the "Play again" request's ``bots`` is its
    checkbox, "Bots take the same seats again": ``{"bots": "again_bots"}``)."""
    if not errors:
        return N_("The request could not be read."), {}
    err = errors[0]
    kind = str(err.get("type", ""))
    if kind == "json_invalid":
        return N_("The request is not valid JSON."), {}
    loc = [str(x) for x in err.get("loc", ()) if not isinstance(x, int)]
    name = loc[-1] if len(loc) > 1 else ""
    if not name or name == "body":
        return N_("The request must be a JSON object of fields and values."), {}
    field = field_words((fields or {}).get(name, name))
    for kinds, sentence in _KINDS:
        if kind in kinds:
            return sentence, {"field": field}
    return N_("“{field}” has a value of the wrong kind."), {"field": field}
