"""What the server stores of an action (exactly what the engine validated), the post limit
(the game's own), per-player event numbering, and messages without a type."""

from __future__ import annotations

import asyncio

import pytest
from srv_helpers import running_server

pytestmark = pytest.mark.usefixtures("council")


def db(tmp_path):
    return f"sqlite+aiosqlite:///{tmp_path}/hiddenrole.db"


async def council_table(srv, names=("Ann", "Bob", "Cid", "Dee")):
    made = await srv.create(game="council", pace="untimed")
    code = made["code"]
    tokens = {n: await srv.join(code, n) for n in names}
    clients = {n: await srv.ws(code, t) for n, t in tokens.items()}
    for c in clients.values():
        await c.until(lambda f: f["type"] == "snapshot")
    await srv.start(code, made["host_token"])
    for c in clients.values():
        await c.until(lambda f: f["type"] == "update" and f["state"]["status"] == "running")
    return code, made["host_token"], tokens, clients


async def reply(client, msg_id):
    return await client.until(lambda f: f["type"] in ("ack", "error") and f.get("id") == msg_id)


def test_unknown_action_fields_are_refused_and_never_stored(tmp_path):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            code, _, _, clients = await council_table(srv)
            ann = clients["Ann"]
            junk = "x" * 60_000
            await ann.send({"type": "action", "id": 1, "action": {"action": "post", "text": "z", "junk": junk}})
            err = await reply(ann, 1)
            assert err["type"] == "error" and err["code"] == "bad_message" and "junk" in err["message"]
            vote = {"action": "vote", "target": "Bob", "colour": "red"}
            await ann.send({"type": "action", "id": 2, "action": vote})
            err = await reply(ann, 2)
            assert err["type"] == "error" and err["code"] == "bad_message" and "colour" in err["message"]
            await ann.send({"type": "action", "id": 3, "action": {"action": "vote", "target": "Bob"}})
            assert (await reply(ann, 3))["type"] == "ack"
            await ann.send({"type": "post", "id": 4, "text": "hello"})
            assert (await reply(ann, 4))["type"] == "ack"
            table = await srv.moderator.table(code)
            stored = [e.data["action"] for e in await srv.moderator.store.log_of(table.id) if e.kind == "action"]
            assert stored == [{"action": "vote", "target": "Bob", "player": "Ann"},
                              {"action": "post", "text": "hello", "player": "Ann"}]
            assert all(set(a) <= {"player", "action", "target", "text"} for a in stored)

    asyncio.run(main())


def test_a_free_text_answer_passes_the_field_check(tmp_path):
    """Shady Agents with enforce_statements=false takes a free-text answer ``{"action":
    "answer", "text"}``: its legal actions list only the card's answers, yet "text" is no
    unknown field (the engine judges it); an unknown field beside it is still refused."""
    async def main():
        async with running_server(db(tmp_path)) as srv:
            made = await srv.create(game="shady-agents", pace="untimed", bots=3,
                                    options={"enforce_statements": False})
            code = made["code"]
            ann = await srv.ws(code, await srv.join(code, "Ann"))
            await ann.until(lambda f: f["type"] == "snapshot")
            await srv.start(code, made["host_token"])
            table = await srv.moderator.table(code)
            i = 0
            while not table.game.is_over:
                st = (await ann.until(lambda f: "state" in f)).get("state")
                await ann.drain(0.05)
                st = ann.state
                legal = st.get("legal_actions") or []
                if not legal:
                    if table.game.is_over:
                        break
                    continue
                i += 1
                if legal[0]["action"] == "answer":
                    await ann.send({"type": "action", "id": i,
                                    "action": {"action": "answer", "text": "no idea", "junk": 1}})
                    err = await reply(ann, i)
                    assert err["type"] == "error" and err["code"] == "bad_message" and "junk" in err["message"]
                    i += 1
                    await ann.send({"type": "action", "id": i, "action": {"action": "answer", "text": "no idea"}})
                    assert (await reply(ann, i))["type"] == "ack"
                    log = await srv.moderator.store.log_of(table.id)
                    mine = [e.data["action"] for e in log if e.kind == "action"
                            and e.data["action"]["player"] == "Ann" and e.data["action"]["action"] == "answer"]
                    assert mine == [{"action": "answer", "text": "no idea", "player": "Ann"}]
                    return
                await ann.send({"type": "action", "id": i, "action": legal[0]})
                await reply(ann, i)
            pytest.skip("Ann was never interrogated in this deal")

    asyncio.run(main())


def test_the_post_limit_is_the_games_own_on_both_routes(tmp_path):
    """McCarthyism posts have at most 1000 characters: the post message and the post action
    are judged alike, by the engine (the server has no limit of its own below 64 KiB)."""
    async def main():
        async with running_server(db(tmp_path)) as srv:
            made = await srv.create(game="mccarthyism", pace="untimed", bots=4)
            code = made["code"]
            ann = await srv.ws(code, await srv.join(code, "Ann"))
            await ann.until(lambda f: f["type"] == "snapshot")
            await srv.start(code, made["host_token"])
            await ann.until(lambda f: f["type"] == "update" and f["state"].get("can_post"))
            for i, message in enumerate([{"type": "post", "text": "y" * 1001},
                                         {"type": "action", "action": {"action": "post", "text": "y" * 1001}}]):
                await ann.send({**message, "id": i})
                err = await reply(ann, i)
                assert err["type"] == "error" and err["code"] == "illegal_action" and "1000" in err["message"]
            await ann.send({"type": "post", "id": 9, "text": "y" * 1000})
            assert (await reply(ann, 9))["type"] == "ack"

    asyncio.run(main())


def test_a_long_post_within_the_games_limit_is_accepted(tmp_path):
    """The server no longer cuts posts at 4000 characters: the game's limit (council has none)."""
    async def main():
        async with running_server(db(tmp_path)) as srv:
            _, _, _, clients = await council_table(srv)
            await clients["Ann"].send({"type": "post", "id": 1, "text": "w" * 4900})
            assert (await reply(clients["Ann"], 1))["type"] == "ack"

    asyncio.run(main())


def test_event_numbers_are_per_player_and_contiguous(tmp_path):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            code, _, _, clients = await council_table(srv)
            # Bob, Cid and Dee vote: each ballot is private to its voter
            for i, name in enumerate(("Bob", "Cid", "Dee")):
                await clients[name].send({"type": "action", "id": i, "action": {"action": "vote", "target": "Ann"}})
                assert (await reply(clients[name], i))["type"] == "ack"
            await clients["Ann"].drain(0.2)
            await clients["Ann"].send({"type": "resync"})
            snap = await clients["Ann"].until(lambda f: f["type"] == "snapshot" and f["state"]["status"] != "lobby")
            table = await srv.moderator.table(code)
            game = table.game
            private_to_others = [e for e in game.log if e.to is not None and "Ann" not in e.to]
            assert private_to_others  # others' roles and ballots, the deal
            for c_name, client in clients.items():
                numbers = []
                for frame in client.frames:
                    if frame["type"] == "snapshot":
                        numbers = []
                    numbers += [e["seq"] for e in frame.get("events", [])]
                assert numbers == list(range(len(numbers))), (c_name, numbers)
            mine = [e for e in game.log if e.to is None or "Ann" in e.to]
            assert [e["seq"] for e in snap["events"]] == list(range(len(mine)))
            assert [e["kind"] for e in snap["events"]] == [e.kind for e in mine]

    asyncio.run(main())


@pytest.mark.parametrize("message", [{}, {"id": 5}, {"type": None}, {"type": 3}])
def test_a_message_without_a_type_is_a_bad_message(tmp_path, message):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            code = (await srv.create(game="council", pace="untimed"))["code"]
            client = await srv.ws(code, hello=False)
            await client.send(message)
            err = await client.recv()
            assert err["type"] == "error" and err["code"] == "bad_message" and "type" in err["message"]

    asyncio.run(main())


def test_replace_matches_the_name_ignoring_case(tmp_path):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            code, host, _, clients = await council_table(srv)
            await clients["Bob"].close()
            await asyncio.sleep(0.2)
            r = await srv.http.post(f"/api/tables/{code}/replace", json={"name": "bob"},
                                    headers={"Authorization": f"Bearer {host}"})
            assert r.status_code == 200, r.text
            assert next(s for s in r.json()["seats"] if s["name"] == "Bob")["bot"] is True

    asyncio.run(main())


def test_text_that_is_not_valid_unicode_is_refused_and_never_stored(tmp_path):
    """A JSON escape can spell a lone surrogate; stored, it would break the table's state,
    export and replay for good (nothing can encode it as UTF-8)."""
    async def main():
        async with running_server(db(tmp_path)) as srv:
            code, _, _, clients = await council_table(srv)
            ann = clients["Ann"]
            await ann.send({"type": "post", "id": 1, "text": "evil \ud800 text"})
            err = await reply(ann, 1)
            assert err["type"] == "error" and err["code"] == "bad_message" and "not valid Unicode" in err["message"]
            await ann.send({"type": "post", "id": 2, "text": "fine"})
            assert (await reply(ann, 2))["type"] == "ack"
            table = await srv.moderator.table(code)
            stored = [e.data["action"] for e in await srv.moderator.store.log_of(table.id) if e.kind == "action"]
            assert stored == [{"action": "post", "text": "fine", "player": "Ann"}]
            assert (await srv.http.get(f"/api/tables/{code}")).status_code == 200
            # a REST error that quotes such input still answers in the documented envelope
            bad = await srv.http.post("/api/tables", content=b'{"game": "mccarthyism", "options": {"\\ud800": 1}}',
                                      headers={"content-type": "application/json"})
            assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_option"

    asyncio.run(main())
