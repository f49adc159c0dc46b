"""Findings of the second fresh-user trial in the words (issue 13): the Secret Hitler board names
each reason a last President is not term-limited by its real cause; the McCarthyism board says
whether the vote under way is secret, as the prompt does, from the table's option; on a phone
the Secret Hitler table's header stays a small part of the screen when it is not your turn."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect
from web_helpers import create_table, hide_role, join_by_link, play_until, wait_connected

from hiddenrole.games.secret_hitler import SecretHitler

pytestmark = [pytest.mark.slow, pytest.mark.browser]

for _folder in ("secret_hitler", "mccarthyism"):  # the games' own tests' table builders
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / _folder))
from mc_helpers import table  # noqa: E402
from sh_helpers import act, new, night0  # noqa: E402

#: The seat ring of a Secret Hitler board drawn from a view: each seat's tags.
TAGS_JS = """async view => {
  const mod = await (await import('/games.js')).loadGame('secret-hitler');
  let stage = document.getElementById('stage');
  if (!stage) { stage = document.createElement('main'); stage.id = 'stage'; document.body.append(stage); }
  stage.replaceChildren(mod.board(view, {me: null}));
  const out = {};
  for (const li of stage.querySelectorAll('.seatring li')) {
    out[li.querySelector('.pname').textContent] = [...li.querySelectorAll('.tag')].map(t => t.textContent);
  }
  return out;
}"""

#: The McCarthyism board's line on the vote under way.
MC_VOTE_JS = """async view => {
  const mod = await (await import('/games.js')).loadGame('mccarthyism');
  let stage = document.getElementById('stage');
  if (!stage) { stage = document.createElement('main'); stage.id = 'stage'; document.body.append(stage); }
  stage.replaceChildren(mod.board(view, {me: null}));
  return stage.querySelector('p.vote').textContent;
}"""


def tags(page, game: SecretHitler) -> dict[str, list[str]]:
    return page.evaluate(TAGS_JS, json.loads(json.dumps(game.view(None))))


def set_language(page, lang: str) -> None:
    page.evaluate("async l => { const i = await import('/i18n.js'); await i.setLanguage(l); }", lang)


@pytest.mark.parametrize(("lang", "words"), [
    ("en", {"none": "President (no government yet)", "five": "last President (no term limit at 5 players or fewer)"}),
    ("de", {"none": "Präsident (noch keine Regierung)",
            "five": "letzter Präsident (keine Amtszeitgrenze bei 5 oder weniger Spielern)"}),
])
def test_web_the_last_president_without_a_term_limit_is_named_by_the_real_cause(server, desktop, lang, words):
    """Issue 13 (second trial): at 7 players the replay's day 0 said "last President (no term
    limit at 5 players or fewer)": night 0's President has simply not governed yet."""
    page = desktop().new_page()
    page.goto(server + "/")
    page.wait_for_function("() => window.Alpine")
    set_language(page, lang)
    seven = new(7, prefix="LFF" + "F", picks=["Bob"])
    assert tags(page, seven)["Ann"] == [words["none"]]          # turbo day 0: nobody elected yet
    act(seven, "Ann", "nominate", targets=["Bob", "Cat"])
    act(seven, "Ann", "discard", card="F")
    act(seven, "Bob", "enact", card="L")                         # day 1: Ann and Bob term-limited
    assert "5" not in " ".join(tags(page, seven)["Ann"])
    five = new(5, prefix="LLL", picks=["Bob"])
    night0(five, ("Bob", "Cat"), "L", "L")                       # 5 players: Ann may be named again
    assert tags(page, five)["Ann"] == [words["five"]]


@pytest.mark.parametrize(("lang", "reveal", "expected"), [
    ("en", False, "Secret vote: blacklist Bob · 1 of 6 voted"),
    ("en", True, "Vote by name: blacklist Bob · 1 of 6 voted"),
    ("de", False, "Geheime Abstimmung: Bob auf die schwarze Liste setzen · 1 von 6 haben abgestimmt"),
    ("de", True, "Namentliche Abstimmung: Bob auf die schwarze Liste setzen · 1 von 6 haben abgestimmt"),
])
def test_web_the_mccarthyism_board_says_whether_the_vote_is_secret(server, desktop, lang, reveal, expected):
    """Issue 13 (second trial): the board said "Open vote" while the prompt said "Secret vote"."""
    page = desktop().new_page()
    page.goto(server + "/")
    page.wait_for_function("() => window.Alpine")
    set_language(page, lang)
    g = table(options={"reveal_votes": reveal})
    g.apply({"player": "Ann", "action": "snitch", "target": "Bob"})
    g.apply({"player": "Bob", "action": "vote", "vote": "yes"})
    assert page.evaluate(MC_VOTE_JS, json.loads(json.dumps(g.view(None)))) == expected


#: The header's height (the site's top bar and the table's status bar) and the viewport's.
HEADER_JS = """() => { const top = document.querySelector('header.top').getBoundingClientRect();
  const status = document.querySelector('[data-test=status]').getBoundingClientRect();
  return {header: status.bottom - top.top, top: top.height, status: status.height, viewport: innerHeight,
          text: document.querySelector('[data-test=status]').innerText}; }"""


def test_web_the_phone_header_stays_small_when_it_is_not_your_turn(server, phone):
    """Issue 13 (second trial): on a 360x800 phone, while another player acts, the header grew
    to about 300 px (the whole title plus old notices), leaving the claim form and the feed
    about 100 px each. The header keeps to a quarter of the screen."""
    ann, bea = phone().new_page(), phone().new_page()
    rng = random.Random(5)
    for _ in range(3):  # a game can end before the moment is reached: a new table then
        create_table(ann, server, "secret-hitler", bots=3, host_name="Ann", pace="untimed")
        link = ann.locator("[data-test=join-link]").inner_text()
        join_by_link(bea, link, "Bea")
        wait_connected(ann)
        ann.locator("[data-test=start]").click()
        hide_role(ann)
        hide_role(bea)
        notice = ann.locator("[data-test=notice]")
        ann.locator("[data-test=pause]").click()
        expect(notice).to_have_text("The host paused the game.")
        ann.locator("[data-test=resume]").click()
        expect(notice).to_have_text("The host resumed the game.")
        # two of Ann's moves with Bea playing too; then Bea stops, so the untimed game soon
        # waits for her (a vote, her nomination) while it is not Ann's turn (both playing on,
        # that moment passed between two reads and the game ended first now and then)
        if play_until(ann, rng, lambda st: True, others=[bea], moves_first=2, ended_ok=True) is None:
            continue
        if play_until(ann, rng, lambda st: not st["waiting"] and not st["over"], ended_ok=True, seconds=60) is not None:
            break
    else:
        raise AssertionError("three games ended before it was another player's turn")
    box = ann.evaluate(HEADER_JS)
    assert box["header"] <= box["viewport"] * 0.25, box
