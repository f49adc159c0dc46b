"""The home page after a fresh-user trial: a player who left the game gets back to their seat
(the code again, or "Your tables"), a double click creates one table, an empty code is said."""

from __future__ import annotations

import sqlite3

import pytest
from playwright.sync_api import expect
from web_helpers import create_table, hide_role, wait_connected

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_web_a_seated_player_gets_back_to_the_running_game_from_home(server, phone):
    page = phone().new_page()
    code = create_table(page, server, "secret-hitler", bots=4, host_name="Ann")
    wait_connected(page)
    page.locator("[data-test=start]").click()
    hide_role(page)
    expect(page.locator("[data-page=game]")).to_be_visible()

    page.goto(server + "/")  # the player left the game page
    mine = page.locator("[data-test=my-tables]")
    expect(mine).to_be_visible()
    expect(mine.locator(f"[data-test=my-table-{code}]")).to_have_text(f"Secret Hitler · {code}")
    # the code typed again (lower case, with a space) goes straight to the seat: no name asked
    page.fill("input[name=code]", f"{code[:3].lower()} {code[3:].lower()}")
    page.get_by_role("button", name="Next").click()
    expect(page.locator("[data-page=game]")).to_be_visible()
    expect(page.locator("[data-test=join-form]")).to_have_count(0)
    assert page.evaluate("() => Alpine.store('session').me") == "Ann"
    expect(page.locator("[data-test=error]")).to_be_hidden()

    page.goto(server + "/")  # and "Your tables" links to it
    page.locator(f"[data-test=my-table-{code}]").click()
    expect(page.locator("[data-page=game]")).to_be_visible()
    assert page.evaluate("() => Alpine.store('session').me") == "Ann"

    page.goto(f"{server}/?join={code}")  # so does the join link
    expect(page.locator("[data-page=game]")).to_be_visible()

    fresh = phone().new_page()  # a browser without a seat lists no tables of its own
    fresh.goto(server + "/")
    expect(fresh.locator("[data-test=create-form]")).to_be_visible()
    expect(fresh.locator("[data-test=my-tables]")).to_be_hidden()


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
