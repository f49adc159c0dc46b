"""The server serves the client at ``/`` (no build step, nothing from a CDN): the page, its
ES modules with a JavaScript type, the vendored Alpine.js and QR code library with their
licences, and the join link's ``/?join=CODE``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from hiddenrole.server import create_app

pytestmark = [pytest.mark.slow, pytest.mark.browser]

WEB = Path(__file__).resolve().parents[2] / "src" / "hiddenrole" / "web"


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(f"sqlite+aiosqlite:///{tmp_path}/db.sqlite")) as c:
        yield c


def test_web_index_and_modules_are_served(client):
    r = client.get("/")
    assert r.status_code == 200 and "text/html" in r.headers["content-type"]
    assert '<script type="module" src="app.js">' in r.text
    assert client.get("/?join=ABCDEF").text == r.text  # the join link opens the same page
    for path in ("app.js", "games.js", "vendor/alpine.esm.min.js", "vendor/qrcode.mjs"):
        m = client.get("/" + path)
        assert m.status_code == 200, path
        assert "javascript" in m.headers["content-type"], (path, m.headers["content-type"])
    assert "text/css" in client.get("/style.css").headers["content-type"]
    assert client.get("/api/games").status_code == 200  # the API is not shadowed by the files


def test_web_nothing_comes_from_elsewhere():
    for path in WEB.glob("*.*"):
        text = path.read_text()
        assert not re.search(r"""(src|href)=["']https?://""", text), path
        assert not re.search(r"""(import|from)\s*["']https?://""", text), path
        assert not re.search(r"""import\s.*from\s*["'](?!\./)""", text), path  # only relative modules
    licences = (WEB / "vendor" / "LICENSES.md").read_text()
    assert "alpinejs" in licences and "qrcode-generator" in licences and "MIT License" in licences


def test_shady_agents_client_names_every_interrogation_question():
    """The client shows the current interrogation card's question in the reader's language:
    its module holds every card of the engine's deck (by id), with the narration's sentence."""
    from hiddenrole.games.shady_agents.narration import QUESTIONS

    module = (WEB / "games" / "shady-agents.js").read_text(encoding="utf-8")
    for card, question in QUESTIONS.items():
        assert f'{card}: () => t("{question}")' in module, f"games/shady-agents.js lacks the card {card!r}"
