"""Secret Hitler's claims on a German phone (360x800): the one-tap claim form in the prompt
sheet, the claim told in the feed, and the claim tracker on the board."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect
from web_helpers import (
    check_axe, check_german, check_page, client_state, create_table, hide_role, join_by_link, play_until, screenshot, tr,
    wait_connected,
)

pytestmark = [pytest.mark.slow, pytest.mark.browser]

MOVES = "[data-test=actions] button.action:not([data-action=claim])"


def tap_a_move(page, rng: random.Random) -> bool:
    """If the game waits for this page's player, tap one of its moves (never a claim); returns
    whether it tapped."""
    st = client_state(page)
    moves = page.locator(MOVES)
    if st["over"] or not st["waiting"] or st["busy"] or not moves.count():
        return False
    try:
        moves.nth(rng.randrange(moves.count())).click(timeout=2000)
        if page.locator("[data-test=confirm]").is_visible():  # an execution: confirmed
            page.locator("[data-test=confirm-yes]").click(timeout=2000)
    except Exception:  # the prompt moved on under the tap
        return False
    return True


def test_web_claim_form_feed_and_tracker_on_a_phone(server, desktop, phone):
    rng = random.Random(19)
    for _ in range(4):  # a game may end before Bea ever governs: another table then
        host = desktop().new_page()
        code = create_table(host, server, "secret-hitler", bots=3, host_name="Ann")
        link = host.locator("[data-test=join-link]").inner_text()
        assert code in link
        wait_connected(host)
        page = phone(locale="de-DE").new_page()  # Bea, on a German phone
        join_by_link(page, link, "Bea")
        expect(host.locator("[data-test=seats] li", has_text="Bea").locator(".dot.on")).to_be_visible()
        host.locator("[data-test=start]").click()
        hide_role(host)
        hide_role(page)
        # both players tap their moves until Bea may claim (a game over first: another table)
        form = page.locator("[data-test=claim-form]")
        if play_until(page, rng, lambda st: form.is_visible(), move=tap_a_move, others=[host], ended_ok=True):
            break
        host.close()
        page.close()
    else:
        pytest.fail("Bea never had a claim to make in four games")
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
    page.wait_for_function("() => Alpine.store('session').events.some(e => e.kind === 'claim' && e.player === 'Bea')")
    made = next(e for e in client_state(page)["events"] if e["kind"] == "claim" and e["player"] == "Bea")
    assert made["as"] == mine["as"]
    expect(page.locator("[data-test=feed]")).to_contain_text("Bea behauptet")
    # the tracker's row of that government names Bea and shows her claim in her column
    row = tracker.locator(f"tr[data-government='{made['government']}']")
    expect(row).to_contain_text("Bea")
    column = {"president": 3, "chancellor": 4, "investigator": 4}[made["as"]]
    expect(row.locator("td").nth(column)).not_to_have_text("—")
    # one claim per role and government: that role's buttons are gone
    expect(form.locator("button.claim")).to_have_count(len([a for a in claims if a["as"] != mine["as"]]))
    check_page(page)
