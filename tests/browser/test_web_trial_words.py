"""Findings of a fresh-user trial in the words and errors: a refused create form speaks the
page's language and names each field by its label; a refusal about a game state goes once
that state has passed; a double click posts once; a role name starting a line is capitalised
the same everywhere."""

from __future__ import annotations

import random
import re

import httpx
import pytest
from playwright.sync_api import expect
from web_helpers import client_state, create_table, hide_role, join_by_link, play_until, start_game, wait_connected, your_turn

pytestmark = [pytest.mark.slow, pytest.mark.browser]

# words of an English refusal that no German one holds
ENGLISH = re.compile(r"\b(must|option|number|one of|at most|more than|only|needs|the|is|are|and|or)\b", re.IGNORECASE)


def _open_form(page, base):
    page.goto(base + "/")
    page.wait_for_selector("select[name=game] option", state="attached")


def _refused(page):
    """Click Create table (any language); the create form's refusal."""
    page.locator("[data-test=create-form] button[type=submit]").click()
    said = page.locator("[data-test=create-error]")
    expect(said).to_be_visible()
    return said


def test_web_a_fast_factor_out_of_range_is_refused_in_german(server, phone):
    page = phone(locale="de-DE").new_page()
    _open_form(page, server)
    page.select_option("select[name=pace]", "fast")
    page.fill("input[name=factor]", "1e308")
    page.fill("input[name=host-name]", "Hans")
    said = _refused(page)
    expect(said).to_have_text("„Beschleunigungsfaktor“ muss größer als 1 und höchstens 10000 sein.")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_web_every_number_and_choice_field_refused_names_its_label_in_the_pages_language(server, phone, lang):
    games = httpx.get(f"{server}/api/games?lang={lang}").json()
    page = phone(locale={"en": "en-US", "de": "de-DE"}[lang]).new_page()
    _open_form(page, server)
    said = page.locator("[data-test=create-error]")
    checked = 0

    def check(key, label):
        # each refusal names its own field, so waiting for the label waits for this one
        quoted = f"“{label}”" if lang == "en" else f"„{label}“"
        expect(said).to_contain_text(quoted)
        text = said.inner_text()
        assert not re.search(rf"\b{re.escape(key)}\b", text.replace(label, "")), text
        if lang == "de":
            assert not ENGLISH.search(text), text

    for game in games:
        page.select_option("select[name=game]", game["name"])
        options = [o for o in game["options"] if o["type"] != "bool"]
        if options and not page.locator("details.options").evaluate("e => e.open"):
            page.locator("details.options summary").click()
        for o in options:
            field = page.locator(f"[name=opt-{o['name']}]")
            if o["choices"]:
                # a value the form does not offer (an old page, a forged request)
                field.evaluate("e => e.add(new Option('zzz', 'zzz'))")
                field.select_option("zzz")
            else:
                field.evaluate("e => { e.removeAttribute('min'); e.removeAttribute('max'); }")
                field.fill(str(o["maximum"] + 1))
            _refused(page)
            check(o["name"], o["label"])
            page.select_option("select[name=game]", games[-1]["name"] if game is games[0] else games[0]["name"])
            page.select_option("select[name=game]", game["name"])  # the game's options afresh
            checked += 1
    page.select_option("select[name=pace]", "fast")
    page.fill("input[name=factor]", "1e308")
    _refused(page)
    check("factor", {"en": "Speed-up factor", "de": "Beschleunigungsfaktor"}[lang])
    page.select_option("select[name=pace]", "turbo")
    page.locator("input[name=bots]").evaluate("e => e.removeAttribute('min')")
    page.fill("input[name=bots]", "-1")
    _refused(page)
    check("bots", {"en": "Bot seats", "de": "Plätze für Bots"}[lang])
    assert checked == 12  # Secret Hitler's 4 choices, McCarthyism's 1 choice and 5 numbers, Shady Agents' 2 numbers


def test_web_a_refusal_about_the_turn_goes_when_the_turn_comes_and_another_error_stays(server, phone):
    rng = random.Random(3)
    ann = phone(locale="en-US").new_page()
    create_table(ann, server, "shady-agents", bots=2, host_name="Ann")
    wait_connected(ann)
    link = ann.locator("[data-test=join-link]").inner_text()
    bob = phone(locale="en-US").new_page()
    join_by_link(bob, link, "Bob")
    wait_connected(bob)
    start_game(ann)
    hide_role(ann)
    # on to a move that is Bob's: the game waits for him, not for Ann (two people: it stays so)
    play_until(bob, rng, lambda st: your_turn(st) and not client_state(ann)["waiting"], others=[ann])
    move = {k: v for k, v in client_state(bob)["legal"][0].items() if k != "player"}
    ann.evaluate("a => Alpine.store('session').send(a)", move)  # Ann plays Bob's move: out of turn
    banner = ann.locator("[data-test=error]")
    expect(banner).to_contain_text("It is not your turn: ")
    # Bob plays on (Ann's moves wait) until Ann's turn: the refusal was about a game gone by
    play_until(bob, rng, lambda st: your_turn(client_state(ann)))
    expect(ann.locator("[data-test=actions] button.action").first).to_be_visible()
    expect(banner).to_be_hidden()
    # an error about something else stays when the game moves on (Ann's own move would clear
    # it: a new try answers the last refusal), until it is dismissed
    play_until(ann, rng, lambda st: not your_turn(st), moves_first=1)
    ann.evaluate("() => Alpine.store('session').control({control: 'nap'})")
    nap = "“nap” is not one of the host’s controls: pause, resume, extend, skip, void, host, replace, kick."
    expect(banner).to_have_text(nap)
    situation = "async () => (await import('/session.js')).situation(Alpine.store('session').state)"
    before = ann.evaluate(situation)
    play_until(bob, rng, lambda st: ann.evaluate(situation) != before)
    expect(banner).to_have_text(nap)
    ann.locator("[data-test=dismiss]").click()
    expect(banner).to_be_hidden()


def test_web_a_double_click_on_post_posts_once(server, phone):
    page = phone(locale="de-DE").new_page()
    create_table(page, server, "mccarthyism", bots=3, host_name="Hans")
    start_game(page)
    hide_role(page)
    box = page.locator("input[name=post]")
    send = page.locator("form.composer button[type=submit]")
    expect(send).to_have_text("Posten")
    feed = page.locator("[data-test=feed] li.post")
    box.fill("Erster Gedanke")
    send.dblclick()  # a mouse's double click
    expect(box).to_have_value("")  # emptied on the server's ack
    box.fill("Zweiter Gedanke")
    # three clicks in one go, faster than any ack can come back
    page.evaluate("() => { const b = document.querySelector('form.composer button[type=submit]');"
                  "        for (let i = 0; i < 3; i++) b.click(); }")
    expect(box).to_have_value("")
    box.fill("Schluss")  # one link, in order: once this one is in, any copy would be too
    send.click()
    expect(feed.filter(has_text="Schluss")).to_have_count(1)
    texts = page.evaluate("() => Alpine.store('session').thread.filter(p => p.by === 'Hans').map(p => p.text)")
    assert texts == ["Erster Gedanke", "Zweiter Gedanke", "Schluss"]


#: The role card's heading and the results' Role cell, drawn by the client's own code for a
#: seat of ``role`` in ``game`` (what the reveal and the results of a finished game show).
ROLE_WORDS_JS = """async ([game, role, side]) => {
  const mod = await (await import('/games.js')).loadGame(game);
  const { resultNodes } = await import('/pages/table.js');
  const card = mod.roleCard({ player: 'Ann', private: { role, side, allegiance: side, role_card: { card: role } } });
  const nodes = resultNodes({ game, events: [], view: { over: true, players: ['Ann'], board: {}, result: {} },
    reveal: { players: ['Ann'], result: {}, events: [{ kind: 'role', to: ['Ann'], role, card: role }] } });
  const box = document.createElement('div');
  box.append(...nodes.filter(Boolean).flat());
  return [card.querySelector('.role-big b').textContent, box.querySelector('table.roles tbody td:nth-child(2)').textContent];
}"""


@pytest.mark.parametrize(("locale", "game", "role", "side", "words"), [
    ("en-US", "shady-agents", "operative", "operatives", "Law-abiding operative"),
    ("en-US", "shady-agents", "deserter", "deserters", "Corrupt deserter"),
    ("de-DE", "shady-agents", "operative", "operatives", "Gesetzestreuer Operativer"),
    ("de-DE", "shady-agents", "deserter", "deserters", "Korrupter Deserteur"),
    ("en-US", "secret-hitler", "liberal", "liberal", "Liberal"),
    ("de-DE", "secret-hitler", "fascist", "fascist", "Faschist"),
    ("en-US", "mccarthyism", "american", "americans", "Loyal American"),
    ("de-DE", "mccarthyism", "commie", "commies", "Kommunist"),
])
def test_web_a_role_name_heading_the_card_is_capitalised_as_in_the_results(server, phone, locale, game, role, side, words):
    page = phone(locale=locale).new_page()
    page.goto(server + "/")
    page.wait_for_selector("select[name=game] option", state="attached")
    card, cell = page.evaluate(ROLE_WORDS_JS, [game, role, side])
    assert (card, cell) == (words, words)
