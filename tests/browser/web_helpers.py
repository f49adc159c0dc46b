"""Helpers of the browser tests: drive the client the way people do (forms and buttons),
read the page's client state through Alpine, and check a page for others' secrets."""

from __future__ import annotations

import os
import random
import re
import tempfile
import time
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

# `make screenshots` sets HIDDENROLE_SCREENSHOTS=docs/screenshots; a test run writes its
# screenshots to a scratch folder instead, so the suite never changes a tracked file
SCREENSHOTS = Path(os.environ.get("HIDDENROLE_SCREENSHOTS") or Path(tempfile.gettempdir()) / "hiddenrole-screenshots")

#: Free-text answers the tests typed (Shady Agents with the spy code on honour).
FREE_ANSWERS: list[str] = []

#: Actions the client confirms before sending (execution, ending the game).
IRREVERSIBLE = {"execute", "call_end"}

#: The client's state as the page holds it (the Alpine component's data).
STATE_JS = """() => {
  const d = Alpine.store('session');
  const acts = d.state && d.state.legal_actions ? d.state.legal_actions.filter(a => a.action !== 'post') : [];
  return {me: d.me, code: d.code, over: !!(d.view && d.view.over), waiting: !!(d.state && d.state.waiting),
          status: d.table && d.table.status, phase: d.view && d.view.phase, busy: d.busy, conn: d.connState,
          legal: acts, view: d.view ? JSON.parse(JSON.stringify(d.view)) : null,
          events: JSON.parse(JSON.stringify(d.events)), reveal: !!d.reveal};
}"""


#: The client state and the page's HTML, read in one go: no message can arrive between them.
SNAPSHOT_JS = f"() => ({{...({STATE_JS})(), html: document.documentElement.outerHTML}})"


#: The prompt's buttons (each one's ``data-action``) and the number of legal actions, read together.
PROMPT_JS = """() => {
  const d = Alpine.store('session');
  const legal = d.state && d.state.legal_actions ? d.state.legal_actions.filter(a => a.action !== 'post').length : 0;
  const names = d.state && d.state.legal_actions ? d.state.legal_actions.map(a => a.action) : [];
  return {legal, names, kinds: [...document.querySelectorAll('[data-test=actions] button.action')].map(b => b.getAttribute('data-action'))};
}"""


def client_state(page: Page) -> dict[str, Any]:
    """The page's client state: ``me``, ``over``, ``waiting``, ``legal`` (actions), ``view``, ``events``."""
    return page.evaluate(STATE_JS)


def client_snapshot(page: Page) -> dict[str, Any]:
    """:func:`client_state` and, as ``html``, the page's HTML as drawn from that same state
    (one read: the bots may move the game on between two reads)."""
    return page.evaluate(SNAPSHOT_JS)


def create_table(page: Page, base: str, game: str, *, bots: int, host_name: str | None,
                 pace: str = "untimed", options: dict[str, Any] | None = None) -> str:
    """Create a table through the home page's form, in any language (the form's own submit
    button); returns the table code (from the lobby)."""
    page.goto(base + "/")
    page.wait_for_selector("select[name=game] option", state="attached")
    page.select_option("select[name=game]", game)
    for name, value in (options or {}).items():
        page.locator("details.options summary").click()
        field = page.locator(f"[name=opt-{name}]")
        if isinstance(value, bool):
            field.set_checked(value)
        elif field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))
    page.select_option("select[name=pace]", pace)
    page.fill("input[name=bots]", str(bots))
    if host_name:
        page.fill("input[name=host-name]", host_name)
    page.locator("[data-test=create-form] button[type=submit]").click()
    code = page.locator("[data-test=code]")
    expect(code).to_have_text(re.compile(r"^[A-Z0-9]{6}$"))
    return code.inner_text()


def join_by_link(page: Page, link: str, name: str) -> None:
    """Open the join link (straight into the name prompt) and take a seat as ``name`` (in any
    language: the form's own submit button)."""
    page.goto(link)
    field = page.locator("input[name=join-name]")
    expect(field).to_be_visible()
    expect(field).to_be_focused()
    field.fill(name)
    page.locator("[data-test=join-form] button[type=submit]").click()
    expect(page.locator("[data-page=lobby]")).to_be_visible()
    expect(page.locator("[data-test=seats]")).to_contain_text(name)


def wait_connected(page: Page) -> None:
    """Wait until the page's socket is connected (read from the page's state: any language)."""
    page.wait_for_function("() => Alpine.store('session').connState === 'connected'")


def host_and_guest(phone: Callable[..., BrowserContext], base: str, *, bots: int, host_name: str | None,
                   guest: str = "Bob") -> tuple[BrowserContext, Page, Page]:
    """On phones from the ``phone`` factory, the host creates a Secret Hitler table (``bots``,
    ``host_name`` as :func:`create_table` has them) and ``guest`` takes a seat through the
    lobby's join link; both pages are connected. Returns the host's phone (to lose it), the
    host's page and the guest's page."""
    host_phone = phone()
    host = host_phone.new_page()
    create_table(host, base, "secret-hitler", bots=bots, host_name=host_name)
    wait_connected(host)
    link = host.locator("[data-test=join-link]").inner_text()
    page = phone().new_page()
    join_by_link(page, link, guest)
    wait_connected(page)
    return host_phone, host, page


def take_over_as_host(page: Page, name: str) -> None:
    """On a 360x800 phone, the lobby page of seat ``name`` is offered the role of a host away
    for two minutes: one button, wholly on the screen; a tap makes ``name`` the host, as the
    lobby's notice says, and the offer goes."""
    offer = page.locator("[data-test=takeover]")
    expect(offer).to_be_visible()
    expect(page.locator("[data-test=takeover-words]")).to_have_text("The host has been away for 2 min: take over as host?")
    button = page.locator("[data-test=take-host]")
    box = button.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360 and box["y"] + box["height"] <= 800
    button.click()
    expect(page.locator("[data-test=lobby-notice]")).to_have_text(f"The host was away, so {name} took over as host.")
    expect(offer).to_be_hidden()


def start_game(page: Page) -> None:
    """The host's page, which alone has the Start button, starts the game: the game page opens."""
    start = page.locator("[data-test=start]")
    expect(start).to_be_visible()
    start.click()
    expect(page.locator("[data-page=game]")).to_be_visible()


def hide_role(page: Page) -> None:
    """Close the role reveal a seated player sees when the game starts (tap to hide)."""
    page.locator("[data-test=role-hide]").click()
    expect(page.locator("[data-test=role-reveal]")).to_have_count(0)


def tr(page: Page, msg: str) -> str:
    """The client's own string ``msg`` in the page's language (its ``t()``)."""
    return page.evaluate("async m => (await import('/i18n.js')).t(m)", msg)


def post(page: Page, text: str) -> None:
    """Write ``text`` to the table through the page's composer (any language)."""
    page.locator("input[name=post]").fill(text)
    page.locator("form.composer button[type=submit]").click()


def step(page: Page, rng: random.Random, avoid: Collection[str] = ()) -> bool:
    """If the game waits for this page's player, click one of the offered actions (confirming
    an irreversible one). Returns whether it clicked. Checks that exactly the legal actions are
    offered as buttons. While an action kind named in ``avoid`` is legal, nothing is clicked
    (read in one go with the buttons: a prompt drawn meanwhile is never clicked)."""
    buttons = page.locator("[data-test=actions] button.action")
    picks = page.locator("[data-test=actions] fieldset.pick")
    hide = page.locator("[data-test=role-hide]")
    if hide.count():  # the role reveal at the start: read, then hidden
        try:
            hide.click(timeout=2000)
        except Exception:
            pass
    st = client_state(page)
    if st["over"] or not st["waiting"] or st["busy"] or not st["legal"]:
        return False
    try:
        # Alpine draws the prompt a moment after the state changes: wait for its buttons
        expect(buttons.first).to_be_visible(timeout=2000)
    except AssertionError:
        return False
    dialog = page.locator("[data-test=confirm]")
    try:
        if dialog.is_visible():  # a confirmation left open by an earlier round
            page.locator("[data-test=confirm-no]").click(timeout=2000)
        others = page.locator("[data-test=actions] button.action[data-action]")
        if picks.count() and others.count() and rng.random() < 0.3:  # a move's alternative: interrogate
            others.nth(rng.randrange(others.count())).click(timeout=2000)
            return True
        if picks.count():  # a prompt of several picks (Shady Agents' give, give both): one per question
            go = buttons.first
            # a later question may appear only once the one before it is answered, and not
            # every answer pairs with every other (a tool some player may not get): choose
            # again until the move can go
            for _ in range(12):
                for k in range(picks.count()):
                    options = picks.nth(k).locator("button")
                    options.nth(rng.randrange(options.count())).click(timeout=2000)
                if go.is_enabled():
                    break
                page.wait_for_timeout(50)  # the next question is drawn a moment later
            expect(go).to_be_enabled(timeout=2000)
            go.click(timeout=2000)
            return True
        own = page.locator("[data-test=actions] input[name=answer-text]")
        if own.count() and rng.random() < 0.5:  # an answer in the player's own words
            text = f"my own answer {rng.randrange(1000)}"
            own.fill(text, timeout=2000)
            page.locator("[data-test=answer-send]").click(timeout=2000)
            FREE_ANSWERS.append(text)
            return True
        # the buttons and the legal actions read together (a bot's move may bring a new prompt
        # between two reads); the button clicked is found by its kind, so that a prompt drawn
        # anew meanwhile is never clicked as another kind (no such button: the click times out)
        now = page.evaluate(PROMPT_JS)
        kinds, legal = now["kinds"], now["legal"]
        if set(avoid) & set(now["names"]):
            return False
        assert len(kinds) <= legal, f"{len(kinds)} buttons for {legal} legal actions"
        if not kinds:
            return False
        i = rng.randrange(len(kinds))
        kind = kinds[i]
        same = "[data-test=actions] button.action" + (f"[data-action='{kind}']" if kind else ":not([data-action])")
        page.locator(same).nth(kinds[:i].count(kind)).click(timeout=2000)
        if kind in IRREVERSIBLE:
            expect(dialog).to_be_visible(timeout=2000)
            expect(dialog.locator("[data-test=confirm-text]")).not_to_be_empty()
            # what the choice does and what happens if it fails, before the point of no return
            expect(dialog.locator("[data-test=confirm-more]")).not_to_be_empty()
            page.locator("[data-test=confirm-yes]").click(timeout=2000)
        else:
            assert not dialog.is_visible(), f"{kind} asked for a confirmation"
    except AssertionError:
        raise
    except Exception:  # the state moved on under the click (a bot acted): the next round sees it
        return False
    return True


def your_turn(st: dict[str, Any]) -> bool:
    """A :func:`play_until` condition: the game waits for this page's player, with choices."""
    return st["waiting"] and not st["busy"] and bool(st["legal"])


def play_until(page: Page, rng: random.Random | None, condition: Callable[[dict[str, Any]], bool], *,
               move: Callable[[Page, random.Random], bool] | None = step, others: Sequence[Page] = (),
               moves_first: int = 0, ended_ok: bool = False, seconds: float = 120.0) -> dict[str, Any] | None:
    """Play on until ``condition(state)`` holds for ``page``'s client state (:func:`client_state`)
    and return that state (the bots play the other seats meanwhile).

    Each round makes ``page``'s move with ``move(page, rng)`` (default :func:`step`, a random
    offered choice; ``None``: only wait, ``rng`` unused) and the same for each of ``others``;
    the condition is asked only once ``page`` made ``moves_first`` moves.

    Returns:
        The state in which the condition held; ``None`` when the game ended first and
        ``ended_ok``.

    Raises:
        AssertionError: the game ended first (unless ``ended_ok``), or neither within ``seconds``.
    """
    made = 0
    end = time.monotonic() + seconds
    st = client_state(page)
    while time.monotonic() < end:
        st = client_state(page)
        if made >= moves_first and condition(st):
            return st
        if st["over"]:
            assert ended_ok, f"the game ended before the condition held ({made} moves)"
            return None
        acted = False
        if move is not None:
            if move(page, rng):
                made += 1
                acted = True
            for other in others:
                acted = bool(move(other, rng)) or acted
        if not acted:
            page.wait_for_timeout(50)
    st.pop("events", None)
    raise AssertionError(f"the condition did not hold within {seconds} s ({made} moves): {st}")


def play_to_end(pages: list[Page], rng: random.Random, *, seconds: float = 150.0, every=None) -> int:
    """Click through the game on every page until every page shows the result.
    ``every(round)`` is called after each round in which someone acted. Returns the clicks made.

    Raises:
        AssertionError: the game did not end within ``seconds`` (with each page's client state).
    """
    clicks = 0
    rnd = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        rnd += 1
        acted = False
        over = 0
        for page in pages:
            if step(page, rng):
                acted = True
                clicks += 1
            if client_state(page)["over"]:
                over += 1
        if over == len(pages):
            return clicks
        if acted and every is not None:
            every(rnd)
        if not acted:
            pages[0].wait_for_timeout(40)
    states = []
    for page in pages:
        st = client_state(page)
        st.pop("events")
        states.append(st)
    raise AssertionError(f"the game did not end within {seconds} s ({clicks} clicks): {states}")


def screenshot(page: Page, name: str) -> Path:
    """A PNG of the page's game screen (kept small) into :data:`SCREENSHOTS`: docs/screenshots/
    under `make screenshots`, a scratch folder in a test run."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    # a full-page capture stretches the viewport: the sticky status bar would float mid-page
    page.evaluate("() => document.querySelectorAll('.status').forEach(e => e.style.position = 'static')")
    page.screenshot(path=str(path), full_page=True)
    page.evaluate("() => document.querySelectorAll('.status').forEach(e => e.style.position = '')")
    if os.environ.get("HIDDENROLE_SCREENSHOTS"):  # the docs' pictures stay small (a test run's scratch copies may not)
        assert path.stat().st_size < 600_000, f"{path} is {path.stat().st_size} bytes"
    return path


def seat_views(base: str, code: str, tokens: dict[str, str]) -> dict[str, dict[str, Any]]:
    """Each player's own state from the REST API (``GET /api/tables/{code}`` with the seat token)."""
    out = {}
    for name, token in tokens.items():
        r = httpx.get(f"{base}/api/tables/{code}", headers={"Authorization": f"Bearer {token}"})
        r.raise_for_status()
        out[name] = r.json()["state"]
    return out


def seat_token(page: Page, code: str) -> dict[str, str]:
    """The seat stored by the page for ``code`` (``name``, ``token``)."""
    return page.evaluate(f"() => JSON.parse(localStorage.getItem('hiddenrole.seat.{code}'))")


def own_secret(view: dict[str, Any]) -> str | None:
    """The role this view says its player holds."""
    p = view.get("private") or {}
    if "role" in p:
        return p["role"]
    if "role_card" in p:
        return p["role_card"]["card"]
    return None


def known_roles(view: dict[str, Any]) -> dict[str, str]:
    """Other players' roles the player was told (fascists' knowledge, investigations, looks)."""
    p = view.get("private") or {}
    out = dict(p.get("roles") or {})
    out.update(p.get("investigations") or {})
    for q, seen in (p.get("seen_roles") or {}).items():
        out[q] = seen["card"]
    return out


def check_no_secrets(pages: dict[str, Page], tv: Page | None, base: str, code: str, tokens: dict[str, str],
                     held: dict[str, set[int]]) -> int:
    """Check that no page's DOM (and no client state) holds another player's secret; returns
    how many pages were checked (a page whose game moved between two reads is skipped).

    For each human page: its view is exactly the server's view of that seat (so it holds no
    private fact of anyone else); the DOM (all of it, hidden parts included) shows exactly one
    role, its own; never ties another player to a role the player was not told ("Q is ROLE");
    shows a hand only to the player who holds one; shows every Shady Agents gift face down;
    shows no result before the end. The seqs of the private events each page holds are added
    to ``held`` (checked against the reveal's audiences by :func:`check_audiences`). The TV
    page holds no private event, no private panel and no role.
    """
    checked = 0
    server = seat_views(base, code, tokens)
    for name, page in pages.items():
        st = client_snapshot(page)  # the view and the HTML drawn from it, read together
        held.setdefault(name, set()).update(e["seq"] for e in st["events"] if e.get("private"))
        view = st["view"]
        srv = server[name].get("view")
        if st["over"] or view is None or srv is None or srv.get("over"):
            continue
        html = st["html"]
        if srv != view:
            continue  # the game moved between the two reads; the next check compares again
        checked += 1
        assert view["player"] == name
        mine = own_secret(view)
        assert mine, f"{name} sees no own role"
        assert html.count('data-secret="role"') == 1 and f'data-role="{mine}"' in html
        told = known_roles(view)
        for other in tokens:
            theirs = own_secret(server[other]["view"]) if other != name and server[other].get("view") else None
            if theirs and other not in told:
                assert f"{other} is {theirs}" not in html, f"{name}'s page shows {other}'s role"
                said = tr(page, "{name} is {role}").replace("{name}", other).replace("{role}", "")
                assert f"{said}{theirs}" not in html, f"{name}'s page shows {other}'s role"
        your_hand = tr(page, "Your hand:")
        assert (your_hand in html) == bool(view["private"].get("hand")) or view["game"] == "shady-agents"
        if view["game"] == "shady-agents":
            assert html.count(f"({tr(page, 'face down')})") == len(view["board"]["gifts"])
        assert 'data-test="winner"' not in html, "a result is shown before the end"
    if tv is not None:
        st = client_snapshot(tv)
        assert st["me"] is None
        assert all(not e.get("private") for e in st["events"]), "the TV view holds a private event"
        if st["view"] is not None and not st["over"]:
            assert st["view"]["private"] == {}
            html = st["html"]
            assert 'data-secret="role"' not in html
            assert "Your hand" not in html and "Your tools" not in html
    return checked


def check_audiences(reveal: dict[str, Any], held: dict[str, set[int]]) -> None:
    """Every private event a page held was addressed to that page's player (the reveal's ``to``)."""
    for name, seqs in held.items():
        # before the reveal a player's events are numbered per player: index into what they see
        mine = [e.get("to") for e in reveal["events"] if e.get("to") is None or name in e["to"]]
        for seq in seqs:
            assert mine[seq] is not None and name in mine[seq], f"{name} held event {seq} of {mine[seq]}"


#: What a person must never read: JSON or list brackets, snake_case words, "key: value" lists.
RAW = re.compile(r"[{}\[\]]|[A-Za-z]_[A-Za-z]|\b[a-z]+(?: [a-z]+)?: [^;]+; [a-z]+(?: [a-z]+)?: ")

#: The checks after each step: the newest feed entry is in view, the prompt names its subject,
#: and (where the server narrates, i.e. its events carry `narration`) no visible raw record.
CHECK_JS = """() => {
  const out = {};
  const box = document.querySelector('[data-test=feed] .feed-box');
  const last = document.querySelector('[data-test=feed] .feed > li:last-child');
  if (box && last && box.offsetParent) {
    const r = last.getBoundingClientRect(), b = box.getBoundingClientRect();
    out.newestInView = r.bottom <= Math.min(b.bottom, innerHeight) + 2 && r.bottom >= b.top
      && r.top < innerHeight;
    out.unseen = !!document.querySelector('[data-test=new-below]:not([style*="display: none"])');
  }
  const title = document.querySelector('[data-test=actions] #prompt-title');
  const sheet = document.querySelector('[data-test=actions]');
  out.prompt = sheet && sheet.offsetParent ? (title ? title.innerText.trim() : "") : null;
  const events = Alpine.store('session').events;
  out.narrated = events.length > 0 && events.every(e => e.kind === 'post' || Array.isArray(e.narration));
  const feed = document.querySelector('[data-test=feed] .feed');
  out.feed = feed ? feed.innerText : null;
  out.text = document.body.innerText;
  out.scrollWidth = document.documentElement.scrollWidth;
  out.width = innerWidth;
  return out;
}"""


def check_page(page: Page) -> None:
    """After a step: the newest feed entry is inside the viewport (unless the reader scrolled up),
    nothing is wider than the screen, a shown prompt has a title naming its subject, and a
    narrated feed shows no raw record (brackets, snake_case, key: value lists)."""
    # the page draws a moment after a message: wait for the condition and check the page as it
    # was at that moment (a second read may catch the next message half drawn: the bots play on)
    settled = f"() => {{ const o = ({CHECK_JS})(); return !('newestInView' in o) || o.unseen || o.newestInView ? o : null; }}"
    try:
        out = page.wait_for_function(settled, timeout=5000).json_value()
    except PlaywrightTimeoutError:
        out = page.evaluate(CHECK_JS)  # never settled: the assertions below say what is wrong
    if "newestInView" in out and not out["unseen"]:
        assert out["newestInView"], f"the newest feed entry is not in view on {page.url} ({page.viewport_size})"
    assert out["scrollWidth"] <= out["width"], f"the page is {out['scrollWidth']} px wide on a {out['width']} px screen"
    if out["prompt"] is not None:
        assert len(out["prompt"]) > 8, f"a prompt without a subject: {out['prompt']!r}"
    if out["narrated"] and out["feed"] is not None:
        feed = out["feed"]
        bad = RAW.search(feed)
        assert bad is None, f"raw record text in the feed: {feed[max(0, bad.start() - 60):bad.end() + 60]!r}"


#: axe-core, vendored (tests/browser/vendor/README.md): injected into a page to check it.
AXE = Path(__file__).with_name("vendor") / "axe.min.js"

AXE_JS = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => `${v.id} (${v.impact}): ${v.help}: ` + v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' — '
      + (n.failureSummary || '').replace(/\\s+/g, ' ')).join(' | '));
}"""


def check_axe(page: Page, where: str) -> None:
    """axe-core finds no serious or critical accessibility violation on the page as it is now
    (WCAG AA contrast, names of buttons and fields, landmarks, ARIA)."""
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(path=str(AXE))
    # let the browser draw the frame Alpine changed (two frames: no fixed duration)
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done())))")
    found = page.evaluate(AXE_JS)
    assert not found, f"accessibility violations on {where} ({page.viewport_size}):\n" + "\n".join(found)


def _english_patterns() -> list[re.Pattern[str]]:
    """Regexes of the English sentences of both catalogs (narration and client) whose German
    differs: a German page must show none of them. Placeholders match any text; sentences
    with less than 14 letters of their own are left out (names, single words)."""
    from babel.messages.pofile import read_po

    out = []
    locale = Path(__file__).resolve().parents[2] / "src" / "hiddenrole" / "locale" / "de" / "LC_MESSAGES"
    for po in ("hiddenrole.po", "web.po"):
        with (locale / po).open("rb") as f:
            catalog = read_po(f, locale="de")
        for m in catalog:
            ids = m.id if isinstance(m.id, (list, tuple)) else (m.id,)
            strings = m.string if isinstance(m.string, (list, tuple)) else (m.string,)
            for msgid in ids:
                if not msgid or msgid in strings:
                    continue
                parts = re.split(r"\{\w+\}", msgid)
                if sum(len(re.sub(r"[^A-Za-z]", "", p)) for p in parts) < 14 or " " not in msgid.strip():
                    continue
                out.append(re.compile(".+?".join(re.escape(p) for p in parts)))
    return out


_ENGLISH: list[re.Pattern[str]] = []


def check_german(page: Page) -> None:
    """The page is German: no English sentence of either catalog in the visible text of its
    feed, status bar, prompt and board (the game and the client's words both translated)."""
    if not _ENGLISH:
        _ENGLISH.extend(_english_patterns())
    assert page.evaluate("document.documentElement.lang") == "de"
    text = page.evaluate("""() => ['[data-test=feed]', '[data-test=status]', '[data-test=actions]', '[data-test=board]',
        '[data-test=private]', '[data-test=results]'].map(s => { const e = document.querySelector(s); return e ? e.innerText : ''; }).join('\\n')""")
    for pattern in _ENGLISH:
        m = pattern.search(text)
        assert m is None, f"English on a German page: {m.group(0)!r} in …{text[max(0, m.start() - 80):m.end() + 80]!r}"
