"""Shady Agents in German uses one word for each thing, the German rules' own: the "erster
Spieler" (never a "Startspieler"), the "Spionagecode" (never a "Spionagekodex"), a tool is
"abgelegt" to call an interrogation (never "abgeworfen", nor an interrogation "einberufen"),
and one of something is said in the singular ("noch 1 Interrogationskarte"). The tools are
written as ordinary German nouns ("Kugel", "medizinisches Kit"), never in the rules' capitals."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parents[2] / "src" / "hiddenrole" / "locale" / "de" / "LC_MESSAGES"
# a message is about Shady Agents when it names one of its things
SHADY = re.compile(r"tool|interrogation|spy code|bullet|medical kit|first player|operative|deserter", re.I)
BANNED = [r"KUGEL", r"MEDIZINISCHE", r"Startspieler", r"Spionagekodex", r"abgeworfen", r"\bwirft\b", r"einzuberufen", r"einberufen"]


def _shady_messages() -> list[tuple[str, str]]:
    out = []
    for domain in ("hiddenrole", "web"):
        with (LOCALE / f"{domain}.po").open("rb") as f:
            for m in read_po(f, locale="de", domain=domain):
                if m.id and isinstance(m.id, str) and (SHADY.search(m.id) or m.id in ("Discards:", "discarded one")):
                    out.append((m.id, m.string))
    return out


def test_shady_agents_german_uses_the_rules_words():
    bad = [(pat, de) for _, de in _shady_messages() for pat in BANNED if re.search(pat, de)]
    assert bad == []


def test_the_words_by_hand():
    web = dict(_shady_messages())
    assert web["first player"] == "erster Spieler"
    assert web["Discards:"] == "Abgelegt:"
    assert web["a bullet"] == "eine Kugel" and web["a medical kit"] == "ein medizinisches Kit"
    assert web["Bullet to {b}, medical kit to {m}"] == "Kugel an {b}, medizinisches Kit an {m}"
    assert web["Round {n} · 1 interrogation card left"] == "Runde {n} · noch 1 Interrogationskarte"
    assert web["Nobody checks your answer: the spy code is played on your honour."] == \
        "Niemand prüft deine Antwort: Der Spionagecode gilt auf Ehrenwort."
