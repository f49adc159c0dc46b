"""Issue 13, the last things a fresh user met: on a 360x800 phone the Shady Agents answer
prompt keeps its question readable while the player chooses: the question's text and the first
answer are both on the screen (inside the prompt sheet's visible box) at once."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect
from web_helpers import client_state, create_table, hide_role, play_until, step, wait_connected

pytestmark = [pytest.mark.slow, pytest.mark.browser]

#: Whether the prompt's question (its title, whole) and the first answer (a tap target's height of
#: it, or all of a shorter one) lie inside both the viewport and the sheet's visible box.
BOTH_IN_VIEW_JS = """() => {
  const sheet = document.querySelector('[data-test=actions]');
  const title = document.querySelector('#prompt-title');
  const first = sheet && sheet.querySelector('button.action[data-action=answer]');
  if (!sheet || !title || !first) return false;
  const s = sheet.getBoundingClientRect(), q = title.getBoundingClientRect(), a = first.getBoundingClientRect();
  const top = Math.max(0, s.top), bottom = Math.min(innerHeight, s.bottom);
  return q.height > 0 && q.top >= top - 0.5 && q.bottom <= bottom + 0.5
    && a.height > 0 && a.top >= q.bottom - 0.5 && a.top + Math.min(a.height, 44) <= bottom + 0.5;
}"""


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_web_a_phone_keeps_the_question_in_view_while_answering(server, phone, locale):
    page = phone(locale=locale).new_page()
    create_table(page, server, "shady-agents", bots=5, host_name="Ann")
    wait_connected(page)
    page.locator("[data-test=start]").click()
    hide_role(page)
    rng = random.Random(13)
    answer = page.locator("[data-test=actions] button.action[data-action=answer]")

    def to_the_next_answer(page, rng) -> bool:
        """Ann's moves until an interrogation asks her to answer (no answer on the way)."""
        return False if answer.count() else step(page, rng)

    asking = lambda st: st["waiting"] and not st["busy"] and any(a.get("action") == "answer" for a in st["legal"])  # noqa: E731
    seen = 0
    for _ in range(3):  # three interrogations, or as many as the game asks of Ann
        if play_until(page, rng, asking, move=to_the_next_answer, ended_ok=True) is None:
            break
        expect(answer.first).to_be_visible()
        question = page.locator("#prompt-title").inner_text()
        # the sheet settles (it scrolls itself to its first answer); then both are on the screen
        page.wait_for_function(BOTH_IN_VIEW_JS, timeout=5000)
        assert question.strip(), "the answer prompt names no question"
        seen += 1
        events = len(client_state(page)["events"])
        answer.first.click()
        page.wait_for_function(f"() => Alpine.store('session').events.length > {events}")
    assert seen >= 1, "Ann was never asked to answer"
