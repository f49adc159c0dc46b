"""Findings of fresh-user trial 13 on the TV page and the replay (issue 13): the TV's waiting
room shows the join link in large type, its QR code and who has joined, live; the TV's claim
tracker shows every government; a term limit that a top-deck lifted says so, and the elected
government is shown in office, not as candidates and "last" government at once; the official
game's replay has every election round as a chapter."""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import expect
from web_helpers import (
    SCREENSHOTS, check_axe, client_state, create_table, hide_role, join_by_link, play_until, wait_connected, your_turn,
)

from hiddenrole.games.secret_hitler import SecretHitler

pytestmark = [pytest.mark.slow, pytest.mark.browser]

TV = {"width": 1920, "height": 1080}

#: The page scrolls neither way, and the element ``s`` lies wholly inside the screen.
FITS_JS = """s => { const r = document.querySelector(s).getBoundingClientRect();
  return {scrollW: document.documentElement.scrollWidth, scrollH: document.documentElement.scrollHeight,
          top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height}; }"""


def fits(page, selector: str) -> dict:
    box = page.evaluate(FITS_JS, selector)
    assert box["scrollW"] <= 1920 and box["scrollH"] <= 1080, f"the TV page scrolls: {box}"
    assert box["top"] >= 0 and box["left"] >= 0 and box["bottom"] <= 1080 and box["right"] <= 1920, box
    return box


def tv_page(server, desktop, code, **context):
    """The TV page of table ``code`` on a 1920x1080 screen (``context``: e.g. its ``locale``),
    connected."""
    tv = desktop(viewport=TV, **context).new_page()
    tv.goto(f"{server}/#/tv/{code}")
    wait_connected(tv)
    return tv


def table_on_tv(server, desktop, game, *, bots, host_name="Ann"):
    """A new table of ``game`` made by the host on a desktop page, and its TV page. Returns
    the host's page, the TV page and the table's code."""
    host = desktop().new_page()
    code = create_table(host, server, game, bots=bots, host_name=host_name)
    return host, tv_page(server, desktop, code), code


def test_web_the_tv_waiting_room_shows_the_join_link_its_qr_code_and_who_joined(server, desktop):
    host, tv, code = table_on_tv(server, desktop, "secret-hitler", bots=0)
    link = host.locator("[data-test=join-link]").inner_text()
    lobby = tv.locator("[data-test=tv-lobby]")
    expect(lobby).to_be_visible()
    expect(lobby.locator("h1")).to_have_text("Join the game on your phone")
    # the same link as the host's lobby, in large type, wholly on the screen
    expect(tv.locator("[data-test=tv-join-link]")).to_have_text(f"{link}")
    assert link.endswith(f"/?join={code}")
    assert float(tv.locator("[data-test=tv-join-link]").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 40
    fits(tv, "[data-test=tv-join-link]")
    expect(tv.locator("[data-test=tv-code]")).to_have_text(code)
    # its QR code: large, square, on the screen, named for a screen reader
    qr = tv.locator("[data-test=tv-qr] svg")
    expect(qr).to_be_visible()
    box = fits(tv, "[data-test=tv-qr] svg")
    assert box["width"] >= 400 and abs(box["width"] - box["height"]) < 1, box
    expect(tv.locator("[data-test=tv-qr]")).to_contain_text("QR code of the join link")
    # who has joined, live: Bea joins by the link and the TV shows her without a reload
    expect(tv.locator("[data-test=tv-players] li")).to_have_count(1)
    expect(tv.locator("[data-test=tv-players] li")).to_contain_text(["Ann"])
    expect(tv.locator("[data-test=tv-player-count]")).to_have_text("Players: 1 (needs 5–10)")
    bea = desktop().new_page()
    join_by_link(bea, link, "Bea")
    expect(tv.locator("[data-test=tv-players] li")).to_have_text(["Ann here", "Bea here"])
    expect(tv.locator("[data-test=tv-player-count]")).to_have_text("Players: 2 (needs 5–10)")
    # the waiting room has nothing for the feed to tell: the room's screen is the way in
    expect(tv.locator("[data-test=feed]")).to_be_hidden()
    fits(tv, "[data-test=tv-lobby]")
    check_axe(tv, "the TV waiting room")
    tv.screenshot(path=str(_scratch("tv-waiting-room.png")))
    # a German TV says the same in German
    tv_de = tv_page(server, desktop, code, locale="de-DE")
    expect(tv_de.locator("[data-test=tv-lobby] h1")).to_have_text("Tritt dem Spiel mit deinem Handy bei")
    expect(tv_de.locator("[data-test=tv-lobby]")).to_contain_text("Scanne den Code oder öffne diesen Link:")
    expect(tv_de.locator("[data-test=tv-player-count]")).to_have_text("Spieler: 2 (benötigt 5–10)")
    expect(tv_de.locator("[data-test=tv-players] li")).to_have_text(["Ann da", "Bea da"])
    # the start: the board and the feed replace the waiting room
    for _ in range(3):
        host.locator("[data-test=add-bot]").click()
    expect(tv.locator("[data-test=tv-players] li")).to_have_count(5)
    host.locator("[data-test=start]").click()
    expect(tv.locator("[data-test=tv-lobby]")).to_be_hidden()
    expect(tv.locator("[data-test=board]")).to_be_visible()
    expect(tv.locator("[data-test=feed]")).to_be_visible()


def test_web_twenty_players_in_the_tv_waiting_room_fit_the_screen(server, desktop):
    _, tv, _ = table_on_tv(server, desktop, "mccarthyism", bots=19, host_name="Ann Long-Name Wilhelmina")
    expect(tv.locator("[data-test=tv-players] li")).to_have_count(20)
    expect(tv.locator("[data-test=tv-player-count]")).to_have_text("Players: 20 (needs 3–20)")
    fits(tv, "[data-test=tv-lobby]")
    fits(tv, "[data-test=tv-qr] svg")
    for i in range(20):
        fits(tv, f"[data-test=tv-players] li:nth-of-type({i + 1})")
    tv.screenshot(path=str(_scratch("tv-waiting-room-20-players.png")))


def _scratch(name: str):
    """A screenshot's path in the scratch folder (never in the repository)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS / name


def test_web_the_tv_claim_tracker_shows_every_government(server, desktop):
    rng = random.Random(13)
    for _ in range(4):  # a game may end before its sixth government: another table then
        host, tv, _ = table_on_tv(server, desktop, "secret-hitler", bots=6)
        host.locator("[data-test=start]").click()
        hide_role(host)
        # on until six governments sat and the table waits for Ann (untimed: nothing moves on
        # without her, so the TV holds still while it is measured)
        if play_until(host, rng, lambda st: len(st["view"]["board"]["claim_tracker"]) >= 6 and your_turn(st),
                      ended_ok=True, seconds=240):
            break
        host.close()
        tv.close()
    else:
        pytest.fail("no game reached its sixth government in four tables")
    # the TV has drawn every government it knows of
    tv.wait_for_function("""() => { const rows = Alpine.store('session').view.board.claim_tracker;
      return rows.length >= 6 && document.querySelectorAll('[data-test=claim-tracker] tbody tr').length === rows.length; }""")
    governments = [int(n) for n in tv.locator("[data-test=claim-tracker] tbody tr").evaluate_all(
        "rows => rows.map(r => r.dataset.government)")]
    assert governments == list(range(1, len(governments) + 1)) and len(governments) >= 6
    for n in governments:  # every row wholly on the screen, none cut
        fits(tv, f"[data-test=claim-tracker] tr[data-government='{n}']")
    fits(tv, "[data-test=claim-tracker]")
    tv.screenshot(path=str(_scratch("tv-claims.png")))


#: Fourteen governments with long names and two investigations in the TV's view (the most a
#: game holds: every session makes a row, and at most 10 policies by governments plus vetoes
#: end a game). The TV's socket is closed first, so that no update replaces this view.
LONG_TRACKER_JS = """() => {
  const S = Alpine.store('session');
  S.close();
  const names = ['Maximiliane', 'Bartholomew', 'Konstantinos', 'Guinevere Lu', 'Evangelina', 'Fitzgerald', 'Wilhelmina',
                 'Christopher', 'Alessandra', 'Jacqueline'];
  const rows = Array.from({length: 14}, (_, i) => ({government: i + 1, day: i + 1, president: names[i % 10],
    chancellor: names[(i + 3) % 10], enacted: i === 4 ? 'veto' : (i % 3 ? 'F' : 'L'),
    claims: {president: {drew: 'FFL', passed: 'FL'}, chancellor: {got: 'FL'},
             ...(i === 2 || i === 9 ? {investigator: {target: names[(i + 5) % 10], party: 'fascist'}} : {})}}));
  S.view = {...S.view, board: {...S.view.board, claim_tracker: rows}};
  return rows.length;
}"""


def test_web_fourteen_governments_with_long_names_fit_the_tv(server, desktop):
    host, tv, _ = table_on_tv(server, desktop, "secret-hitler", bots=9)
    host.locator("[data-test=start]").click()
    expect(tv.locator("[data-test=board]")).to_be_visible()
    assert tv.evaluate(LONG_TRACKER_JS) == 14
    expect(tv.locator("[data-test=claim-tracker] tbody tr")).to_have_count(14)
    for n in range(1, 15):
        fits(tv, f"[data-test=claim-tracker] tr[data-government='{n}']")
    row = tv.locator("[data-test=claim-tracker] tr[data-government='3']")
    cells = row.locator("td")
    expect(cells.nth(0)).to_have_text("3")
    expect(cells.nth(1)).to_have_text("Konstantinos")
    expect(cells.nth(2)).to_have_text("Fitzgerald")
    # the cards as small cards, their words for a screen reader
    expect(cells.nth(3).locator(".sr-only")).to_have_text(["Fascist, Fascist, Liberal", "Fascist, Liberal"])
    expect(cells.nth(3).locator(".mini")).to_have_text(["F", "F", "L", "F", "L"])
    expect(cells.nth(4).locator(".sr-only")).to_have_text(["Fascist, Liberal"])
    expect(cells.nth(4)).to_contain_text("Investigation: Christopher is Fascist")
    expect(cells.nth(5).locator(".sr-only")).to_have_text(["Fascist"])
    expect(tv.locator("[data-test=claim-tracker] tr[data-government='5'] td").nth(5)).to_have_text("vetoed")
    tv.screenshot(path=str(_scratch("tv-claims-14-governments.png")))


def sh7_turbo_top_deck() -> SecretHitler:
    """Seven players, turbo (fixed deal): night 0 elects Ann and Bob (the Mod's pick), days 1
    and 2 fail, the top-deck; on day 3 Dan, exempt, names Bob, the last Chancellor."""
    players = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]
    roles = {"Ann": "liberal", "Bob": "liberal", "Cat": "fascist", "Dan": "liberal", "Eve": "hitler", "Fay": "fascist",
             "Gus": "liberal"}
    deck = list("LFFF") + ["F"] * 8 + ["L"] * 5
    g = SecretHitler(players, None, seed=1, chance={"order": players, "roles": roles, "deck": deck, "picks": ["Bob"]})

    def act(player, kind, **kw):
        g.apply({"player": player, "action": kind, **kw})

    def all_vote(v):
        for p in players:
            act(p, "vote", vote=v)
        g.timeout()

    act("Ann", "nominate", targets=["Bob", "Cat"])
    act("Ann", "discard", card="F")
    act("Bob", "enact", card="L")
    act("Bob", "nominate", target="Cat")
    all_vote("no")
    act("Cat", "nominate", target="Dan")
    all_vote("no")                                     # the top-deck
    assert (g.day, g.presidential_candidate) == (3, "Dan")
    return g


#: The seat ring of a Secret Hitler board drawn from a view, as on the TV: each seat's tags.
TAGS_JS = """async view => {
  const mod = await (await import('/games.js')).loadGame('secret-hitler');
  let stage = document.getElementById('stage');
  if (!stage) { stage = document.createElement('main'); stage.id = 'stage'; stage.className = 'tv-page'; document.body.append(stage); }
  stage.replaceChildren(mod.board(view, {me: null, tv: true}));
  const out = {};
  for (const li of stage.querySelectorAll('.seatring li')) {
    out[li.querySelector('.pname').textContent] = [...li.querySelectorAll('.tag')].map(t => t.textContent);
  }
  return out;
}"""


def test_web_a_lifted_term_limit_and_the_government_in_office_are_named(server, desktop):
    """Issue 13: "Chancellor Candidate" and "last Chancellor" at once. Legal after a top-deck
    (ruling 11): the marker says the limit was lifted. And once elected, the candidates are the
    President and Chancellor in office, not also the "last" government."""
    page = desktop(viewport=TV).new_page()
    page.goto(server + "/")
    page.wait_for_function("() => window.Alpine")
    g = sh7_turbo_top_deck()
    tags = page.evaluate(TAGS_JS, json.loads(json.dumps(g.view(None))))
    assert tags["Ann"] == ["last President (term limit lifted after the failed elections)"]
    assert tags["Bob"] == ["last Chancellor (term limit lifted after the failed elections)"]
    assert tags["Dan"] == ["Presidential Candidate"]
    g.apply({"player": "Dan", "action": "nominate", "target": "Bob"})
    tags = page.evaluate(TAGS_JS, json.loads(json.dumps(g.view(None))))
    assert tags["Bob"] == ["Chancellor Candidate", "last Chancellor (term limit lifted after the failed elections)"]
    assert tags["Dan"] == ["Presidential Candidate"]
    for p in g.order:
        g.apply({"player": p, "action": "vote", "vote": "yes"})
    g.timeout()                                        # Dan and Bob elected: the night's session
    tags = page.evaluate(TAGS_JS, json.loads(json.dumps(g.view(None))))
    assert tags["Dan"] == ["President"] and tags["Bob"] == ["Chancellor"]
    assert tags["Ann"] == []
    g.apply({"player": "Dan", "action": "discard", "card": "F"})
    g.apply({"player": "Bob", "action": "enact", "card": "F"})  # the second F: Bob examines at 7
    g.apply({"player": "Bob", "action": "investigate", "target": "Ann"})
    g.timeout()                                        # the dawn of day 4: Eve nominates
    assert (g.day, g.step, g.presidential_candidate) == (4, "nominate", "Eve")
    tags = page.evaluate(TAGS_JS, json.loads(json.dumps(g.view(None))))
    assert tags["Dan"] == ["last President (term limit)"]
    assert tags["Bob"] == ["last Chancellor (term limit)"]
    assert tags["Eve"] == ["Presidential Candidate"]


def test_web_the_official_replay_has_every_election_round_as_a_chapter(server, desktop):
    host = desktop().new_page()  # the host watches; five bots play the official game to its end
    code = create_table(host, server, "secret-hitler", bots=5, host_name=None, options={"variant": "official"})
    host.locator("[data-test=start]").click()
    host.wait_for_function("() => Alpine.store('session').view && Alpine.store('session').view.over", timeout=120_000)
    rounds = client_state(host)["view"]["board"]["day"]
    assert rounds >= 4  # no official game ends before its fourth election round
    host.goto(f"{server}/#/r/{code}/0")
    chapters = host.locator("[data-test=replay-days] button")
    expect(chapters).to_have_count(rounds)
    # the first rounds, named by hand (the first was missing: it starts at the same step as
    # "Before the first round"), then every round to the last
    assert chapters.all_inner_texts()[:3] == ["Election round 1", "Election round 2", "Election round 3"]
    expect(chapters).to_have_text([f"Election round {n}" for n in range(1, rounds + 1)])
    expect(chapters.first).to_have_attribute("aria-current", "step")  # step 0 is in round 1
    chapters.nth(1).click()
    expect(host.locator("[data-test=replay-board]")).to_contain_text("Election round 2 ·")
    expect(chapters.nth(1)).to_have_attribute("aria-current", "step")
    chapters.last.click()
    expect(host.locator("[data-test=replay-board]")).to_contain_text(f"Election round {rounds} ·")
