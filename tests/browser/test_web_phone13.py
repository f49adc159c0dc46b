"""Findings of issue 13, a new group's first game on a 360x800 phone: the Secret Hitler vote by
votecode keeps its buttons on the screen (also after a post that did not count), the votecode is
shown in bold with no asterisks and the tap says it posts the code, the table shows the seats and
the prompt without overlapping text in all three games, and the lobby says the name's limit and
shows a long name whole, with "(here)" and "Kick" never broken inside a word."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect
from web_helpers import client_state, hide_role, join_by_link, play_until, post, step, wait_connected, your_turn

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def create(page: Page, server: str, game: str, bots: int, name: str) -> str:
    """Create an untimed table through the home page in the page's own language; returns the code."""
    page.goto(server + "/")
    page.wait_for_selector("select[name=game] option", state="attached")
    page.select_option("select[name=game]", game)
    page.select_option("select[name=pace]", "untimed")
    page.fill("input[name=bots]", str(bots))
    page.fill("input[name=host-name]", name)
    page.locator("[data-test=create-form] button[type=submit]").click()
    code = page.locator("[data-test=code]")
    expect(code).not_to_be_empty()
    return code.inner_text()


def start(page: Page) -> None:
    wait_connected(page)
    page.locator("[data-test=start]").click()
    hide_role(page)


#: Whether each element matching the selectors lies whole inside the viewport.
IN_VIEW_JS = """(sels) => sels.every(s => { const e = document.querySelector(s); if (!e) return false;
  const r = e.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; })"""

#: What the vote prompt's parts measure: the sheet's height and whether title and buttons are in view.
SHEET_JS = """() => { const s = document.querySelector('[data-test=actions]');
  const inView = e => { const r = e.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; };
  const bs = [...s.querySelectorAll('.prompt-body button.action')];  // the vote's two (claims may follow)
  return {height: s.getBoundingClientRect().height, title: inView(document.querySelector('#prompt-title')),
          buttons: bs.length === 2 && bs.every(inView)}; }"""

VOTE_WORDS = {
    "en-US": {"yes": "Ja! (yes)", "posts": "posts your code {code}",
              "explain": "A tap posts your votecode for today to the thread for you, in bold as the rules ask; "
                         "you may change your vote until the deadline.",
              "note": "Typed in the message box, a code counts only in bold, written with two asterisks on each side: "
                      "**{code}**. The Ja! and Nein buttons do that for you."},
    "de-DE": {"yes": "Ja!", "posts": "postet deinen Code {code}",
              "explain": "Ein Tippen postet deinen heutigen Abstimmungscode für dich in den Thread, fett, wie es die "
                         "Regeln verlangen; bis zur Frist kannst du deine Stimme ändern.",
              "note": "Von Hand ins Nachrichtenfeld geschrieben, zählt ein Code nur fett, also mit zwei Sternchen auf "
                      "jeder Seite: **{code}**. Die Knöpfe „Ja!“ und „Nein!“ erledigen das für dich."},
}


@pytest.mark.parametrize("locale", sorted(VOTE_WORDS))
def test_web_the_votecode_vote_keeps_its_bold_code_and_buttons_on_a_phone(server, phone, locale):
    words = VOTE_WORDS[locale]
    page = phone(locale=locale).new_page()
    create(page, server, "secret-hitler", 4, "Ann")
    start(page)
    st = play_until(page, random.Random(3), lambda st: any(a["action"] == "vote" for a in st["legal"]),
                    move=lambda p, rng: step(p, rng, avoid=("vote",)))  # the vote left untapped
    codes = st["view"]["private"]["todays_codes"]
    yes, no = str(codes["yes"]), str(codes["no"])
    sheet = page.locator("[data-test=actions]")
    expect(sheet.locator("#prompt-title")).to_be_visible()
    # the title and both buttons are on the screen as the prompt opens
    page.wait_for_function(f"() => ({SHEET_JS})().title && ({SHEET_JS})().buttons")
    before = page.evaluate(SHEET_JS)
    # the code in bold inside its button, the tap said in words, no asterisks anywhere in the prompt
    yes_button = sheet.locator("button.action.yes")
    expect(yes_button.locator("span").first).to_have_text(words["yes"])
    expect(yes_button.locator("small.explain")).to_have_text(words["posts"].format(code=yes))
    expect(yes_button.locator("b.code-bold")).to_have_text(yes)
    expect(sheet.locator("button.action.no b.code-bold")).to_have_text(no)
    expect(sheet.locator("[data-test=vote-explain]")).to_contain_text(words["explain"])
    assert "*" not in sheet.inner_text()
    # today's codes in the private panel: bold, no asterisks
    page.locator("[data-test=peek]").click()
    private = page.locator("[data-test=private]")
    expect(private.locator("b.code-bold").first).to_have_text(yes)
    assert "*" not in private.inner_text()
    page.locator("[data-test=peek]").click()
    # the code typed without bold: the hint says so, the code bold and the forum's way in one sentence
    post(page, yes)
    alert = page.locator("[data-test=private-alert]")
    expect(alert).to_be_visible()
    expect(alert.locator("b.code-bold").first).to_have_text(yes)
    note = alert.locator("[data-test=alert-note]")
    expect(note).to_be_hidden()  # the forum's way, one tap away: the alert stays short on a phone
    alert.locator("details.alert-note summary").click()
    expect(note).to_have_text(words["note"].format(code=yes))
    told = alert.locator("span").first.inner_text()
    assert told.count("*") == 4 and told.count(f"**{yes}**") == 1, told  # only the one sentence
    # the hint does not squeeze the prompt: same height, title and buttons still on the screen
    after = page.evaluate(SHEET_JS)
    assert after["title"] and after["buttons"], after
    assert abs(after["height"] - before["height"]) <= 1, (before, after)
    # the tap posts the bold code; the feed shows it bold, without asterisks
    yes_button.click()
    mine = page.locator("[data-test=feed] li.post").filter(has=page.locator("b.by", has_text="Ann")).last
    expect(mine.locator("b.code-bold")).to_have_text(yes)
    assert "*" not in page.locator("[data-test=feed] .feed").inner_text()


#: The regions of the table page on a phone, top to bottom: none may overlap the next, and the
#: board's seats lie inside the board's visible strip.
LAYOUT_JS = """() => {
  const box = s => { const e = document.querySelector(s); if (!e || !e.offsetParent) return null;
                     const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const regions = ['[data-test=status]', '.col-board', '[data-test=feed]', '[data-test=actions]', 'form.composer'].map(box);
  const strip = box('.col-board');
  const seats = [...document.querySelectorAll('[data-test=board] .seatring li')].map(li => {
    const r = li.querySelector('.pname').getBoundingClientRect(); return {name: li.querySelector('.pname').textContent,
      top: r.top, bottom: r.bottom, left: r.left, right: r.right}; });
  const first = box('[data-test=actions] button.action, [data-test=actions] fieldset.pick button');
  return {regions, strip, seats, first, sheet: box('[data-test=actions]'), height: innerHeight,
          width: document.documentElement.scrollWidth};
}"""


@pytest.mark.parametrize(("game", "bots"), [("secret-hitler", 6), ("mccarthyism", 7), ("shady-agents", 5)])
def test_web_a_phone_shows_the_seats_and_the_prompt_without_overlap(server, phone, game, bots):
    page = phone().new_page()
    create(page, server, game, bots, "Ann")
    start(page)
    play_until(page, None, your_turn, move=None)
    expect(page.locator("#prompt-title")).to_be_visible()
    page.wait_for_timeout(300)  # the sheet scrolls itself to its first choice after drawing it
    out = page.evaluate(LAYOUT_JS)
    assert out["width"] <= 360, out["width"]
    regions = [r for r in out["regions"] if r]
    assert len(regions) == 5, out["regions"]
    for upper, lower in zip(regions, regions[1:]):
        assert upper["bottom"] <= lower["top"] + 0.5, (upper, lower)
    assert regions[-1]["bottom"] <= out["height"]
    # every player's name is on the screen, inside the board's strip (not below its edge)
    strip = out["strip"]
    assert len(out["seats"]) == bots + 1, out["seats"]
    for seat in out["seats"]:
        assert strip["top"] <= seat["top"] and seat["bottom"] <= strip["bottom"], (seat, strip)
    # the prompt's first choice is on the screen: at least a tap target's height of it lies inside
    # the sheet's visible box (the sheet scrolls itself there; a long one shows the question too)
    first, sheet = out["first"], out["sheet"]
    assert first and sheet["top"] <= first["top"] and min(first["bottom"], first["top"] + 44) <= sheet["bottom"], out


LONG = "Bartholomew Montgomery Fitzgerald Junior"  # 40 characters
ONE_WORD = "Wolfeschlegelsteinhausenbergerdorffvoral"  # 40 letters, no space

#: Words of the lobby's seats that the layout splits across two lines (names excepted).
SPLIT_JS = """() => {
  const out = [];
  for (const li of document.querySelectorAll('[data-test=seats] li')) {
    for (const el of li.querySelectorAll(':scope > :not(.seat-name)')) {
      if (!el.offsetParent) continue;
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (tops.size > 1) out.push(el.textContent);
    }
  }
  return out;
}"""

LIMIT_WORDS = {
    "en-US": ("Up to 40 characters.", "40 of 40 characters: a name cannot be longer.", "(here)", "Kick"),
    "de-DE": ("Höchstens 40 Zeichen.", "40 von 40 Zeichen: Länger darf ein Name nicht sein.", "(da)", "Entfernen"),
}


@pytest.mark.parametrize("locale", sorted(LIMIT_WORDS))
def test_web_the_lobby_says_the_names_limit_and_shows_long_names_whole(server, phone, locale):
    empty, full, here, kick = LIMIT_WORDS[locale]
    page = phone(locale=locale).new_page()
    page.goto(server + "/")
    page.wait_for_selector("select[name=game] option", state="attached")
    hint = page.locator("[data-test=host-name-limit]")
    expect(hint).to_have_text(empty)
    page.fill("input[name=host-name]", LONG + " the Third")  # 50 characters: the field keeps 40, and says so
    expect(page.locator("input[name=host-name]")).to_have_value(LONG)
    expect(hint).to_have_text(full)
    code = create(page, server, "mccarthyism", 2, LONG)
    guest = phone(locale=locale).new_page()
    guest.goto(f"{server}/?join={code}")
    expect(guest.locator("[data-test=join-name-limit]")).to_have_text(empty)
    join_by_link(guest, f"{server}/?join={code}", ONE_WORD)
    seats = page.locator("[data-test=seats] li")
    expect(seats).to_have_count(4)
    # each name whole (wrapped, not cut), and the words beside it never broken inside a word
    expect(page.locator("[data-test=seats] .seat-name")).to_have_text([LONG, "Bot 1", "Bot 2", ONE_WORD])
    expect(page.locator(f"[data-test='presence-{ONE_WORD}']")).to_have_text(here)
    expect(page.locator(f"[data-test='kick-{ONE_WORD}']")).to_have_text(kick)
    assert page.evaluate(SPLIT_JS) == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    for name in (LONG, ONE_WORD):
        box = page.locator("[data-test=seats] .seat-name", has_text=name).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360, (name, box)
    # in the game the whole name is in the seat ring and the status bar
    start(page)
    expect(page.locator("[data-test=me]")).to_have_text(LONG)
    expect(page.locator("[data-test=board] .seatring .pname").first).to_have_text(LONG)
    assert client_state(page)["me"] == LONG
