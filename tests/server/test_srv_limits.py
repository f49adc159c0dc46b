"""The server's abuse limits (docs/protocol.md, "Limits"): safe names, bidi controls in
posts, the thread's size cap, the post rate, connection caps, paging of the open tables and
the per-address REST rates (429 with Retry-After). Every rate runs on an injected manual
clock: no test here sleeps."""

from __future__ import annotations

import asyncio

import pytest
from srv_helpers import running_server

from hiddenrole.server import ManualClock, Moderator, Store, create_app
from hiddenrole.server.guard import Limits
from hiddenrole.server.moderator import check_name
from hiddenrole.server.names import look_alike, look_alike_keys, name_problem
from hiddenrole.server.table import TableError

pytestmark = pytest.mark.usefixtures("council")


def db(tmp_path):
    return f"sqlite+aiosqlite:///{tmp_path}/hiddenrole.db"


def run(coro):
    return asyncio.run(coro)


# ------------------------------------------------------------------ names
def test_the_issues_look_alikes_share_one_key():
    # "Bob"; "Bоb" with a Cyrillic о; "Вob" with a Cyrillic В; "ВоВ" all Cyrillic
    for name in ["Bob", "B\u043eb", "\u0412ob", "\u0412\u043e\u0412", "bob", "BOB"]:
        assert "bob" in look_alike_keys(name), name
        assert look_alike(name, ["Ann", "Bob"]) == "Bob"
    assert look_alike("Anna", ["Ann", "Bob"]) is None
    assert look_alike("B0b", ["Ann", "Bob"]) is None  # a zero is not an o
    assert look_alike("Bi11", ["Bill"]) == "Bill"  # but a one is an l


def test_look_alike_names_cannot_sit_at_one_table(tmp_path):
    async def main():
        async with running_server(db(tmp_path), clock=ManualClock()) as srv:
            code = (await srv.create(game="council", pace="untimed", host_name="Bob"))["code"]
            for name in ["B\u043eb", "\u0412ob", "\u0412\u043e\u0412"]:
                r = await srv.http.post(f"/api/tables/{code}/join", json={"name": name})
                assert r.status_code in (400, 409), (name, r.text)
                error = r.json()["error"]
                assert error["code"] in ("bad_name", "name_taken")
                assert error["message"].count(".") <= 1 and "\n" not in error["message"]  # one sentence
            r = await srv.http.post(f"/api/tables/{code}/join", json={"name": "\u0412\u043e\u0412"})
            assert r.json()["error"] == {"code": "name_taken", "message": "The name “ВоВ” looks too much like “Bob”, "
                                         "who is already at this table: choose another."}
            # the other way round: an all-Cyrillic name first, then the Latin one
            other = (await srv.create(game="council", pace="untimed", host_name="\u0412\u043e\u0412"))["code"]
            r = await srv.http.post(f"/api/tables/{other}/join", json={"name": "Bob"})
            assert r.status_code == 409 and r.json()["error"]["code"] == "name_taken"
            table = (await srv.http.get(f"/api/tables/{code}")).json()["table"]
            assert [s["name"] for s in table["seats"]] == ["Bob"]  # nothing was added

    run(main())


@pytest.mark.parametrize("name,problem", [
    ("B\u043eb", "may not mix Cyrillic and Latin letters"),
    ("\u0412ob", "may not mix Cyrillic and Latin letters"),
    ("\u03a9mega", "may not mix Greek and Latin letters"),
    ("\u3164", "may not hold an invisible character: remove it"),
    ("Ann\u3164", "may not hold an invisible character: remove it"),
    ("\u115fBob", "may not hold an invisible character: remove it"),
    ("Bob\u1160", "may not hold an invisible character: remove it"),
    ("\uffa0Bob", "may not hold an invisible character: remove it"),
    ("\u2800Bob", "may not hold an invisible character: remove it"),
    ("Bob\ufe0f", "may not hold an invisible character: remove it"),  # after a letter it only hides
    ("\ufe0fBob", "may not hold an invisible character: remove it"),
    ("Ann \ufe0f", "may not hold an invisible character: remove it"),
    ("Ann \u2764\ufe0f\ufe0f", "may not hold an invisible character: remove it"),
    ("\u0301\u0301\u0301", "start with a combining mark"),
    ("\u0301Bob", "start with a combining mark"),
    ("Bo\u0301\u0302\u0303\u0304b", "more than 3 combining marks"),
    ("Bob\u202e", "invisible character that reorders the text around it: remove it"),
    ("\u2067Bob", "invisible character that reorders the text around it: remove it"),
    ("Bob\u200f", "invisible character that reorders the text around it: remove it"),
])
def test_unsafe_names_are_refused_in_one_sentence(name, problem):
    assert problem in name_problem(name)
    with pytest.raises(TableError) as info:
        check_name(name)
    assert info.value.code == "bad_name" and problem in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize("name", ["Bob", "Anna Müller", "Nguyễn Văn An", "Иван", "Νίκος", "田中さん", "Tanaka 田中",
                                  "김민수", "สมชาย", "देवनागरी", "O'Brien-Smith 2", "\u0412\u043e\u0412"])
def test_names_in_one_script_or_an_allowed_mix_pass(name):
    assert name_problem(name) is None
    assert check_name(name) == name


def test_no_name_refusal_shows_a_code_point():
    for name in ["\u3164", "Bob\u202e", "Bob\u200f", "\ufe0f", "Bob\ufe0e", "Ann\u180b"]:
        with pytest.raises(TableError) as info:
            check_name(name)
        assert "U+" not in str(info.value) and "invisible character" in str(info.value)


@pytest.mark.parametrize("name", ["Ann \u2764\ufe0f", "Bob \U0001f600\ufe0f", "Cid \u263a\ufe0f", "Dee 1\ufe0f\u20e3",
                                  "Eve \u2764\ufe0e", "Fay \u203c\ufe0f"])
def test_an_emoji_with_its_presentation_selector_passes(name):
    # a phone types U+FE0F after many emoji: it is kept as typed
    assert name_problem(name) is None
    assert check_name(name) == name


def test_an_emoji_with_and_without_its_presentation_selector_look_alike():
    assert look_alike("Ann \u2764\ufe0f", ["Bob", "Ann \u2764"]) == "Ann \u2764"
    assert look_alike("Ann \u2764", ["Ann \u2764\ufe0e"]) == "Ann \u2764\ufe0e"
    assert look_alike("Ann \u2764\ufe0f", ["Ann"]) is None


def test_names_that_look_like_a_bots_are_refused():
    for name in ["Bot l", "B\u03bft 1"]:  # a small L for the one; a Greek omicron
        with pytest.raises(TableError):
            check_name(name)


# ------------------------------------------------------------------ posts
async def seated_game(srv, names=("Ann", "Bob", "Cid")):
    made = await srv.create(game="council", pace="untimed")
    code = made["code"]
    tokens = {n: await srv.join(code, n) for n in names}
    await srv.start(code, made["host_token"])
    ann = await srv.ws(code, tokens["Ann"])
    await ann.until(lambda f: f["type"] == "snapshot")
    return code, ann


async def answer(ws, msg_id):
    return await ws.until(lambda f: f["type"] in ("ack", "error") and f.get("id") == msg_id)


def test_bidi_overrides_in_posts_are_refused_and_marks_pass(tmp_path):
    async def main():
        async with running_server(db(tmp_path), clock=ManualClock()) as srv:
            code, ann = await seated_game(srv)
            await ann.send({"type": "post", "id": 1, "text": "I vote \u202eboB\u202c"})
            err = await answer(ann, 1)
            assert err["code"] == "bad_message" and err["message"] == (
                "Your text was not sent: it holds an invisible character that reverses the text around it. "
                "Remove it, for example by typing the text again, and send it again.")
            await ann.send({"type": "action", "id": 2, "action": {"action": "post", "text": "x\u2066y"}})
            assert (await answer(ann, 2))["code"] == "bad_message"
            await ann.send({"type": "post", "id": 3, "text": "\u05e9\u05dc\u05d5\u05dd\u200f 1"})  # a mark: fine
            assert (await answer(ann, 3))["type"] == "ack"
            table = await srv.moderator.table(code)
            posts = [e.data["action"]["text"] for e in table.log if e.kind == "action"]
            assert posts == ["\u05e9\u05dc\u05d5\u05dd\u200f 1"]

    run(main())


def test_every_post_refusal_is_a_plain_sentence_in_the_readers_language(tmp_path):
    """Fresh-user trial 13: a refused post said "the text has the bidi control U+202E at position
    0 ...", in English on a German page. Each refusal is now a translated sentence."""
    async def main():
        async with running_server(db(tmp_path), clock=ManualClock()) as srv:
            code, ann = await seated_game(srv)
            await ann.send({"type": "lang", "id": 1, "lang": "de"})
            await ann.until(lambda f: f["type"] == "snapshot" and f["state"]["narration"]["phase"] != "")
            await ann.send({"type": "post", "id": 2, "text": "\u202eIch bin es nicht"})
            assert (await answer(ann, 2))["message"] == (
                "Dein Text wurde nicht gesendet: Er enthält ein unsichtbares Zeichen, das den Text um sich herum "
                "umdreht. Entferne es, zum Beispiel indem du den Text neu tippst, und sende ihn noch einmal.")
            await ann.send({"type": "post", "id": 3, "text": "Hallo\x07"})
            assert (await answer(ann, 3))["message"] == (
                "Dein Text wurde nicht gesendet: Er enthält ein unsichtbares Steuerzeichen (erlaubt sind nur "
                "Zeilenumbrüche und Tabulatoren). Entferne es, zum Beispiel indem du den Text neu tippst, und sende "
                "ihn noch einmal.")
            await ann.send({"type": "post", "id": 4, "text": "   "})
            assert (await answer(ann, 4))["message"] == "Dein Beitrag wurde nicht hinzugefügt: Er ist leer. Schreib zuerst etwas."
            table = await srv.moderator.table(code)
            assert [e for e in table.log if e.kind == "action"] == []

    run(main())


def test_the_thread_has_a_size_cap_kept_across_a_rebuild(tmp_path):
    async def main():
        async with running_server(db(tmp_path), clock=ManualClock()) as srv:
            code, ann = await seated_game(srv)
            table = await srv.moderator.table(code)
            table.max_thread_bytes = 2048
            await ann.send({"type": "post", "id": 1, "text": "a" * 1022})  # 1,024 bytes as JSON text
            assert (await answer(ann, 1))["type"] == "ack"
            await ann.send({"type": "post", "id": 2, "text": "\u00e9" * 170})  # 170 escapes \u00e9: 1,022 bytes
            assert (await answer(ann, 2))["type"] == "ack"
            await ann.send({"type": "post", "id": 3, "text": "bcd"})  # 5 bytes: 2,051 > 2,048
            err = await answer(ann, 3)
            assert err["code"] == "thread_full" and err["message"] == \
                "This game’s thread is full (2 KiB of posts): no more posts can be added in this game."
            await ann.send({"type": "post", "id": 5, "text": "b"})  # 3 bytes: 2,049 > 2,048 still
            assert (await answer(ann, 5))["code"] == "thread_full"
            table.rebuild(await srv.moderator.store.log_of(table.id))  # counted again from the log
            assert table.thread_bytes == 2046
            await ann.send({"type": "action", "id": 4, "action": {"action": "vote", "target": "Bob"}})
            assert (await answer(ann, 4))["type"] == "ack"  # other actions go on

    run(main())


def test_posts_per_seat_are_rate_limited_on_the_servers_clock(tmp_path):
    async def main():
        clock = ManualClock()
        mod = Moderator(Store(db(tmp_path)), clock)
        async with running_server(db(tmp_path), moderator=mod) as srv:
            code, ann = await seated_game(srv)
            for i in range(30):
                await ann.send({"type": "post", "id": i, "text": f"post {i}"})
                assert (await answer(ann, i))["type"] == "ack"
                clock.advance(0.125)  # under the message rate, over the post rate (30 a minute)
            await ann.send({"type": "post", "id": 30, "text": "one more"})
            err = await answer(ann, 30)
            assert err == {"type": "error", "seq": err["seq"], "id": 30, "code": "post_rate",
                           "message": "You are posting too fast: wait 57 seconds."}  # ceil(0 + 60 - 3.75)
            clock.advance(56.25)  # the first post's minute is over
            await ann.send({"type": "post", "id": 31, "text": "later"})
            assert (await answer(ann, 31))["type"] == "ack"  # the first post left the minute's window

    run(main())


# ------------------------------------------------------------ connections
def test_a_seat_keeps_its_newest_connections_and_spectators_meet_the_table_cap(tmp_path):
    async def main():
        limits = Limits(connections_per_table=8)
        async with running_server(db(tmp_path), clock=ManualClock(), limits=limits) as srv:
            made = await srv.create(game="council", pace="untimed", host_name="Ann")
            code, token = made["code"], made["seat"]["token"]
            conns = []
            for _ in range(5):
                ws = await srv.ws(code, token)
                await ws.until(lambda f: f["type"] == "snapshot")
                conns.append(ws)
            # the fifth closed the first (1008), with a sentence saying why
            err = await conns[0].until(lambda f: f["type"] == "error")
            assert err["code"] == "too_many_connections" and "the oldest" in err["message"]
            await conns[0].conn.wait_closed()
            assert conns[0].conn.close_code == 1008
            for ws in conns[1:]:
                await ws.send({"type": "ping", "id": "still"})
                assert (await ws.until(lambda f: f["type"] in ("pong", "error")))["type"] == "pong"
            table = await srv.moderator.table(code)
            spectators = []
            while len([c for c in table.connections if not c.closing]) < limits.connections_per_table:
                ws = await srv.ws(code, spectator=True)
                await ws.until(lambda f: f["type"] == "snapshot")
                spectators.append(ws)
            late = await srv.ws(code, spectator=True)
            err = await late.until(lambda f: f["type"] == "error")
            assert err["code"] == "too_many_connections" and "This table has 8 connections" in err["message"]
            player = await srv.ws(code, token)  # a player is never refused for the table's cap
            assert (await player.until(lambda f: f["type"] in ("snapshot", "error")))["type"] == "snapshot"

    run(main())


# ------------------------------------------------------------------ REST
def test_open_tables_come_a_page_at_a_time_newest_first(tmp_path):
    async def main():
        clock = ManualClock()
        mod = Moderator(Store(db(tmp_path)), clock)
        async with running_server(db(tmp_path), moderator=mod) as srv:
            codes = []
            for i in range(7):
                codes.append((await srv.create(game="council", pace="untimed", listed=True))["code"])
                clock.advance(61 if i % 2 else 0)  # two tables share each creation time: ties by id
            seen, url, pages = [], "/api/tables?limit=3", 0
            while url:
                r = await srv.http.get(url)
                assert r.status_code == 200 and len(r.json()) <= 3
                seen += [t["code"] for t in r.json()]
                pages += 1
                link = r.headers.get("link")
                url = link[1:link.index(">")] if link else None
                assert link is None or link.endswith('; rel="next"')
            assert pages == 3 and sorted(seen) == sorted(codes) and len(set(seen)) == 7
            created = [(await srv.moderator.table(c)).row.created_at for c in seen]
            assert created == sorted(created, reverse=True)
            whole = await srv.http.get("/api/tables")
            assert [t["code"] for t in whole.json()] == seen and "link" not in whole.headers
            for bad, field in [("?limit=0", "limit"), ("?limit=101", "limit"), ("?cursor=nonsense", "cursor")]:
                r = await srv.http.get("/api/tables" + bad)
                assert r.status_code == 400, bad
                assert r.json()["error"]["code"] in ("bad_request", "bad_cursor") and field in r.json()["error"]["message"]

    run(main())


def test_table_creation_and_joins_are_rate_limited_per_address_with_retry_after(tmp_path):
    async def main():
        clock = ManualClock()
        mod = Moderator(Store(db(tmp_path)), clock)
        app = create_app(moderator=mod, limits=Limits(creates="3/minute", joins="2/minute"))
        import httpx

        async with mod_lifespan(app):
            transport = httpx.ASGITransport(app=app, client=("203.0.113.5", 5000))
            async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
                made = [await http.post("/api/tables", json={"game": "council"}) for _ in range(4)]
                assert [r.status_code for r in made] == [201, 201, 201, 429]
                assert made[3].headers["retry-after"] == "60"
                assert made[3].json() == {"error": {"code": "rate_limited", "message":
                                                    "Too many new tables from your address: try again in 60 seconds."}}
                code = made[0].json()["code"]
                joins = [await http.post(f"/api/tables/{code}/join", json={"name": n}) for n in ("Ann", "Bob", "Cid")]
                assert [r.status_code for r in joins] == [201, 201, 429]
                assert len((await http.get(f"/api/tables/{code}")).json()["table"]["seats"]) == 2
                clock.advance(60)
                assert (await http.post(f"/api/tables/{code}/join", json={"name": "Cid"})).status_code == 201
            other = httpx.ASGITransport(app=app, client=("198.51.100.7", 5000))
            async with httpx.AsyncClient(transport=other, base_url="http://test") as http:
                assert (await http.post("/api/tables", json={"game": "council"})).status_code == 201

    run(main())


class mod_lifespan:
    """Run an app's lifespan (the moderator's start and stop) around a block."""

    def __init__(self, app) -> None:
        self.app = app

    async def __aenter__(self):
        self.ctx = self.app.router.lifespan_context(self.app)
        await self.ctx.__aenter__()

    async def __aexit__(self, *exc):
        await self.ctx.__aexit__(*exc)


@pytest.mark.parametrize(("game", "players", "limit"), [
    ("secret-hitler", ("Ann", "Bob", "Cid", "Dee", "Eve"), 5000),
    ("mccarthyism", ("Ann", "Bob", "Cid"), 1000),
    ("shady-agents", ("Ann", "Bob", "Cid", "Dee"), 1000),
])
def test_the_state_says_the_games_post_limit(tmp_path, game, players, limit):
    """Second input trial (issue 13): the message box took 5000 characters where the game takes
    1000; the state says each game's own limit, so the box can keep to it."""
    async def main():
        async with running_server(db(tmp_path), clock=ManualClock()) as srv:
            made = await srv.create(game=game, pace="untimed")
            tokens = {n: await srv.join(made["code"], n) for n in players}
            await srv.start(made["code"], made["host_token"])
            ann = await srv.ws(made["code"], tokens["Ann"])
            snap = await ann.until(lambda f: f["type"] == "snapshot")
            assert snap["state"]["can_post"] is True
            assert snap["state"]["post_limit"] == limit

    run(main())
