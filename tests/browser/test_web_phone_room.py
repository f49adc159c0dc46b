"""Room on a phone's screen. On a 360x800 phone whose status bar wraps a long name onto more
lines, the chat composer (its field and its send button) stays whole on the screen, the prompt
sheet above it; McCarthyism's pinned board line takes at most two lines there. On a phone turned
sideways (800x360) the role card can be read and hidden, and Shady Agents' answer prompt shows
its (long, German) question whole with at least one answer whole and tappable below it."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect
from web_helpers import client_state, create_table, hide_role, play_until, step, wait_connected, your_turn

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


def composer_whole(page: Page, where: str, sheet: bool = False) -> dict:
    """:data:`COMPOSER_JS` once the composer and the sheet lie whole on the screen (the page is
    drawn a moment after the state arrives; with ``sheet``, once the prompt sheet shows, more
    than 60 px high); fails with the last measurement."""
    check = "m.inView && m.sheetAbove" + (" && m.sheet && m.sheet.bottom - m.sheet.top > 60" if sheet else "")
    try:
        return page.wait_for_function(f"() => {{ const m = ({COMPOSER_JS})(); return {check} ? m : null; }}",
                                      timeout=30000).json_value()
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
        m = composer_whole(page, f"turn {k}", sheet=True)  # the prompt sheet above the composer
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
    page.locator("[data-test=role-hide]").click(timeout=15000)
    expect(reveal).to_have_count(0)


#: Ann's answers so far, as the board records them (each interrogation's answers, in order).
ANN_ANSWERS_JS = """() => ((Alpine.store('session').view.board || {}).interrogations || [])
  .flatMap(r => r.answers).filter(a => a.player === 'Ann').map(a => a.answer)"""


#: Shady Agents' answer prompt on a phone turned sideways, read in one go: whether the question
#: lies whole on the screen and inside the sheet's visible box (``title``), the points of its
#: text where something else is drawn on top (``titleCovered``), and the answers lying whole on
#: the screen, inside the box that shows them and below the question, with their centre drawn on
#: top, so a tap there answers (``whole``: their texts).
LANDSCAPE_JS = """() => {
  const sheet = document.querySelector('main.table-page [data-test=actions]');
  const title = sheet && sheet.offsetParent && sheet.querySelector('#prompt-title');
  const answers = title ? [...sheet.querySelectorAll('button.action[data-action=answer]')] : [];
  if (!answers.length) return null;
  const s = sheet.getBoundingClientRect(), q = title.getBoundingClientRect();
  const top = Math.max(0, s.top + sheet.clientTop), bottom = Math.min(innerHeight, s.top + sheet.clientTop + sheet.clientHeight);
  const covered = [];
  const cs = getComputedStyle(title), left = q.left + parseFloat(cs.paddingLeft), width = q.width - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  for (const fy of [0.1, 0.5, 0.9]) for (const fx of [0.02, 0.5, 0.98]) {
    const x = left + fx * width, y = q.top + fy * q.height, hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === title || title.contains(hit) || hit.contains(title))) covered.push([Math.round(x), Math.round(y), hit ? hit.outerHTML.slice(0, 80) : null]);
  }
  let box = answers[0].parentElement;
  while (box && box !== sheet && getComputedStyle(box).overflowY === 'visible') box = box.parentElement;
  const b = (box || sheet).getBoundingClientRect();
  const lo = Math.max(top, b.top, q.bottom), hi = Math.min(bottom, b.bottom);
  const whole = answers.filter(e => { const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.height >= 40 && r.top >= lo - 0.5 && r.bottom <= hi + 0.5 && r.left >= 0 && r.right <= innerWidth && !!hit && e.contains(hit); });
  return {title: q.height > 0 && q.top >= top - 0.5 && q.bottom <= bottom + 0.5, titleCovered: covered,
          whole: whole.map(e => e.innerText.trim()), question: title.innerText.trim(),
          where: {sheet: [s.top, s.bottom], title: [q.top, q.bottom], answers: [b.top, b.bottom], height: innerHeight}};
}"""


@pytest.mark.parametrize("locale", ["de-DE", "en-US"])
def test_web_sa_answer_prompt_on_a_phone_turned_sideways(server, phone, locale, tmp_path):
    """On an 800x360 phone (landscape), Shady Agents' answer prompt shows its question whole and
    uncovered and at least one answer whole below it, inside the box that shows the answers; a
    tap on that answer answers."""
    page = phone(locale=locale, viewport={"width": 800, "height": 360}).new_page()
    create_table(page, server, "shady-agents", bots=9, host_name="Ann")  # ten players: long questions, many answers
    wait_connected(page)
    page.locator("[data-test=start]").click()
    hide_role(page)
    rng = random.Random(7)
    answer = page.locator("[data-test=actions] button.action[data-action=answer]")

    def to_the_next_answer(page: Page, rng: random.Random) -> bool:
        return False if answer.count() else step(page, rng)

    asking = lambda st: st["waiting"] and not st["busy"] and any(a.get("action") == "answer" for a in st["legal"])  # noqa: E731
    seen = 0
    for k in range(3):
        st = play_until(page, rng, asking, move=to_the_next_answer, ended_ok=True)
        if st is None:
            break
        check = "m.title && !m.titleCovered.length && m.whole.length"
        try:
            m = page.wait_for_function(f"() => {{ const m = ({LANDSCAPE_JS})(); return m && ({check}) ? m : null; }}",
                                       timeout=30000).json_value()
        except Exception as e:
            page.screenshot(path=str(tmp_path / f"cut-{k}.png"))
            raise AssertionError(f"{check} never held: {page.evaluate(LANDSCAPE_JS)}") from e
        page.screenshot(path=str(tmp_path / f"answer-{k}.png"))  # to look at (a scratch folder)
        before = len(page.evaluate(ANN_ANSWERS_JS))
        answer.filter(has_text=m["whole"][0]).first.click(timeout=15000)
        page.wait_for_function(f"() => ({ANN_ANSWERS_JS})().length > {before}")
        seen += 1
    assert seen >= 1, "Ann was never asked to answer"



#: McCarthyism's board line on the table page: its lines of text (the distinct tops of its line
#: boxes), its text, and whether it lies whole inside the board's strip.
STATS_JS = """() => {
  const e = document.querySelector('main.table-page [data-test=board] .stats');
  if (!e || !e.offsetParent) return null;
  const range = document.createRange(); range.selectNodeContents(e);
  const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
  const r = e.getBoundingClientRect(), b = document.querySelector('main.table-page .col-board').getBoundingClientRect();
  return {lines: tops.size, text: e.innerText, inStrip: r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5 && r.right <= innerWidth};
}"""

#: The board line's words as the pool deal (the default: how many Commies is secret) shows them,
#: and the sentence about the deal below the seats.
BOARD_WORDS = {
    "en-US": ("Turn 1 · 48 cards in the deck · 0 discarded · how many Commies is secret",
              "The roles were dealt from {c} Commie and {a} American cards."),
    "de-DE": ("Zug 1 · 48 Karten im Stapel · 0 abgeworfen · Zahl der Kommunisten geheim",
              "Die Rollen wurden aus {c} Kommunisten- und {a} Amerikanerkarten verteilt."),
}


@pytest.mark.parametrize("locale", sorted(BOARD_WORDS))
def test_web_mccarthyisms_board_line_takes_at_most_two_lines_on_a_phone(server, phone, locale):
    """On a 360x800 phone McCarthyism's pinned board line (turn, deck, what is known of the
    Commies) takes at most two lines, in English and in German; how the roles were dealt is said
    in a sentence of its own below the seats."""
    line, pool = BOARD_WORDS[locale]
    page = phone(locale=locale).new_page()
    create_table(page, server, "mccarthyism", bots=6, host_name="Clara")
    wait_connected(page)
    page.locator("[data-test=start]").click()
    hide_role(page)
    stats = page.locator("[data-test=board] .stats")
    expect(stats).to_have_text(line)
    b = client_state(page)["view"]["board"]
    expect(page.locator("[data-test=board] [data-test=deal-words]")).to_have_text(
        pool.format(c=b["pool"]["commie_cards"], a=b["pool"]["american_cards"]))
    m = page.evaluate(STATS_JS)
    assert m["lines"] <= 2 and m["inStrip"], m
