"""Reloading a player's page mid-game restores the seat, the view and the pending choice
(from the seat token kept in localStorage); a dropped connection shows "reconnecting" and
comes back by itself."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect
from web_helpers import client_state, create_table, play_to_end, play_until, seat_token, seat_views, wait_connected, your_turn

pytestmark = [pytest.mark.slow, pytest.mark.browser]



def same_texts(buttons, labels, tries=400):
    """Wait until the buttons' rendered texts are `labels` (a button's label and its explanation
    sit in separate elements, so Playwright's to_have_text, which reads textContent, would join
    them without the line break the page shows)."""
    for _ in range(tries):
        if buttons.all_inner_texts() == labels:
            return
        buttons.first.page.wait_for_timeout(25)
    assert buttons.all_inner_texts() == labels


def settled_texts(buttons, tries=80):
    """The buttons' rendered texts once two reads agree (a prompt is drawn in more than one
    pass: a label read half-drawn, without its explanation's line, was compared with the
    whole one after the reload)."""
    last = buttons.all_inner_texts()
    for _ in range(tries):
        buttons.first.page.wait_for_timeout(50)
        now = buttons.all_inner_texts()
        if now == last:
            return now
        last = now
    return last


@pytest.mark.parametrize("game,bots", [("shady-agents", 3), ("secret-hitler", 4)])
def test_web_reload_restores_seat_view_and_choice(game, bots, server, phone):
    page = phone().new_page()
    rng = random.Random(7)
    for _ in range(3):  # a small table's game can end before Ann's third choice: a new table then
        code = create_table(page, server, game, bots=bots, host_name="Ann")
        wait_connected(page)
        page.locator("[data-test=start]").click()
        expect(page.locator("[data-page=game]")).to_be_visible()
        before = play_until(page, rng, your_turn, moves_first=2, ended_ok=True)
        if before is not None:
            break
    assert before is not None, "three games ended before Ann's third choice"
    buttons = page.locator("[data-test=actions] button.action")
    # the client's state says the choice is pending; the page draws its buttons a moment later
    expect(buttons.first).to_be_visible()
    labels = settled_texts(buttons)
    private = page.locator("[data-test=private]").inner_text()
    assert labels and before["me"] == "Ann"

    page.reload()
    expect(page.locator("[data-page=game]")).to_be_visible()
    wait_connected(page)
    token = seat_token(page, code)["token"]
    for _ in range(100):  # the reloaded page holds the seat's view as the server has it now
        after = client_state(page)
        now = seat_views(server, code, {"Ann": token})["Ann"]
        if after["view"] == now.get("view"):
            break
        page.wait_for_timeout(30)
    assert after["me"] == "Ann" and after["code"] == code
    expect(page.locator("[data-test=me]")).to_have_text("Ann")
    assert after["view"] == now["view"]
    assert after["legal"] == [a for a in now.get("legal_actions", []) if a["action"] != "post"]
    if now["view"] != before["view"]:
        # the bots moved the game on during the reload (a turbo vote can end before everyone
        # voted): the restored choice is the new one; play on from there
        before = play_until(page, rng, your_turn, move=None)
        expect(buttons.first).to_be_visible()
        labels = settled_texts(buttons)
        private = page.locator("[data-test=private]").inner_text()
    else:
        assert after["legal"] == before["legal"] and after["waiting"]
        same_texts(buttons, labels)
        assert page.locator("[data-test=private]").inner_text() == private

    # the connection drops (a phone that slept): "reconnecting", then back with the same choice
    page.evaluate("() => Alpine.store('session').ws.close()")
    expect(page.locator("[data-test=conn]")).to_have_text("reconnecting…")
    wait_connected(page)
    same_texts(buttons, labels)

    # a lost message (a gap in seq): the client asks for a new snapshot once and carries on
    page.evaluate("""() => { const d = Alpine.store('session');
                           d.onMessage({type: 'update', seq: d.seq + 2, events: [], thread: [], patch: {}});
                           d.onMessage({type: 'update', seq: d.seq + 3, events: [], thread: [], patch: {}}); }""")
    page.wait_for_function("() => !Alpine.store('session').resyncing")
    same_texts(buttons, labels)
    assert client_state(page)["legal"] == before["legal"]

    # and the restored seat plays on to the end
    play_to_end([page], rng)
    expect(page.locator("[data-test=winner]")).to_be_visible()
