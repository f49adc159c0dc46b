"""The table's own public events (not the game's): missed deadlines, a bot taking or giving
back a seat, substitutes, pause and resume, a changed or skipped deadline, a voided game,
the host role passing, a spectator sent away.

Each is a log entry (:class:`~hiddenrole.server.store.LogEntry`) that everyone at the table
is told about as a *notice*: its public fields and one plain sentence in the connection's
language. Every sentence a player reads about these events is written here, in one place,
and goes through the ``hiddenrole`` gettext catalog (English source, German translation)
as the narrators' sentences do.
"""

from __future__ import annotations

from typing import Any

from ..engine.narration import DEFAULT_LANGUAGE, N_, format_list, translations
from .clock import iso

# the log entry kinds that are the table's own events (each becomes a notice)
TABLE_KINDS = frozenset({"pause", "resume", "extend", "void", "host", "replace", "bot", "return",
                         "substitute", "claim", "kick"})
# the fields of each kind's entry that everyone may see (a substitute's claim is a secret)
PUBLIC_FIELDS = {
    "timeout": ("missed", "skip"),
    "pause": (),
    "resume": ("paused",),
    "extend": ("seconds",),
    "void": ("reason",),
    "host": ("name", "reason"),
    "replace": ("name",),
    "bot": ("name", "missed"),
    "return": ("name",),
    "substitute": ("name",),
    "claim": ("name", "back"),
    "kick": ("spectator",),
}


# every sentence, marked for the catalog (make messages-extract) and translated where shown
SENTENCES = {
    "skip": N_("The host ended the current step now; missing choices got the rules' defaults."),
    "missed": N_("{names} missed the deadline."),
    "pause": N_("The host paused the game: every clock is stopped."),
    "resume": N_("The host resumed the game: the clocks run again with the time they had."),
    # an untimed table has no clocks: the game is paused, nothing more
    "pause_untimed": N_("The host paused the game."),
    "resume_untimed": N_("The host resumed the game."),
    "extend": N_("The host extended the current deadline by {seconds} seconds."),
    "shorten": N_("The host shortened the current deadline by {seconds} seconds."),
    "void": N_("The host voided the game: it ends without a winner. Reason: {reason}"),
    "host_away": N_("The host was away too long: {name} is the host now."),
    "host": N_("{name} is the host now."),
    "host_taken": N_("The host was away, so {name} took over as host."),
    "replace": N_("The host gave {name}'s seat to a bot for the rest of the game."),
    "bot": N_("{name} missed {missed} deadlines in a row: a bot plays the seat until they come back."),
    "return": N_("{name} is back and plays their seat again."),
    "substitute": N_("The host is handing {name}'s seat to a substitute player."),
    "claim": N_("A substitute player took {name}'s seat."),
    "claim_back": N_("{name} is back."),
    "kick": N_("The host sent spectator {spectator} away."),
}


def _number(value: float, lang: str) -> str:
    from babel.numbers import format_decimal

    return format_decimal(value, locale=lang)


def notice_text(kind: str, data: dict[str, Any], lang: str = DEFAULT_LANGUAGE) -> str:
    """The plain sentence for a table event of ``kind`` with its public ``data``, in ``lang``
    (``"en"`` or ``"de"``; the catalog of the ``hiddenrole`` domain).

    Raises:
        KeyError: ``kind`` is not a table event.
    """
    tr = translations(lang).gettext  # not `_`: the extractor would take the keys below for messages
    if kind == "timeout":
        if data.get("skip"):
            return tr(SENTENCES["skip"])
        return tr(SENTENCES["missed"]).format(names=format_list(list(data.get("missed") or []), lang))
    if kind == "extend":
        seconds = data["seconds"]
        key = "extend" if seconds > 0 else "shorten"
        return tr(SENTENCES[key]).format(seconds=_number(abs(seconds), lang))
    if kind == "host":
        key = {"away": "host_away", "taken": "host_taken"}.get(data.get("reason"), "host")
        return tr(SENTENCES[key]).format(name=data["name"])
    if kind == "claim" and data.get("back"):
        return tr(SENTENCES["claim_back"]).format(name=data["name"])
    if kind in ("pause", "resume") and data.get("untimed"):
        return tr(SENTENCES[f"{kind}_untimed"])
    if kind not in SENTENCES or kind in ("skip", "missed", "shorten", "host_away", "host_taken", "pause_untimed",
                                                  "resume_untimed", "claim_back"):
        raise KeyError(kind)
    return tr(SENTENCES[kind]).format(**data)


def is_notice(kind: str, data: dict[str, Any]) -> bool:
    """Whether a log entry is a table event that everyone is told about."""
    if kind == "timeout":
        return bool(data.get("skip") or data.get("missed"))
    return kind in TABLE_KINDS


def notice_of(seq: int, kind: str, data: dict[str, Any], at: float, *, untimed: bool = False) -> dict[str, Any]:
    """The notice of a table event without its sentence: ``{"seq", "kind", "at", <public
    fields>}`` (``seq`` counts the table's notices: 0, 1, 2...); :func:`told` adds the
    ``text`` in a language. ``untimed``: the table has no clocks, so a pause or resume
    notice says ``"untimed": true`` and its sentence names no clock."""
    public = {k: data[k] for k in PUBLIC_FIELDS.get(kind, ()) if k in data}
    if untimed and kind in ("pause", "resume"):
        public["untimed"] = True
    return {"seq": seq, "kind": kind, "at": iso(at), **public}


def told(notice: dict[str, Any], lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """``notice`` with its ``text``: one plain sentence in ``lang``."""
    public = {k: v for k, v in notice.items() if k not in ("seq", "kind", "at")}
    return {**notice, "text": notice_text(notice["kind"], public, lang)}
