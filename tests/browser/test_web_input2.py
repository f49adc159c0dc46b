"""Findings of the second fresh-user trial on input (issue 13): a Secret Hitler vote tapped again
posts its votecode once and the buttons show the standing vote; the message box keeps to the
game's post limit, says it when close, and keeps a refused post; a name field counts as the
server counts and never cuts an emoji sequence."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect
from web_helpers import create_table, hide_role, play_until, post, step, wait_connected

pytestmark = [pytest.mark.slow, pytest.mark.browser]

FAMILY = "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466"  # 7 characters, 11 UTF-16 units


def start(page) -> None:
    wait_connected(page)
    page.locator("[data-test=start]").click()
    hide_role(page)


def test_web_a_vote_tapped_again_posts_once_and_shows_the_standing_vote(server, phone):
    page = phone().new_page()
    create_table(page, server, "secret-hitler", bots=4, host_name="Ann", pace="turbo")  # the vote stays open
    start(page)
    # the random moves never vote: a vote offered between the condition's read and a move's
    # read was tapped once (a clean-clone run found "Nein" pressed before the first tap)
    st = play_until(page, random.Random(3), lambda st: any(a["action"] == "vote" for a in st["legal"]),
                    move=lambda p, rng: step(p, rng, avoid=("vote",)))
    codes = st["view"]["private"]["todays_codes"]
    yes, no = str(codes["yes"]), str(codes["no"])
    sheet = page.locator("[data-test=actions]")
    yes_button, no_button = sheet.locator("button.action.yes"), sheet.locator("button.action.no")
    expect(yes_button).to_have_attribute("aria-pressed", "false")
    expect(no_button).to_have_attribute("aria-pressed", "false")
    # five taps at once, as the trial's script did: one post, the button pressed
    page.evaluate("() => { const b = document.querySelector('[data-test=actions] button.action.yes');"
                  "        for (let i = 0; i < 5; i++) b.click(); }")
    expect(yes_button).to_have_attribute("aria-pressed", "true")
    expect(no_button).to_have_attribute("aria-pressed", "false")
    expect(sheet.locator("[data-test=vote-standing]")).to_have_text("Your vote now: Ja! (yes). Tap Nein to change it.")
    page.wait_for_function("() => Alpine.store('session').view.private.vote === 'yes'")
    for _ in range(3):  # the standing vote tapped again, once counted: nothing more is posted
        yes_button.click()
    # changing the vote stays allowed, and back again
    no_button.click()
    expect(no_button).to_have_attribute("aria-pressed", "true")
    expect(yes_button).to_have_attribute("aria-pressed", "false")
    expect(sheet.locator("[data-test=vote-standing]")).to_have_text("Your vote now: Nein (no). Tap Ja! to change it.")
    page.wait_for_function("() => Alpine.store('session').view.private.vote === 'no'")
    yes_button.click()
    expect(yes_button).to_have_attribute("aria-pressed", "true")
    mine = page.locator("[data-test=feed] li.post").filter(has=page.locator("b.by", has_text="Ann"))
    expect(mine.locator("b.code-bold")).to_have_text([yes, no, yes])


def test_web_the_message_box_keeps_to_the_post_limit_and_keeps_a_refused_post(server, phone):
    page = phone().new_page()
    create_table(page, server, "mccarthyism", bots=3, host_name="Ann")
    start(page)
    box = page.locator("input[name=post]")
    hint = page.locator("[data-test=post-limit]")
    expect(box).to_be_visible()
    expect(hint).to_be_hidden()  # far from the limit: nothing said
    box.fill("a" * 899)
    expect(hint).to_be_hidden()
    box.fill("a" * 950)
    expect(hint).to_have_text("950 of 1000 characters.")
    box.fill("b" * 1200)  # McCarthyism takes 1000 characters: the box stops there, and says so
    expect(box).to_have_value("b" * 1000)
    expect(hint).to_have_text("1000 of 1000 characters: a post cannot be longer.")
    box.fill("x" * 996 + FAMILY)  # an emoji sequence that does not fit is left out whole
    expect(box).to_have_value("x" * 996)
    # a post the server refuses stays in the box
    refused = "Hello \u202Eall"
    post(page, refused)
    expect(page.locator("[data-test=error]")).to_contain_text("Your text was not sent")
    expect(box).to_have_value(refused)
    # an added post empties it
    post(page, "Hello all")
    expect(page.locator("[data-test=feed] li.post").filter(has_text="Hello all")).to_have_count(1)
    expect(box).to_have_value("")


def test_web_a_name_with_emoji_counts_as_the_server_and_is_never_cut_inside_one(server, phone):
    page = phone().new_page()
    page.goto(server + "/")
    page.wait_for_selector("select[name=game] option", state="attached")
    field = page.locator("input[name=host-name]")
    hint = page.locator("[data-test=host-name-limit]")
    name = "Ann " + FAMILY * 5  # 4 + 35 = 39 characters (59 UTF-16 units)
    field.fill(name + FAMILY)  # a sixth family would make 46: it is left out whole
    expect(field).to_have_value(name)
    expect(hint).to_have_text("39 of 40 characters.")
    field.fill("Ann   Lee")  # the server keeps one space between words: so does the count
    expect(hint).to_have_text("Up to 40 characters.")
    field.fill("Ann" + " " * 30 + "b" * 36)  # 3 + 1 + 36 = 40 as the server counts, though 69 typed
    expect(hint).to_have_text("40 of 40 characters: a name cannot be longer.")
    create_table(page, server, "mccarthyism", bots=2, host_name=name)
    expect(page.locator("[data-test=seats] .seat-name").first).to_have_text(name)
