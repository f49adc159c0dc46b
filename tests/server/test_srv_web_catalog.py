"""The web client's own strings: every t("...") of the client has a German translation in
locale/de/LC_MESSAGES/web.po, and GET /i18n/{lang}.json serves it (unknown -> 404, English)."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from hiddenrole.server import create_app
from hiddenrole.server.webcatalog import client_strings, primary_language, web_messages


def test_every_client_string_has_a_german_translation():
    strings = client_strings()
    assert "Create table" in strings and "Day {n}" in strings  # found in index.html and in a game module
    german = web_messages("de")
    missing = [s for s in strings if not german.get(s)]
    assert missing == [], f"untranslated in web.po: {missing}"
    for s in strings:  # the placeholders survive translation
        assert sorted(re.findall(r"\{\w+\}", s)) == sorted(re.findall(r"\{\w+\}", german[s])), s
    assert german["Create table"] == "Tisch eröffnen"
    assert german["a medical kit"] == "ein medizinisches Kit"  # the German rules' own word, in ordinary capitals


def test_language_tags():
    assert primary_language("de-AT") == "de" and primary_language("DE_ch") == "de" and primary_language("en") == "en"
    assert web_messages("en") == {} and web_messages("xx") is None and web_messages("../de") is None


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(f"sqlite+aiosqlite:///{tmp_path}/db.sqlite")) as c:
        yield c


def test_i18n_endpoint(client):
    r = client.get("/i18n/de-AT.json")
    assert r.status_code == 200 and r.json()["lang"] == "de"
    assert r.json()["messages"]["Join"] == "Beitreten"
    assert client.get("/i18n/en.json").json() == {"lang": "en", "messages": {}}
    r = client.get("/i18n/xx.json")
    assert r.status_code == 404 and r.json()["error"]["code"] == "no_language"


def test_client_sentences_use_the_typographic_apostrophe():
    """The client's English words are typeset: "the rules’ own timings", never a straight
    apostrophe (a program's quote mark) inside a sentence a person reads."""
    straight = sorted(s for s in client_strings() if "'" in s)
    assert straight == []
    assert "the rules’ own timings" in client_strings()


def test_the_claim_forms_note_is_a_whole_german_sentence():
    """Secret Hitler's claim form says what becomes of a claim; the German sentence ended
    "… was davon." with its verb missing (issue 13)."""
    german = web_messages("de")
    assert german["Your claim is posted in the thread for everyone. It may be the truth or a lie; after the game "
                  "the export shows which."] == ("Deine Behauptung erscheint für alle im Thread. Sie kann wahr oder "
                                                 "gelogen sein; nach dem Spiel zeigt der Export, was davon stimmt.")
