"""One name for each thing, in both languages: the catalogs (``hiddenrole.po`` for the
narrators and notices, ``web.po`` for the client) use the rules texts' own terms.

Shady Agents: the English rendering of the rules (003_…en.md) names the sides "LAW-ABIDING
OPERATIVE" and "CORRUPT DESERTER"; the German original "GESETZESTREUEN OPERATIVS" and
"KORRUPTEN DESERTEURS", and it calls an interrogation "EINER INTERROGATION ZU RUFEN"
(Interrogationskarte). Any other rendering (a "loyal agent", a "corrupt operative", a
"Verhör") is a second name for the same thing and confuses a table. The same holds across
the two catalogs: an English text in both has one German text (a McCarthyism card is called
the same on its button and in the feed), and a McCarthyism turn is a "Zug", never a "Runde"
(a Shady Agents round is).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parents[2] / "src" / "hiddenrole" / "locale"

# English (msgids) variants that are not the rules' names
BANNED_ENGLISH = [
    r"\bloyal (?:operative|agent)s?\b",
    r"\bcorrupt (?:operative|agent)s?\b",
    r"\blaw-abiding agents?\b",
    r"(?<!law-abiding )\boperatives?\b",  # an operative is always a law-abiding one
    r"(?<!corrupt )\bdeserters?\b",  # and a deserter a corrupt one
    r"\binterrogat(?:or|ee)s?\b",
]
# German (msgstrs) variants
BANNED_GERMAN = [
    r"verhör",
    r"\bloyale?[nr]? (?:Operativ|Agent)",
    r"\bkorrupte?[nr]? (?:Operativ|Agent)",
    r"gesetzestreue?[nr]? Agent",
    # "Operative" is a noun made of an adjective, as the rules text declines it ("korrupte
    # Operative", "der gesetzestreuen Operativen"): one is "ein Operativer", never "ein Operativ"
    r"\bOperativs?\b",
    # McCarthyism: a snitch is a "Spitzel" who "verpfeift"; an American is "loyal"
    r"petze", r"verpetz", r"\btreue?[nr]? Amerikaner",
    # German quotes are „…“: an English closing quote is a text left in English punctuation
    r"”",
]


def _messages(domain: str) -> list[tuple[str, str]]:
    """(English, German) of every message of ``domain`` (plural forms each on their own)."""
    with (LOCALE / "de" / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        catalog = read_po(f, locale="de", domain=domain)
    out = []
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strs = m.string if isinstance(m.string, tuple) else (m.string,)
        out += [(i, s) for i in ids for s in strs]
    return out


@pytest.mark.parametrize("domain", ["hiddenrole", "web"])
def test_the_catalogs_use_the_rules_terms(domain):
    messages = _messages(domain)
    bad = [(pat, en) for en, _ in messages for pat in BANNED_ENGLISH if re.search(pat, en, re.IGNORECASE)]
    bad += [(pat, de) for _, de in messages for pat in BANNED_GERMAN if re.search(pat, de, re.IGNORECASE)]
    assert bad == [], "\n".join(f"{p!r}: {s}" for p, s in bad)


def test_the_banned_variants_are_caught():
    # the patterns themselves, by hand: each finds what it is meant to, and no more
    def english(s: str) -> bool:
        return any(re.search(p, s, re.IGNORECASE) for p in BANNED_ENGLISH)

    def german(s: str) -> bool:
        return any(re.search(p, s, re.IGNORECASE) for p in BANNED_GERMAN)

    assert english("You are a loyal agent.") and english("the corrupt operatives") and english("Operatives 3")
    assert english("deserters lie") and not english("corrupt deserters lie")
    assert not english("The law-abiding operatives were Ann and Bo.") and not english("loyal Americans")
    assert german("Beantworte das Verhör") and german("verhören") and german("korrupte Operative")
    assert german("gesetzestreue Agenten") and not german("gesetzestreue Operative")
    assert german("Du hast gezogen: “Superspitzel”.") and not german("Du hast gezogen: „Superspitzel“.")
    assert german("ein gesetzestreuer Operativ") and german("eines gesetzestreuen Operativs")
    assert not german("ein gesetzestreuer Operativer") and not german("die gesetzestreuen Operativen")
    assert not german("Interrogationskarte") and not german("korrupter Deserteur") and not german("Doppelagent")


def test_the_shady_agents_names_in_both_languages():
    web = dict(_messages("web"))
    narration = dict(_messages("hiddenrole"))
    # the same noun; the narration's role words carry the article, as the English "a" does
    assert web["law-abiding operative"] == "gesetzestreuer Operativer"
    assert narration["a law-abiding operative"] == "ein gesetzestreuer Operativer"
    assert web["corrupt deserter"] == "korrupter Deserteur"
    assert narration["a corrupt deserter"] == "ein korrupter Deserteur"
    assert web["Interrogation card"] == "Interrogationskarte"


# the same English in both catalogs, worded for its place (a button's infinitive, a sentence's
# imperative): allowed to differ
DIFFERENT_PLACES = {"give {tool} to {name}", "refuse the veto", "investigate {name}",
                    "investigate a player's party membership", "execute a player", "vote"}


def test_one_german_text_for_one_english_text_across_the_catalogs():
    seen: dict[str, set[str]] = {}
    for domain in ("hiddenrole", "web"):
        with (LOCALE / "de" / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            singular = [(m.id, m.string) for m in read_po(f, locale="de", domain=domain) if m.id and isinstance(m.id, str)]
        for en, de in singular:
            key = en.lower().strip(". ")
            if key not in DIFFERENT_PLACES:
                seen.setdefault(key, set()).add(de.lower().strip(". "))
    assert {k: v for k, v in seen.items() if len(v) > 1} == {}


def test_the_host_is_the_gastgeber():
    # one German word for the person who opened the table, in every catalog ("--host" the option stays)
    for domain in ("hiddenrole", "web"):
        bad = [de for _, de in _messages(domain) if re.search(r"\bHosts?\b", de)]
        assert bad == [], bad
    assert dict(_messages("web"))["Host"] == "Gastgeber"
    assert dict(_messages("hiddenrole"))["Only the host can do this."] == "Nur der Gastgeber kann das tun."


def test_a_turn_is_a_zug():
    for domain in ("hiddenrole", "web"):
        bad = [(en, de) for en, de in _messages(domain) if re.search(r"\bturns?\b", en, re.I) and "Runde" in de]
        assert bad == [], bad
