"""What the last fresh-user trial found in playing (issue 13): the largest prompts are whole on a
360x800 phone (the question in view, every choice on the screen or a scroll of the sheet away);
the TV's header breaks cleanly; the TV tells Shady Agents' result in large type across the
screen; the replay has a title, a way back and steps told in the narrator's sentences, a step
that arrives late never replaces a newer one, and a game that ended in its first turn has one
jump, to the start."""

from __future__ import annotations

import json
import random
import re

import httpx
import pytest
from playwright.sync_api import expect
from websockets.sync.client import connect
from web_helpers import RAW, check_axe, create_table, hide_role, play_to_end, post, wait_connected

pytestmark = [pytest.mark.slow, pytest.mark.browser]

NAMES = ["Ann", "Bea", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon",
         "Kim", "Lea", "Max", "Nia", "Oli", "Pia", "Quin", "Rae", "Sam", "Tom"]


def seated_table(server: str, game: str, players: int) -> tuple[str, dict[str, str]]:
    """An untimed table of ``players`` people (no bots: nothing moves until someone acts),
    started; returns its code and each player's seat token."""
    made = httpx.post(f"{server}/api/tables", json={"game": game, "pace": "untimed"}).json()
    code = made["code"]
    tokens = {}
    for name in NAMES[:players]:
        r = httpx.post(f"{server}/api/tables/{code}/join", json={"name": name})
        assert r.status_code == 201, r.text
        tokens[name] = r.json()["token"]
    r = httpx.post(f"{server}/api/tables/{code}/start", headers={"Authorization": f"Bearer {made['host_token']}"})
    assert r.status_code == 200, r.text
    return code, tokens


def open_seat(page, server: str, code: str, name: str, token: str) -> None:
    """Open the table on ``page`` as the seat ``name`` (its token stored as the page stores it;
    the role reveal already seen)."""
    page.goto(server + "/")
    page.evaluate("([code, name, token]) => { localStorage.setItem('hiddenrole.seat.' + code, JSON.stringify({name, token}));"
                  " localStorage.setItem('hiddenrole.revealed.' + code, name); }", [code, name, token])
    page.goto(f"{server}/#/t/{code}")
    wait_connected(page)


#: Where the prompt sheet's parts are: its question (title) and each choice, at the sheet's
#: top and once the sheet is scrolled to bring the choice into its view (the sheet's own
#: scrolling only: the page itself never moves).
REACH_JS = """() => {
  const sheet = document.querySelector('[data-test=actions]');
  const title = sheet.querySelector('#prompt-title');
  const box = e => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  sheet.scrollTop = 0;
  const out = {height: innerHeight, width: innerWidth, page: document.documentElement.scrollHeight,
               title: box(title), sheet: box(sheet), first: null, choices: []};
  const buttons = [...sheet.querySelectorAll('fieldset button')].filter(b => b.offsetParent);
  out.first = buttons.length ? box(buttons[0]) : null;
  for (const b of buttons) {
    const s = sheet.getBoundingClientRect(), r = b.getBoundingClientRect();
    if (r.top < s.top) sheet.scrollTop -= s.top - r.top;
    else if (r.bottom > s.bottom) sheet.scrollTop += r.bottom - s.bottom;
    const seen = box(sheet);
    out.choices.push({text: b.innerText.replace(/\\s+/g, ' ').slice(0, 40), ...box(b),
                      sheetTop: seen.top, sheetBottom: seen.bottom});
  }
  sheet.scrollTop = 0;
  return out;
}"""

#: The largest prompts of each game: Secret Hitler's night-0 pairs at 10 players, Shady Agents'
#: move (give or interrogate) at 10, McCarthyism's snitch at 20.
LARGEST = [("secret-hitler", 10, 30), ("shady-agents", 10, 9), ("mccarthyism", 20, 19)]


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
@pytest.mark.parametrize(("game", "players", "at_least"), LARGEST)
def test_web_the_largest_prompts_are_whole_on_a_phone(server, phone, game, players, at_least, locale):
    code, tokens = seated_table(server, game, players)
    # the seat the game waits for, with its choices
    waiting = []
    for name, token in tokens.items():
        st = httpx.get(f"{server}/api/tables/{code}", headers={"Authorization": f"Bearer {token}"}).json()["state"]
        if st.get("waiting"):
            waiting.append((len(st.get("legal_actions") or []), name))
    assert waiting, "the game waits for nobody"
    _, name = max(waiting)
    page = phone(locale=locale).new_page()
    open_seat(page, server, code, name, tokens[name])
    buttons = page.locator("[data-test=actions] fieldset button")
    expect(buttons.first).to_be_visible()
    assert buttons.count() >= at_least, buttons.count()
    # the prompt folded "Players and settings" away: the sheet has its room
    expect(page.locator("[data-test=more]")).not_to_have_attribute("open", "")
    out = page.evaluate(REACH_JS)
    view = out["height"]
    # the page itself does not scroll: the sheet and its question are on the screen
    assert out["page"] <= view, out
    assert 0 <= out["title"]["top"] and out["title"]["bottom"] <= view, out["title"]
    assert out["sheet"]["bottom"] <= view, out["sheet"]
    # the first choices are in view when the prompt appears
    assert out["first"] and out["first"]["bottom"] <= min(view, out["sheet"]["bottom"]), out["first"]
    # every choice is in view once the sheet is scrolled to it, and never wider than the screen
    for c in out["choices"]:
        assert c["top"] >= max(0, c["sheetTop"]) - 1 and c["bottom"] <= min(view, c["sheetBottom"]) + 1, c
        assert 0 <= c["left"] and c["right"] <= out["width"], c


#: The TV header's visible letters, by line: each character of its text with its box, left out
#: when an ancestor's overflow clips it (a line is the characters sharing a top).
HEAD_LINES_JS = """() => {
  const head = document.querySelector('.tv-page [data-test=status] > :first-child');
  const clipped = (el, r) => {
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.overflowX === 'visible') continue;
      const b = a.getBoundingClientRect();
      if (r.right <= b.left + 0.5 || r.left >= b.right - 0.5) return true;
    }
    return false;
  };
  const chars = [];
  const walker = document.createTreeWalker(head, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.parentElement.offsetParent) continue;
    for (let i = 0; i < n.data.length; i++) {
      if (!n.data[i].trim()) continue;
      const range = document.createRange();
      range.setStart(n, i); range.setEnd(n, i + 1);
      const r = range.getBoundingClientRect();
      if (!r.width || clipped(n.parentElement, r)) continue;
      chars.push({c: n.data[i], top: Math.round(r.top), left: r.left, right: r.right});
    }
  }
  const lines = [];
  for (const ch of chars) {
    let line = lines.find(l => Math.abs(l.top - ch.top) <= 6);
    if (!line) { line = {top: ch.top, chars: []}; lines.push(line); }
    line.chars.push(ch);
  }
  lines.sort((a, b) => a.top - b.top);
  const text = sel => { const e = head.querySelector(sel); return e ? e.innerText.trim() : ''; };
  return {lines: lines.map(l => l.chars.sort((a, b) => a.left - b.left).map(c => c.c).join('')),
          title: text('[data-test=tv-title]') || text('b'), phase: text('[data-test=phase]')};
}"""


def test_web_the_tv_header_breaks_cleanly_at_1920_and_1280(server, desktop):
    # a McCarthyism table of ten people that waits for a player (untimed: the phase holds still)
    code, tokens = seated_table(server, "mccarthyism", 10)
    seen = {}
    for locale in ("en-GB", "de-DE"):
        for width, height in ((1920, 1080), (1280, 720)):
            tv = desktop(locale=locale, viewport={"width": width, "height": height}).new_page()
            tv.goto(f"{server}/#/tv/{code}")
            expect(tv.locator("[data-test=phase]")).to_have_text(re.compile(r"^(Turn|Zug) 1: "))
            out = tv.evaluate(HEAD_LINES_JS)
            lines = out["lines"]
            # no line starts or ends with the separator; the game's name starts the first line
            for line in lines:
                assert not line.startswith("·") and not line.endswith("·"), lines
            assert lines[0].startswith(out["title"].replace(" ", "")), lines
            # every letter of the phase is on the screen, none clipped with the separator
            assert "".join(lines).count(out["phase"].replace(" ", "")) == 1, (lines, out["phase"])
            seen[(locale, width)] = lines
    # the German phase is too long for the game's line at 1280: it starts its own line whole
    assert any(line.startswith("Zug1:") for line in seen[("de-DE", 1280)]), seen  # (letters without spaces)


#: The post each reader's replay tells, as the feed's narrator words it in that language.
POSTED = {"en-GB": ("Which of you has my medical kit?", "Ann wrote: “Which of you has my medical kit?”"),
          "de-DE": ("Wer von euch hat mein Kit?", "Ann schrieb: „Wer von euch hat mein Kit?“")}
TITLES = {"en-GB": ("Replay of Shady Agents at table {code}", "Players: {names}"),
          "de-DE": ("Wiederholung: Shady Agents an Tisch {code}", "Spieler: {names}")}


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_web_the_replay_has_a_title_a_way_back_and_told_steps(server, phone, locale):
    page = phone(locale=locale).new_page()
    code = create_table(page, server, "shady-agents", bots=3, host_name="Ann", pace="untimed")
    wait_connected(page)
    page.locator("[data-test=start]").click()
    hide_role(page)
    text, told = POSTED[locale]
    post(page, text)
    expect(page.locator("[data-test=feed]")).to_contain_text(text)
    play_to_end([page], random.Random(13))
    winner = page.locator("[data-test=winner]").inner_text()
    reveal = httpx.get(f"{server}/api/tables/{code}").json()["reveal"]
    entries = httpx.get(f"{server}/api/tables/{code}/export").json()["entries"]
    at = next(i + 1 for i, e in enumerate(entries)  # the step of Ann's post (step 0 is the deal)
              if e["kind"] == "action" and e["action"].get("action") == "post" and e["action"].get("text") == text)

    page.locator("[data-test=replay-link]").click()
    title, players = TITLES[locale]
    expect(page.locator("[data-test=replay-title]")).to_have_text(title.format(code=code))
    expect(page.locator("[data-test=replay-players]")).to_have_text(players.format(names=", ".join(reveal["players"])))
    expect(page.locator("[data-test=replay-result]")).to_have_text(winner)
    words = page.locator("[data-test=replay-words]")
    # the step of the post is told as the feed tells it: what was posted, in the reader's language
    page.goto(f"{server}/#/r/{code}/{at}")
    expect(page.locator("[data-test=replay-step]")).to_have_attribute("data-step", str(at))
    expect(words).to_have_text(told)
    # the steps after it: sentences (a gift, a question, an answer), never a record's label
    for _ in range(4):
        page.locator("[data-test=replay-next]").click()
        expect(words).not_to_have_text(told)
        said = words.inner_text()
        assert said.endswith((".", "“", "”", "?", "“.", "”.")) and RAW.search(said) is None, said
        assert not re.search(r"^\w+: \w", said) or said.count(" ") > 4, said
    check_axe(page, "the replay")
    # the way back: to the table (its result) and to the home page
    expect(page.locator("[data-test=replay-home]")).to_have_attribute("href", "/")
    page.locator("[data-test=replay-table]").click()
    expect(page.locator("[data-test=results] [data-test=winner]")).to_have_text(winner)


#: Shady Agents' TV result of a hand-made five-player end (an odd table: the smaller team's bonus).
SA_TV_JS = """async () => {
  const mod = await (await import('/games.js')).loadGame('shady-agents');
  const view = {over: true, players: ['Ann', 'Bea', 'Cid', 'Dan', 'Eve'],
    board: {scores: {operatives: 0, deserters: 2}, discards: {Ann: 'medkit', Cid: 'bullet'}},
    result: {winner: 'deserters', outcomes: {Ann: 'loss', Bea: 'win', Cid: 'loss', Dan: 'win', Eve: 'loss'}, arithmetic: {
      players: {Ann: [{tool: 'bullet', giver: 'Bea', points: -1}, {tool: 'medkit', giver: 'Dan', points: 1}],
                Bea: [{tool: 'medkit', giver: 'Ann', points: 1}], Cid: [], Dan: [], Eve: []},
      sides: {operatives: [{player: 'Ann', points: 0}, {player: 'Cid', points: 0}, {player: 'Eve', points: 0}],
              deserters: [{player: 'Bea', points: 1}, {player: 'Dan', points: 0}, {bonus: true, points: 1}]}}}};
  const table = mod.tvResult(view, {});
  document.body.append(table);  // read as drawn (innerText)
  return [...table.querySelectorAll('tr')].map(tr => [...tr.children].map(c => c.innerText.replace(/\\s+/g, ' ').trim()));
}"""

SA_TV_ROWS = {
    "en-GB": [
        ["Player", "Tools received", "Discarded", "Points"],
        ["The law-abiding operatives: in all Lost", "0 points"],
        ["Ann", "a bullet from Bea Bea a medical kit from Dan Dan", "a medical kit", "0 points"],
        ["Cid", "nothing", "a bullet", "0 points"],
        ["Eve", "nothing", "", "0 points"],
        ["The corrupt deserters: in all ★ Won", "+2 points"],
        ["Bea", "a medical kit from Ann Ann", "", "+1 point"],
        ["Dan", "nothing", "", "0 points"],
        ["The bonus point of the smaller team (odd number of players)", "+1 point"],
    ],
    "de-DE": [
        ["Spieler", "Erhaltene Werkzeuge", "Abgelegt", "Punkte"],
        ["Die gesetzestreuen Operativen: insgesamt Verloren", "0 Punkte"],
        ["Ann", "eine Kugel von Bea Bea ein medizinisches Kit von Dan Dan", "ein medizinisches Kit", "0 Punkte"],
        ["Cid", "nichts", "eine Kugel", "0 Punkte"],
        ["Eve", "nichts", "", "0 Punkte"],
        ["Die korrupten Deserteure: insgesamt ★ Gewonnen", "+2 Punkte"],
        ["Bea", "ein medizinisches Kit von Ann Ann", "", "+1 Punkt"],
        ["Dan", "nichts", "", "0 Punkte"],
        ["Der Bonuspunkt des kleineren Teams (ungerade Spielerzahl)", "+1 Punkt"],
    ],
}


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_web_shady_agents_tv_result_rows_in_words(server, desktop, locale):
    page = desktop(locale=locale, viewport={"width": 1920, "height": 1080}).new_page()
    page.goto(server + "/")
    page.wait_for_function(f"() => document.documentElement.lang === '{locale[:2]}'")
    assert page.evaluate(SA_TV_JS) == SA_TV_ROWS[locale]


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_web_the_tv_tells_shady_agents_result_in_large_type_across_the_screen(server, desktop, locale):
    made = httpx.post(f"{server}/api/tables", json={"game": "shady-agents", "bots": 10, "pace": "untimed"}).json()
    r = httpx.post(f"{server}/api/tables/{made['code']}/start", headers={"Authorization": f"Bearer {made['host_token']}"})
    assert r.status_code == 200, r.text
    tv = desktop(locale=locale, viewport={"width": 1920, "height": 1080}).new_page()
    tv.goto(f"{server}/#/tv/{made['code']}")
    table = tv.locator("[data-test=results] [data-test=tv-result]")
    expect(table).to_be_visible(timeout=120_000)  # the bots play it to the end
    reveal = httpx.get(f"{server}/api/tables/{made['code']}").json()["reveal"]
    # every player once, under their side; each side's total as the server scored it
    rows = table.locator("tbody tr[data-player]")
    expect(rows).to_have_count(10)
    sides = {"operatives": "operatives" if locale == "en-GB" else "Operativen",
             "deserters": "deserters" if locale == "en-GB" else "Deserteure"}
    one, many = ("point", "points") if locale == "en-GB" else ("Punkt", "Punkte")
    for side, n in reveal["result"]["scores"].items():
        total = f"{'−' if n < 0 else '+' if n > 0 else ''}{abs(n)} {one if abs(n) == 1 else many}"
        expect(table.locator(f"tbody[data-side={side}] tr.side th")).to_contain_text(sides[side])
        expect(table.locator(f"tbody[data-side={side}] tr.side td.num")).to_have_text(total)
    for e in reveal["events"]:
        if e["kind"] == "role":
            side = "operatives" if e["role"] == "operative" else "deserters"
            expect(table.locator(f"tbody[data-side={side}] tr[data-player='{e['to'][0]}']")).to_have_count(1)
    size = tv.evaluate("""() => {
      const t = document.querySelector('[data-test=tv-result]'), board = document.querySelector('.tv-board');
      const cell = document.querySelector('[data-test=tv-result] tbody tr[data-player] td.num');
      const last = [...t.querySelectorAll('tr')].pop().getBoundingClientRect();
      return {width: t.getBoundingClientRect().width, board: board.getBoundingClientRect().width,
              font: parseFloat(getComputedStyle(cell).fontSize), last: last.bottom, height: innerHeight,
              scroll: document.documentElement.scrollHeight};
    }""")
    # large type (the phone's result is 16 px), across the board's width, all on the screen
    assert size["font"] >= 26, size
    assert size["width"] >= 0.95 * size["board"], size
    assert size["last"] <= size["height"] and size["scroll"] <= size["height"], size


#: The page's fetch, noting each answer the page has read (``window.answersRead``: the test's
#: sign that the page has handled that answer, since the page reads it in the same task).
ANSWERS_READ_JS = """(() => {
  const fetch0 = window.fetch;
  window.answersRead = [];
  window.fetch = async (...args) => {
    const r = await fetch0(...args);
    const json = r.json.bind(r);
    r.json = async () => { try { return await json(); } finally { window.answersRead.push(String(args[0])); } };
    return r;
  };
})();"""


def test_web_a_replay_step_that_arrives_late_does_not_replace_a_later_one(server, desktop):
    # the bots play a game to its end; a viewer taps "next", then, before that step arrives
    # (a slow network), drags the scrubber to the end: the end stays, the late step is dropped
    host = desktop().new_page()
    code = create_table(host, server, "mccarthyism", bots=5, host_name=None)
    host.locator("[data-test=start]").click()
    host.wait_for_function("() => Alpine.store('session').view && Alpine.store('session').view.over", timeout=120_000)
    steps = httpx.get(f"{server}/api/tables/{code}/replay/0").json()["steps"]
    assert steps > 2
    viewer = desktop().new_page()
    viewer.add_init_script(ANSWERS_READ_JS)
    held = []
    viewer.route(re.compile(rf"/api/tables/{code}/replay/1\?"), lambda route: held.append(route))  # step 1: held back
    viewer.goto(f"{server}/#/r/{code}/0")
    step = viewer.locator("[data-test=replay-step]")
    expect(viewer.locator("[data-test=replay-next]")).to_be_enabled()  # the replay has loaded
    viewer.locator("[data-test=replay-next]").click()
    viewer.locator("[data-test=replay-scrub]").press("End")  # the scrubber to the last step
    expect(step).to_have_attribute("data-step", str(steps))
    assert len(held) == 1, held
    held[0].continue_()  # step 1 arrives at last
    viewer.wait_for_function("() => window.answersRead.some(u => u.includes('/replay/1?'))")
    assert step.get_attribute("data-step") == str(steps)
    assert viewer.url.endswith(f"#/r/{code}/{steps}")
    # the page left before its step arrived: the step does not rewrite the new page's link
    with viewer.expect_request(re.compile(rf"/api/tables/{code}/replay/1\?")):
        viewer.goto(f"{server}/#/r/{code}/1")  # held back again
    viewer.goto(f"{server}/#/r/{code}/2")
    expect(step).to_have_attribute("data-step", "2")
    assert len(held) == 2, held
    held[1].continue_()
    viewer.wait_for_function("() => window.answersRead.filter(u => u.includes('/replay/1?')).length === 2")
    assert step.get_attribute("data-step") == "2"
    assert viewer.url.endswith(f"#/r/{code}/2")


def send_action(server: str, code: str, token: str, action: dict) -> None:
    """Send one of the seat's legal actions through the table's socket, as the client does;
    returns once the server stored it (its ``ack``)."""
    with connect(server.replace("http", "ws", 1) + f"/ws/{code}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        ws.send(json.dumps({"type": "action", "id": 1, "action": action}))
        while True:
            message = json.loads(ws.recv(timeout=30))
            assert message.get("type") != "error", message
            if message.get("type") == "ack":
                return


def legal_of(server: str, code: str, token: str) -> list[dict]:
    """The seat's legal actions now (its state from the REST API)."""
    r = httpx.get(f"{server}/api/tables/{code}", headers={"Authorization": f"Bearer {token}"})
    return r.json()["state"]["legal_actions"]


def test_web_the_replay_of_a_game_ended_in_its_first_turn_has_one_jump_to_the_start(server, phone):
    # the first snitch calls for the end and all five vote yes: the game ends in turn 1
    code, tokens = seated_table(server, "mccarthyism", 5)
    calls = {name: [a for a in legal_of(server, code, token) if a["action"] == "call_end"] for name, token in tokens.items()}
    snitch = next(name for name, call in calls.items() if call)
    send_action(server, code, tokens[snitch], calls[snitch][0])
    for name, token in tokens.items():
        send_action(server, code, token, next(a for a in legal_of(server, code, token) if a.get("vote") == "yes"))
    assert httpx.get(f"{server}/api/tables/{code}").json()["table"]["status"] == "over"
    page = phone().new_page()
    page.goto(f"{server}/#/r/{code}/0")
    step = page.locator("[data-test=replay-step]")
    days = page.locator("[data-test=replay-days] button")
    expect(days).to_have_text(["Turn 1"])  # one jump: the only turn, from the start
    page.locator("[data-test=replay-scrub]").press("End")  # the deal, the call and five votes
    expect(step).to_have_attribute("data-step", "6")
    days.last.click()
    expect(step).to_have_attribute("data-step", "0")
    expect(days.last).to_have_attribute("aria-current", "step")
