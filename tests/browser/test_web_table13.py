"""Findings of fresh-user trial 13 at the table (360x800 phones, a 1920x1080 TV): table notices
are calm, not error banners, and their tag never breaks letter by letter; a refused post says
in words what to remove and its banner goes on the next post; a post keeps its line breaks; a
blacklisted McCarthyism player is not drawn as dead; the vote table and the vote button say
the same "Nein! (no)"; every Secret Hitler hand has its round; the role card never hides a
question with a running clock; the TV shows McCarthyism's countdown and who is waited for in a
sentence."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from web_helpers import create_table, hide_role, post, wait_connected

pytestmark = [pytest.mark.slow, pytest.mark.browser]

# a notice and a post of two lines drawn by the feed into a feed list of the page
FEED_JS = """async () => {
  const mod = await (await import('/games.js')).loadGame('secret-hitler');
  const { feedNodes } = await import('/feed.js');
  const events = [{seq: 1, kind: 'post', player: 'Ann', text: 'line one\\nline two <b>bold?</b>'}];
  const notices = [{pos: 0, text: "The host is handing Hal's seat to a substitute player."}];
  const box = document.createElement('div'); box.className = 'feed-box';
  const list = document.createElement('ol'); list.className = 'feed';
  // a feed of its own at the top of the page, as tall as a phone's feed card (the home page's
  // layout gives a box put into its <main> no height)
  box.style.height = '400px'; box.style.flex = 'none';
  box.append(list); document.body.prepend(box);
  list.append(...feedNodes(events, mod, notices).flat().filter(Boolean));
  const notice = list.querySelector('[data-test=feed-notice]'), tag = notice.querySelector('.tag');
  const text = list.querySelector('li.post .text');
  const style = getComputedStyle(notice);
  return {background: style.backgroundColor, weight: style.fontWeight, border: style.borderTopStyle,
          tagHeight: tag.getBoundingClientRect().height, tagFont: parseFloat(getComputedStyle(tag).fontSize),
          tagText: tag.textContent, postText: text.innerText, bolds: text.querySelectorAll('b').length};
}"""

MC_BOARD_JS = """async () => {
  const mod = await (await import('/games.js')).loadGame('mccarthyism');
  const view = {players: ['Ann', 'Bob', 'Cid'], board: {turn: 2, deck: 30, discards: 1, commie_count: 1,
                blacklisted: ['Bob'], whitelisted: [], escaped: [], acting: ['Ann'], snitch: 'Ann'}};
  const box = document.createElement('div'); box.className = 'board';
  document.querySelector('main').prepend(box);
  box.append(mod.board(view, {me: 'Ann'}));
  const bob = [...box.querySelectorAll('li.seat')].find(li => li.querySelector('.pname').textContent === 'Bob');
  const name = bob.querySelector('.pname');
  return {cls: bob.className, tags: [...bob.querySelectorAll('.tag')].map(e => e.textContent),
          decoration: getComputedStyle(name).textDecorationLine, marker: getComputedStyle(name, '::before').content,
          words: box.querySelector('[data-test=blacklist-words]').textContent};
}"""

SH_END_JS = """async () => {
  const mod = await (await import('/games.js')).loadGame('secret-hitler');
  const box = document.createElement('div');
  box.append(mod.detail({kind: 'vote_result', votes: {Ann: 'yes', Bob: 'no'}}));
  const tally = [...box.querySelectorAll('tbody td')].map(e => e.textContent);
  const events = [{kind: 'player_list'}, {kind: 'policies_drawn', to: ['Ann'], cards: ['L', 'F', 'F']},
    {kind: 'day_start', day: 1}, {kind: 'day_start', day: 2},
    {kind: 'policies_drawn', to: ['Bob'], cards: ['F', 'F', 'L']}, {kind: 'policies_passed', to: ['Cid'], cards: ['F', 'L']},
    {kind: 'day_start', day: 3}, {kind: 'peek', to: ['Dan'], cards: ['L', 'L', 'F']}];
  const rows = variant => {
    const out = document.createElement('div');
    out.append(...mod.result({over: true, board: {variant}}, {events}).flat());
    return [...out.querySelectorAll('[data-test=hands] li')].map(li => li.firstChild.textContent);
  };
  return {tally, turbo: rows('turbo'), official: rows('official')};
}"""


def test_web_a_table_notice_is_calm_and_its_tag_stays_one_word_at_360(server, phone):
    page = phone().new_page()
    page.goto(server + "/")
    page.wait_for_selector("select[name=game] option", state="attached")
    out = page.evaluate(FEED_JS)
    assert out["background"] != "rgb(90, 29, 29)" and out["weight"] != "600" and out["border"] == "none", out
    assert out["tagText"] == "Table"
    assert 0 < out["tagHeight"] < 2 * out["tagFont"], out  # one line, not T-a-b-l-e down the side
    # a post keeps its line breaks, and its text stays text
    assert out["postText"] == "line one\nline two <b>bold?</b>" and out["bolds"] == 0


def test_web_a_refused_post_is_said_in_words_and_goes_with_the_next_post(server, phone):
    page = phone().new_page()
    create_table(page, server, "secret-hitler", bots=4, host_name="Ann", pace="untimed")
    wait_connected(page)
    page.locator("[data-test=start]").click()
    hide_role(page)
    post(page, "\u202eI am Liberal")
    expect(page.locator("[data-test=error]")).to_have_text(
        "Your text was not sent: it holds an invisible character that reverses the text around it. "
        "Remove it, for example by typing the text again, and send it again.")
    post(page, "I am Liberal")
    expect(page.locator("[data-test=error]")).to_be_hidden()
    expect(page.locator("[data-test=feed] li.post").last).to_contain_text("I am Liberal")


def test_web_a_blacklisted_player_has_its_own_marker_and_words(server, phone):
    page = phone().new_page()
    page.goto(server + "/")
    page.wait_for_selector("select[name=game] option", state="attached")
    out = page.evaluate(MC_BOARD_JS)
    assert "blacklisted" in out["cls"].split() and "dead" not in out["cls"].split()
    assert out["tags"] == ["⊘ blacklisted: no vote"]
    assert out["decoration"] == "none" and out["marker"] == '"⊘ "'
    assert out["words"] == ("⊘ Blacklisted players still play and can be the snitch, but they do not vote and cannot be "
                            "snitched on. If every Commie is blacklisted, the players not blacklisted win; blacklisted "
                            "loyal Americans lose.")


def test_web_secret_hitler_says_nein_alike_and_numbers_every_hand(server, phone):
    page = phone().new_page()
    page.goto(server + "/")
    page.wait_for_selector("select[name=game] option", state="attached")
    out = page.evaluate(SH_END_JS)
    assert out["tally"] == ["Ann", "Ja! (yes)", "Bob", "Nein! (no)"]
    assert out["turbo"] == ["Night 0, Ann drew: ", "Night 2, Bob drew: ", "Night 2, Cid was passed: ",
                            "Night 3, Dan peeked at: "]
    assert out["official"] == ["Before the first round, Ann drew: ", "Election round 2, Bob drew: ",
                               "Election round 2, Cid was passed: ", "Election round 3, Dan peeked at: "]


def test_web_the_role_card_shows_a_running_question_and_the_tv_its_clock(server, phone, desktop):
    page = phone().new_page()
    code = create_table(page, server, "mccarthyism", bots=4, host_name="Ann", pace="turbo")
    wait_connected(page)
    tv = desktop(viewport={"width": 1920, "height": 1080}).new_page()
    tv.goto(f"{server}/#/tv/{code}")
    page.locator("[data-test=start]").click()
    card = page.locator("[data-test=role-reveal]")
    expect(card).to_be_visible()
    # the bots play on until the game asks Ann (her snitch turn or a vote): the card is still up
    waiting = card.locator("[data-test=role-waiting]")
    expect(waiting).to_be_visible(timeout=60_000)
    expect(waiting.locator("[data-test=role-waiting-deadline]")).to_have_text(re.compile(r"^\d+:\d\d$"))
    subject = waiting.locator("[data-test=role-waiting-subject]").inner_text()
    assert subject.startswith(("You are the snitch", "Secret vote:", "Play ", "Choose a player")), subject
    expect(waiting).to_contain_text("When time runs out")
    # the TV: the clock of the step and who is waited for, in a sentence
    expect(tv.locator("[data-test=deadline]")).to_have_text(re.compile(r"^\d+:\d\d$"))
    expect(tv.locator(".status .waiting")).to_have_text(re.compile(
        r"^Waiting for .+ to (vote|snitch on someone|decide whether|play one|choose a player)"))
    hide_role(page)
    expect(page.locator("[data-test=actions]")).to_be_visible()
