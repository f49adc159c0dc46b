"""Cuts a fresh-user trial found on a 360x800 phone: a 40-character name without spaces stays on
the screen wherever it appears (the prompt's title and choices, a seat, a feed line, the status
bar), in all three games; McCarthyism's board line (turn, deck, what is known) is whole at the
top of the board's strip and the player's own seat is in that strip when the page opens and on
the player's turn; Secret Hitler's markers stay whole inside their seat; the create form's pace
choices are readable whole, each with its explanation below the select."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect
from web_helpers import create_table, hide_role, join_by_link, play_until, step, wait_connected

pytestmark = [pytest.mark.slow, pytest.mark.browser]

#: The longest name a seat may have, one word.
LONG = "y" * 40

#: The part of the prompt sheet's handle (▾) that is drawn: its box within the sheet's inner
#: (padding) box. The handle sits at the sheet's top right and scrolls with the sheet's content
#: (as the title beside it does): when the sheet is scrolled (it scrolls itself to its first
#: choice), the handle's box reaches above the sheet, over the feed's last line, but the sheet
#: clips it there; the feed ends above the sheet, so none of the feed is drawn under it.
DRAWN_HANDLE_JS = """const drawnHandle = (toggle) => {
    const t = toggle.getBoundingClientRect(), s = toggle.closest('[data-test=actions]');
    const b = s.getBoundingClientRect(), top = b.top + s.clientTop, left = b.left + s.clientLeft;
    const d = {top: Math.max(t.top, top), bottom: Math.min(t.bottom, top + s.clientHeight),
               left: Math.max(t.left, left), right: Math.min(t.right, left + s.clientWidth)};
    return d.top < d.bottom && d.left < d.right ? d : null;
  };"""

#: Where the text ``name`` is drawn on the page beyond its horizontal bounds: each text node
#: holding it (or a part of a wrapped name) has every line box inside the viewport's width and
#: inside every box that clips it, and apart from the drawn part of the prompt sheet's handle
#: (▾, :data:`DRAWN_HANDLE_JS`); a text cut with
#: an ellipsis counts as whole when the cutting element's title holds the full text (the turn's
#: arrow ▶ aside). Also the
#: boxes whose content is wider than they are (scrollWidth > clientWidth). ``seen``: where the
#: name was found (the prompt's title, a pick in it, its choices; a seat, the feed, the status bar).
OVERFLOW_JS = """(name) => {
  """ + DRAWN_HANDLE_JS + """
  const problems = [], seen = new Set();
  const toggle = document.querySelector('[data-test=sheet-toggle]');
  const t = toggle && toggle.offsetParent ? drawnHandle(toggle) : null;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.nodeValue.includes(name.slice(0, 12))) continue;
    const el = n.parentElement;
    if (!el || !el.checkVisibility()) continue;  // not drawn (folded away in a closed <details> too)
    const where = el.closest('#prompt-title') ? 'title' : el.closest('[data-test=actions] fieldset.pick') ? 'pick'
      : el.closest('[data-test=actions]') ? 'prompt' : el.closest('.seatring') ? 'seat'
      : el.closest('[data-test=feed]') ? 'feed' : el.closest('[data-test=status]') ? 'status' : 'other';
    let cut = null;  // an ellipsis that cuts the text, with the full text in its title
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.textOverflow === 'ellipsis' && cs.overflowX !== 'visible') { cut = a; break; }
    }
    if (cut && (cut.title || '').includes(n.nodeValue.replace(/^▶/, '').trim())) { seen.add(where + ' (ellipsis, title)'); continue; }
    seen.add(where);
    const range = document.createRange(); range.selectNodeContents(n);
    const clips = [];
    for (let a = el; a; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') clips.push(a);
    }
    for (const r of range.getClientRects()) {
      if (r.width === 0) continue;
      const what = `${where}: "${n.nodeValue.slice(0, 30)}" line ${Math.round(r.left)}..${Math.round(r.right)}`;
      if (r.left < -0.5 || r.right > innerWidth + 0.5) problems.push(what + ' leaves the screen');
      for (const c of clips) {
        const b = c.getBoundingClientRect();
        if (r.left < b.left - 0.5 || r.right > b.right + 0.5) problems.push(what + ` is cut by ${c.tagName}.${c.className}`);
      }
      // the line's part that is drawn (inside every clipping box) and the handle
      let top = r.top, bottom = r.bottom;
      for (const c of clips) { const b = c.getBoundingClientRect(); top = Math.max(top, b.top); bottom = Math.min(bottom, b.bottom); }
      if (t && top < bottom && r.right > t.left && r.left < t.right && bottom > t.top && top < t.bottom) problems.push(what + ` (${Math.round(top)}..${Math.round(bottom)}) lies under the handle (${Math.round(t.top)}..${Math.round(t.bottom)})`);
    }
  }
  for (const s of ['#prompt-title', '[data-test=actions]', '[data-test=actions] button.action', '.seatring li', '.feed li', '.feed-box', '.col-board']) {
    for (const e of document.querySelectorAll(s)) {
      if (e.offsetParent && e.scrollWidth > e.clientWidth + 1) problems.push(`${s} is ${e.scrollWidth} px wide in ${e.clientWidth} px`);
    }
  }
  if (document.documentElement.scrollWidth > innerWidth) problems.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  return {problems, seen: [...seen]};
}"""


def whole_names(page: Page, name: str) -> list[str]:
    """Where ``name`` shows on ``page`` (:data:`OVERFLOW_JS`'s ``seen``) once nothing of it is
    cut (the page is drawn a moment after the state arrives); fails with the problems seen."""
    try:
        handle = page.wait_for_function(f"() => {{ const m = ({OVERFLOW_JS})({name!r}); return m.problems.length ? null : m; }}",
                                        timeout=30000)
    except Exception as e:
        raise AssertionError(f"the name is cut: {page.evaluate(OVERFLOW_JS, name)}") from e
    return handle.json_value()["seen"]


def prompt_names(page: Page, name: str) -> bool:
    """Whether the open prompt of ``page`` says ``name`` (its title or a choice)."""
    return page.evaluate("n => { const s = document.querySelector('[data-test=actions]');"
                         " return !!s && !!s.offsetParent && s.innerText.includes(n); }", name)


def one_table(server: str, phone, game: str, seen: dict[str, set[str]], shots) -> bool:
    """A table of ``game`` with Ann, the guest named :data:`LONG` and bots, both on German
    phones, played until Ann's choices and a prompt's title (Shady Agents: a pick, whom to give
    a tool) named the guest; every page whose prompt names the guest keeps the name whole, and
    ``seen`` gathers where it showed on each page. Returns whether that happened before the
    game ended (random bots end a game early now and then)."""
    ann = phone(locale="de-DE").new_page()
    create_table(ann, server, game, bots=3 if game == "mccarthyism" else 4 if game == "secret-hitler" else 5, host_name="Ann")
    wait_connected(ann)
    link = ann.locator("[data-test=join-link]").inner_text()
    guest = phone(locale="de-DE").new_page()
    join_by_link(guest, link, LONG)
    wait_connected(guest)
    ann.locator("[data-test=start]").click()
    hide_role(ann)
    hide_role(guest)
    # the guest's own page names them in the status bar and their seat from the start
    assert {"status", "seat"} <= set(whole_names(guest, LONG))

    def names_in_a_prompt(st) -> bool:
        for who, page in (("ann", ann), ("guest", guest)):
            if prompt_names(page, LONG):
                seen[who] |= set(whole_names(page, LONG))
                page.screenshot(path=str(shots / f"{who}-{len(seen[who])}.png"))  # to look at (a scratch folder)
        both = seen["ann"] | seen["guest"]
        return "prompt" in seen["ann"] and ("pick" in both if game == "shady-agents" else "title" in both)

    def move(page: Page, rng: random.Random) -> bool:
        """Ann snitches on the guest when she can (a vote on the guest follows, its title names
        them) and chooses a tool to give first (whom to give it to is asked next); else, and on
        the guest's page, a random offered choice."""
        on_guest = page.locator("[data-test=actions] button.action[data-action=snitch]", has_text=LONG)
        if page is ann and on_guest.count():
            on_guest.first.click()
            return True
        tool = page.locator("[data-test=give-tool] button.pick-option")
        if page is ann and tool.count() and not page.locator("[data-test=give-target] button").count():
            tool.first.click()
            return True
        return step(page, rng)

    done = play_until(ann, random.Random(5), names_in_a_prompt, others=[guest], move=move, ended_ok=True, seconds=150)
    ann.context.close()
    guest.context.close()
    return done is not None


@pytest.mark.parametrize("game", ["mccarthyism", "secret-hitler", "shady-agents"])
def test_web_a_long_unbroken_name_stays_on_a_phone_screen_in_every_game(server, phone, game, tmp_path):
    seen: dict[str, set[str]] = {"ann": set(), "guest": set()}
    assert any(one_table(server, phone, game, seen, tmp_path) for _ in range(4)), seen
    assert {"prompt", "seat"} <= seen["ann"], seen


#: The board's strip on a phone: whether the board's line (``.stats``) and the player's own seat
#: lie whole inside the strip's visible box (above its fading edge; the seat also below the
#: board's line) and on the screen, uncovered at their centre, the line's text not cut (wider
#: than its box); whether every seat's markers lie whole inside their seat (``tagsInSeat``) and
#: the own seat's markers' words (``tags``).
STRIP_JS = """() => {
  const box = document.querySelector('main.table-page .col-board');
  const me = box && box.querySelector('.seatring li.me');
  if (!me) return null;
  const b = box.getBoundingClientRect();
  const bottom = b.bottom - parseFloat(getComputedStyle(box).paddingBottom);
  const stats = box.querySelector('.board .stats');
  const whole = (e, top) => { const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.height > 0 && r.top >= top - 0.5 && r.bottom <= bottom + 0.5 && r.top >= 0 && r.bottom <= innerHeight
      && r.left >= 0 && r.right <= innerWidth && !!hit && (e === hit || e.contains(hit)); };
  const tags = [...me.querySelectorAll('.tag')];
  const inSeat = t => { const r = t.getBoundingClientRect(), m = t.closest('li').getBoundingClientRect();
    return r.left >= m.left && r.right <= m.right && r.top >= m.top && r.bottom <= m.bottom && t.scrollWidth <= t.clientWidth; };
  // the seat below the board's line (which is above the seats on a phone)
  const seatTop = stats ? Math.max(b.top, stats.getBoundingClientRect().bottom) : b.top;
  return {seat: whole(me, seatTop), stats: stats ? whole(stats, b.top) && stats.scrollWidth <= stats.clientWidth : null,
          tagsInSeat: [...box.querySelectorAll('.seatring .tag')].every(inSeat),
          tags: tags.map(t => t.innerText), scrollTop: box.scrollTop};
}"""


def strip(page: Page, check: str) -> dict:
    """:data:`STRIP_JS` once ``check`` holds for it; fails with the last measurement."""
    try:
        return page.wait_for_function(f"() => {{ const m = ({STRIP_JS})(); return m && ({check}) ? m : null; }}",
                                      timeout=30000).json_value()
    except Exception as e:
        raise AssertionError(f"{check} never held: {page.evaluate(STRIP_JS)}") from e


def test_web_mccarthyism_phone_shows_the_board_line_and_the_own_seat(server, phone, tmp_path):
    clara = phone(locale="de-DE").new_page()
    create_table(clara, server, "mccarthyism", bots=5, host_name="Clara")
    wait_connected(clara)
    link = clara.locator("[data-test=join-link]").inner_text()
    dieter = phone(locale="de-DE").new_page()
    join_by_link(dieter, link, "Dieter")  # the seventh seat: the seat list's last row
    wait_connected(dieter)
    clara.locator("[data-test=start]").click()
    hide_role(clara)
    hide_role(dieter)
    # the page as it opens: the board's line at the top of the strip, whole, and Dieter's seat
    m = strip(dieter, "m.stats && m.seat")
    dieter.screenshot(path=str(tmp_path / "open.png"))
    # reloaded, the same
    dieter.reload()
    wait_connected(dieter)
    strip(dieter, "m.stats && m.seat")
    # the strip scrolled back to its top; on Dieter's turn his seat is in view again
    dieter.evaluate("() => { document.querySelector('main.table-page .col-board').scrollTop = 0; }")
    rng = random.Random(11)
    turns = 0
    for _ in range(3):
        st = play_until(dieter, rng, lambda st: st["waiting"] and not st["busy"] and bool(st["legal"]),
                        others=[clara], moves_first=1, ended_ok=True, seconds=90)  # a new turn
        if st is None:
            break
        m = strip(dieter, "m.seat")
        turns += 1
        dieter.screenshot(path=str(tmp_path / f"turn-{turns}.png"))
        dieter.evaluate("() => { document.querySelector('main.table-page .col-board').scrollTop = 0; }")
        step(dieter, rng)
    assert turns >= 1, m


def test_web_secret_hitler_phone_keeps_the_own_seat_and_its_markers_whole(server, phone, tmp_path):
    host = phone().new_page()
    create_table(host, server, "secret-hitler", bots=3, host_name="Hana")
    wait_connected(host)
    link = host.locator("[data-test=join-link]").inner_text()
    page = phone().new_page()
    join_by_link(page, link, "<img src=x onerror=alert(1)>")  # the trial's name: two lines in a seat
    wait_connected(page)
    host.locator("[data-test=start]").click()
    hide_role(host)
    hide_role(page)
    strip(page, "m.seat && m.tagsInSeat")
    rng = random.Random(2)
    with_markers = 0
    for k in range(6):  # Alice's turns: her seat and its markers whole in the strip each time
        st = play_until(page, rng, lambda st: st["waiting"] and not st["busy"] and bool(st["legal"]),
                        others=[host], moves_first=1 if k else 0, ended_ok=True, seconds=90)
        if st is None:
            break
        page.evaluate("() => { document.querySelector('main.table-page .col-board').scrollTop = 0; }")
        page.reload()  # the page as it opens, then on her turn
        wait_connected(page)
        m = strip(page, "m.seat && m.tagsInSeat")
        with_markers += bool(m["tags"][1:])  # "you" and at least one marker
        page.screenshot(path=str(tmp_path / f"turn-{k}.png"))
        step(page, rng)
    assert with_markers >= 1


#: Each pace's short name and its explanation, as the create form shows them.
PACES = {
    "en-US": {"turbo": ("Turbo", "The rules’ own timings."),
              "fast": ("Fast", "Every duration divided by a factor."),
              "untimed": ("Untimed", "A phase ends when everyone has acted, however long that takes.")},
    "de-DE": {"turbo": ("Turbo", "Die Zeiten der Regeln."),
              "fast": ("Schnell", "Jede Dauer durch einen Faktor geteilt."),
              "untimed": ("Ohne Zeitlimit", "Eine Phase endet, wenn alle gehandelt haben, wie lange das auch dauert.")},
}

#: Whether every option's text fits the select's box (its width less its padding and its arrow),
#: measured in the select's own font; and whether the explanation lies whole on the screen.
PACE_JS = """() => {
  const s = document.querySelector('select[name=pace]'), cs = getComputedStyle(s);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
  const p = document.querySelector('[data-test=pace-explain]'), r = p.getBoundingClientRect();
  return {cut: [...s.options].filter(o => ctx.measureText(o.text).width > room).map(o => o.text),
          explain: r.height > 0 && r.left >= 0 && r.right <= innerWidth && p.scrollWidth <= p.clientWidth};
}"""


@pytest.mark.parametrize("locale", sorted(PACES))
def test_web_the_pace_choices_read_whole_on_a_phone(server, phone, locale, tmp_path):
    page = phone(locale=locale).new_page()
    page.goto(server + "/")
    page.wait_for_selector("select[name=game] option", state="attached")
    page.select_option("select[name=game]", "mccarthyism")
    pace = page.locator("select[name=pace]")
    for value, (label, explain) in PACES[locale].items():
        page.select_option("select[name=pace]", value)
        expect(pace.locator(f"option[value={value}]")).to_have_text(label)
        expect(page.locator("[data-test=pace-explain]")).to_have_text(explain)
        m = page.evaluate(PACE_JS)
        assert m == {"cut": [], "explain": True}, m
    page.locator("[data-test=pace-explain]").scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "pace.png"))  # to look at (a scratch folder)
    assert pace.get_attribute("aria-describedby") == "pace-explain"


#: The feed's last entry and the prompt sheet below it, by their boxes, with the feed scrolled
#: to its end and the sheet at its top, then scrolled to its end (as a long prompt is, or the
#: sheet scrolling itself to its first choice): ``null`` until the sheet shows and the feed is
#: longer than its box (so its last entry lies at its lower edge). For each: whether the feed's
#: box ends where the sheet starts or above (``feedAbove``); the last entry's part that is drawn
#: (inside the feed's box) is not empty (``lastShown``), above the sheet (``lastAbove``) and
#: apart from the drawn part of the handle (``apartFromHandle``); what is drawn at its lowest
#: text line, at its left and right ends (the handle's side), belongs to the feed
#: (``lastOnTop``); and whether the handle's whole box reached above the sheet
#: (``handleBoxAbove``: it is then clipped by the sheet, the case a flaky run once measured).
FEED_SHEET_JS = """() => {
  """ + DRAWN_HANDLE_JS + """
  const sheet = document.querySelector('main.table-page [data-test=actions]');
  const box = document.querySelector('main.table-page .feed-box');
  const toggle = sheet && sheet.querySelector('[data-test=sheet-toggle]');
  if (!sheet || !sheet.offsetParent || !toggle || !box || !box.offsetParent || box.scrollHeight <= box.clientHeight + 20) return null;
  const entries = [...box.querySelectorAll('ol.feed > li')].filter(li => li.offsetParent);
  if (!entries.length) return null;
  const last = entries[entries.length - 1];
  box.scrollTop = box.scrollHeight;
  const out = [];
  for (const scroll of [0, sheet.scrollHeight]) {
    sheet.scrollTop = scroll;
    const s = sheet.getBoundingClientRect(), f = box.getBoundingClientRect(), l = last.getBoundingClientRect();
    const inTop = f.top + box.clientTop, inBottom = inTop + box.clientHeight;
    const top = Math.max(l.top, inTop), bottom = Math.min(l.bottom, inBottom);
    const d = drawnHandle(toggle), t = toggle.getBoundingClientRect();
    const y = bottom - 4;  // the lowest text line of the entry (its padding is 3 px)
    const ours = x => { const e = document.elementFromPoint(x, y); return !!e && box.contains(e); };
    out.push({scrolled: sheet.scrollTop, feedAbove: f.bottom <= s.top + 0.5, lastShown: bottom - top > 8,
              lastAbove: bottom <= s.top + 0.5,
              apartFromHandle: !d || d.top >= bottom - 0.5 || d.bottom <= top + 0.5 || d.left >= l.right || d.right <= l.left,
              lastOnTop: ours(l.left + 12) && ours(l.right - 12), handleBoxAbove: t.top < s.top,
              where: {feed: [f.top, f.bottom], last: [top, bottom], sheet: [s.top, s.bottom], handle: [t.top, t.bottom]}});
  }
  sheet.scrollTop = 0;
  return out;
}"""


def feed_above_sheet(server: str, phone, game: str, shots) -> tuple[int, int]:
    """A table of ``game`` on German phones with Ann and the guest named :data:`LONG` (long
    prompts, long feed lines) and bots; on up to ten of the guest's turns, while the feed is
    longer than its box, :data:`FEED_SHEET_JS` holds whole (the feed's last entry drawn above
    the sheet and apart from its handle). Returns the turns checked and those among them whose
    sheet scrolled."""
    ann = phone(locale="de-DE").new_page()
    create_table(ann, server, game, bots=3 if game == "mccarthyism" else 4 if game == "secret-hitler" else 5, host_name="Ann")
    wait_connected(ann)
    guest = phone(locale="de-DE").new_page()
    join_by_link(guest, ann.locator("[data-test=join-link]").inner_text(), LONG)
    wait_connected(guest)
    ann.locator("[data-test=start]").click()
    hide_role(ann)
    hide_role(guest)
    rng = random.Random(3)
    checked, scrolled = 0, 0
    for k in range(10):
        if checked >= 3 and scrolled:
            break
        st = play_until(guest, rng, lambda st: st["waiting"] and not st["busy"] and bool(st["legal"]),
                        others=[ann], moves_first=1 if k else 0, ended_ok=True, seconds=90)
        if st is None:
            break
        expect(guest.locator("[data-test=actions] button").first).to_be_visible()
        m = guest.evaluate(FEED_SHEET_JS)
        if m is not None:  # None: the feed still fits its box, nothing lies at its lower edge
            guest.screenshot(path=str(shots / f"{game}-{k}.png"))  # to look at (a scratch folder)
            for one in m:
                assert one["feedAbove"] and one["lastShown"] and one["lastAbove"] and one["apartFromHandle"] and one["lastOnTop"], m
            checked += 1
            scrolled += m[-1]["scrolled"] > 0
        step(guest, rng)
    ann.context.close()
    guest.context.close()
    return checked, scrolled


@pytest.mark.parametrize("game", ["mccarthyism", "secret-hitler", "shady-agents"])
def test_web_the_feeds_last_line_is_never_under_the_prompt_sheet_on_a_phone(server, phone, game, tmp_path):
    """On a 360x800 phone the feed's last entry is whole above the prompt sheet and drawn,
    never under the sheet or its handle, the sheet at its top or scrolled to its end (a game
    may end before a long prompt scrolled the sheet: up to three tables). Shady Agents' long
    prompts scroll their choices in a box of their own, not the sheet."""
    runs = []
    for _ in range(3):
        runs.append(feed_above_sheet(server, phone, game, tmp_path))
        if runs[-1][1] or (game == "shady-agents" and runs[-1][0]):
            break
    assert sum(c for c, _ in runs) >= 1 and (sum(s for _, s in runs) >= 1 or game == "shady-agents"), runs
