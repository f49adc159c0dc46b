"""Room on a phone's screen: on a 360x800 phone whose status bar wraps a long name onto more
lines, the chat composer (its field and its send button) stays whole on the screen, the prompt
sheet above it."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect
from web_helpers import create_table, hide_role, play_until, step, wait_connected, your_turn

pytestmark = [pytest.mark.slow, pytest.mark.browser]

#: The longest name a seat may have, one word (the status bar wraps it onto two lines).
LONG = "y" * 40
#: A long German name of several words (40 characters).
GERMAN = "Maximiliane Theodora von Schwarzenbergen"

#: The composer's field and send button, and the prompt sheet when it shows: whether each lies
#: whole inside the viewport (``inView``), and the sheet ends above the composer (``sheetAbove``).
COMPOSER_JS = """() => {
  const box = s => { const e = document.querySelector(s); if (!e || !e.offsetParent) return null;
    const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const inView = r => !!r && r.bottom > r.top && r.top >= -0.5 && r.bottom <= innerHeight + 0.5
    && r.left >= -0.5 && r.right <= innerWidth + 0.5;
  const field = box('main.table-page form.composer input[name=post]');
  const send = box('main.table-page form.composer button[type=submit]');
  const sheet = box('main.table-page [data-test=actions]');
  const status = box('main.table-page [data-test=status]');
  return {field, send, sheet, status, height: innerHeight,
          inView: inView(field) && inView(send) && (!sheet || inView(sheet)),
          sheetAbove: !sheet || !field || sheet.bottom <= field.top + 0.5};
}"""


def composer_whole(page: Page, where: str) -> dict:
    """:data:`COMPOSER_JS` once the composer and the sheet lie whole on the screen (the page is
    drawn a moment after the state arrives); fails with the last measurement."""
    check = "m.inView && m.sheetAbove"
    try:
        return page.wait_for_function(f"() => {{ const m = ({COMPOSER_JS})(); return {check} ? m : null; }}",
                                      timeout=4000).json_value()
    except Exception as e:
        raise AssertionError(f"{where}: the composer is cut: {page.evaluate(COMPOSER_JS)}") from e


@pytest.mark.parametrize(("locale", "name"), [("en-US", LONG), ("de-DE", LONG), ("de-DE", GERMAN)],
                         ids=["en-unbroken", "de-unbroken", "de-words"])
def test_web_the_composer_stays_on_a_phone_screen_under_a_long_name(server, phone, locale, name, tmp_path):
    page = phone(locale=locale).new_page()
    create_table(page, server, "secret-hitler", bots=4, host_name=name)
    wait_connected(page)
    page.locator("[data-test=start]").click()
    hide_role(page)
    first = composer_whole(page, "the page as it opens")
    # the name wraps: the status bar is taller than one line of it
    assert first["status"]["bottom"] - first["status"]["top"] > 100, first
    rng = random.Random(4)
    turns = 0
    for k in range(4):  # the player's turns: the prompt sheet above the composer, both whole
        st = play_until(page, rng, your_turn, moves_first=1 if k else 0, ended_ok=True, seconds=90)
        if st is None:
            break
        m = composer_whole(page, f"turn {k}")
        assert m["sheet"] is not None and m["sheet"]["bottom"] - m["sheet"]["top"] > 60, m
        page.screenshot(path=str(tmp_path / f"turn-{k}.png"))  # to look at (a scratch folder)
        turns += 1
        step(page, rng)
    assert turns >= 1



#: The role card on the screen as it opens (its dialog scrolled to the top): whether its title
#: starts on the screen (``titleOn``: nothing of the card is cut off above, out of reach), and
#: whether the dialog scrolls to show what is below the screen (``reach``: the button to hide
#: the role lies on the screen, or the dialog is scrollable that far).
REVEAL_JS = """() => {
  const modal = document.querySelector('[data-test=role-reveal]');
  if (!modal) return null;
  modal.scrollTop = 0;
  const title = document.querySelector('#reveal-title').getBoundingClientRect();
  const hide = document.querySelector('[data-test=role-hide]').getBoundingClientRect();
  return {titleOn: title.top >= 0, reach: hide.bottom <= innerHeight || modal.scrollHeight - modal.clientHeight >= hide.bottom - innerHeight - 1,
          title: [title.top, title.bottom], hide: [hide.top, hide.bottom], height: innerHeight};
}"""


@pytest.mark.parametrize("locale", ["de-DE", "en-US"])
def test_web_the_role_card_can_be_read_and_hidden_on_a_phone_turned_sideways(server, phone, locale):
    """On an 800x360 phone (landscape) the role card, taller than the screen (Shady Agents':
    the role, what it does, the tools, the question waiting), starts on the screen and scrolls:
    its button hides it."""
    page = phone(locale=locale, viewport={"width": 800, "height": 360}).new_page()
    create_table(page, server, "shady-agents", bots=9, host_name="Ann")
    wait_connected(page)
    page.locator("[data-test=start]").click()
    reveal = page.locator("[data-test=role-reveal]")
    expect(reveal).to_be_visible()
    m = page.evaluate(REVEAL_JS)
    assert m["titleOn"] and m["reach"], m
    page.locator("[data-test=role-hide]").click(timeout=5000)
    expect(reveal).to_have_count(0)
