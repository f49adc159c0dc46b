"""The home page (options with their explanations and defaults, bad options refused with the
server's message, join by code), the live countdown of a deadline, the TV view."""

from __future__ import annotations

import random
import re

import httpx
import pytest
from playwright.sync_api import expect
from web_helpers import (
    check_axe, client_state, create_table, hide_role, play_to_end, play_until, screenshot, wait_connected, your_turn,
)

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def js_string(value) -> str:
    """``String(value)`` as JavaScript writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def test_web_home_lists_options_with_docs_and_refuses_a_bad_one(server, phone):
    page = phone().new_page()
    page.goto(server + "/")
    page.wait_for_selector("select[name=game] option", state="attached")
    page.select_option("select[name=game]", "secret-hitler")
    page.locator("details.options summary").click()
    screenshot(page, "home-phone")
    check_axe(page, "the home page")
    page.locator("details.options summary").click()
    games = httpx.get(server + "/api/games").json()
    for g in games:
        page.select_option("select[name=game]", g["name"])
        page.locator("details.options summary").click()
        for o in g["options"]:
            field = page.locator(f"[name=opt-{o['name']}]")
            expect(field).to_be_visible()
            option = page.locator(".option", has=field)
            expect(option.locator(".doc")).to_contain_text(o["doc"][:40])
            assert "_" not in o["label"]  # named in words, never by its key
            if o["default"] is not None:  # the default in words: a choice's label, Yes/No
                words = (o.get("choice_labels") or {}).get(js_string(o["default"]), js_string(o["default"]))
                expect(option.locator(".doc")).to_contain_text(f"(default: {words})")
            for value, label in (o.get("choice_labels") or {}).items():
                if o["choices"]:
                    expect(field.locator(f"option[value='{value}']")).to_have_text(label)
        page.locator("details.options summary").click()
    before = len(httpx.get(server + "/api/tables").json())
    page.select_option("select[name=game]", "mccarthyism")
    page.locator("details.options summary").click()
    page.locator("[name=opt-vote_seconds]").fill("-5")
    page.evaluate("() => document.querySelector('[name=opt-vote_seconds]').removeAttribute('min')")
    page.get_by_role("button", name="Create table").click()
    # the refusal names the option in words, never its key; it is said next to the Create button
    expect(page.locator("[data-test=create-error]")).to_have_text("“Seconds for each vote” must be a number from 0 to 86400.")
    assert len(httpx.get(server + "/api/tables").json()) == before  # nothing was created


def test_web_join_by_code_and_taken_name(server, desktop, phone):
    host = desktop().new_page()
    code = create_table(host, server, "shady-agents", bots=2, host_name="Ann")
    guest = phone().new_page()
    guest.goto(server + "/")
    # a wrong code is said at once, before any name is asked; the code stays to be corrected
    wrong = "ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY"
    guest.fill("input[name=code]", wrong.lower())
    guest.get_by_role("button", name="Next").click()
    expect(guest.locator("[data-test=code-error]")).to_have_text(f"No table with code {wrong}.")
    expect(guest.locator("[data-test=join-form]")).to_be_hidden()
    expect(guest.locator("input[name=code]")).to_have_value(wrong)
    lost = phone().new_page()  # and so is a join link with a wrong code, on load
    lost.goto(f"{server}/?join={wrong}")
    expect(lost.locator("[data-test=code-error]")).to_have_text(f"No table with code {wrong}.")
    expect(lost.locator("[data-test=join-form]")).to_be_hidden()
    guest.fill("input[name=code]", code.lower())
    guest.get_by_role("button", name="Next").click()
    guest.fill("input[name=join-name]", "ann")
    guest.get_by_role("button", name="Join", exact=True).click()
    expect(guest.locator("[data-test=error]")).to_be_visible()  # names are unique, case-insensitive
    guest.fill("input[name=join-name]", "Cem")
    guest.get_by_role("button", name="Join", exact=True).click()
    expect(host.locator("[data-test=seats]")).to_contain_text("Cem")
    wait_connected(guest)
    expect(host.locator("[data-test=seats] li", has_text="Cem").locator(".dot.on")).to_be_visible()
    dan = phone().new_page()
    dan.goto(f"{server}/?join={code}")
    dan.fill("input[name=join-name]", "Dan")
    dan.get_by_role("button", name="Join", exact=True).click()
    wait_connected(dan)
    host.locator("[data-test='kick-Dan']").click()
    expect(host.locator("[data-test=seats]")).not_to_contain_text("Dan")
    expect(dan.locator("[data-test=error]")).to_be_visible()  # told, and watching as a spectator
    expect(dan.locator("[data-test=seats]")).not_to_contain_text("Dan")
    assert dan.evaluate(f"() => localStorage.getItem('hiddenrole.seat.{code}')") is None
    guest.close()  # the player leaves: away, not gone
    expect(host.locator("[data-test=seats] li", has_text="Cem").locator(".dot.off")).to_be_visible()


def test_web_deadline_counts_down_and_tv_shows_public_board(server, desktop, phone):
    page = phone().new_page()
    page.goto(server + "/")
    page.wait_for_selector("select[name=game] option", state="attached")
    page.select_option("select[name=game]", "mccarthyism")
    page.select_option("select[name=pace]", "fast")
    page.fill("input[name=factor]", "2")
    page.fill("input[name=bots]", "3")
    page.fill("input[name=host-name]", "Ann")
    page.get_by_role("button", name="Create table").click()
    code = page.locator("[data-test=code]")
    expect(code).to_have_text(re.compile(r"^[A-Z0-9]{6}$"))
    tv = desktop().new_page()
    tv.goto(f"{server}/#/tv/{code.inner_text()}")
    wait_connected(page)
    page.locator("[data-test=start]").click()
    deadline = page.locator("[data-test=deadline]")
    expect(deadline).to_have_text(re.compile(r"^\d+:\d\d$"))
    # the clock is an inline SVG icon, not an emoji a phone without emoji fonts shows as a box
    icon = page.locator(".deadline svg.icon").first
    expect(icon).to_be_visible()
    assert "⏱" not in page.locator(".status").first.inner_text()
    first = deadline.inner_text()
    expect(deadline).not_to_have_text(first)  # a live countdown: it changes (waits for it, no fixed sleep)
    left = int(first.split(":")[0]) * 60 + int(first.split(":")[1])
    assert 0 < left <= 60  # turn_seconds 120 divided by the factor 2
    expect(tv.locator("[data-test=board]")).to_contain_text("Turn")
    expect(tv.locator("[data-test=private]")).to_be_hidden()
    expect(tv.locator("[data-test=actions]")).to_be_hidden()
    st = client_state(tv)
    assert st["me"] is None and st["view"]["private"] == {}
    assert all(not e.get("private") for e in st["events"])


def test_web_host_gives_an_away_seat_to_a_bot(server, desktop, phone):
    host = desktop().new_page()
    code = create_table(host, server, "shady-agents", bots=2, host_name="Ann")
    guest_ctx = phone()
    guest = guest_ctx.new_page()
    guest.goto(f"{server}/?join={code}")
    guest.fill("input[name=join-name]", "Bea")
    guest.get_by_role("button", name="Join", exact=True).click()
    wait_connected(guest)
    wait_connected(host)
    host.locator("[data-test=start]").click()
    expect(guest.locator("[data-page=game]")).to_be_visible()
    hide_role(host)
    # a new person can take a person's seat, never a bot's (there is nobody to replace)
    expect(host.locator("[data-test='substitute-Bea']")).to_be_visible()
    bots = [s["name"] for s in httpx.get(f"{server}/api/tables/{code}").json()["table"]["seats"] if s["bot"]]
    assert len(bots) == 2
    for name in bots:
        expect(host.locator(f"[data-test='substitute-{name}']")).to_be_hidden()
    replace = host.get_by_role("button", name="Give Bea’s seat to a bot")
    expect(replace).to_be_hidden()  # Bea is here
    guest_ctx.close()  # Bea's phone is gone
    expect(replace).to_be_visible()
    replace.click()
    expect(replace).to_be_hidden()
    seats = httpx.get(f"{server}/api/tables/{code}").json()["table"]["seats"]
    assert next(s for s in seats if s["name"] == "Bea")["bot"] is True
    play_to_end([host], random.Random(3))  # the bot plays Bea's seat to the end
    expect(host.locator("[data-test=winner]")).to_be_visible()


def test_web_names_and_posts_are_shown_as_text_never_as_html(server, desktop, phone):
    host = desktop().new_page()
    dialogs = []
    host.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    code = create_table(host, server, "shady-agents", bots=2, host_name="Ann")
    guest = phone().new_page()
    name = '<img src=x onerror=alert(1)><i>Zed</i>'
    guest.goto(f"{server}/?join={code}")
    guest.fill("input[name=join-name]", name)
    guest.get_by_role("button", name="Join", exact=True).click()
    wait_connected(guest)
    expect(host.locator("[data-test=seats]")).to_contain_text(name)
    host.locator("[data-test=start]").click()
    board = host.locator("[data-test=board]")
    expect(board).to_contain_text(name)  # the board's HTML is built with escaping
    hide_role(guest)
    guest.locator("input[name=post]").fill("<script>alert(2)</script><b>bold?</b>")
    guest.get_by_role("button", name="Post", exact=True).click()
    expect(host.locator("[data-test=feed] .feed")).to_contain_text("<b>bold?</b>")
    for page in (host, guest):
        assert page.locator("#app img, #app i, .feed b:has-text('bold?'), .feed script").count() == 0
    assert dialogs == []


def test_web_merge_patch_keeps_a_player_named_like_an_object_internal(server, phone):
    """A state patch keyed by player names (holdings, roles seen) must treat every name as
    data: "__proto__" is a legal player name, and assigning it would set the object's
    prototype instead (RFC 7386 patches applied by the client's mergePatch)."""
    page = phone().new_page()
    page.goto(server + "/")
    out = page.evaluate("""async () => {
        const { mergePatch } = await import("/app.js");
        const state = JSON.parse('{"board": {"holding": {"Ann": 2}, "gone": 1}}');
        const patch = JSON.parse('{"board": {"holding": {"__proto__": 1, "constructor": 3}, "gone": null}}');
        const next = mergePatch(state, patch);
        return { json: JSON.stringify(next), before: JSON.stringify(state),
                 proto: Object.getPrototypeOf(next.board.holding) === Object.prototype };
    }""")
    assert out["json"] == '{"board":{"holding":{"Ann":2,"__proto__":1,"constructor":3}}}'
    assert out["before"] == '{"board":{"holding":{"Ann":2},"gone":1}}'  # left as it was
    assert out["proto"] is True


def test_web_language_from_the_browser_and_switchable(server, browser):
    """German from navigator.language; the switch persists; an unknown language is English, said so."""
    ctx = browser.new_context(locale="de-AT", viewport={"width": 360, "height": 800})
    page = ctx.new_page()
    page.goto(server + "/")
    expect(page.get_by_role("button", name="Tisch eröffnen")).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == "de"
    page.select_option("select[name=lang]", "en")
    expect(page.get_by_role("button", name="Create table")).to_be_visible()
    page.reload()
    expect(page.get_by_role("button", name="Create table")).to_be_visible()  # remembered
    ctx.close()
    ctx = browser.new_context(locale="fi-FI")
    page = ctx.new_page()
    page.goto(server + "/")
    expect(page.locator("[data-test=lang-note]")).to_contain_text("(fi)")
    expect(page.get_by_role("button", name="Create table")).to_be_visible()
    ctx.close()


def test_web_presets_and_how_to_play(server, browser):
    """Each game's ready-made setups fill the form (and the table gets them); each game's
    how-to-play opens from the home page, in English and in German, and passes axe."""
    ctx = browser.new_context(locale="de-DE", viewport={"width": 360, "height": 800})
    page = ctx.new_page()
    page.goto(server + "/")
    page.wait_for_selector("select[name=game] option", state="attached")
    games = {g["name"]: g for g in httpx.get(server + "/api/games?lang=de").json()}
    for name in games:
        page.select_option("select[name=game]", name)
        presets = page.locator("[data-test=presets] button.preset")
        expect(presets.first).to_be_visible()
        assert presets.count() >= 2
        page.locator("[data-test=howto-home]").click()
        howto = page.locator("[data-test=howto]")
        expect(howto).to_be_visible()
        expect(howto.locator(".howto-body")).not_to_be_empty()
        if name == "secret-hitler":
            screenshot(page, "howto-phone-de")
            check_axe(page, f"the how-to-play of {name}")
        page.keyboard.press("Escape")
        expect(howto).to_be_hidden()
    text = page.evaluate("() => document.body.innerText")
    assert "How to play" not in text and "Ready-made" not in text
    # Secret Hitler's "quick game": turbo rules, every deadline four times shorter
    page.select_option("select[name=game]", "secret-hitler")
    page.locator("[data-preset=quick]").click()
    expect(page.locator("[data-preset=quick]")).to_have_attribute("aria-pressed", "true")
    assert page.locator("select[name=pace]").input_value() == "fast"
    assert page.locator("input[name=factor]").input_value() == "4"
    page.locator("[data-preset=official]").click()
    page.locator("details.options summary").click()
    assert page.locator("[name=opt-variant]").input_value() == "official"
    expect(page.locator("[name=opt-variant] option:checked")).to_have_text("Offizielles Brettspiel")
    page.fill("input[name=host-name]", "Ann")
    page.locator("[data-test=create-form] button[type=submit]").click()
    code = page.locator("[data-test=code]")
    expect(code).to_have_text(re.compile(r"^[A-Z0-9]{6}$"))
    table = httpx.get(f"{server}/api/tables/{code.inner_text()}").json()["table"]
    assert table["options"]["variant"] == "official" and table["pace"] == "turbo"
    # the McCarthyism "large playtest"
    page.goto(server + "/")
    page.select_option("select[name=game]", "mccarthyism")
    page.locator("[data-preset=playtest]").click()
    page.locator("details.options summary").click()
    assert page.locator("[name=opt-turns_per_player]").input_value() == "2"
    assert page.locator("[name=opt-reveal_votes]").is_checked()
    ctx.close()


def test_web_keyboard_only_play(server, phone):
    """Keyboard only: Enter hides the role reveal (its button has the focus), Tab reaches the
    prompt's choices, Enter plays one."""
    page = phone().new_page()
    create_table(page, server, "shady-agents", bots=3, host_name="Ann")
    wait_connected(page)
    page.locator("[data-test=start]").focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-test=role-hide]")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("[data-test=role-reveal]")).to_have_count(0)
    play_until(page, None, your_turn, move=None)  # the bots play until Ann's move
    events = len(client_state(page)["events"])
    on_choice = "() => !!document.activeElement && !!document.activeElement.closest('[data-test=actions]')"
    for _ in range(80):
        if page.evaluate(on_choice):
            break
        page.keyboard.press("Tab")
    assert page.evaluate(on_choice), "Tab never reached the prompt's choices"
    # Enter on a choice plays it; a prompt of picks (a move: the tool, then the player) is
    # Enter on each pick and Tab on to the next, until its give button plays the move
    played = f"() => Alpine.store('session').events.length > {events}"
    for _ in range(30):
        page.keyboard.press("Enter")
        try:
            page.wait_for_function(played, timeout=1000)
            break
        except Exception:
            page.keyboard.press("Tab")
    page.wait_for_function(played)


def test_web_shady_agents_give_is_a_two_step_pick(server, phone):
    # a move is two picks (which tool, saying what it does; then to whom) and one button that
    # says what it gives to whom, instead of one button per tool and player
    page = phone().new_page()
    create_table(page, server, "shady-agents", bots=5, host_name="Ann")
    wait_connected(page)
    page.locator("[data-test=start]").click()
    hide_role(page)
    target = page.locator("[data-test=give-target]")
    answer = page.locator("[data-test=actions] button.action[data-action=answer]")

    def answer_only(page, _rng) -> bool:
        """Ann's move until her own: an interrogation's first answer, when one is asked."""
        try:  # the prompt may move on under the click
            return answer.count() > 0 and answer.first.click(timeout=2000) is None
        except Exception:
            return False

    # the bots play until Ann's move; Ann answers the interrogations on the way
    play_until(page, None, lambda st: target.is_visible(), move=answer_only)
    expect(target).to_be_visible()
    names = target.locator("button")
    # each player a gift may go to, once (the spy code may hold Ann to an answer: fewer then)
    targets = {a["target"] for a in client_state(page)["legal"] if a.get("action") == "give"}
    assert 1 <= len(targets) <= 5
    expect(names).to_have_count(len(targets))
    go = page.locator("[data-test=give-go]")
    expect(go).to_be_disabled()
    tools = page.locator("[data-test=give-tool] button")
    if tools.count():  # round 1: both tools in hand, each saying what it does
        expect(tools).to_have_count(2)
        expect(tools.filter(has_text="bullet")).to_contain_text("The receiver’s side loses a point.")
        expect(tools.filter(has_text="medical kit")).to_contain_text("The receiver’s side gains a point.")
    # a legal gift (the spy code may hold Ann to an answer: not every tool goes to every player)
    gift = next(a for a in client_state(page)["legal"] if a.get("action") == "give")
    if tools.count():
        medkit = gift["tool"] != "bullet"
        tools.filter(has_text="medical kit" if medkit else "bullet").click()
        expect(go).to_be_disabled()  # no player yet
        tool = "a medical kit" if medkit else "a bullet"
    else:  # round 2: the one tool left is named
        expect(page.locator("[data-test=give]")).to_contain_text("Your tool:")
        tool = None
    pick = names.filter(has_text=gift["target"]).first
    first = pick.inner_text()
    pick.click()
    expect(go).to_be_enabled()
    expect(go).to_contain_text(f"Give {tool or ''}".rstrip() if tool else "Give ")
    expect(go).to_contain_text(f"to {first}")
    expect(go).to_contain_text(f"only {first} learns which tool it is")
    # no button per tool and player: the picks, the one give button, and the alternatives
    assert page.locator("[data-test=actions] button.action").count() <= 3
    check_axe(page, "the Shady Agents move")
    held = client_state(page)["view"]["board"]["holding"]["Ann"]
    go.click()
    # the gift went through: Ann holds one tool fewer (the bots may bring her next move, and
    # its picks, back at once, so the picks' hiding is no sign)
    for _ in range(400):
        if client_state(page)["view"]["board"]["holding"]["Ann"] < held:
            break
        page.wait_for_timeout(25)
    assert client_state(page)["view"]["board"]["holding"]["Ann"] == held - 1


def test_web_tv_fits_twenty_mccarthyism_players(server, desktop):
    # a large McCarthyism table on the room's TV (1920x1080): through a whole game every seat
    # of the 20 is on the screen, inside the board, and no two seats overlap; nothing scrolls.
    # The bots play at random: whatever the game, the board is fitted to the screen (the
    # crowded boards it may reach are drawn on purpose in test_web_tv_fit.py)
    host = desktop().new_page()
    code = create_table(host, server, "mccarthyism", bots=19, host_name="Ann")
    tv = desktop(viewport={"width": 1920, "height": 1080}).new_page()
    tv.goto(f"{server}/#/tv/{code}")
    wait_connected(tv)
    wait_connected(host)
    host.locator("[data-test=start]").click()
    expect(tv.locator(".tv-page .seatring li")).to_have_count(20)
    worst = {"height": 0}

    def fits(_round=None):
        # measured as painted: after the next frame's layout, when the board has been fitted to
        # the height left (tv.js drawBoard, its ResizeObserver), however the update arrived
        boxes = tv.evaluate("""async () => {
            await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
            const board = document.querySelector('.tv-page .tv-board').getBoundingClientRect();
            // the result screen hides the board (its seats get no box)
            const seats = [...document.querySelectorAll('.tv-page .seatring li')].map(e => e.getBoundingClientRect())
                .filter(r => r.width > 0 || r.height > 0).map(r => ({x: r.x, y: r.y, r: r.right, b: r.bottom}));
            const board_height = [...document.querySelectorAll('.tv-page .tv-board *')]
                .reduce((h, e) => Math.max(h, e.getBoundingClientRect().bottom), 0);
            return {board: {x: board.x, y: board.y, r: board.right, b: board.bottom}, seats, board_height,
                    w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight};
        }""")
        assert boxes["w"] <= 1920 and boxes["h"] <= 1080, boxes
        board = boxes["board"]
        seats = boxes["seats"]
        if not seats:  # the result screen
            return
        assert len(seats) == 20
        for i, s in enumerate(seats):
            assert s["x"] >= board["x"] - 0.5 and s["r"] <= board["r"] + 0.5, f"seat {i} leaves the board: {s} {board}"
            assert s["y"] >= board["y"] - 0.5 and s["b"] <= min(board["b"], 1080) + 0.5, f"seat {i} is cut off: {s} {board}"
            for j, o in enumerate(seats[:i]):
                apart = s["r"] <= o["x"] + 0.5 or o["r"] <= s["x"] + 0.5 or s["b"] <= o["y"] + 0.5 or o["b"] <= s["y"] + 0.5
                assert apart, f"seats {j} and {i} overlap: {o} {s}"
        # and nothing of the board (the card in play, the last cards played) is cut off below
        assert boxes["board_height"] <= min(board["b"], 1080) + 0.5, f"the board is cut off: {boxes['board_height']}"
        if boxes["board_height"] > worst["height"]:
            worst["height"] = boxes["board_height"]
            screenshot(tv, "mccarthyism-tv-20-players")

    fits()
    play_to_end([host], random.Random(20), seconds=240, every=fits)
