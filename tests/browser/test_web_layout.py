"""The table on a 360x800 phone after the trial: long German choices stay inside the screen, a
prompt folds "Players and settings" away so its buttons are on the screen, and at the end the
feed folds away so the result is readable."""

from __future__ import annotations

import random

import httpx
import pytest
from playwright.sync_api import expect
from web_helpers import client_state, create_table, hide_role, play_until, wait_connected

pytestmark = [pytest.mark.slow, pytest.mark.browser]

#: A special election at seven players, as the German narration words it (the trial's shot).
LONG_GERMAN_PROMPT_JS = """async () => {
  await (await import('/games.js')).loadGame('secret-hitler');
  const { promptNodes } = await import('/pages/table.js');
  const names = ['Bot 1', 'Bot 2', 'Bot 3', 'Bot 4', 'Bot 5', 'Bot 6'];
  const legal = names.map(n => ({action: 'special_election', target: n}));
  const S = {game: 'secret-hitler', busy: false, view: {over: false, board: {}},
             state: {waiting: true, legal_actions: legal},
             narration: {prompt: {title: 'Rufe eine Sonderwahl aus: Wähle den nächsten Präsidentschaftskandidaten.',
                                  explain: 'Nach dieser Wahl geht die übliche Reihenfolge nach dir weiter.',
                                  choices: names.map((n, i) => ({action: i, label: n + ' zum Präsidentschaftskandidaten machen'}))}}};
  const page = document.createElement('main');
  page.className = 'table-page prompting';
  page.innerHTML = '<div class="col-feed"><section class="sheet mine"><fieldset class="plain"><div id="stage"></div></fieldset></section></div>';
  document.body.append(page);
  const stage = document.getElementById('stage');
  for (const n of [promptNodes(S, {act() {}, post() {}})].flat(3)) if (n) stage.append(n);
  return [...stage.querySelectorAll('button.action')].map(b => {
    const r = b.getBoundingClientRect();
    return {left: r.left, right: r.right, text: b.textContent};
  });
}"""


def test_web_long_german_choices_stay_inside_a_360_px_screen(server, phone):
    page = phone(locale="de-DE").new_page()
    page.goto(server + "/")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    buttons = page.evaluate(LONG_GERMAN_PROMPT_JS)
    assert len(buttons) == 6, buttons
    assert buttons[1]["text"] == "Bot 2 zum Präsidentschaftskandidaten machen"
    for b in buttons:
        assert 0 <= b["left"] and b["right"] <= 360, b
    # two columns (six choices on a phone), none of them past the edge
    assert len({round(b["left"]) for b in buttons}) == 2, buttons
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360


def test_web_a_prompt_folds_players_and_settings_so_its_buttons_are_on_screen(server, phone):
    # the bots' random deal can end a game before a second question reaches Zoë: then a new
    # table is tried (the behaviour under test needs two questions in a row)
    for attempt in range(6):
        page = phone().new_page()
        create_table(page, server, "secret-hitler", bots=6, host_name="Zoë", pace="untimed")
        wait_connected(page)
        page.locator("[data-test=start]").click()
        hide_role(page)
        more = page.locator("[data-test=more]")
        rng = random.Random(5 + attempt)
        choices = page.locator("[data-test=actions] button.action")
        # the bots play until a question is on the screen; then "Players and settings" opens
        if play_until(page, rng, lambda st: st["waiting"] and choices.count() > 0, move=None, ended_ok=True) is None:
            page.close()
            continue
        more.locator("summary").click()
        expect(more).to_have_attribute("open", "")
        # answer this question (the page may still be drawing it); the next question folds the
        # section away again
        play_until(page, rng, lambda st: True, moves_first=1, ended_ok=True)
        play_until(page, rng, lambda st: not more.evaluate("e => e.open"), ended_ok=True)
        if not more.evaluate("e => e.open"):
            break
        assert client_state(page)["over"], "no new question folded the section away"
        page.close()
    else:
        raise AssertionError("six games in a row ended before a second question reached Zoë")
    expect(more).not_to_have_attribute("open", "")
    expect(page.locator("[data-test=actions] button.action").first).to_be_visible()
    # every choice can be brought on screen (the prompt sheet scrolls within itself)
    boxes = page.locator("[data-test=actions] button.action").evaluate_all(
        "bs => bs.map(b => { b.scrollIntoView({block: 'nearest'}); const r = b.getBoundingClientRect(); "
        "return {top: r.top, bottom: r.bottom}; })")
    assert boxes and all(0 <= b["top"] and b["bottom"] <= 800 for b in boxes), boxes


def test_web_at_the_end_a_phone_folds_the_feed_so_the_result_is_readable(server, phone):
    page = phone().new_page()
    code = create_table(page, server, "secret-hitler", bots=6, host_name="Ann", pace="untimed")
    wait_connected(page)
    page.locator("[data-test=start]").click()
    hide_role(page)
    host_token = page.evaluate(f"() => JSON.parse(localStorage.getItem('hiddenrole.host.{code}'))")
    r = httpx.post(f"{server}/api/tables/{code}/control", json={"control": "void", "reason": "test over"},
                   headers={"Authorization": f"Bearer {host_token}"})
    assert r.status_code == 200, r.text
    results = page.locator("[data-test=results]")
    first_row = results.locator("table.roles tbody tr").first
    expect(first_row).to_be_visible()
    feed, toggle = page.locator("[data-test=feed]"), page.locator("[data-test=feed-toggle]")
    expect(feed).to_be_hidden()
    expect(toggle).to_have_text("Show what happened")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    for part in (results.locator("h2"), first_row):
        box = part.bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= 800, box
    # the button unfolds the feed and folds it again
    toggle.click()
    expect(feed).to_be_visible()
    expect(toggle).to_have_text("Hide what happened")
    toggle.click()
    expect(feed).to_be_hidden()


#: The result's fold for checking the dealer, as each language words it (written by hand).
DEALER_WORDS = {
    "en-GB": ("Check the dealer", "The shuffle’s seed", "The secret mixed into it (salt)",
              "The fingerprint published at the start"),
    "de-DE": ("Den Geber prüfen", "Der Startwert des Mischens", "Das hineingemischte Geheimnis (Salt)",
              "Der zu Beginn veröffentlichte Fingerabdruck"),
}


@pytest.mark.parametrize("locale", sorted(DEALER_WORDS))
def test_web_the_result_keeps_the_dealers_numbers_folded_and_labelled_in_words(server, phone, locale):
    page = phone(locale=locale).new_page()
    code = create_table(page, server, "secret-hitler", bots=4, host_name="Ann", pace="untimed")
    wait_connected(page)
    page.locator("[data-test=start]").click()
    hide_role(page)
    host_token = page.evaluate(f"() => JSON.parse(localStorage.getItem('hiddenrole.host.{code}'))")
    r = httpx.post(f"{server}/api/tables/{code}/control", json={"control": "void", "reason": "test over"},
                   headers={"Authorization": f"Bearer {host_token}"})
    assert r.status_code == 200, r.text
    reveal = httpx.get(f"{server}/api/tables/{code}").json()["reveal"]
    results, fold = page.locator("[data-test=results]"), page.locator("[data-test=check-dealer]")
    summary, seed_label, salt_label, commitment_label = DEALER_WORDS[locale]
    expect(fold.locator("summary")).to_have_text(summary)
    # folded: the result a player reads shows none of the numbers
    expect(fold).not_to_have_attribute("open", "")
    expect(page.locator("[data-test=dealer-salt]")).to_be_hidden()
    visible = results.inner_text()
    for raw in (reveal["salt"], reveal["commitment"], str(reveal["seed"])):
        assert raw not in visible, visible
    # opened: each number under its label in words
    fold.locator("summary").click()
    expect(fold.locator("dt")).to_have_text([seed_label, salt_label, commitment_label])
    expect(page.locator("[data-test=dealer-seed]")).to_have_text(str(reveal.get("seed_text") or reveal["seed"]))
    expect(page.locator("[data-test=dealer-salt]")).to_have_text(reveal["salt"])
    expect(page.locator("[data-test=dealer-commitment]")).to_have_text(reveal["commitment"])
