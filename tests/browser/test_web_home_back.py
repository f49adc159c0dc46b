"""The home page after a fresh-user trial: a player who left the game gets back to their seat
(the code again, or "Your tables"), a double click creates one table, an empty code is said."""

from __future__ import annotations

import sqlite3

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_web_a_double_click_on_create_makes_one_table(server, server_process, desktop):
    page = desktop().new_page()
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" and r.url.endswith("/api/tables") else None)
    with sqlite3.connect(server_process.db) as db:
        before = db.execute("SELECT COUNT(*) FROM tables").fetchone()[0]
    page.goto(server + "/")
    page.wait_for_selector("select[name=game] option", state="attached")
    page.select_option("select[name=game]", "shady-agents")
    page.fill("input[name=bots]", "2")
    page.fill("input[name=host-name]", "Ann")
    page.locator("[data-test=create-form] button[type=submit]").dblclick()
    expect(page.locator("[data-page=lobby]")).to_be_visible()
    assert len(posts) == 1, posts
    with sqlite3.connect(server_process.db) as db:
        after = db.execute("SELECT COUNT(*) FROM tables").fetchone()[0]
    assert after == before + 1


@pytest.mark.parametrize(("locale", "said"), [
    ("en-US", "Type the table code (6 letters and digits)."),
    ("de-DE", "Gib den Tisch-Code ein (6 Buchstaben und Ziffern)."),
])
def test_web_a_blank_table_code_is_said(server, phone, locale, said):
    page = phone(locale=locale).new_page()
    page.goto(server + "/")
    page.wait_for_selector("select[name=game] option", state="attached")
    for typed in ("   ", ""):  # spaces only, or nothing: the same sentence, no name asked
        page.evaluate("() => { const d = Alpine.$data(document.querySelector('[data-page=home]')); d.codeError = ''; }")
        page.fill("input[name=code]", typed)
        page.locator("input[name=code]").press("Enter")
        expect(page.locator("[data-test=code-error]")).to_have_text(said)
        expect(page.locator("[data-test=join-form]")).to_be_hidden()
