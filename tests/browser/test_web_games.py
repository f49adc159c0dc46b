"""A complete game of each of the three games in real Chromium against the real server:
one browser context per human player (an English laptop host at 1280x800, a German phone
guest at 360x800), bots in the other seats, a TV (spectator, 1920x1080) context; the DOM of
every page is checked for others' secrets along the way, the German page for English
sentences, every page with axe-core (0 serious or critical violations: lobby, table, TV,
result, replay); screenshots of each board on a phone, a laptop and a TV go to
docs/screenshots/ under `make screenshots` (a scratch folder in a test run)."""

from __future__ import annotations

import random
import re

import httpx
import pytest
from playwright.sync_api import expect
from web_helpers import (
    check_audiences, check_axe, check_german, check_no_secrets, check_page, client_state, create_table, join_by_link,
    FREE_ANSWERS, play_to_end, post, screenshot, seat_token, tr, wait_connected,
)

#: The TV page's screen: a room's television.
TOOL_WORDS = {"medkit": "a medical kit", "bullet": "a bullet"}  # the tools in words (English)
TV = {"width": 1920, "height": 1080}

pytestmark = [pytest.mark.slow, pytest.mark.browser]

GAMES = {
    # game: (bots, options set through the home page's form)
    "secret-hitler": (3, {"investigate_once": True}),
    "mccarthyism": (3, {"turns_per_player": 1}),
    "shady-agents": (2, {"enforce_statements": False}),  # answers in one's own words (the default is tested elsewhere)
}

#: The event kinds that open a day or turn: the replay's jumps (the turbo game's night 0 and
#: days, McCarthyism's turns, Shady Agents' rounds and reveal).
SECTIONS = {
    "secret-hitler": {"player_list", "day_start"},
    "mccarthyism": {"turn"},
    "shady-agents": {"first_player", "round_two", "reveal"},
}


@pytest.mark.parametrize("game", list(GAMES))
def test_web_complete_game(game, server, desktop, phone):
    bots, options = GAMES[game]
    FREE_ANSWERS.clear()
    host = desktop().new_page()
    guest = phone(locale="de-DE").new_page()
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
        check_axe(host, "the lobby")
        check_axe(guest, "the lobby")

    # host controls: add a bot, then kick it again
    host.locator("[data-test=add-bot]").click()
    expect(seats).to_have_count(bots + 3)
    extra = host.locator("[data-test=seats] li").last.locator("span").nth(1).inner_text()
    host.locator(f"[data-test='kick-{extra}']").click()
    expect(seats).to_have_count(bots + 2)

    tv = desktop(viewport=TV).new_page()
    tv.goto(f"{server}/#/tv/{code}")
    wait_connected(tv)

    host.locator("[data-test=start]").click()
    for page in (host, guest, tv):
        expect(page.locator("[data-page=game]")).to_be_visible()
    expect(guest.locator("[data-test=me]")).to_have_text("Bea")

    # the role reveal at the start: tap to hide, "my role" to peek again
    reveal_card = guest.locator("[data-test=role-reveal]")
    expect(reveal_card).to_be_visible()
    expect(reveal_card.locator(".role-big")).to_be_visible()
    expect(reveal_card.locator("[data-test=role-hide]")).to_be_focused()  # keyboard: Enter hides it
    check_axe(guest, "the role reveal")
    reveal_card.locator("[data-test=role-hide]").click()
    expect(reveal_card).to_be_hidden()
    guest.locator("[data-test=my-role]").click()
    expect(reveal_card).to_be_visible()
    reveal_card.locator("[data-test=role-hide]").click()
    host.locator("[data-test=role-hide]").click()

    # the thread: a post on the phone reaches the host's page
    post(guest, f"hello from Bea at {game}")
    if game == "secret-hitler":  # someone else's votecode: Bea is told at once, prominently
        ann = client_state(host)["view"]["private"]["votecodes"][4][0]
        post(guest, f"**{ann}**")
        expect(guest.locator("[data-test=private-alert]")).to_contain_text(str(ann))
        check_axe(guest, "a votecode that did not count")
        guest.locator("[data-test=private-alert] button").click()
        expect(guest.locator("[data-test=private-alert]")).to_be_hidden()
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
        check_tv(tv)
        if rnd % 5 == 1:
            check_german(guest)
        if not shots and not client_state(guest)["over"]:
            shots["phone"] = screenshot(guest, f"{game}-phone")
            # nothing wider than a 360 px phone: no sideways scrolling
            assert guest.evaluate("() => document.documentElement.scrollWidth") <= 360
            shots["desktop"] = screenshot(host, f"{game}-desktop")
            screenshot(tv, f"{game}-tv")
            check_axe(host, f"the {game} table")
            check_axe(tv, f"the {game} TV page")
        if client_state(guest)["waiting"] and "prompt" not in shots and not client_state(guest)["over"]:
            shots["prompt"] = True
            check_axe(guest, f"the {game} table with a prompt")

    for _ in range(50):  # at the start, before anyone acts
        checked.append(check_no_secrets(pages, tv, server, code, tokens, held))
        if checked[-1]:
            break
        host.wait_for_timeout(100)
    every(0)  # the pages, screenshots and accessibility once before anyone acts: a random deal
    # may end a McCarthyism game within two moves, before a round of checks would come
    clicks = play_to_end([host, guest], random.Random(game), every=every)
    assert clicks > 0 and sum(checked) > 0 and shots

    # results: winners, every role, the full log, a replay step by step
    reveal = httpx.get(f"{server}/api/tables/{code}").json()["reveal"]
    check_audiences(reveal, held)
    winner = reveal["result"]["winner"]
    for page in (host, guest, tv):
        expect(page.locator("[data-test=winner]")).not_to_be_empty()
        # the TV tells Shady Agents' end in one wide table: a row per player under their side
        wide = page is tv and game == "shady-agents"
        roles = page.locator("[data-test=tv-result] tbody tr[data-player]" if wide else "table.roles tbody tr")
        expect(roles).to_have_count(len(reveal["players"]))
    check_german(guest)
    check_tv(tv)
    check_axe(guest, f"the {game} result")
    check_axe(tv, f"the {game} result on the TV")
    words = {"operative": "law-abiding operative", "deserter": "corrupt deserter"}  # Shady Agents' roles in words
    for e in reveal["events"]:
        if e["kind"] == "role":
            role = e.get("role") or e.get("card")
            expect(host.locator("table.roles tbody tr", has_text=e["to"][0]).first).to_contain_text(
                re.compile(re.escape(words.get(role, role)), re.IGNORECASE))
    hands = [e for e in reveal["events"] if isinstance(e.get("cards"), list) and e.get("to") and len(e["to"]) == 1]
    if game != "shady-agents" and hands:  # every hand revealed
        expect(guest.locator("[data-test=hands] li")).to_have_count(len(hands))
    if game == "shady-agents":  # every tool revealed, and the scores
        for gift in reveal["summary"]["board"]["gifts"]:
            expect(host.locator("[data-test=results]")).to_contain_text(f"{gift['giver']} gave")
        expect(guest.locator("[data-test=scores]")).to_be_visible()
        for text in FREE_ANSWERS:  # answers in the players' own words, as they wrote them
            expect(host.locator("[data-test=feed]")).to_contain_text(text)
    if "arithmetic" in reveal["result"]:  # how each score arose, in words (the English host's page)
        # the verdict is the narrator's first sentence of the end, with the numbers
        expect(host.locator("[data-test=winner]")).to_contain_text(re.compile(r"won on|a draw"))
        arithmetic = reveal["result"]["arithmetic"]
        lines = host.locator("[data-test=arithmetic] li")
        expect(lines).to_have_count(len(arithmetic["sides"]) + len(arithmetic["players"]))
        for player, items in arithmetic["players"].items():
            for item in items:
                expect(host.locator("[data-test=arithmetic] li", has_text=re.compile(f"^{re.escape(player)} received")).first
                       ).to_contain_text(f"{TOOL_WORDS[item['tool']]} from {item['giver']}")
    screenshot(guest, f"{game}-results-phone")
    # the replay: its own page, a shareable link per step, a jump to each day or turn
    guest.locator("[data-test=replay-link]").click()
    step = guest.locator("[data-test=replay-step]")
    expect(step).to_have_attribute("data-step", "0")
    guest.locator("[data-test=replay-next]").click()
    expect(step).to_have_attribute("data-step", "1")
    guest.locator("[data-test=replay-next]").click()
    expect(step).to_have_attribute("data-step", "2")
    guest.locator("[data-test=replay-prev]").click()
    expect(step).to_have_attribute("data-step", "1")
    expect(guest.locator("[data-test=replay-board]")).not_to_be_empty()
    assert guest.url.endswith(f"#/r/{code}/1")
    days = guest.locator("[data-test=replay-days] button")
    expect(days.first).to_be_visible()
    # the last jump goes to the step that starts the game's last day or turn: the first step
    # after which the server's replay holds that section's event (a short game may have a
    # single turn, starting at step 0)
    whole = httpx.get(f"{server}/api/tables/{code}/replay/0").json()
    whole = httpx.get(f"{server}/api/tables/{code}/replay/{whole['steps']}").json()
    opening = max(j for j, e in enumerate(whole["events"]) if e["kind"] in SECTIONS[game])
    last = next(k for k, count in enumerate(whole["event_counts"]) if count > opening)
    if last == 1:  # the page shows that step already: step on, so that the jump is seen to move
        guest.locator("[data-test=replay-next]").click()
        expect(step).to_have_attribute("data-step", "2")
    days.last.click()
    expect(step).to_have_attribute("data-step", str(last))
    expect(days.last).to_have_attribute("aria-current", "step")
    assert guest.url.endswith(f"#/r/{code}/{last}")
    check_german(guest)
    check_axe(guest, f"the {game} replay")


def check_tv(tv) -> None:
    """The TV page fits a 1920x1080 screen without scrolling and holds nothing private."""
    out = tv.evaluate("""() => ({w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight,
        secret: !!document.querySelector('[data-secret], [data-test=private], [data-test=actions], [data-test=role-reveal]')})""")
    assert out["w"] <= 1920 and out["h"] <= 1080, f"the TV page scrolls: {out}"
    assert not out["secret"], "the TV page shows a private panel or a prompt"
