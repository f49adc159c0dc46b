"""The lobby says the table's pace as it was chosen (issue 13): the ready-made setup it was made
with and what that setup is ("Quick game: 45 seconds per turn and 30 per answer."), never "the
rules' own timings" for deadlines the rules do not have; deadlines set by hand are named."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from web_helpers import create_table

pytestmark = [pytest.mark.slow, pytest.mark.browser]

#: What the lobby says after each Shady Agents setup, as each language words it (by hand).
QUICK = {"en-GB": "Quick game: 45 seconds per turn and 30 per answer.",
         "de-DE": "Schnelles Spiel: 45 Sekunden pro Zug und 30 pro Antwort."}
RULEBOOK = {"en-GB": "Rulebook game: The Mod enforces the spy code: you pick your answer from the true or the false "
                     "ones. Two minutes per turn.",
            "de-DE": "Spiel nach Regelbuch: Der Mod setzt den Spionagecode durch: Du wählst deine Antwort aus den "
                     "wahren oder den falschen. Zwei Minuten pro Zug."}


def lobby_after_preset(page, server, preset):
    """Create a Shady Agents table with the ready-made setup ``preset``; returns the lobby's pace."""
    page.goto(server + "/")
    page.wait_for_selector("select[name=game] option", state="attached")
    page.select_option("select[name=game]", "shady-agents")
    page.locator(f"[data-preset={preset}]").click()
    page.fill("input[name=host-name]", "Ann")
    page.locator("[data-test=create-form] button[type=submit]").click()
    return page.locator("[data-test=pace]")


@pytest.mark.parametrize("locale", sorted(QUICK))
def test_web_the_lobby_names_the_ready_made_setup_and_its_deadlines(server, phone, locale):
    page = phone(locale=locale).new_page()
    expect(lobby_after_preset(page, server, "quick")).to_have_text(QUICK[locale])
    expect(lobby_after_preset(page, server, "rulebook")).to_have_text(RULEBOOK[locale])


def test_web_the_lobby_names_deadlines_set_by_hand_and_the_other_paces(server, phone):
    page = phone(locale="en-GB").new_page()
    create_table(page, server, "shady-agents", bots=0, host_name="Ann", pace="turbo", options={"turn_seconds": 60})
    expect(page.locator("[data-test=pace]")).to_have_text("deadlines set for this table: Seconds for each turn: 60")
    create_table(page, server, "shady-agents", bots=0, host_name="Ann", pace="untimed")
    expect(page.locator("[data-test=pace]")).to_have_text("untimed")
    # a McCarthyism table with every rulebook value matches its rulebook setup
    create_table(page, server, "mccarthyism", bots=0, host_name="Ann", pace="turbo")
    expect(page.locator("[data-test=pace]")).to_have_text(
        "Rulebook game: Three turns as snitch each, two minutes per choice, one minute per vote.")
