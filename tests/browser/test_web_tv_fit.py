"""The room's TV never cuts the board, whatever the state (a CI run of the random 20-player
McCarthyism game once ended on a board 46 px taller than the screen). The worst boards a
20-player game draws, built by the engine with fixed chance outcomes: a card in play with its
rule text, an open vote, "Commies have taken over", the blacklist sentence, the last cards
played and seats with many markers, each drawn on a real 1920x1080 TV page, in English and
German (longer words)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect
from web_helpers import create_table, screenshot, wait_connected

from hiddenrole.games.mccarthyism import McCarthyism
from hiddenrole.games.mccarthyism.cards import DECK

pytestmark = [pytest.mark.slow, pytest.mark.browser]

TV = {"width": 1920, "height": 1080}

#: twenty names of a real table, longer than the bots' "Bot 7"
NAMES = ["Maximiliane", "Bartholomew", "Konstantinos", "Guinevere", "Evangelina", "Fitzgerald", "Wilhelmina",
         "Christopher", "Alessandra", "Jacqueline", "Benedikt", "Cornelius", "Dorothea", "Emmanuel", "Friederike",
         "Gottfried", "Hildegard", "Ignatius", "Johannes", "Kunigunde"]

#: the top of the action deck, in the order the scenario draws it
TOP = ["double_agent", "commies_take_over", "confess_to_the_feds", "confess_to_the_feds", "escape_to_the_reds",
       "confess_to_the_feds", "deep_research", "escape_to_the_reds", "deep_research", "confess_to_the_feds",
       "deep_research", "confess_to_the_feds", "too_much_to_drink"]

#: the cards the scenario plays first when it has the choice (each leaves a marker or a line)
PREFERRED = ["too_much_to_drink", "double_agent", "commies_take_over", "escape_to_the_reds", "confess_to_the_feds",
             "deep_research"]


def crowded_boards() -> dict[str, dict]:
    """A 20-player pool-deal game (fixed roles, first snitch and deck) played on to turn 13:
    Maximiliane becomes the double agent, Bartholomew's "Commies take over" switches the
    sides, then each snitch snitches on the next seat, so every other snitch is blacklisted and
    names a pair (whitelisted and protected when it passes); the cards drawn are played
    (confessions, one escape). Returns the spectator's views of two moments: ``"vote"``, the
    vote on the pair of turn 8 with five votes in; ``"card"``, turn 13's "I think we've both
    had too much to drink" in play, its target not yet chosen."""
    rest = list(DECK)
    for card in TOP:
        rest.remove(card)
    roles = {p: ("commie" if i % 3 == 1 else "american") for i, p in enumerate(NAMES)}
    g = McCarthyism(NAMES, None, seed=1, chance={"roles": roles, "first_snitch": NAMES[0], "deck": TOP + rest})
    views: dict[str, dict] = {}
    escaped = False
    while g.card_in_play is None:
        who = g.to_act()[0]
        legal = g.legal_actions(who)
        if g.phase == "snitching":
            if g.turn <= 2:
                g.apply({"player": who, "action": "pass"})
                continue
            after = NAMES[(NAMES.index(who) + 1) % len(NAMES)]
            snitch = [a for a in legal if a["action"] == "snitch"]
            g.apply(next((a for a in snitch if a["target"] == after), snitch[0]))
        elif g.phase == "snitch_pair":
            g.apply(legal[-1])
        elif g.phase == "vote":
            voters = list(g.to_act())
            if g.turn == 8 and "vote" not in views:
                for p in voters[:5]:
                    g.apply({"player": p, "action": "vote", "vote": "yes"})
                views["vote"] = json.loads(json.dumps(g.view(None)))
                voters = list(g.to_act())
            for p in voters:
                g.apply({"player": p, "action": "vote", "vote": "yes"})
        else:  # reveal or forced_play: the card that leaves the most on the board (one escape)
            cards = [a["card"] for a in legal if a["action"] == "play" and not (escaped and a["card"] == "escape_to_the_reds")]
            if not cards:
                g.apply({"player": who, "action": "decline"})
                continue
            card = min(cards, key=PREFERRED.index)
            escaped = escaped or card == "escape_to_the_reds"
            g.apply({"player": who, "action": "play", "card": card})
    views["card"] = json.loads(json.dumps(g.view(None)))
    return views


def test_web_the_crowded_boards_hold_every_kind_of_line_and_marker():
    views = crowded_boards()
    vote, card = views["vote"]["board"], views["card"]["board"]
    assert vote["vote"]["motion"] == "blacklist_pair" and vote["vote"]["voted"] == 5 and vote["card_in_play"] is None
    assert card["card_in_play"] == "too_much_to_drink" and "vote" not in card and card["turn"] == 13
    for b in (vote, card):
        assert b["commies_take_over"] and b["double_agent"] == "Maximiliane" and b["escaped"] and b["pool"]
        assert len(b["blacklisted"]) >= 6 and b["whitelisted"] and b["protected_through_turn"] and b["confessed"]
        assert len(b["played"]) >= 4
    # the snitch is whitelisted and protected; blacklisted, confessed seats with the double agent token
    assert card["snitch"] in card["whitelisted"] and card["snitch"] in card["acting"]


#: Replaces the TV's view by ``view`` (its socket closed first, so that no update replaces it) and
#: measures the page once the board is drawn and laid out: the .tv-board box, every seat, the
#: lowest bottom of anything in the board and the page's scroll size.
SHOW_JS = """async view => {
  const S = Alpine.store('session');
  S.close();
  S.view = {...S.view, players: view.players, board: view.board};
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const box = document.querySelector('.tv-page .tv-board').getBoundingClientRect();
  const seats = [...document.querySelectorAll('.tv-page .seatring li')].map(e => e.getBoundingClientRect())
    .map(r => ({x: r.x, y: r.y, r: r.right, b: r.bottom}));
  const bottom = [...document.querySelectorAll('.tv-page .tv-board *')]
    .reduce((h, e) => Math.max(h, e.getBoundingClientRect().bottom), 0);
  const names = [...document.querySelectorAll('.tv-page .seatring .pname')].map(e => e.textContent);
  const fonts = [...document.querySelectorAll('.tv-page .seatring .pname, .tv-page .seatring .tag')]
    .map(e => parseFloat(getComputedStyle(e).fontSize) * (e.currentCSSZoom || 1));
  return {board: {x: box.x, y: box.y, r: box.right, b: box.bottom}, seats, bottom, names,
          smallest: Math.min(...fonts), w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight};
}"""


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_web_the_tv_never_cuts_a_crowded_twenty_player_board(server, desktop, locale):
    host = desktop().new_page()
    code = create_table(host, server, "mccarthyism", bots=19, host_name="Ann")
    tv = desktop(viewport=TV, locale=locale).new_page()
    tv.goto(f"{server}/#/tv/{code}")
    wait_connected(tv)
    wait_connected(host)
    host.locator("[data-test=start]").click()
    expect(tv.locator(".tv-page .seatring li")).to_have_count(20)
    for moment, view in crowded_boards().items():
        m = tv.evaluate(SHOW_JS, view)
        screenshot(tv, f"mccarthyism-tv-20-crowded-{moment}-{locale}")
        assert m["names"] == NAMES, moment
        assert m["w"] <= 1920 and m["h"] <= 1080, (moment, m)
        board = m["board"]
        assert board["b"] <= 1080.5, (moment, board)
        for i, s in enumerate(m["seats"]):
            assert board["x"] - 0.5 <= s["x"] and s["r"] <= board["r"] + 0.5, f"{moment}: seat {i} leaves the board: {s} {board}"
            assert board["y"] - 0.5 <= s["y"] and s["b"] <= board["b"] + 0.5, f"{moment}: seat {i} is cut off: {s} {board}"
        # nothing of the board (the card in play, the last cards played) is cut off below
        assert m["bottom"] <= board["b"] + 0.5, f"{moment} ({locale}): the board is cut off: {m['bottom']} > {board['b']}"
        # and it stays readable from a sofa: no name or marker under 12 px
        assert m["smallest"] >= 12, (moment, m["smallest"])
    if locale == "de-DE":
        expect(tv.locator(".tv-page [data-test=blacklist-words]")).to_contain_text("schwarzen Liste")
