"""The narration contract over every registered game (issue 13): every kind in the game's
``EVENT_KINDS`` is told, in English and in German, for every viewer, in plain sentences (no
record, key or snake_case), German differing from English; every prompt names its subject
and indexes the viewer's legal actions; the German catalog is complete for the current
sources; languages are chosen from tags and headers; a catalog is read from its ``.po`` when
no ``.mo`` was compiled."""

from __future__ import annotations

import random
import re
import shutil
from collections import defaultdict

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from hiddenrole.bots.base import Observation, bot_class, bot_kinds, seat_bots
from hiddenrole.engine import MOD, available_games, game_class, new_game
from hiddenrole.engine import narration
from hiddenrole.engine.narration import (
    LANGUAGES, LOCALE_DIR, Narrator, accept_language, language_of, narrator, narrator_class, translations,
)

NAMES = ["Anna", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus", "Hana", "Ivo", "Jo"]
GAMES = available_games()

#: what a record looks like, never a sentence: braces or brackets, a snake_case word, a
#: "key: value; key: value" list, Python's None/True/False
RAW = re.compile(r"[{}\[\]]|[A-Za-z]_[A-Za-z]|\b\w+: [^:;,.]+[;,] \w+: |\b(None|True|False)\b")
#: quoted text (a player's post or answer, a question read aloud) is the players' own words
QUOTED = re.compile(r"“[^”]*”|„[^“]*“")

#: option sets each game is played with (the defaults plus the variants that change what is told)
VARIANTS = {
    "secret-hitler": [{}, {"variant": "official"}, {"variant": "official", "pace": "turbo"}],
    "mccarthyism": [{}, {"reveal_votes": True, "deep_research_in_order": False}],
    "shady-agents": [{}, {"enforce_statements": False}],
}


def raw_in(text: str) -> str | None:
    m = RAW.search(QUOTED.sub("“”", text))
    return m.group(0) if m else None


def from_play(name: str, count: int, seed: int, options: dict, kind: str):
    """A seeded game played to its end by bots of ``kind``, a deadline passed now and then (so
    timeout defaults happen) and a post now and then; returns the game and the situations met
    on the way: (the first player waited for, their legal actions, their snapshot, to_act)."""
    game = new_game(name, NAMES[:count], options, seed=seed)
    rng = random.Random(seed)
    bots = seat_bots(game.players, bot_class(kind, name), seed)
    observers = {p: game.observer(p) for p, b in bots.items() if b.needs_view}
    situations = []
    for _ in range(5000):
        if game.is_over:
            break
        waiting = game.to_act()
        viewer = waiting[0] if waiting else game.players[0]
        if len(situations) < 300:
            situations.append((viewer, game.legal_actions(viewer), game.observer(viewer).snapshot(), waiting))
        if not waiting or (game.timers() and rng.random() < 0.1):
            game.timeout()
            continue
        player = waiting[0]
        if rng.random() < 0.03 and game.can_post(player):
            game.apply({"player": player, "action": "post", "text": "I trust **nobody**"})
            continue
        legal = [dict(a) for a in game.legal_actions(player)]
        observer = observers.get(player)
        if observer is not None:
            action = bots[player].choose(Observation(player, legal, None, observer.new_events(), observer))
        else:
            action = bots[player].choose(Observation(player, legal))
        game.apply(action)
    assert game.is_over
    return game, situations


def games_played(name: str):
    cls = game_class(name)
    counts = sorted({cls.min_players, (cls.min_players + min(cls.max_players, 10)) // 2, min(cls.max_players, 10)})
    for options in VARIANTS.get(name, [{}]):
        for count in counts:
            for seed in range(3):
                for kind in bot_kinds(name):
                    yield from_play(name, count, seed, options, kind)


@pytest.fixture(scope="module")
def played():
    return {name: list(games_played(name)) for name in GAMES}


@pytest.mark.parametrize("name", GAMES)
def test_every_event_kind_has_a_narration(name):
    cls = game_class(name)
    tellers = narrator_class(cls).EVENTS
    missing = sorted(cls.EVENT_KINDS - set(tellers))
    assert not missing, f"{name}: no narration for {missing}"
    assert not sorted(set(tellers) - cls.EVENT_KINDS), "a narration for a kind the game does not declare"
    assert issubclass(narrator_class(cls), Narrator)


@pytest.mark.parametrize("name", GAMES)
def test_every_event_is_told_in_plain_sentences_for_every_viewer_in_both_languages(name, played):
    cls = game_class(name)
    english: dict[str, set[str]] = defaultdict(set)
    german: dict[str, set[str]] = defaultdict(set)
    for game, _ in played[name]:
        for viewer in (*game.players, None, MOD):
            tellers = {lang: narrator(game, viewer, lang) for lang in LANGUAGES}
            for event in game.log:
                if event.to is not None and viewer != MOD and viewer not in event.to:
                    continue  # the viewer never sees it
                told = {lang: t.event(event.kind, event.data, event.to) for lang, t in tellers.items()}
                for lang, sentences in told.items():
                    assert sentences and all(isinstance(s, str) and s.strip() for s in sentences), (event, lang)
                    for s in sentences:
                        assert raw_in(s) is None, (name, event.kind, lang, s, raw_in(s))
                english[event.kind].add(" ".join(told["en"]))
                german[event.kind].add(" ".join(told["de"]))
    # kinds the seeded games did not reach are told from empty data: still sentences, still German
    for kind in cls.EVENT_KINDS - set(english):
        for lang, bucket in (("en", english), ("de", german)):
            sentences = narrator_class(cls)(NAMES[:cls.min_players], {}, None, lang).event(kind, {}, None)
            assert sentences and all(s.strip() for s in sentences)
            bucket[kind].add(" ".join(sentences))
    for kind in cls.EVENT_KINDS:
        assert english[kind] != german[kind], f"{name}: {kind} is told the same in German as in English"
        assert english[kind] - german[kind], f"{name}: {kind} has an untranslated sentence"


@pytest.mark.parametrize("name", GAMES)
def test_every_situation_has_a_phase_and_a_prompt_naming_its_subject(name, played):
    for game, situations in played[name]:
        for lang in LANGUAGES:
            for viewer, legal, view, to_act in situations[::7]:
                told = narrator(game, viewer, lang).situation(view, legal, to_act, True)
                assert told["phase"] and raw_in(told["phase"]) is None, told
                if told["waiting_for"] is not None and viewer in to_act:
                    assert told["waiting_for"].startswith({"en": "You", "de": "Du"}[lang])
                if told["deadline_note"] is not None:
                    assert raw_in(told["deadline_note"]) is None
                prompt = told["prompt"]
                if not legal:
                    assert prompt is None
                    continue
                assert prompt is not None and prompt["title"].strip(), (name, legal[:2])
                assert sorted(c["action"] for c in prompt["choices"]) == list(range(len(legal)))
                for text in (prompt["title"], prompt["explain"] or "", *(c["label"] for c in prompt["choices"]),
                             *(c["explain"] or "" for c in prompt["choices"])):
                    assert raw_in(text) is None, (name, lang, text)


def test_the_german_catalog_is_complete_for_the_current_sources():
    po = LOCALE_DIR / "de" / "LC_MESSAGES" / "hiddenrole.po"
    with po.open("rb") as f:
        catalog = read_po(f)
    assert not catalog.fuzzy
    entries = {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalog if m.id}
    for m in entries.values():
        assert "fuzzy" not in m.flags, m.id
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        assert all(s.strip() for s in strings), f"untranslated: {m.id!r}"
    src = LOCALE_DIR.parent
    wanted = set()
    for folder in ("engine", "games"):
        for _file, _line, message, _comments, _context in extract_from_dir(
                src / folder, method_map=[("**.py", "python")],
                keywords={"_": None, "gettext": None, "ngettext": (1, 2), "N_": None, "Option": (3,)}):
            wanted.add(message if isinstance(message, str) else message[0])
    missing = sorted(wanted - set(entries))
    assert not missing, f"not in the German catalog (run make messages-update and translate): {missing[:5]}"


@pytest.mark.parametrize(("tag", "lang"), [("de", "de"), ("de-AT", "de"), ("DE_ch", "de"), ("en-GB", "en"),
                                           ("fr", None), ("", None), (5, None), ("de;drop", None), (None, None)])
def test_a_language_tag_names_a_catalog_or_none(tag, lang):
    assert language_of(tag) == lang


@pytest.mark.parametrize(("header", "lang"), [
    ("de-DE,de;q=0.9,en;q=0.8", "de"), ("fr-FR, en;q=0.5, de;q=0.7", "de"), ("en, de", "en"),
    ("fr", "en"), ("", "en"), (None, "en"), ("de;q=oops, en;q=0.1", "en"), ("de;q=0", "en")])
def test_accept_language_picks_the_best_known_language(header, lang):
    assert accept_language(header) == lang


def test_a_catalog_is_read_from_its_po_file_when_no_mo_was_compiled(tmp_path, monkeypatch):
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(LOCALE_DIR / "de" / "LC_MESSAGES" / "hiddenrole.po", folder / "hiddenrole.po")
    monkeypatch.setattr(narration, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(narration, "_translations", {})
    assert not (folder / "hiddenrole.mo").exists()
    assert translations("de").gettext("Day {day} begins.") == "Tag {day} beginnt."
    assert translations("de", "web").gettext("Day {day} begins.") == "Day {day} begins."  # no such catalog
    assert translations("en").gettext("Day {day} begins.") == "Day {day} begins."


def test_a_catalog_is_given_as_english_to_translated_messages(tmp_path, monkeypatch):
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "web.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Your turn"\nmsgstr "Du bist dran"\n\n'
        '#, fuzzy\nmsgid "New game"\nmsgstr "Neues Spiel?"\n\n'
        'msgid "Leave"\nmsgstr ""\n', encoding="utf-8")
    monkeypatch.setattr(narration, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(narration, "_messages", {})
    assert narration.catalog_messages("de", "web") == {"Your turn": "Du bist dran"}  # no fuzzy, no empty entry
    assert narration.catalog_messages("en", "web") == {}
    assert narration.catalog_messages("de", "nothing-here") == {}
    assert narration.catalog_messages("fr", "web") == {}
