"""Narration: every event told in plain words, for one viewer, in one language.

Each game provides a narrator class (``Game.NARRATOR``, a ``"module:Class"`` path, like
``Game.OBSERVER``): a :class:`Narrator` subclass whose :attr:`Narrator.EVENTS` maps every
kind in ``Game.EVENT_KINDS`` to a function ``(narrator, data, to) -> list of sentences``,
and which says what the viewer's situation is (:meth:`Narrator.situation`: the phase in
words, who must act, what the deadline does, and a prompt for the viewer's legal actions).

A narrator knows only what its viewer may know: the player names, the table's options and
the events and view it is given (never the game object). Public events are told the same
way to every viewer (by names), so a server may narrate each once per language; private
events speak to their reader ("You drew ..."), or name the reader for the Mod.

Languages: English source strings translated with gettext catalogs managed with Babel
(domain ``hiddenrole`` for Python strings, ``web`` for the browser's own). Catalogs live in
``hiddenrole/locale/<lang>/LC_MESSAGES/<domain>.po``; a compiled ``.mo`` beside it is used
when present, else the ``.po`` is read (so a fresh clone speaks German without a build step).
"""

from __future__ import annotations

import functools
import gettext
import importlib
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from .observer import MOD

if TYPE_CHECKING:
    from .game import Game

#: The languages with a catalog (English is the source language).
LANGUAGES: tuple[str, ...] = ("en", "de")
DEFAULT_LANGUAGE = "en"
#: Where the catalogs are: ``<LOCALE_DIR>/<lang>/LC_MESSAGES/<domain>.po`` (and ``.mo``).
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "hiddenrole"

_TAG = re.compile(r"^[A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*$")


def N_(message: str) -> str:
    """Mark ``message`` for extraction into the catalog without translating it now (it is
    translated where it is shown)."""
    return message


def language_of(tag: Any) -> str | None:
    """The catalog language for a BCP 47 tag: ``"de-AT"`` -> ``"de"``, ``"EN"`` -> ``"en"``;
    ``None`` for a tag of no known language, or for anything that is not a tag."""
    if not isinstance(tag, str) or not _TAG.match(tag.strip()):
        return None
    primary = tag.strip().replace("_", "-").split("-")[0].lower()
    return primary if primary in LANGUAGES else None


def accept_language(header: str | None) -> str:
    """The best known language of an HTTP ``Accept-Language`` header (``"de-DE,de;q=0.9,en;q=0.8"``
    -> ``"de"``), by its quality values; English when none is known or the header is bad."""
    best, best_q = DEFAULT_LANGUAGE, -1.0
    for i, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                q = float(params[2:])
            except ValueError:
                continue
        lang = language_of(tag)
        if lang is not None and q > best_q and q > 0:
            best, best_q = lang, q - i * 1e-6  # earlier wins ties
    return best


_translations: dict[tuple[str, str], gettext.NullTranslations] = {}


def _load_po(path: Path) -> gettext.NullTranslations:
    """A translations object built from a ``.po`` file (Babel reads it; fuzzy entries are left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    import io

    with path.open("rb") as f:
        catalog = read_po(f)
    buf = io.BytesIO()
    write_mo(buf, catalog)  # skips fuzzy entries, as `pybabel compile` does
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def translations(lang: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """The gettext translations of ``domain`` in ``lang`` (made once): the compiled ``.mo``
    when present, else the ``.po`` read with Babel; English (the source strings) for ``"en"``
    and for a language without a catalog."""
    key = (lang, domain)
    out = _translations.get(key)
    if out is None:
        folder = LOCALE_DIR / lang / "LC_MESSAGES"
        mo, po = folder / f"{domain}.mo", folder / f"{domain}.po"
        if lang == DEFAULT_LANGUAGE:
            out = gettext.NullTranslations()
        elif mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
            with mo.open("rb") as f:
                out = gettext.GNUTranslations(f)
        elif po.exists():
            out = _load_po(po)
        else:
            out = gettext.NullTranslations()
        _translations[key] = out
    return out


_messages: dict[tuple[str, str], dict[str, str]] = {}


def catalog_messages(lang: str, domain: str) -> dict[str, str]:
    """Every translated message of ``domain`` in ``lang`` as ``{english: translated}`` (a plural
    entry under its singular, with its singular translation), read once with Babel from the
    ``.mo`` if compiled and current, else the ``.po``; ``{}`` for English or a language
    without that catalog (e.g. the browser's ``web`` domain for ``GET /i18n/{lang}.json``)."""
    from babel.messages.mofile import read_mo
    from babel.messages.pofile import read_po

    key = (lang, domain)
    out = _messages.get(key)
    if out is None:
        out = {}
        folder = LOCALE_DIR / lang / "LC_MESSAGES"
        mo, po = folder / f"{domain}.mo", folder / f"{domain}.po"
        catalog = None
        if lang != DEFAULT_LANGUAGE and lang in LANGUAGES:
            if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
                with mo.open("rb") as f:
                    catalog = read_mo(f)
            elif po.exists():
                with po.open("rb") as f:
                    catalog = read_po(f)
        for message in catalog or ():
            if not message.id or message.fuzzy:
                continue
            msgid = message.id if isinstance(message.id, str) else message.id[0]
            text = message.string if isinstance(message.string, str) else (message.string or ("",))[0]
            if text:
                out[msgid] = text
        _messages[key] = out
    return dict(out)


def format_list(items: Sequence[str], lang: str) -> str:
    """``["A", "B", "C"]`` -> ``"A, B and C"`` (``"A, B und C"`` in German)."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return _format_list(tuple(items), lang)


@functools.lru_cache(maxsize=4096)
def _format_list(items: tuple[str, ...], lang: str) -> str:
    from babel.lists import format_list as babel_list

    return babel_list(list(items), locale=lang)


def warm_up() -> None:
    """Load every language's catalog and list format now (a server calls it at start, so the
    first narration of a game does not pay for loading them)."""
    for lang in LANGUAGES:
        translations(lang)
        format_list(("a", "b"), lang)


EventTeller = Callable[["Narrator", dict[str, Any], "frozenset[str] | None"], list[str]]


class Narrator:
    """Tells one viewer's events and situation in one language.

    Args:
        players: the seated players' names, in seat order.
        options: the table's options (public).
        viewer: a seated player's name, ``None`` for a spectator, or :data:`~.observer.MOD`.
        lang: a language of :data:`LANGUAGES` (another one is told in English).

    Subclasses set :attr:`EVENTS` (every kind of the game's ``EVENT_KINDS``) and override
    :meth:`phase`, :meth:`deadline_note` and :meth:`prompt`.
    """

    #: event kind -> function(narrator, event data, audience) -> sentences
    EVENTS: ClassVar[Mapping[str, EventTeller]] = {}
    #: option name -> (a short label, {value: label}), marked with :func:`N_` for the catalog
    OPTION_LABELS: ClassVar[Mapping[str, tuple[str, Mapping[Any, str]]]] = {}
    #: The rules in a few sentences, for a player who reads them as text (the ``llm`` bot),
    #: marked with :func:`N_` for the catalog
    RULES_SUMMARY: ClassVar[tuple[str, ...]] = ()

    def __init__(self, players: Sequence[str], options: Mapping[str, Any], viewer: str | None,
                 lang: str = DEFAULT_LANGUAGE) -> None:
        self.players = tuple(players)
        self.options = dict(options)
        self.viewer = viewer
        self.lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
        t = translations(self.lang)
        self._ = t.gettext
        self.ngettext = t.ngettext

    # ------------------------------------------------------------ helpers
    def list(self, items: Iterable[str]) -> str:
        """Names or words joined for a sentence: ``"Anna, Ben and Cleo"``."""
        return format_list(list(items), self.lang)

    def private_for_viewer(self, to: frozenset[str] | None) -> bool:
        """Whether a private event is told to its own reader ("You ..."): the viewer is a
        seated player (a Mod or spectator is told who the reader was)."""
        return to is not None and self.viewer is not None and self.viewer != MOD

    def reader(self, to: frozenset[str] | None) -> str:
        """The reader of a private event as a name (for the Mod's narration): the audience's
        names in seat order."""
        if not to:
            return self._("the Mod")
        return self.list([p for p in self.players if p in to])

    def mine(self, to: frozenset[str] | None, you: str, other: str, **values: Any) -> str:
        """A private event's sentence: ``you`` (translated, formatted) for its reader, else
        ``other`` with ``{reader}`` naming who read it."""
        if self.private_for_viewer(to):
            return self._(you).format(**values)
        return self._(other).format(reader=self.reader(to), **values)

    def rules_summary(self) -> tuple[str, ...]:
        """The game's rules in a few sentences (:attr:`RULES_SUMMARY`), in the narrator's language."""
        return tuple(self._(sentence) for sentence in self.RULES_SUMMARY)

    # ------------------------------------------------------------ events
    def event(self, kind: str, data: Mapping[str, Any], to: frozenset[str] | None = None) -> list[str]:
        """The sentences telling one event (``kind``, its ``data``, its audience ``to``:
        ``None`` public, else the names who see it).

        Raises:
            KeyError: the game's narrator has no narration for ``kind``.
        """
        teller = self.EVENTS.get(kind)
        if teller is None:
            raise KeyError(f"{type(self).__name__} has no narration for the event kind {kind!r}")
        return teller(self, dict(data), to)

    def event_json(self, event: Mapping[str, Any]) -> list[str]:
        """The sentences telling an event in its JSON form (``{"kind", **data}`` with
        ``"private": true`` and, after the game, ``"to"``), as observers and reveals give it."""
        data = {k: v for k, v in event.items() if k not in ("seq", "kind", "private", "to")}
        to: frozenset[str] | None = None
        if "to" in event:
            to = frozenset(event["to"] or ())
        elif event.get("private"):
            to = frozenset((self.viewer,)) if self.viewer is not None and self.viewer != MOD else frozenset()
        return self.event(event["kind"], data, to)

    # ------------------------------------------------------------ situation
    def situation(self, view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]],
                  to_act: Sequence[str], timed: bool) -> dict[str, Any]:
        """The viewer's situation now: ``phase`` (words), ``waiting_for`` (who must act, "You"
        for the viewer, or ``None``), ``waiting_words`` (:meth:`waiting_words`), ``deadline_note`` (what happens when the clock runs out,
        or ``None`` when no deadline runs) and ``prompt`` (:meth:`prompt`, ``None`` without
        legal actions).

        Args:
            view: the viewer's snapshot (the observer's, or the game's view).
            legal: the viewer's legal actions (the prompt's choices index this list).
            to_act: who the game waits for now.
            timed: whether a deadline runs now.
        """
        return {
            "phase": self.phase(view),
            "waiting_for": self.waiting_for(to_act),
            "waiting_words": self.waiting_words(view, to_act),
            "deadline_note": self.deadline_note(view) if timed and not view.get("over") else None,
            "prompt": self.prompt(view, list(legal)) if legal else None,
        }

    def waiting_for(self, to_act: Sequence[str]) -> str | None:
        """Who must act now in words: ``"You"``, ``"You and Ben"``, ``"Anna and Ben"``; ``None``
        when the game waits for nobody."""
        if not to_act:
            return None
        viewer = self.viewer
        others = [p for p in to_act if p != viewer]
        if viewer in to_act:
            return self.list([self._("You"), *others])
        if len(others) > 6:
            return self.ngettext("{names} and {count} other player", "{names} and {count} other players",
                                 len(others) - 5).format(names=", ".join(others[:5]), count=len(others) - 5)
        return self.list(others)

    def waiting_words(self, view: Mapping[str, Any], to_act: Sequence[str]) -> str | None:
        """Who the game waits for and for what, as a sentence for a viewer who is not among them
        ("Waiting for Gina to choose a Chancellor Candidate."); ``None`` when the game waits for
        nobody or for the viewer (the viewer's prompt speaks then)."""
        if not to_act or self.viewer in to_act or view.get("over"):
            return None
        names = self.waiting_for(to_act)
        return self.doing(view, names, len(to_act)) or self._("Waiting for {names}.").format(names=names)

    def doing(self, view: Mapping[str, Any], names: str, count: int) -> str | None:
        """The sentence "Waiting for {names} to <the step's action>." with ``names`` filled
        (``count`` of them, for the verb's number), or ``None`` for the plain "Waiting for
        {names}." (games override)."""
        return None

    def phase(self, view: Mapping[str, Any]) -> str:
        """The phase in words (games override)."""
        return self._("The game is over.") if view.get("over") else self._("The game is on.")

    def deadline_note(self, view: Mapping[str, Any]) -> str | None:
        """What happens when the current deadline passes, one sentence (games override)."""
        return None

    def prompt(self, view: Mapping[str, Any], legal: list[Mapping[str, Any]]) -> dict[str, Any] | None:
        """The prompt for the viewer's legal actions: ``{"title", "explain", "choices":
        [{"action": index into legal, "label", "explain"}]}`` (games override)."""
        return None

    # ------------------------------------------------------------ options
    @classmethod
    def describe_options(cls, game: type[Game], lang: str) -> list[dict[str, Any]]:
        """The game's options (``OptionSet.describe``) in ``lang``: ``doc`` translated, plus
        ``label`` (a short name) and ``choice_labels`` (``{value: label}``, for closed sets)."""
        t = translations(lang if lang in LANGUAGES else DEFAULT_LANGUAGE)
        out = []
        for item in game.OPTIONS.describe():
            label, choices = cls.OPTION_LABELS.get(item["name"], (item["name"], {}))
            doc: str = item["doc"]
            item["doc"] = t.gettext(doc)
            item["label"] = t.gettext(label)
            item["choice_labels"] = {str(k).lower() if isinstance(k, bool) else str(k): t.gettext(v)
                                     for k, v in choices.items()}
            out.append(item)
        return out


_narrator_classes: dict[type, type[Narrator]] = {}


def narrator_class(game: type[Game]) -> type[Narrator]:
    """The narrator class a game class declares (``NARRATOR``, imported once).

    Raises:
        LookupError: the game declares no narrator.
    """
    cls = _narrator_classes.get(game)
    if cls is None:
        target = game.NARRATOR
        if target is None:
            raise LookupError(f"{game.__name__} declares no NARRATOR")
        module, _, name = target.partition(":")
        cls = getattr(importlib.import_module(module), name)
        _narrator_classes[game] = cls
    return cls


def narrator(game: Game, viewer: str | None, lang: str = DEFAULT_LANGUAGE) -> Narrator:
    """A narrator of ``game`` (its players and options) for ``viewer`` in ``lang``."""
    return narrator_class(type(game))(game.players, game.options, viewer, lang)
