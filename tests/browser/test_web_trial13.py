"""Findings of fresh-user trial 13 on the home page and the lobby: a refused create is said
next to the Create button (not at the top of a long page), the bots field stops at the game's
seats, a double click on "Start the game" starts once and refuses nothing, and the code of a
table whose game has started says so at once and offers to watch it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from web_helpers import create_table, hide_role, wait_connected

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def in_view(page, selector: str) -> bool:
    return page.evaluate("""s => { const r = document.querySelector(s).getBoundingClientRect();
                                   return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; }""", selector)


def test_web_a_refused_create_is_said_next_to_the_create_button(server, phone):
    page = phone().new_page()
    page.goto(server + "/")
    page.wait_for_selector("select[name=game] option", state="attached")
    page.select_option("select[name=game]", "secret-hitler")
    page.locator("details.options summary").click()  # the long form: the button is far below the top
    page.fill("input[name=host-name]", "Bot 3")
    page.get_by_role("button", name="Create table").click()
    said = page.locator("[data-test=create-error]")
    expect(said).to_have_text("The name “Bot 3” is kept for bots (Bot 1, Bot 2 …): choose another.")
    expect(said).to_be_focused()
    assert in_view(page, "[data-test=create-error]")
    expect(page.locator("[data-test=error]")).to_be_hidden()  # not (only) at the top of the page
    # the next try clears it
    page.fill("input[name=host-name]", "Ann")
    page.get_by_role("button", name="Create table").click()
    expect(page.locator("[data-page=lobby]")).to_be_visible()


def test_web_the_bots_field_stops_at_the_games_seats(server, desktop):
    page = desktop().new_page()
    page.goto(server + "/")
    page.wait_for_selector("select[name=game] option", state="attached")
    page.select_option("select[name=game]", "secret-hitler")  # 5-10 players
    bots = page.locator("input[name=bots]")
    expect(bots).to_have_attribute("max", "10")  # the host only watches: 10 bots fit
    page.fill("input[name=host-name]", "Ann")
    expect(bots).to_have_attribute("max", "9")  # the host's seat is one of the 10
    page.select_option("select[name=game]", "mccarthyism")  # 3-20 players
    expect(bots).to_have_attribute("max", "19")
    bots.fill("20")
    assert bots.evaluate("e => e.validity.rangeOverflow") is True
    before = page.evaluate("() => location.hash")
    page.get_by_role("button", name="Create table").click()  # the browser stops it at the field
    expect(bots).to_be_focused()
    assert page.evaluate("() => location.hash") == before
    expect(page.locator("[data-page=home]")).to_be_visible()


def test_web_a_double_click_on_start_starts_once_and_refuses_nothing(server, desktop):
    page = desktop().new_page()
    starts: list[int] = []
    page.on("response", lambda r: starts.append(r.status) if r.request.method == "POST" and r.url.endswith("/start") else None)
    create_table(page, server, "shady-agents", bots=3, host_name="Ann")
    wait_connected(page)
    page.locator("[data-test=start]").dblclick()
    hide_role(page)
    expect(page.locator("[data-page=game]")).to_be_visible()
    expect(page.locator("[data-test=error]")).to_be_hidden()
    assert starts and all(status == 200 for status in starts), starts


@pytest.mark.parametrize(("locale", "said", "link"), [
    ("en-US", "The game at table {code} has already started: no seat can be taken now.", "Watch the game"),
    ("de-DE", "Das Spiel an Tisch {code} hat schon begonnen: Jetzt kann niemand mehr einen Platz nehmen.",
     "Dem Spiel zusehen"),
])
def test_web_the_code_of_a_started_table_offers_to_watch_at_once(server, desktop, phone, locale, said, link):
    host = desktop().new_page()
    code = create_table(host, server, "shady-agents", bots=3, host_name="Ann")
    wait_connected(host)
    host.locator("[data-test=start]").click()
    hide_role(host)
    guest = phone(locale=locale).new_page()
    guest.goto(server + "/")
    guest.fill("input[name=code]", code.lower())
    guest.locator("input[name=code]").press("Enter")
    started = guest.locator("[data-test=started-code]")
    expect(started).to_contain_text(said.format(code=code))
    expect(guest.locator("[data-test=join-form]")).to_be_hidden()  # no name is asked
    guest.locator("[data-test=watch-started]").click()
    expect(guest.locator("[data-page=game]")).to_be_visible()
    assert guest.evaluate("() => Alpine.store('session').me") in (None, "")  # a spectator
    # the join link of a started table says it at once too
    other = phone(locale=locale).new_page()
    other.goto(f"{server}/?join={code}")
    expect(other.locator("[data-test=started-code]")).to_contain_text(said.format(code=code))
    expect(other.locator("[data-test=join-form]")).to_be_hidden()
