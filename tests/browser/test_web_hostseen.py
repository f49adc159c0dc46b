"""A host who created the table on the web without a seat, then lost the phone (issue 13), on
360x800 phones: the host's own page says hello with the host token, so while it is open the
host counts as here (a player asking to take over is told `host_here`, and no offer shows, even
after five minutes); once that page is gone the absence is counted (`host_away_briefly`), and
two minutes later the other player's page offers the takeover with one tap.

The server's clock is a :class:`~hiddenrole.server.ManualClock` moved by the test (never waited
for); the test only waits for conditions the pages show."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect
from test_web_takeover import ClockedServer
from web_helpers import host_and_guest, start_game, take_over_as_host, wait_connected

pytestmark = [pytest.mark.slow, pytest.mark.browser]

#: The refusal a player reads while the host's page is open.
HOST_HERE = "The host is here, so nobody can take over: ask the host to hand the role over."


@pytest.fixture
def clocked(tmp_path):
    # the server's clock starts 430 s behind the page's: after the test moves it by five
    # minutes, then by the two minutes of absence, the page reads the absence in whole minutes
    # as the server counts them
    srv = ClockedServer(f"sqlite+aiosqlite:///{tmp_path}/hostseen.db", time.time() - 430)
    yield srv
    srv.stop()


def ask_to_take_over(page: Page) -> str:
    """Send ``take_host`` from the page's own socket (as its button does) and return the
    refusal the page shows."""
    page.evaluate("() => { const S = Alpine.store('session'); S.error = ''; S.takeHost(); }")
    error = page.locator("[data-test=error]")
    expect(error).not_to_be_empty()
    return error.inner_text()


def test_web_a_seatless_hosts_open_page_counts_as_here_and_its_loss_opens_the_takeover(clocked, phone):
    ann_phone, ann, bob = host_and_guest(phone, clocked.base, bots=4, host_name=None)  # no seat for the host
    expect(ann.locator("[data-test=start]")).to_be_visible()  # the host's controls, without a seat
    assert ann.evaluate("() => Alpine.store('session').me") is None
    offer = bob.locator("[data-test=takeover]")
    clocked.advance(300)  # five minutes with the host's page open
    assert ask_to_take_over(bob) == HOST_HERE
    expect(offer).to_be_hidden()
    expect(bob.locator("[data-test=start]")).to_be_hidden()

    code = ann.evaluate("() => Alpine.store('session').code")
    key = f"hiddenrole.host.{code}"
    saved = ann.evaluate("k => localStorage.getItem(k)", key)
    assert saved
    ann_phone.close()  # the host's phone is lost
    deadline = time.monotonic() + 20  # only bounds the wait for the server to see the page gone
    said = ask_to_take_over(bob)
    while said == HOST_HERE and time.monotonic() < deadline:
        bob.wait_for_timeout(200)
        said = ask_to_take_over(bob)
    assert said == "The host has been away for only 0 seconds: you can take over as host in 120 seconds."
    expect(offer).to_be_hidden()

    clocked.advance(120)
    take_over_as_host(bob, "Bob")

    # the phone turns up again: its page's host token no longer holds the role; the page
    # forgets it and watches as a spectator, without an error and without the host's controls
    found_phone = phone()
    found_phone.add_init_script(f"localStorage.setItem({key!r}, {saved!r})")
    found = found_phone.new_page()
    found.goto(f"{clocked.base}/#/t/{code}")
    wait_connected(found)
    found.wait_for_function("k => localStorage.getItem(k) === null", arg=key)
    assert found.evaluate("() => Alpine.store('session').hostToken") is None
    expect(found.locator("[data-test=error]")).to_be_empty()
    expect(found.locator("[data-test=seats]")).to_contain_text("Bob")
    expect(found.locator("[data-test=start]")).to_be_hidden()

    start_game(bob)  # Bob runs the table now, with his seat
