"""Shady Agents' answer prompt on a 360x800 phone, in English and in German: the question (who
asks what) is on the screen, whole and uncovered, together with the first answer when the prompt
opens; every answer can be scrolled to and tapped, the last one too, and the question stays in
view and uncovered meanwhile (a fresh-user trial read the answers without their question; a
sticky question, tried before, covered the answers in German so none could be tapped)."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect
from web_helpers import client_state, create_table, hide_role, play_until, step, wait_connected

pytestmark = [pytest.mark.slow, pytest.mark.browser]

#: Where the question and the answers are, read in one go: ``title`` whether the question lies
#: whole inside the viewport and the sheet's visible box, ``titleCovered`` the points of the
#: question where another element is drawn on top (the sheet's scrolled content: an answer, the
#: spy code), ``first`` whether a tap target's height of the first answer (or all of a shorter
#: one) is on the screen, inside the box that shows the answers, ``lastTop`` whether the last
#: answer's centre is drawn on top (tappable where it is seen), ``labels`` the answers' texts.
MEASURE_JS = """() => {
  const sheet = document.querySelector('[data-test=actions]');
  const title = sheet && sheet.querySelector('#prompt-title');
  const answers = sheet ? [...sheet.querySelectorAll('button.action[data-action=answer]')] : [];
  if (!title || !answers.length) return null;
  const s = sheet.getBoundingClientRect(), q = title.getBoundingClientRect();
  const top = Math.max(0, s.top), bottom = Math.min(innerHeight, s.bottom);
  const inside = (r, lo, hi) => r.height > 0 && r.top >= lo - 0.5 && r.bottom <= hi + 0.5;
  const covered = [];
  // points over the question's text (its content box: the sheet's handle sits in its right padding)
  const cs = getComputedStyle(title), left = q.left + parseFloat(cs.paddingLeft), width = q.width - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  for (const fy of [0.1, 0.5, 0.9]) for (const fx of [0.02, 0.5, 0.98]) {
    const x = left + fx * width, y = q.top + fy * q.height;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === title || title.contains(hit) || hit.contains(title))) covered.push([Math.round(x), Math.round(y), hit ? hit.outerHTML.slice(0, 80) : null]);
  }
  // the answers' visible box: the nearest ancestor that scrolls (else the sheet)
  let box = answers[0].parentElement;
  while (box && box !== sheet && getComputedStyle(box).overflowY === 'visible') box = box.parentElement;
  const b = (box || sheet).getBoundingClientRect();
  const lo = Math.max(top, b.top), hi = Math.min(bottom, b.bottom);
  const a = answers[0].getBoundingClientRect();
  const last = answers[answers.length - 1].getBoundingClientRect();
  const lastHit = document.elementFromPoint(last.left + last.width / 2, last.top + last.height / 2);
  return {title: inside(q, top, bottom) && q.top >= 0 && q.bottom <= innerHeight, titleCovered: covered,
          first: a.height > 0 && a.top >= lo - 0.5 && a.top + Math.min(a.height, 44) <= hi + 0.5,
          lastTop: !!lastHit && answers[answers.length - 1].contains(lastHit),
          labels: answers.map(e => e.innerText.trim()), question: title.innerText.trim()};
}"""

#: Ann's answers so far, as the board records them (each interrogation's answers, in order).
ANN_ANSWERS_JS = """() => ((Alpine.store('session').view.board || {}).interrogations || [])
  .flatMap(r => r.answers).filter(a => a.player === 'Ann').map(a => a.answer)"""


def settled(page, check) -> dict:
    """The measurement once ``check`` holds for it (the sheet is drawn a moment after the state
    arrives): waits for the condition, then returns what it saw; on a time-out, fails with the
    last measurement."""
    js = f"() => {{ const m = ({MEASURE_JS})(); return m && ({check}) ? m : null; }}"
    try:
        return page.wait_for_function(js, timeout=30000).json_value()
    except Exception as e:  # the condition never held: say what the page showed
        raise AssertionError(f"{check} never held: {page.evaluate(MEASURE_JS)}") from e


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_web_sa_phone_answer_prompt_keeps_the_question_in_view_and_every_answer_tappable(server, phone, locale, tmp_path):
    page = phone(locale=locale).new_page()
    create_table(page, server, "shady-agents", bots=9, host_name="Ann")  # ten players: many answers
    wait_connected(page)
    page.locator("[data-test=start]").click()
    hide_role(page)
    rng = random.Random(7)
    answer = page.locator("[data-test=actions] button.action[data-action=answer]")

    def to_the_next_answer(page, rng) -> bool:
        """Ann's moves until an interrogation asks her to answer (no answer on the way)."""
        return False if answer.count() else step(page, rng)

    asking = lambda st: st["waiting"] and not st["busy"] and any(a.get("action") == "answer" for a in st["legal"])  # noqa: E731
    seen, large = 0, 0
    for k in range(4):  # four interrogations, or as many as the game asks of Ann
        st = play_until(page, rng, asking, move=to_the_next_answer, ended_ok=True)
        if st is None:
            break
        expect(answer.first).to_be_visible()
        caller = st["view"]["board"]["current_card"]["caller"]
        # at the opening: the question whole and uncovered, the first answer with it
        m = settled(page, "m.title && !m.titleCovered.length && m.first")
        assert (caller == "Ann" or caller in m["question"]), f"the question does not say who asks ({caller}): {m['question']}"
        if any(len(label) > 40 for label in m["labels"]) or len(m["labels"]) >= 7:
            large += 1
        page.screenshot(path=str(tmp_path / f"answer-{k}.png"))  # to look at (a scratch folder)
        # the last answer scrolled to: tappable, and the question still whole and uncovered
        expected = [a["answer"] for a in client_state(page)["legal"] if a.get("action") == "answer"][-1]
        before = len(page.evaluate(ANN_ANSWERS_JS))
        answer.last.scroll_into_view_if_needed()
        settled(page, "m.title && !m.titleCovered.length && m.lastTop")
        answer.last.click(timeout=15000)
        # the tap's effect: Ann's newest answer on the board is the last one offered
        page.wait_for_function(f"() => {{ const a = ({ANN_ANSWERS_JS})(); return a.length > {before}; }}")
        assert page.evaluate(ANN_ANSWERS_JS)[-1] == expected
        seen += 1
    assert seen >= 1, "Ann was never asked to answer"
    assert large >= 1, f"none of Ann's {seen} answer prompts had long answers or many"
