"""What a fresh-user trial found (issue 13's leftovers): refusals in the page's language with a
way on, the prompt as a bottom sheet that leaves the board and feed usable on a phone, words
that do not break mid-word, a TV result that fits the screen, pause notices that fit the table."""

from __future__ import annotations

import random

import httpx
import pytest
from playwright.sync_api import expect
from web_helpers import check_axe, client_state, create_table, hide_role, play_until, step, wait_connected

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_web_join_refusals_and_a_missing_table_in_german(server, desktop, phone):
    host = desktop().new_page()
    code = create_table(host, server, "shady-agents", bots=2, host_name="Ann")
    guest = phone(locale="de-DE").new_page()
    guest.goto(f"{server}/?join={code}")
    guest.fill("input[name=join-name]", "ann")
    guest.locator("[data-test=join-form] button[type=submit]").click()
    expect(guest.locator("[data-test=error]")).to_have_text(
        "Der Name „ann“ ist an diesem Tisch schon vergeben: Wähle einen anderen.")
    guest.fill("input[name=join-name]", "Bot 9")
    guest.locator("[data-test=join-form] button[type=submit]").click()
    expect(guest.locator("[data-test=error]")).to_have_text(
        "Der Name „Bot 9“ ist für Bots reserviert (Bot 1, Bot 2 …): Wähle einen anderen.")
    # the same refusal in English once the reader switches the page's language
    guest.select_option("select[name=lang]", "en")
    guest.locator("[data-test=join-form] button[type=submit]").click()
    expect(guest.locator("[data-test=error]")).to_have_text(
        "The name “Bot 9” is kept for bots (Bot 1, Bot 2 …): choose another.")

    # a table code that does not exist: a sentence in the page's language and a link home
    lost = phone(locale="de-DE").new_page()
    wrong = "ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY"
    lost.goto(f"{server}/#/t/{wrong}")
    missing = lost.locator("[data-test=missing]")
    expect(missing).to_contain_text(f"Es gibt keinen Tisch mit dem Code {wrong}: Prüfe den Code "
                                    "oder bitte den Gastgeber um den Link.")
    expect(missing.locator("h1")).to_have_text("Dieser Tisch lässt sich nicht öffnen")
    expect(lost.locator("[data-test=error]")).to_be_hidden()
    tv = desktop(locale="de-DE", viewport={"width": 1920, "height": 1080}).new_page()
    tv.goto(f"{server}/#/tv/{wrong}")  # the TV page has no header: the link home is the way back
    expect(tv.locator("[data-test=missing]")).to_contain_text(f"Code {wrong}")
    expect(tv.locator("[data-test=home-link]")).to_be_visible()
    link = missing.locator("[data-test=home-link]")
    expect(link).to_have_text("Zur Startseite, um einem Tisch beizutreten oder einen zu eröffnen")
    link.click()
    expect(lost.locator("[data-page=home]")).to_be_visible()
    expect(missing).to_be_hidden()


def test_web_an_untimed_pause_names_no_clock_and_notices_clear_at_the_end(server, phone):
    page = phone().new_page()
    code = create_table(page, server, "secret-hitler", bots=4, host_name="Ann", pace="untimed")
    wait_connected(page)
    page.locator("[data-test=start]").click()
    hide_role(page)
    status_notice = page.locator("[data-test=notice]")
    page.locator("[data-test=pause]").click()
    expect(status_notice).to_have_text("The host paused the game.")  # no clock runs at an untimed table
    page.locator("[data-test=resume]").click()
    expect(status_notice).to_have_text("The host resumed the game.")
    host_token = page.evaluate(f"() => JSON.parse(localStorage.getItem('hiddenrole.host.{code}'))")
    r = httpx.post(f"{server}/api/tables/{code}/control", json={"control": "void", "reason": "test over"},
                   headers={"Authorization": f"Bearer {host_token}"})
    assert r.status_code == 200, r.text
    expect(page.locator("[data-test=results]")).to_be_visible()
    expect(status_notice).to_be_hidden()  # the game is over: no table notice lingers in the status bar
    expect(page.locator("[data-test=feed] [data-test=feed-notice]")).to_have_count(3)  # the feed keeps them


SA_RESULT_JS = """async () => {
  const mod = await (await import('/games.js')).loadGame('shady-agents');
  const view = {over: true, players: ['Ann', 'Bea', 'Cid', 'Dan'],
    board: {scores: {operatives: -1, deserters: 1}},
    result: {winner: 'deserters', arithmetic: {
      players: {Ann: [{tool: 'bullet', giver: 'Bea', points: -1}], Bea: [{tool: 'medkit', giver: 'Ann', points: 1}],
                Cid: [], Dan: []},
      sides: {operatives: [{player: 'Ann', points: -1}, {player: 'Cid', points: 0}],
              deserters: [{player: 'Bea', points: 1}, {player: 'Dan', points: 0}]}}}};
  const box = document.createElement('div');
  for (const n of mod.result(view).flat()) if (n) box.append(n);
  const card = document.createElement('div');
  card.append(mod.board({...view, over: false, board: {round: 1, cards_left: 1, holding: {}, received: {}}}, {}));
  return {scores: box.querySelector('[data-test=scores]').textContent,
          lines: [...box.querySelectorAll('[data-test=arithmetic] li')].map(li => li.textContent),
          stats: card.querySelector('.stats') ? card.querySelector('.stats').textContent : card.textContent};
}"""


def test_web_shady_agents_points_are_words_and_the_german_is_consistent(server, phone):
    page = phone(locale="de-DE").new_page()
    page.goto(server + "/")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    out = page.evaluate(SA_RESULT_JS)
    # a number of points is never shown bare: "−1 Punkt", in the singular for one
    # a table cell or a line starts with a capital letter; a side's items are the tools its players received
    assert out["scores"] == "Die gesetzestreuen Operativen−1 PunktDie korrupten Deserteure1 Punkt", out["scores"]
    assert out["lines"] == [
        "Die gesetzestreuen Operativen: Werkzeuge, die Ann erhielt (−1 Punkt), Werkzeuge, die Cid erhielt (0 Punkte); "
        "insgesamt −1 Punkt.",
        "Die korrupten Deserteure: Werkzeuge, die Bea erhielt (+1 Punkt), Werkzeuge, die Dan erhielt (0 Punkte); "
        "insgesamt +1 Punkt.",
        "Ann erhielt eine Kugel von Bea (−1 Punkt); insgesamt −1 Punkt.",
        "Bea erhielt ein medizinisches Kit von Ann (+1 Punkt); insgesamt +1 Punkt.",
        "Cid erhielt nichts; insgesamt 0 Punkte.",
        "Dan erhielt nichts; insgesamt 0 Punkte.",
    ], out["lines"]
    assert "noch 1 Interrogationskarte" in out["stats"] and "Interrogationskarten" not in out["stats"], out["stats"]
    page.evaluate("() => localStorage.setItem('hiddenrole.lang', 'en')")
    page.reload()
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    out = page.evaluate(SA_RESULT_JS)
    assert out["scores"] == "The law-abiding operatives−1 pointThe corrupt deserters1 point", out["scores"]
    assert out["lines"][:2] == [
        "The law-abiding operatives: Tools Ann received (−1 point), Tools Cid received (0 points); in all −1 point.",
        "The corrupt deserters: Tools Bea received (+1 point), Tools Dan received (0 points); in all +1 point.",
    ], out["lines"]


def _box(page, selector):
    return page.locator(selector).last.evaluate("e => { const r = e.getBoundingClientRect(); "
                                                "return {top: r.top, bottom: r.bottom, height: r.height}; }")


def test_web_phone_prompt_is_a_bottom_sheet_that_leaves_board_and_feed_usable(server, phone):
    page = phone().new_page()
    create_table(page, server, "secret-hitler", bots=4, host_name="Ann", pace="untimed")
    wait_connected(page)
    page.locator("[data-test=start]").click()
    hide_role(page)
    # Ann plays her moves (bots the others) until she is asked to vote on a government
    play_until(page, random.Random(3), lambda st: any(a["action"] == "vote" for a in st["legal"]),
                    move=lambda p, rng: step(p, rng, avoid=("vote",)))  # the vote left untapped
    expect(page.locator("#prompt-title")).to_be_visible()
    view = page.viewport_size
    title = page.locator("#prompt-title")
    # the prompt names its subject: the ticket, and what yes means
    for _ in range(100):  # the ticket's names arrive with the vote (wait for the board to hold them)
        board = client_state(page)["view"]["board"]
        if board.get("presidential_candidate") and board.get("chancellor_candidate"):
            break
        page.wait_for_timeout(100)
    expect(title).to_contain_text(board["presidential_candidate"])
    expect(title).to_contain_text(board["chancellor_candidate"])
    expect(page.locator("[data-test=actions]")).to_contain_text("Yes means")
    # the prompt's subject and the feed's newest entry are both on the screen, no horizontal scroll
    t, newest, feed = _box(page, "#prompt-title"), _box(page, "[data-test=feed] ol.feed > li"), _box(page, ".feed-box")
    assert 0 <= t["top"] and t["bottom"] <= view["height"], t
    assert 0 <= newest["top"] and newest["bottom"] <= view["height"], newest
    assert page.evaluate("() => document.documentElement.scrollWidth") <= view["width"]
    # board and feed are not slivers: each keeps room to read and scroll (while a prompt is open
    # on a phone the prompt sheet keeps its height and the feed gives room down to its floor of
    # 100 px: about five lines of the feed; seen 140 to 160 px here, by the status bar's lines)
    assert feed["height"] >= 120, feed
    assert _box(page, "[data-test=board]")["height"] >= 150 or \
        page.locator(".col-board").evaluate("e => e.clientHeight") >= 150
    # the sheet folds down to its title and opens again
    toggle = page.locator("[data-test=sheet-toggle]")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(page.locator("[data-test=actions] button.action").first).to_be_hidden()
    assert _box(page, "[data-test=actions]")["height"] <= 90
    expect(title).to_be_visible()
    check_axe(page, "the folded prompt sheet")
    toggle.click()
    expect(page.locator("[data-test=actions] button.action").first).to_be_visible()


#: Words (letters only) of the elements matching a selector that the layout splits across two
#: lines: each word's text range must sit on one line (a word too long for the line would be
#: cut mid-word without a hyphen).
SPLIT_WORDS_JS = """(selector) => {
  const out = [];
  for (const root of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement || !node.parentElement.offsetParent) continue;
      for (const m of node.data.matchAll(/\\p{L}+/gu)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (tops.size > 1) out.push(m[0]);
      }
    }
  }
  return out;
}"""

ROLE_CARDS_JS = """async () => {
  const { loadGame } = await import('/games.js');
  const { resultNodes } = await import('/pages/table.js');
  const views = {
    'secret-hitler': [{player: 'Ann', private: {role: 'hitler', allegiance: 'fascist'}},
                      {player: 'Ann', private: {role: 'liberal', allegiance: 'liberal'}}],
    'mccarthyism': [{player: 'Ann', private: {role_card: {card: 'american'}}},
                    {player: 'Ann', private: {role_card: {card: 'commie'}, commies_at_start: ['Ann', 'Bea']}}],
    'shady-agents': [{player: 'Ann', private: {side: 'operatives', role: 'operative', holding: ['bullet', 'medkit']}},
                     {player: 'Ann', private: {side: 'deserters', role: 'deserter', holding: ['bullet', 'medkit']}}],
  };
  const roles = {'secret-hitler': ['hitler', 'liberal'], 'mccarthyism': ['american', 'commie'],
                 'shady-agents': ['operative', 'deserter']};
  const stage = document.createElement('div');
  stage.id = 'stage';
  document.body.append(stage);
  for (const [game, vs] of Object.entries(views)) {
    const mod = await loadGame(game);
    for (const v of vs) {  // as the role reveal shows it: a card in the modal
      const modal = document.createElement('div');
      modal.className = 'card reveal-card';
      modal.append(mod.roleCard(v));
      stage.append(modal);
    }
    // the result's header (who won) and its table of roles, in the table page's results card
    const players = ['Ann', 'Bea'];
    const S = {game, events: [], view: {over: true, players, board: {}, result: {outcomes: {Ann: 'win', Bea: 'loss'}}},
               reveal: {players, events: roles[game].map((r, i) => ({kind: 'role', to: [players[i]], role: r, card: r}))}};
    const card = document.createElement('section');
    card.className = 'card results';
    card.append(...resultNodes(S).flat().filter(Boolean).slice(0, 3));
    stage.append(card);
  }
  return stage.innerText.length;
}"""


@pytest.mark.parametrize("locale", ["de-DE", "en-GB"])
def test_web_role_cards_and_results_break_no_word_at_360(server, phone, locale):
    page = phone(locale=locale).new_page()
    page.goto(server + "/")
    page.wait_for_function(f"() => document.documentElement.lang === '{locale[:2]}'")
    assert page.evaluate(ROLE_CARDS_JS) > 0
    assert page.evaluate(SPLIT_WORDS_JS, "#stage") == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360


@pytest.mark.parametrize(("game", "bots"), [("secret-hitler", 10), ("mccarthyism", 20), ("shady-agents", 10)])
def test_web_tv_results_fit_a_1920x1080_screen(server, desktop, game, bots):
    made = httpx.post(f"{server}/api/tables", json={"game": game, "bots": bots, "pace": "untimed"}).json()
    r = httpx.post(f"{server}/api/tables/{made['code']}/start", headers={"Authorization": f"Bearer {made['host_token']}"})
    assert r.status_code == 200, r.text
    tv = desktop(locale="de-DE", viewport={"width": 1920, "height": 1080}).new_page()
    tv.goto(f"{server}/#/tv/{made['code']}")
    results = tv.locator("[data-test=results]")
    # the bots play it to the end; the result is drawn at once, with the reveal
    expect(results.locator("table.roles, table.tv-result")).to_be_visible(timeout=120_000)
    size = tv.evaluate("""() => {
      const board = document.querySelector('.tv-board').getBoundingClientRect();
      const last = [...document.querySelectorAll('[data-test=results] *')].filter(e => e.offsetParent)
        .reduce((m, e) => Math.max(m, e.getBoundingClientRect().bottom), 0);
      return {scroll: document.documentElement.scrollHeight, height: innerHeight, last, board: board.bottom,
              width: document.documentElement.scrollWidth};
    }""")
    assert size["scroll"] <= size["height"] and size["width"] <= 1920, size
    assert size["last"] <= min(size["board"], size["height"]), size  # nothing of the result cut off
