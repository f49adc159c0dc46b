"""The table's words after the fresh-user trial: the TV header names the table's status in the
reader's language (never the server's "lobby"), a Secret Hitler role is a noun in the result
table ("Liberaler", "Faschist"), and the result table's cells start with a capital letter."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.slow, pytest.mark.browser]

STATUS_JS = """async () => {
  const { statusWords } = await import('/pages/table.js');
  return ['lobby', 'running', 'over', 'expired'].map(statusWords);
}"""

# the result table (player, role, outcome) of a finished game, as the table page draws it
RESULT_ROWS_JS = """async (game) => {
  const { loadGame } = await import('/games.js');
  await loadGame(game);
  const { resultNodes } = await import('/pages/table.js');
  const roles = {'secret-hitler': ['liberal', 'fascist', 'hitler'], 'shady-agents': ['operative', 'deserter', 'operative']};
  const players = ['Ann', 'Bea', 'Cid'];
  const S = {game, events: [], view: {over: true, players, board: {}, result: {outcomes: {Ann: 'win', Bea: 'loss', Cid: 'win'}}},
             reveal: {players, events: roles[game].map((r, i) => ({kind: 'role', to: [players[i]], role: r}))}};
  const box = document.createElement('div');
  box.append(...resultNodes(S).flat().filter(Boolean));
  return [...box.querySelectorAll('table.roles tbody tr')].map(tr => [...tr.cells].map(c => c.textContent));
}"""


def test_web_tv_names_the_lobby_in_german(server, desktop):
    made = httpx.post(f"{server}/api/tables", json={"game": "secret-hitler", "bots": 4, "pace": "untimed"}).json()
    tv = desktop(locale="de-DE", viewport={"width": 1920, "height": 1080}).new_page()
    tv.goto(f"{server}/#/tv/{made['code']}")
    expect(tv.locator("[data-test=phase]")).to_have_text("Warteraum")
    # every status the server sends, in words of the page's language
    assert tv.evaluate(STATUS_JS) == ["Warteraum", "läuft", "Das Spiel ist vorbei", "geschlossen"]
    # the TV page has no language menu: the stored choice switches it
    tv.evaluate("() => localStorage.setItem('hiddenrole.lang', 'en')")
    tv.reload()
    expect(tv.locator("[data-test=phase]")).to_have_text("lobby")
    assert tv.evaluate(STATUS_JS) == ["lobby", "in progress", "The game is over", "closed"]


@pytest.mark.parametrize(("locale", "game", "rows"), [
    ("de-DE", "secret-hitler", [["Ann", "Liberaler", "★ Gewonnen"], ["Bea", "Faschist", "Verloren"],
                                ["Cid", "Hitler", "★ Gewonnen"]]),
    ("en-GB", "secret-hitler", [["Ann", "Liberal", "★ Won"], ["Bea", "Fascist", "Lost"], ["Cid", "Hitler", "★ Won"]]),
    ("de-DE", "shady-agents", [["Ann", "Gesetzestreuer Operativer", "★ Gewonnen"], ["Bea", "Korrupter Deserteur", "Verloren"],
                               ["Cid", "Gesetzestreuer Operativer", "★ Gewonnen"]]),
])
def test_web_result_roles_are_nouns_and_cells_start_with_a_capital(server, phone, locale, game, rows):
    page = phone(locale=locale).new_page()
    page.goto(server + "/")
    page.wait_for_function(f"() => document.documentElement.lang === '{locale[:2]}'")
    assert page.evaluate(RESULT_ROWS_JS, game) == rows
