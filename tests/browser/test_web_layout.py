"""The table on a 360x800 phone after the trial: long German choices stay inside the screen, a
prompt folds "Players and settings" away so its buttons are on the screen, and at the end the
feed folds away so the result is readable."""

from __future__ import annotations

import pytest

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
