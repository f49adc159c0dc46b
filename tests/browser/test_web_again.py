"""Issue 13, a new user's trial at 360x800: play again from the results page (the host makes
the next table, a player and a spectator join it in one tap, the player's name kept for
them), leave the lobby and change
one's name there, a pasted join link or a code with separators in the code box, a seat
handed back to its own player ("Hal is back", the used link marked), the way back for a
player who lost their seat, and the replay of an unfinished game."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect
from web_helpers import create_table, hide_role, join_by_link, wait_connected

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def host_token(page, code):
    return page.evaluate(f"() => JSON.parse(localStorage.getItem('hiddenrole.host.{code}'))")


def void(server, page, code):
    r = httpx.post(f"{server}/api/tables/{code}/control", json={"control": "void", "reason": "test over"},
                   headers={"Authorization": f"Bearer {host_token(page, code)}"})
    assert r.status_code == 200, r.text


def seat_names(page):
    return page.evaluate("() => Alpine.store('session').table.seats.map(s => s.name)")


def started_with(server, phone, guest):
    """A Secret Hitler game on phones, started by its host Ann with three bots and ``guest``,
    who took a seat through the join link; Ann's role hidden again. Returns Ann's page, the
    guest's page and the table's code."""
    host = phone().new_page()
    code = create_table(host, server, "secret-hitler", bots=3, host_name="Ann")
    page = phone().new_page()
    join_by_link(page, f"{server}/?join={code}", guest)
    wait_connected(host)
    host.locator("[data-test=start]").click()
    hide_role(host)
    return host, page, code


def test_web_play_again_offers_everyone_the_next_game(server, phone):
    host, bob, code = started_with(server, phone, "Bob")
    hide_role(bob)
    watcher = phone().new_page()
    watcher.goto(f"{server}/#/t/{code}")
    wait_connected(watcher)
    void(server, host, code)
    for page in (host, bob, watcher):
        expect(page.locator("[data-test=results]")).to_be_visible()
    # only the host sets it up; the others wait for it
    expect(bob.locator("[data-test=play-again]")).to_have_count(0)
    expect(host.locator("[data-test=again-bots]")).to_be_checked()
    host.locator("[data-test=play-again]").click()
    expect(host.locator("[data-page=lobby]")).to_be_visible()
    new = host.locator("[data-test=code]").inner_text()
    assert new != code
    assert seat_names(host) == ["Ann", "Bot 1", "Bot 2", "Bot 3"]
    expect(host.locator("[data-test=start]")).to_be_visible()  # the host's controls at the new table
    # a spectator has no name yet: the join form of the next table, where Bob's name is kept for him
    watcher.locator("[data-test=join-next]").click()
    expect(watcher.locator("[data-test=join-form]")).to_be_visible()
    expect(watcher.locator("[data-test=join-form] .code")).to_have_text(new)
    watcher.locator("input[name=join-name]").fill("Bob")
    watcher.locator("[data-test=join-form] button[type=submit]").click()
    expect(watcher.locator("[data-test=error]")).to_have_text(
        "The name “Bob” is kept for Bob, who played the last game at this table: choose another.")
    assert seat_names(host) == ["Ann", "Bot 1", "Bot 2", "Bot 3"]
    # Bob: one tap, his name kept
    button = bob.locator("[data-test=join-next]")
    expect(button).to_have_text("Join the next game as Bob")
    expect(bob.locator("[data-test=next-game]")).to_have_text(f"The next game is set up at table {new}.")
    button.click()
    expect(bob.locator("[data-page=lobby]")).to_be_visible()
    expect(bob.locator("[data-test=code]")).to_have_text(new)
    assert bob.evaluate("() => Alpine.store('session').me") == "Bob"
    expect(host.locator("[data-test=seats]")).to_contain_text("Bob")


def test_web_the_tv_follows_the_table_to_the_next_game(server, phone, desktop):
    # a fresh-user trial: after "Play again" the room's TV kept the old results, with no way in
    # to the next table; now it shows the next table's waiting room (its code and join link)
    host, bob, code = started_with(server, phone, "Bob")
    tv = desktop(viewport={"width": 1920, "height": 1080}).new_page()
    tv.goto(f"{server}/#/tv/{code}")
    wait_connected(tv)
    void(server, host, code)
    expect(tv.locator("[data-test=results]")).to_be_visible()
    host.locator("[data-test=play-again]").click()
    expect(host.locator("[data-page=lobby]")).to_be_visible()
    new = host.locator("[data-test=code]").inner_text()
    expect(tv.locator("[data-test=tv-lobby]")).to_be_visible()
    expect(tv.locator("[data-test=tv-code]")).to_have_text(new)
    expect(tv.locator("[data-test=tv-join-link]")).to_have_text(f"{server}/?join={new}")
    assert tv.evaluate("location.hash") == f"#/tv/{new}"


def test_web_a_player_changes_their_name_and_leaves_the_lobby(server, phone):
    host = phone().new_page()
    code = create_table(host, server, "mccarthyism", bots=0, host_name="Ann")
    bob = phone().new_page()
    join_by_link(bob, f"{server}/?join={code}", "Bbo")
    wait_connected(bob)
    bob.locator("[data-test=rename]").click()
    field = bob.locator("[data-test=new-name]")
    expect(field).to_be_focused()
    field.fill("ann")  # the checks of a join
    bob.locator("[data-test=rename-save]").click()
    expect(bob.locator("[data-test=error]")).to_have_text(
        "The name “ann” looks too much like “Ann”, who is already at this table: choose another.")
    field.fill("Bob")
    bob.locator("[data-test=rename-save]").click()
    expect(bob.locator("[data-test=new-name]")).to_be_hidden()
    expect(host.locator("[data-test=seats]")).to_contain_text("Bob")
    expect(host.locator("[data-test=seats]")).not_to_contain_text("Bbo")
    bob.reload()  # the device keeps the new name
    wait_connected(bob)
    assert bob.evaluate("() => Alpine.store('session').me") == "Bob"
    bob.locator("[data-test=leave]").click()
    expect(bob.locator("[data-test=lobby-join]")).to_be_visible()
    expect(bob.locator("[data-test=my-seat]")).to_be_hidden()
    assert bob.evaluate(f"() => localStorage.getItem('hiddenrole.seat.{code}')") is None
    expect(host.locator("[data-test=seats]")).not_to_contain_text("Bob")


def test_web_the_code_box_takes_a_pasted_link_and_ignores_separators(server, phone):
    host = phone().new_page()
    code = create_table(host, server, "mccarthyism", bots=0, host_name="Ann")
    page = phone().new_page()
    page.goto(server + "/")
    page.wait_for_selector("select[name=game] option", state="attached")
    box = page.locator("input[name=code]")
    for typed in (f"{server}/?join={code.lower()}", f"{code[:2]}-{code[2:]}"):
        box.fill(typed)
        box.press("Enter")
        expect(page.locator("[data-test=join-form] .code")).to_have_text(code)
        page.locator("[data-test=join-form] button[type=button]").click()  # back to the code box
    for typed, said in (("HTTP://127.0.0.1.", "This link holds no table code: paste the join link the host sent, or "
                                              "type the code (6 letters and digits)."),
                        ("54-DRB", "A table code has 6 letters and digits: 54DRB has 5.")):
        box.fill(typed)
        box.press("Enter")
        expect(page.locator("[data-test=code-error]")).to_have_text(said)
        expect(page.locator("[data-test=join-form]")).to_be_hidden()


def test_web_a_lost_seat_is_handed_back_and_the_feed_says_who_is_back(server, phone):
    host, _, code = started_with(server, phone, "Hal")
    # Hal's new phone: the join link says what to do
    fresh = phone().new_page()
    fresh.goto(f"{server}/?join={code}")
    expect(fresh.locator("[data-test=lost-seat]")).to_have_text(
        "Had a seat here and lost it (a new phone, a cleared browser)? Ask the host to give it back: on the game "
        "page, under Host, they press “Hand to a new person” next to your name and send you the link.")
    host.locator("[data-test=substitute-Hal]").click()
    link = host.locator("[data-test=substitute-link]")
    expect(link).to_be_visible()
    fresh.goto(link.inner_text())
    expect(fresh.locator("[data-test=claim-choice]")).to_contain_text("This link gives you Hal’s seat.")
    fresh.locator("[data-test=claim-back]").click()
    expect(fresh.locator("[data-page=game]")).to_be_visible()
    assert fresh.evaluate("() => Alpine.store('session').me") == "Hal"
    host.wait_for_function("() => Alpine.store('session').notices.some(n => n.text === 'Hal is back.')")
    # the used link is no longer offered
    expect(host.locator("[data-test=substitute-link]")).to_be_hidden()
    expect(host.locator("[data-test=substitute-used]")).to_have_text(
        "The link for Hal’s seat was used: it works no more.")


def test_web_the_replay_of_an_unfinished_game_is_only_its_sentence(server, phone):
    host = phone().new_page()
    code = create_table(host, server, "mccarthyism", bots=0, host_name="Ann")
    page = phone().new_page()
    page.goto(f"{server}/#/r/{code}/0")
    expect(page.locator("[data-test=replay-unfinished]")).to_have_text("A game can be replayed only after it is over.")
    expect(page.locator("[data-test=replay-step]")).to_be_hidden()
    expect(page.locator("[data-test=replay-board]")).to_be_hidden()
    expect(page.get_by_text("Share this step")).to_be_hidden()
    expect(page.locator("[data-test=error]")).to_be_hidden()
