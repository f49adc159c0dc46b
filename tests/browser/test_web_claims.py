"""Secret Hitler's claims on a German phone (360x800): the one-tap claim form in the prompt
sheet, the claim told in the feed, and the claim tracker on the board."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect
from web_helpers import check_axe, check_german, check_page, client_state, create_table, hide_role, screenshot, tr, wait_connected

pytestmark = [pytest.mark.slow, pytest.mark.browser]

MOVES = "[data-test=actions] button.action:not([data-action=claim])"


def play_until_a_claim(page, rng: random.Random) -> bool:
    """Tap Ann's moves (never a claim) until she may claim (True) or the game is over (False)."""
    form = page.locator("[data-test=claim-form]")
    for _ in range(1500):
        st = client_state(page)
        if form.is_visible():
            return True
        if st["over"]:
            return False
        moves = page.locator(MOVES)
        if st["waiting"] and not st["busy"] and moves.count():
            try:
                moves.nth(rng.randrange(moves.count())).click(timeout=2000)
                if page.locator("[data-test=confirm]").is_visible():  # an execution: confirmed
                    page.locator("[data-test=confirm-yes]").click(timeout=2000)
            except Exception:  # the prompt moved on under the tap
                pass
        page.wait_for_timeout(50)
    return form.is_visible()


def test_web_claim_form_feed_and_tracker_on_a_phone(server, phone):
    rng = random.Random(19)
    for _ in range(4):  # a game may end before Ann ever governs: another table then
        page = phone(locale="de-DE").new_page()
        create_table(page, server, "secret-hitler", bots=4, host_name="Ann")
        wait_connected(page)
        page.locator("[data-test=start]").click()
        hide_role(page)
        if play_until_a_claim(page, rng):
            break
        page.close()
    else:
        pytest.fail("Ann never had a claim to make in four games")
    form = page.locator("[data-test=claim-form]")
    claims = [a for a in client_state(page)["legal"] if a["action"] == "claim"]
    assert claims and {a["as"] for a in claims} <= {"president", "chancellor", "investigator"}
    buttons = form.locator("button.claim")
    expect(buttons).to_have_count(len(claims))  # one tap per claim the record allows
    expect(form).to_contain_text(tr(page, "Claim what you saw"))
    tracker = page.locator("[data-test=claim-tracker]")
    expect(tracker).to_be_visible()
    expect(tracker).to_contain_text(tr(page, "Claim tracker"))
    check_page(page)  # nothing wider than the phone
    check_german(page)
    check_axe(page, "the claim form")
    screenshot(page, "secret-hitler-claims-phone")

    mine = claims[0]
    buttons.first.click()
    page.wait_for_function("() => Alpine.store('session').events.some(e => e.kind === 'claim' && e.player === 'Ann')")
    made = next(e for e in client_state(page)["events"] if e["kind"] == "claim" and e["player"] == "Ann")
    assert made["as"] == mine["as"]
    expect(page.locator("[data-test=feed]")).to_contain_text("Ann behauptet")
    # the tracker's row of that government names Ann and shows her claim in her column
    row = tracker.locator(f"tr[data-government='{made['government']}']")
    expect(row).to_contain_text("Ann")
    column = {"president": 3, "chancellor": 4, "investigator": 4}[made["as"]]
    expect(row.locator("td").nth(column)).not_to_have_text("—")
    # one claim per role and government: that role's buttons are gone
    expect(form.locator("button.claim")).to_have_count(len([a for a in claims if a["as"] != mine["as"]]))
    check_page(page)
