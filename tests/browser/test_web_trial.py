"""Findings of a fresh-user trial of the table page: the prompt fits a phone's screen with the
players and settings folded away; the host's panel follows the host role; the pause shows the
time kept; the host's actions are in the feed; a stale seat token falls back to watching."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import expect
from web_helpers import create_table, hide_role, play_until, wait_connected, your_turn

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_phone_prompt_fits_the_screen_with_players_and_settings_folded(server, phone):
    page = phone().new_page()
    create_table(page, server, "secret-hitler", bots=4, host_name="Ann")
    wait_connected(page)
    page.locator("[data-test=start]").click()
    hide_role(page)
    play_until(page, None, your_turn, move=None)
    more = page.locator("[data-test=more]")
    expect(more).not_to_have_attribute("open", "")
    expect(page.locator("[data-test=presence]")).to_be_hidden()
    # the prompt's title and its last button lie inside the 800 px screen (the prompt is redrawn
    # as the bots play on, so the page measures it in one go; if the bots end this choice before
    # the page measures, Ann's next choice comes: the wait is for a condition, capped generously)
    page.wait_for_function("""() => {
      const title = document.querySelector('#prompt-title');
      const buttons = document.querySelectorAll('[data-test=actions] button');
      if (!title || !buttons.length) return false;
      return [title, buttons[buttons.length - 1]].every(el => {
        const r = el.getBoundingClientRect();
        return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
      });
    }""", timeout=60000)
    more.locator("summary").click()
    expect(page.locator("[data-test=seat-Ann]")).to_be_visible()


def test_the_old_host_loses_the_host_panel_after_passing_the_role(server, desktop, phone):
    host = desktop().new_page()
    code = create_table(host, server, "shady-agents", bots=2, host_name="Ann")
    guest = phone().new_page()
    guest.goto(f"{server}/?join={code}")
    guest.fill("input[name=join-name]", "Bea")
    guest.get_by_role("button", name="Join", exact=True).click()
    wait_connected(guest)
    wait_connected(host)
    host.locator("[data-test=start]").click()
    hide_role(host)
    expect(host.locator("[data-test=host]")).to_be_visible()
    host.locator("[data-test=host] li", has_text="Bea").get_by_role("button", name="Make host").click()
    expect(host.locator("[data-test=host]")).to_be_hidden()
    hide_role(guest)
    expect(guest.locator("[data-test=host]")).to_be_visible()
    host.reload()
    wait_connected(host)
    expect(host.locator("[data-page=game]")).to_be_visible()
    expect(host.locator("[data-test=host]")).to_be_hidden()


RESULT_JS = """async () => {
  const { resultNodes } = await import('/pages/table.js');
  const { loadGame, tallyTable } = await import('/games.js');
  await loadGame('secret-hitler');
  const events = [{seq: 9, kind: 'game_over', winner: 'fascists', reason: 'hitler_elected',
                   narration: ['Die Faschisten haben gewonnen: Hitler wurde Kanzler.', 'Die Rollen: ...']}];
  const S = {game: 'secret-hitler', events,
             view: {over: true, players: ['Ann', 'Bea'], result: {winner: 'fascists', reason: 'hitler_elected',
                                                             outcomes: {Ann: 'win', Bea: 'loss'}}},
             reveal: {players: ['Ann', 'Bea'], events: [
               {kind: 'role', to: ['Ann'], role: 'fascist'}, {kind: 'role', to: ['Bea'], role: 'liberal'},
               {kind: 'policies_drawn', to: ['Ann'], cards: ['F', 'F', 'L']}]}};
  const box = document.createElement('div');
  for (const n of resultNodes(S).flat()) if (n) box.append(n);
  const tally = tallyTable({Ann: 'yes'}, {yes: 'Ja!'});
  const panel = document.createElement('div');
  panel.append(...(await loadGame('secret-hitler')).privatePanel({player: 'Ann', private: {role: 'fascist', allegiance: 'fascist'}}));
  const mc = await loadGame('mccarthyism');
  const ring = mc.board({players: ['Ann', 'Bea'], board: {turn: 3, deck: 5, discards: 0, commie_count: 1,
    whitelisted: ['Ann'], protected_through_turn: {Ann: 3}}}, {});
  return {winner: box.querySelector('[data-test=winner]').textContent, text: box.textContent, ring: ring.textContent,
          header: tally.querySelector('thead').textContent,
          panel: panel.textContent};
}"""


def test_the_result_is_told_in_sentences_and_translated_words(server, phone):
    page = phone(locale="de-DE").new_page()
    page.goto(server + "/")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    out = page.evaluate(RESULT_JS)
    assert out["winner"] == "Die Faschisten haben gewonnen: Hitler wurde Kanzler."
    assert "Faschist" in out["text"] and "(fascist)" not in out["text"]
    assert "Ann zog:" in out["text"] and "policies drawn" not in out["text"]
    assert out["header"] == "SpielerStimme"
    assert "noch 1 Zug geschützt" in out["ring"], out["ring"]  # one turn, in the singular
    assert "fascist" not in out["panel"], out["panel"]  # the own role in words, not its record


def test_a_pause_keeps_the_time_shown_and_the_host_actions_are_in_the_feed(server, phone):
    page = phone().new_page()
    create_table(page, server, "secret-hitler", bots=4, host_name="Ann", pace="turbo")
    wait_connected(page)
    page.locator("[data-test=start]").click()
    hide_role(page)
    play_until(page, None, your_turn, move=None)
    expect(page.locator("[data-test=deadline]")).to_be_visible()
    page.locator("[data-test=pause]").click()
    expect(page.locator("[data-test=paused]")).to_have_text(re.compile(r"^Paused by the host: \d+:\d\d left"))
    notices = page.locator("[data-test=feed] [data-test=feed-notice]")
    expect(notices).to_have_count(1)
    expect(notices.first).to_contain_text("The host paused the game")
    page.locator("[data-test=resume]").click()
    expect(notices).to_have_count(2)
    expect(notices.last).to_contain_text("The host resumed the game")
    page.reload()
    wait_connected(page)
    expect(page.locator("[data-test=feed] [data-test=feed-notice]")).to_have_count(2)


def test_a_stale_seat_token_is_dropped_and_the_table_watched(server, desktop):
    out = httpx.post(server + "/api/tables", json={"game": "secret-hitler", "bots": 5, "pace": "untimed"}).json()
    code = out["code"]
    page = desktop().new_page()
    page.goto(server + "/")
    page.evaluate(f"() => localStorage.setItem('hiddenrole.seat.{code}', JSON.stringify({{name: 'Zed', token: 'stale'}}))")
    page.goto(f"{server}/#/t/{code}")
    expect(page.locator("[data-page=lobby]")).to_be_visible()
    expect(page.locator(".error")).to_contain_text("The seat saved on this device is no longer yours")
    assert page.evaluate(f"() => localStorage.getItem('hiddenrole.seat.{code}')") is None
    page.locator("[data-test=lobby-join]").click()
    expect(page.locator("input[name=join-name]")).to_be_visible()
