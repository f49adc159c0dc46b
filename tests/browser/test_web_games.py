"""A complete game of each of the three games in real Chromium against the real server:
one browser context per human player (a desktop host, a phone guest), bots in the other
seats, a TV (spectator) context; the DOM of every page is checked for others' secrets
along the way; screenshots of each board on a phone and a desktop go to docs/screenshots/
under `make screenshots` (a scratch folder in a test run)."""

from __future__ import annotations

import random

import httpx
import pytest
from playwright.sync_api import expect
from web_helpers import (
    check_audiences, check_no_secrets, check_page, client_state, create_table, join_by_link, play_to_end, screenshot,
    seat_token, wait_connected,
)

pytestmark = [pytest.mark.slow, pytest.mark.browser]

GAMES = {
    # game: (bots, options set through the home page's form)
    "secret-hitler": (3, {"investigate_once": True}),
    "mccarthyism": (3, {"turns_per_player": 1}),
    "shady-agents": (2, {}),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_web_complete_game(game, server, desktop, phone):
    bots, options = GAMES[game]
    host = desktop().new_page()
    guest = phone().new_page()
    code = create_table(host, server, game, bots=bots, host_name="Ann", options=options)
    table = httpx.get(f"{server}/api/tables/{code}").json()["table"]
    for name, value in options.items():
        assert table["options"][name] == value  # the form's option reached the server
    assert table["pace"] == "untimed"

    # the lobby: code, join link and its QR code, seats with the connected state
    link = host.locator("[data-test=join-link]").inner_text()
    assert link.endswith(f"/?join={code}")
    expect(host.locator("[data-test=qr] svg")).to_be_visible()
    wait_connected(host)
    join_by_link(guest, link, "Bea")
    seats = host.locator("[data-test=seats] li")
    expect(seats).to_have_count(bots + 2)
    expect(host.locator("[data-test=seats] li", has_text="Bea").locator(".dot.on")).to_be_visible()
    expect(guest.locator("[data-test=start]")).to_be_hidden()  # host controls are the host's only
    expect(host.locator("[data-test='kick-Ann']")).to_be_hidden()  # the host does not kick themself
    if game == "secret-hitler":
        screenshot(host, "lobby-desktop")
        screenshot(guest, "lobby-phone")

    # host controls: add a bot, then kick it again
    host.locator("[data-test=add-bot]").click()
    expect(seats).to_have_count(bots + 3)
    extra = host.locator("[data-test=seats] li").last.locator("span").nth(1).inner_text()
    host.locator(f"[data-test='kick-{extra}']").click()
    expect(seats).to_have_count(bots + 2)

    tv = desktop().new_page()
    tv.goto(f"{server}/#/tv/{code}")
    wait_connected(tv)

    host.locator("[data-test=start]").click()
    for page in (host, guest, tv):
        expect(page.locator("[data-page=game]")).to_be_visible()
    expect(guest.locator("[data-test=me]")).to_have_text("Bea")

    # the thread: a post on the phone reaches the host's page
    guest.locator("input[name=post]").fill(f"hello from Bea at {game}")
    guest.get_by_role("button", name="Post", exact=True).click()
    expect(host.locator("[data-test=feed] .feed")).to_contain_text(f"hello from Bea at {game}")
    expect(tv.locator("[data-test=feed] .feed")).to_contain_text(f"hello from Bea at {game}")
    expect(guest.locator("[data-test=error]")).to_be_hidden()
    expect(tv.locator("input[name=post]")).to_be_hidden()

    tokens = {"Ann": seat_token(host, code)["token"], "Bea": seat_token(guest, code)["token"]}
    pages = {"Ann": host, "Bea": guest}
    held: dict[str, set[int]] = {}
    checked = []
    shots = {}

    def every(rnd):
        checked.append(check_no_secrets(pages, tv, server, code, tokens, held))
        for page in (host, guest, tv):
            check_page(page)
        if not shots and not client_state(guest)["over"]:
            shots["phone"] = screenshot(guest, f"{game}-phone")
            # nothing wider than a 360 px phone: no sideways scrolling
            assert guest.evaluate("() => document.documentElement.scrollWidth") <= 360
            shots["desktop"] = screenshot(host, f"{game}-desktop")
            screenshot(tv, f"{game}-tv")

    for _ in range(50):  # at the start, before anyone acts
        checked.append(check_no_secrets(pages, tv, server, code, tokens, held))
        if checked[-1]:
            break
        host.wait_for_timeout(100)
    clicks = play_to_end([host, guest], random.Random(game), every=every)
    assert clicks > 0 and sum(checked) > 0 and shots

    # results: winners, every role, the full log, a replay step by step
    reveal = httpx.get(f"{server}/api/tables/{code}").json()["reveal"]
    check_audiences(reveal, held)
    winner = reveal["result"]["winner"]
    for page in (host, guest, tv):
        expect(page.locator("[data-test=winner]")).to_contain_text(winner.replace("_", " "))
        roles = page.locator("table.roles tbody tr")
        expect(roles).to_have_count(len(reveal["players"]))
    for e in reveal["events"]:
        if e["kind"] == "role":
            role = e.get("role") or e.get("card")
            expect(host.locator("table.roles tbody tr", has_text=e["to"][0]).first).to_contain_text(role)
    hands = [e for e in reveal["events"] if isinstance(e.get("cards"), list) and e.get("to") and len(e["to"]) == 1]
    if game != "shady-agents" and hands:  # every hand revealed
        expect(guest.locator("[data-test=hands] li")).to_have_count(len(hands))
    if game == "shady-agents":  # every tool revealed
        for gift in reveal["summary"]["board"]["gifts"]:
            expect(guest.locator("[data-test=results]")).to_contain_text(f"{gift['giver']} gave")
    if "arithmetic" in reveal["result"]:  # how each score arose, in words
        expect(guest.locator("[data-test=verdict]")).to_have_text(reveal["result"]["verdict"])
        arithmetic = reveal["result"]["arithmetic"]
        lines = guest.locator("[data-test=arithmetic] li")
        expect(lines).to_have_count(len(arithmetic["sides"]) + len(arithmetic["players"]))
        for player, items in arithmetic["players"].items():
            for item in items:
                expect(guest.locator("[data-test=arithmetic] li", has_text=f"{player} received").first
                       ).to_contain_text(item["reason"])
    # the replay: its own page, a shareable link per step
    guest.locator("[data-test=replay-link]").click()
    step = guest.locator("[data-test=replay-step]")
    expect(step).to_contain_text("step 0 /")
    guest.locator("[data-test=replay-next]").click()
    expect(step).to_contain_text("step 1 /")
    guest.locator("[data-test=replay-next]").click()
    expect(step).to_contain_text("step 2 /")
    guest.locator("[data-test=replay-prev]").click()
    expect(step).to_contain_text("step 1 /")
    expect(guest.locator("[data-test=replay-board]")).not_to_be_empty()
    assert guest.url.endswith(f"#/r/{code}/1")
    screenshot(guest, f"{game}-results-phone")
