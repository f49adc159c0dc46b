"""Presence and turn cues in the browser (issue 14): the network is cut (Playwright's offline
mode) -> "reconnecting…" within 5 s with the actions disabled -> back online, the pending
choice is back and the action goes through; a turn flashes the title and, on a hidden page
whose player allowed it, shows a notification; the sound toggle is off by default and stays
as chosen."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect
from web_helpers import client_state, create_table, hide_role, play_until, wait_connected, your_turn

pytestmark = [pytest.mark.slow, pytest.mark.browser]

# records every title the page shows and every notification it makes (the page is made to
# look hidden when the test asks, as a phone's background tab is)
RECORD = """
window.__titles = []; window.__notes = [];
window.__hidden = false;
Object.defineProperty(document, 'hidden', {get: () => window.__hidden});
const Real = window.Notification;
class Recorded { constructor(title, opts) { window.__notes.push({title, body: (opts || {}).body}); }
                 static get permission() { return Real ? Real.permission : 'granted'; }
                 static requestPermission() { return Real.requestPermission(); } }
window.Notification = Recorded;
const title = Object.getOwnPropertyDescriptor(Document.prototype, 'title');
Object.defineProperty(document, 'title', {get() { return title.get.call(this); },
                                          set(v) { window.__titles.push(v); title.set.call(this, v); }});
"""


def test_offline_shows_reconnecting_disables_actions_and_the_choice_comes_back(server, phone):
    ctx = phone()
    page = ctx.new_page()
    rng = random.Random(3)
    create_table(page, server, "secret-hitler", bots=4, host_name="Ann")
    wait_connected(page)
    page.locator("[data-test=start]").click()
    expect(page.locator("[data-page=game]")).to_be_visible()
    hide_role(page)
    before = play_until(page, rng, your_turn, move=None)
    buttons = page.locator("[data-test=actions] button.action")
    expect(buttons.first).to_be_enabled()
    labels = buttons.all_inner_texts()

    ctx.set_offline(True)
    expect(page.locator("[data-test=conn]")).to_have_text("reconnecting…", timeout=5000)
    expect(buttons.first).to_be_disabled()
    expect(page.locator("[data-test=actions-fieldset]")).to_have_attribute("disabled", "disabled")

    ctx.set_offline(False)
    wait_connected(page)
    expect(buttons.first).to_be_enabled()
    after = client_state(page)
    if after["view"] == before["view"]:
        # the same pending choice is back (read as drawn, as the labels were: a vote button's
        # code is a line of its own)
        expect(buttons).to_have_text(labels, use_inner_text=True)
    events = len(after["events"])
    buttons.first.click()
    if page.locator("[data-test=confirm-yes]").is_visible():
        page.locator("[data-test=confirm-yes]").click()
    page.wait_for_function(f"() => Alpine.store('session').events.length > {events} && !Alpine.store('session').busy")
    assert client_state(page)["conn"] == "connected"


def test_a_turn_flashes_the_title_and_notifies_a_hidden_page_and_the_sound_toggle_persists(server, browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, permissions=["notifications"])
    try:
        ctx.add_init_script(RECORD)
        page = ctx.new_page()
        create_table(page, server, "secret-hitler", bots=4, host_name="Ann")
        wait_connected(page)
        # the sound is off until chosen, and stays as chosen
        sound = page.locator("[data-test=sound]")
        page.locator("[data-test=start]").click()
        expect(page.locator("[data-page=game]")).to_be_visible()
        hide_role(page)
        expect(sound).not_to_be_checked()
        # the first turn: the title flashes
        page.wait_for_function("() => Alpine.store('session').cues >= 1", timeout=15000)
        titles = page.evaluate("() => window.__titles")
        assert "▶ Your move" in titles, titles
        # the notification button is for players who have not decided yet: this one allowed them
        expect(page.locator("[data-test=notify]")).to_be_hidden()
        # a hidden page gets a notification on a turn
        page.evaluate("() => { window.__hidden = true; Alpine.store('session').cue('turn'); }")
        notes = page.evaluate("() => window.__notes")
        assert notes and notes[-1]["title"] == "Your move", notes
        sound.check()
        assert page.evaluate("() => localStorage.getItem('hiddenrole.sound')") == "on"
        page.reload()
        expect(page.locator("[data-page=game]")).to_be_visible()
        expect(page.locator("[data-test=sound]")).to_be_checked()
        assert page.evaluate("() => Alpine.store('session').sound") is True
        page.locator("[data-test=sound]").uncheck()
        assert page.evaluate("() => localStorage.getItem('hiddenrole.sound')") == "off"
    finally:
        ctx.close()


def test_a_player_without_a_choice_of_notifications_is_offered_the_button(server, phone):
    page = phone().new_page()
    create_table(page, server, "secret-hitler", bots=4, host_name="Ann")
    wait_connected(page)
    page.locator("[data-test=start]").click()
    expect(page.locator("[data-page=game]")).to_be_visible()
    hide_role(page)
    page.locator("[data-test=more] summary").click()  # a phone folds the players and settings away
    if page.evaluate("() => Notification.permission") == "default":
        expect(page.locator("[data-test=notify]")).to_be_visible()
    # every seat shows its presence
    expect(page.locator("[data-test=seat-Ann]")).to_contain_text("here")
    expect(page.locator("[data-test=seat-Bot\\ 1]")).to_contain_text("played by a bot")
