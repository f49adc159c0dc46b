"""Forged join links and addresses (a fresh-user trial): a code that cannot be a table's is
refused at once in the page's language, before any request, and never fills the page (it is
named cut, with an ellipsis); every address taking a code (#/t/, #/tv/, #/r/, #/replay/) says
a bad or unknown code the same way, with a way home."""

from __future__ import annotations

from urllib.parse import quote, urlsplit

import pytest
from playwright.sync_api import Page, expect
from web_helpers import create_table

pytestmark = [pytest.mark.slow, pytest.mark.browser]

NOT_A_CODE = {
    "de-DE": "„{code}“ ist kein Tischcode: Ein Code hat 6 Buchstaben und Ziffern (ohne I, O, 0 und 1).",
    "en-US": "“{code}” is not a table code: a code is 6 letters and digits (without I, O, 0 or 1).",
}
NO_TABLE = {
    "de-DE": "Es gibt keinen Tisch mit dem Code {code}: Prüfe den Code oder bitte den Gastgeber um den Link.",
    "en-US": "There is no table with the code {code}: check the code, or ask the host for the link.",
}


def table_requests(page: Page) -> list[str]:
    """The paths of the requests the page makes for one table (``/api/tables/...``), as they happen."""
    seen: list[str] = []
    page.on("request", lambda r: seen.append(urlsplit(r.url).path) if urlsplit(r.url).path.startswith("/api/tables/") else None)
    return seen


def home_loaded(page: Page) -> None:
    page.wait_for_selector("select[name=game] option", state="attached")


@pytest.mark.parametrize("locale", ["de-DE", "en-US"])
def test_web_a_forged_join_link_is_refused_at_once_and_never_floods_the_page(server, phone, locale):
    for join, shown in (("<script>alert(1)</script>", "<script>ale…"), ("A" * 500, "AAAAAAAAAAA…"),
                        ("ZZZZ1Z", "ZZZZ1Z")):  # 1 is never in a code
        page = phone(locale=locale).new_page()
        asked = table_requests(page)
        dialogs: list[str] = []
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.goto(f"{server}/?join={quote(join)}")
        expect(page.locator("[data-test=code-error]")).to_have_text(NOT_A_CODE[locale].format(code=shown))
        # the name is never asked for it: no join form, no code in the box, the link is gone
        expect(page.locator("[data-test=join-form]")).to_be_hidden()
        expect(page.locator("input[name=code]")).to_have_value("")
        home_loaded(page)
        assert page.evaluate("location.search") == ""
        assert asked == [] and dialogs == []  # refused before any request
        text = page.locator("body").inner_text()
        assert "AAAAAAAAAAAA" not in text and "<script>alert" not in text.lower()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_web_the_code_box_refuses_what_cannot_be_a_code_before_any_request(server, phone):
    page = phone(locale="de-DE").new_page()
    page.goto(server + "/")
    home_loaded(page)
    asked = table_requests(page)
    box = page.locator("input[name=code]")
    for typed, said in (("NOPE42", NOT_A_CODE["de-DE"].format(code="NOPE42")),
                        ("🎲", NOT_A_CODE["de-DE"].format(code="🎲")),
                        ("<b>x</b>-long-text", NOT_A_CODE["de-DE"].format(code="<b>x</b>-lo…"))):
        box.fill(typed)
        box.press("Enter")
        expect(page.locator("[data-test=code-error]")).to_have_text(said)
        expect(page.locator("[data-test=join-form]")).to_be_hidden()
        expect(box).to_have_value(typed)  # to be corrected
    assert asked == []
    # an empty join link says what to do, as one that holds no code
    empty = phone().new_page()
    empty.goto(f"{server}/?join=")
    expect(empty.locator("[data-test=code-error]")).to_have_text(
        "This link holds no table code: paste the join link the host sent, or type the code (6 letters and digits).")


@pytest.mark.parametrize("locale", ["de-DE", "en-US"])
def test_web_every_address_with_a_bad_or_unknown_code_says_so(server, phone, desktop, locale):
    host = desktop().new_page()
    lobby = create_table(host, server, "mccarthyism", bots=0, host_name="Ann")
    wrong = "ZZZZZZ" if lobby != "ZZZZZZ" else "YYYYYY"
    for address, shown, request in (
            ("#/t/%F0%9F%8E%B2", "🎲", False), ("#/tv/%F0%9F%8E%B2", "🎲", False),
            ("#/replay/NOPE42", "NOPE42", False), ("#/r/NOPE42/3", "NOPE42", False),
            ("#/t/NOPE42", "NOPE42", False), ("#/tv/" + "A" * 500, "AAAAAAAAAAA…", False),
            ("#/t/%3Cscript%3Ealert(1)%3C%2Fscript%3E", "<script>ale…", False),  # as typed, not in capitals
            (f"#/replay/{wrong}", wrong, True), (f"#/r/{wrong.lower()}", wrong, True), (f"#/t/{wrong}", wrong, True)):
        page = phone(locale=locale).new_page()
        asked = table_requests(page)
        page.goto(f"{server}/{address}")
        missing = page.locator("[data-test=missing]")
        expect(missing).to_contain_text(NO_TABLE[locale].format(code=shown))
        expect(missing.locator("[data-test=home-link]")).to_be_visible()
        expect(page.locator("[data-page=home]")).to_have_count(0)
        expect(page.locator("[data-page=replay]")).to_be_hidden()
        expect(page.locator("[data-test=error]")).to_be_hidden()
        if not request:  # a code that cannot be a table's is said before any request
            assert asked == [], address
    # said again in the other language when the reader switches
    page.select_option("select[name=lang]", "en" if locale == "de-DE" else "de")
    expect(page.locator("[data-test=missing]")).to_contain_text(
        NO_TABLE["en-US" if locale == "de-DE" else "de-DE"].format(code=wrong))
    bad = phone(locale=locale).new_page()
    bad.goto(f"{server}/#/replay/NOPE42")
    expect(bad.locator("[data-test=missing]")).to_be_visible()
    bad.select_option("select[name=lang]", "en" if locale == "de-DE" else "de")
    expect(bad.locator("[data-test=missing]")).to_contain_text(
        NO_TABLE["en-US" if locale == "de-DE" else "de-DE"].format(code="NOPE42"))
    # the long form of the replay address opens the replay page of a real table
    page = phone(locale=locale).new_page()
    page.goto(f"{server}/#/replay/{lobby}")
    expect(page.locator("[data-test=replay-unfinished]")).to_have_text(
        {"de-DE": "Ein Spiel kann erst nachgespielt werden, wenn es vorbei ist.",
         "en-US": "A game can be replayed only after it is over."}[locale])
    expect(page.locator("[data-test=missing]")).to_be_hidden()
