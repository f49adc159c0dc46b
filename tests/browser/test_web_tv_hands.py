"""The TV's end screen lists every hand one line a hand (a fresh-user trial saw each hand's
cards wrap under its words in the 320 px columns of a 1920x1080 TV)."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.browser]

# Secret Hitler's "every hand" drawn by its game module into the TV's end-screen layout
# (main.tv-page.over > section.results > div, three columns of at least 320 px)
TV_HANDS_JS = """async () => {
  const mod = await (await import('/games.js')).loadGame('secret-hitler');
  const events = [{kind: 'day_start', day: 2}, {kind: 'policies_drawn', to: ['Annemarie'], cards: ['F', 'F', 'L']},
    {kind: 'policies_passed', to: ['Bob'], cards: ['F', 'L']}, {kind: 'peek', to: ['Cid'], cards: ['L', 'L', 'F']}];
  const main = document.createElement('main'); main.className = 'tv-page over';
  main.style.cssText = 'position: fixed; inset: 0; display: flex; flex-direction: column; z-index: 99; background: #000;';
  const section = document.createElement('section'); section.className = 'results';
  const div = document.createElement('div');
  div.append(...mod.result({over: true, board: {variant: 'turbo'}}, {events}).flat());
  section.append(div); main.append(section); document.body.append(main);
  return [...div.querySelectorAll('[data-test=hands] li')].map(li => {
    const cards = [...li.querySelectorAll('.policy')].map(c => c.getBoundingClientRect());
    return {words: li.firstChild.textContent + [...li.querySelectorAll('.pname-policy')].map(e => e.textContent).join(', '), height: li.getBoundingClientRect().height, overflow: li.scrollWidth - li.clientWidth,
            tops: cards.map(r => Math.round(r.top)), cardHeight: cards.length ? cards[0].height : 0};
  });
}"""


def test_web_the_tv_end_screen_shows_each_hand_on_one_line(server, desktop):
    page = desktop(viewport={"width": 1920, "height": 1080}).new_page()
    page.goto(server + "/")
    page.wait_for_selector("select[name=game] option", state="attached")
    rows = page.evaluate(TV_HANDS_JS)
    # the words stay whole for screen readers: the card's name after its round and holder
    assert [r["words"] for r in rows] == ["Night 2, Annemarie drew: Fascist, Fascist, Liberal",
                                         "Night 2, Bob was passed: Fascist, Liberal",
                                         "Night 2, Cid peeked at: Liberal, Liberal, Fascist"]
    for r in rows:
        assert len(set(r["tops"])) == 1, r  # every card of a hand on the same line
        assert r["height"] < 2 * r["cardHeight"], r  # the words and the cards on one line
        assert r["overflow"] <= 0, r  # nothing cut at the column's edge
