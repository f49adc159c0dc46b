"""WebSocket messages the server refuses, changing nothing: an ambiguous hello, unknown
fields on any message, and control characters (NUL included) in free text."""

from __future__ import annotations

import asyncio

import pytest
from srv_helpers import running_server

from hiddenrole.server.protocol import text_problem

pytestmark = pytest.mark.usefixtures("council")


def db(tmp_path):
    return f"sqlite+aiosqlite:///{tmp_path}/hiddenrole.db"


async def answer(client):
    return await client.until(lambda f: f["type"] in ("error", "ack", "snapshot", "pong"))


async def stored_actions(srv, code):
    table = await srv.moderator.table(code)
    return [e.data["action"] for e in await srv.moderator.store.log_of(table.id) if e.kind == "action"]


async def running_table(srv):
    """A running council table: Ann over a WebSocket, Bob, Cid and Dee seated (not connected)."""
    made = await srv.create(game="council", pace="untimed")
    code = made["code"]
    tokens = {n: await srv.join(code, n) for n in ("Ann", "Bob", "Cid", "Dee")}
    ann = await srv.ws(code, tokens["Ann"])
    await ann.until(lambda f: f["type"] == "snapshot")
    await srv.start(code, made["host_token"])
    await ann.until(lambda f: f["type"] == "update" and f["state"]["status"] == "running")
    return code, tokens, ann


@pytest.mark.parametrize("token", ["SEAT", "guess", None, ""])
def test_a_hello_with_a_token_and_spectator_true_is_refused(tmp_path, token):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            made = await srv.create(game="council", pace="untimed")
            code = made["code"]
            seat = await srv.join(code, "Ann")
            ws = await srv.ws(code, hello=False)
            await ws.send({"type": "hello", "token": seat if token == "SEAT" else token, "spectator": True})
            err = await answer(ws)
            assert err["type"] == "error" and err["code"] == "bad_message", err
            assert "ambiguous hello" in err["message"] and "token" in err["message"]
            # nothing changed: not joined, Ann still away, the connection open for a clear hello
            await ws.send({"type": "ping", "id": 1})
            assert (await answer(ws))["code"] == "not_authenticated"
            seats = (await srv.http.get(f"/api/tables/{code}")).json()["table"]["seats"]
            assert seats == [{"name": "Ann", "bot": False, "connected": False, "presence": "present"}]
            await ws.send({"type": "hello", "token": seat, "spectator": False})
            snap = await answer(ws)
            assert snap["type"] == "snapshot" and snap["you"] == {"name": "Ann", "spectator": False}

    asyncio.run(main())


def test_spectator_must_be_a_boolean(tmp_path):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            code = (await srv.create(game="council", pace="untimed"))["code"]
            ws = await srv.ws(code, hello=False)
            await ws.send({"type": "hello", "spectator": "true"})
            err = await answer(ws)
            assert err["code"] == "bad_message" and "true or false" in err["message"]
            await ws.send({"type": "hello", "spectator": True})
            assert (await answer(ws))["you"] == {"name": None, "spectator": True}

    asyncio.run(main())


def test_unknown_fields_on_any_message_are_refused_and_nothing_is_stored(tmp_path):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            made = await srv.create(game="council", pace="untimed")
            code = made["code"]
            tokens = {n: await srv.join(code, n) for n in ("Ann", "Bob", "Cid", "Dee")}
            ws = await srv.ws(code, hello=False)
            await ws.send({"type": "hello", "token": tokens["Ann"], "name": "Bob"})
            err = await answer(ws)
            assert err["code"] == "bad_message" and "unknown field 'name' in a 'hello' message" in err["message"]
            await ws.send({"type": "hello", "token": tokens["Ann"]})
            assert (await answer(ws))["you"]["name"] == "Ann"
            await srv.start(code, made["host_token"])
            await ws.until(lambda f: f["type"] == "update" and f["state"]["status"] == "running")
            refused = [
                ({"type": "ping", "id": 1, "payload": "x"}, "unknown field 'payload' in a 'ping' message"),
                ({"type": "resync", "id": 2, "since": 4}, "unknown field 'since' in a 'resync' message"),
                ({"type": "post", "id": 3, "text": "hi", "to": "Bob", "secret": True},
                 "unknown fields 'secret', 'to' in a 'post' message (it takes id, text, type)"),
                ({"type": "action", "id": 4, "action": {"action": "vote", "target": "Bob"}, "also": 1},
                 "unknown field 'also' in an 'action' message"),
                ({"type": "ping", "id": 8, "a\nb\nc": 1, "x" * 60000: 2, "y": 3, "z": 4},
                 "unknown fields 'a\\nb\\nc', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…', 'y' and 1 more in a 'ping'"),
            ]
            for message, text in refused:
                await ws.send(message)
                err = await answer(ws)  # an error, not a pong, a snapshot or an ack
                assert err["type"] == "error" and err["code"] == "bad_message", err
                assert err["id"] == message["id"] and text in err["message"], err["message"]
                assert "\n" not in err["message"] and len(err["message"]) < 300  # one short line
            assert await stored_actions(srv, code) == []
            assert (await srv.http.get(f"/api/tables/{code}")).json()["state"]["status"] == "running"
            await ws.send({"type": "ping", "id": 5})
            assert await answer(ws) == {"type": "pong", "seq": ws.frames[-1]["seq"], "id": 5}
            await ws.send({"type": "post", "id": 6, "text": "hi"})
            assert (await answer(ws))["type"] == "ack"
            assert await stored_actions(srv, code) == [{"action": "post", "text": "hi", "player": "Ann"}]

    asyncio.run(main())


CONTROL_REFUSED = ("Your text was not sent: it holds an invisible control character (only line breaks and tabs are "
                   "allowed). Remove it, for example by typing the text again, and send it again.")


@pytest.mark.parametrize("text,named", [
    ("evil\x00text", CONTROL_REFUSED),
    ("\x07ring", CONTROL_REFUSED),
    ("line\r\nbreak", CONTROL_REFUSED),
    ("\x1b[31mred", CONTROL_REFUSED),
    ("unit\x1fsep", CONTROL_REFUSED),
])
def test_control_characters_in_post_text_are_refused_and_never_stored(tmp_path, text, named):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            code, _, ann = await running_table(srv)
            await ann.send({"type": "post", "id": 1, "text": text})
            err = await answer(ann)
            assert err["type"] == "error" and err["code"] == "bad_message" and named in err["message"], err
            await ann.send({"type": "action", "id": 2, "action": {"action": "post", "text": text}})
            err = await answer(ann)
            assert err["type"] == "error" and err["code"] == "bad_message" and named in err["message"], err
            assert await stored_actions(srv, code) == []
            await ann.send({"type": "post", "id": 3, "text": "two\nlines\tand a tab"})
            assert (await answer(ann))["type"] == "ack"
            assert await stored_actions(srv, code) == [{"action": "post", "text": "two\nlines\tand a tab",
                                                        "player": "Ann"}]

    asyncio.run(main())


def test_text_problem_allows_newline_and_tab_only():
    assert text_problem("a\nb\tc é 🎲 \u2028") is None
    for c in [chr(i) for i in range(32) if chr(i) not in "\n\t"]:
        assert text_problem(f"x{c}y") == CONTROL_REFUSED


@pytest.mark.postgres
def test_a_post_with_nul_changes_nothing_on_postgresql(pg_url):
    url, schema = pg_url

    async def main():
        async with running_server(url, schema=schema) as srv:
            code, _, ann = await running_table(srv)
            table = await srv.moderator.table(code)
            before = await srv.moderator.store.log_of(table.id)
            await ann.send({"type": "post", "id": 1, "text": "nul\x00here"})
            err = await answer(ann)
            assert err["type"] == "error" and err["code"] == "bad_message" and err["message"] == CONTROL_REFUSED
            assert await srv.moderator.store.log_of(table.id) == before
            await ann.send({"type": "post", "id": 2, "text": "fine"})
            assert (await answer(ann))["type"] == "ack"
            after = await srv.moderator.store.log_of(table.id)
            assert after[:-1] == before and after[-1].data["action"] == {"action": "post", "text": "fine",
                                                                        "player": "Ann"}

    asyncio.run(main())
