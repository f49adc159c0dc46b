"""Every field of the create form, refused, is told in the page's language and named as the
form names it: no option key ("turn_seconds", "factor"), no English sentence on a German page.
The pace and its speed-up factor used to answer in the engine's words ("option
factor=1e+308: must be more than 1 and at most 10000")."""

from __future__ import annotations

import asyncio
import re

import pytest
from srv_helpers import running_server

from hiddenrole.server.guard import Limits

DE = {"Accept-Language": "de-DE,de;q=0.9"}

# words of an English refusal that no German one holds
ENGLISH = re.compile(r"\b(must|option|number|one of|at most|more than|only|needs|the|is|are|and|or)\b", re.IGNORECASE)


def db(tmp_path):
    return f"sqlite+aiosqlite:///{tmp_path}/hiddenrole.db"


@pytest.mark.parametrize(("body", "headers", "message"), [
    ({"pace": "fast", "factor": 1e308}, {}, "“Speed-up factor” must be more than 1 and at most 10000."),
    ({"pace": "fast", "factor": 1e308}, DE, "„Beschleunigungsfaktor“ muss größer als 1 und höchstens 10000 sein."),
    ({"pace": "fast", "factor": 1}, DE, "„Beschleunigungsfaktor“ muss größer als 1 und höchstens 10000 sein."),
    ({"pace": "fast"}, {}, "The fast pace needs a number as its “Speed-up factor”: every duration is divided by it."),
    ({"pace": "fast", "factor": None}, DE,
     "Das schnelle Tempo braucht eine Zahl als „Beschleunigungsfaktor“: Jede Dauer wird durch sie geteilt."),
    ({"pace": "turbo", "factor": 5}, {}, "Only the fast pace takes a “Speed-up factor”."),
    ({"pace": "untimed", "factor": 5}, DE, "Nur das schnelle Tempo hat einen „Beschleunigungsfaktor“."),
    ({"pace": "slow"}, {}, "“Pace” must be one of: turbo, fast, untimed."),
    ({"pace": "slow"}, DE, "„Tempo“ muss eines davon sein: turbo, fast, untimed."),
])
def test_the_pace_and_its_factor_are_refused_in_the_forms_words(tmp_path, body, headers, message):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            r = await srv.http.post("/api/tables", json={"game": "mccarthyism", **body}, headers=headers)
            assert r.status_code == 400 and r.json()["error"] == {"code": "bad_pace", "message": message}

    asyncio.run(main())


def _bad(option):
    """A value the option refuses: not one of its choices, past its maximum, not yes or no."""
    if option["type"] == "bool":
        return "maybe"
    if option.get("choices"):
        return "zzz"
    return option["maximum"] + 1


def _fields(game):
    """(what the create form sends, the key a person must not read, the form's label in English
    and German) for every field of ``game``'s create form a person can get wrong."""
    out = [({"options": {o["name"]: _bad(o)}}, o["name"], o["label"]) for o in game["options"]]
    out += [
        ({"pace": "fast", "factor": 1e308}, "factor", ("Speed-up factor", "Beschleunigungsfaktor")),
        ({"pace": "fast", "factor": "x"}, "factor", ("Speed-up factor", "Beschleunigungsfaktor")),
        ({"bots": -1}, "bots", ("Bot seats", "Plätze für Bots")),
        ({"bots": "x"}, "bots", ("Bot seats", "Plätze für Bots")),
        ({"host_name": 5}, "host_name", ("Your name", "Dein Name")),
    ]
    return out


def test_every_create_field_refused_is_told_in_the_pages_language(tmp_path):
    async def main():
        # refused creates count too: this test makes more than the default 10 a minute
        async with running_server(db(tmp_path), limits=Limits(creates="500/minute")) as srv:
            english = (await srv.http.get("/api/games?lang=en")).json()
            german = {g["name"]: g for g in (await srv.http.get("/api/games?lang=de")).json()}
            checked = 0
            for game in english:
                labels = {o["name"]: o["label"] for o in german[game["name"]]["options"]}
                for o in game["options"]:
                    o["label"] = (o["label"], labels[o["name"]])
                for body, key, (label_en, label_de) in _fields(game):
                    body = {"game": game["name"], **body}
                    said = {}
                    for lang, headers, label in (("en", {}, label_en), ("de", DE, label_de)):
                        r = await srv.http.post("/api/tables", json=body, headers=headers)
                        assert r.status_code == 400, (body, r.text)
                        said[lang] = message = r.json()["error"]["message"]
                        assert f"“{label}”" in message or f"„{label}“" in message, (body, lang, message)
                        rest = message.replace(label, "")  # "Speed-up factor" is words, "factor" alone a key
                        assert not re.search(rf"\b{re.escape(key)}\b", rest), (body, lang, message)
                    assert not ENGLISH.search(said["de"]), (body, said["de"])
                    checked += 1
            # the three games' 19 options, and the form's own five refusals for each
            assert checked == 19 + 3 * 5

    asyncio.run(main())
