"""Lobby rules over REST: all-or-nothing bots, the host field, the error envelope for
malformed bodies, strict JSON types, the factor only with the fast pace, bot-like names."""

from __future__ import annotations

import asyncio

import pytest
from srv_helpers import running_server

pytestmark = pytest.mark.usefixtures("council")


def db(tmp_path):
    return f"sqlite+aiosqlite:///{tmp_path}/hiddenrole.db"


def run(coro):
    return asyncio.run(coro)


def test_too_many_bots_are_refused_and_nothing_is_added(tmp_path):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            made = await srv.create(game="council", pace="untimed", host_name="Ann")
            code, auth = made["code"], {"Authorization": f"Bearer {made['host_token']}"}
            r = await srv.http.post(f"/api/tables/{code}/bots", json={"count": 20}, headers=auth)
            assert r.status_code == 409 and r.json()["error"]["code"] == "table_full"
            assert "none was added" in r.json()["error"]["message"]
            table = (await srv.http.get(f"/api/tables/{code}")).json()["table"]
            assert [s["name"] for s in table["seats"]] == ["Ann"]  # all or nothing
            # exactly the free seats fit (council seats 7)
            r = await srv.http.post(f"/api/tables/{code}/bots", json={"count": 6}, headers=auth)
            assert r.status_code == 200 and len(r.json()["seats"]) == 7

    run(main())


def test_the_host_field_is_true_for_the_host_token_only(tmp_path):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            made = await srv.create(game="council", pace="untimed", host_name="Ann")
            code = made["code"]
            bob = await srv.join(code, "Bob")

            async def get(token):
                return await srv.http.get(f"/api/tables/{code}", headers={"Authorization": f"Bearer {token}"})

            r = await get(made["host_token"])
            assert r.status_code == 200 and r.json()["host"] is True and r.json()["you"] is None
            r = await get(made["seat"]["token"])
            assert r.json()["host"] is False and r.json()["you"] == "Ann"
            r = await get(bob)
            assert r.json()["host"] is False and r.json()["you"] == "Bob"
            r = await srv.http.get(f"/api/tables/{code}")
            assert r.json()["host"] is False and r.json()["you"] is None
            r = await get("nonsense")
            assert r.status_code == 403 and r.json()["error"]["code"] == "bad_token"

    run(main())


@pytest.mark.parametrize("path,body,field", [
    ("/api/tables", "{bad", "The request is not valid JSON."),
    ("/api/tables", {"pace": "untimed"}, "“Game” is missing."),
    ("/api/tables", {"game": "council", "bots": 1.5}, "“Bot seats” must be a whole number."),
    ("/api/tables", {"game": "council", "pace": "fast", "factor": "abc"}, "“Speed-up factor” must be a number."),
    ("/api/tables", {"game": "council", "bots": True}, "“Bot seats” must be a whole number."),
    ("/api/tables", {"game": "council", "bots": "3"}, "“Bot seats” must be a whole number."),
    ("/api/tables", {"game": "council", "pace": "fast", "factor": True}, "“Speed-up factor” must be a number."),
    ("/api/tables", {"game": "council", "host_name": 5}, "“Your name” must be text."),
    ("/api/tables", {"game": "council", "colour": "red"}, "“colour” is not something this request takes."),
    ("JOIN", {}, "“Name” is missing."),
    ("JOIN", {"name": 12}, "“Name” must be text."),
    ("BOTS", {"count": "2"}, "“Number of bots” must be a whole number."),
    ("BOTS", {"count": True}, "“Number of bots” must be a whole number."),
])
def test_malformed_bodies_get_the_documented_error_envelope(tmp_path, path, body, field):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            made = await srv.create(game="council", pace="untimed")
            code = made["code"]
            url = {"JOIN": f"/api/tables/{code}/join", "BOTS": f"/api/tables/{code}/bots"}.get(path, path)
            headers = {"Authorization": f"Bearer {made['host_token']}", "Content-Type": "application/json"}
            content = body if isinstance(body, str) else None
            r = await srv.http.post(url, headers=headers, content=content,
                                    json=None if content else body)
            assert r.status_code == 400, r.text
            answer = r.json()
            assert set(answer) == {"error"} and set(answer["error"]) == {"code", "message"}
            assert answer["error"]["code"] == "bad_request"
            assert answer["error"]["message"] == field  # one plain sentence naming the field
            table = (await srv.http.get(f"/api/tables/{code}")).json()["table"]
            assert table["seats"] == []  # nothing changed

    run(main())


def test_the_openapi_schema_documents_the_error_envelope(tmp_path):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            schema = (await srv.http.get("/openapi.json")).json()
            responses = schema["paths"]["/api/tables"]["post"]["responses"]
            assert "ErrorBody" in str(responses.get("4XX"))
            assert "422" not in responses  # FastAPI's default validation answer is not what we send

    run(main())


@pytest.mark.parametrize("pace", ["turbo", "untimed"])
def test_a_factor_is_refused_unless_the_pace_is_fast(tmp_path, pace):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            r = await srv.http.post("/api/tables", json={"game": "council", "pace": pace, "factor": 5})
            assert r.status_code == 400 and r.json()["error"]["code"] == "bad_pace"
            assert "factor" in r.json()["error"]["message"]
            r = await srv.http.post("/api/tables", json={"game": "council", "pace": "fast", "factor": 5})
            assert r.status_code == 201 and r.json()["table"]["factor"] == 5.0

    run(main())


@pytest.mark.parametrize("name", ["Bot 1", "bot 3", "BOT 12", "Bot7", " bot  2 ", "\uff22\uff4f\uff54 \uff11"])
def test_a_human_cannot_take_a_bot_name(tmp_path, name):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            code = (await srv.create(game="council", pace="untimed"))["code"]
            r = await srv.http.post(f"/api/tables/{code}/join", json={"name": name})
            assert r.status_code == 400 and r.json()["error"]["code"] == "bad_name"
            r = await srv.http.post("/api/tables", json={"game": "council", "host_name": name})
            assert r.status_code == 400 and r.json()["error"]["code"] == "bad_name"
            r = await srv.http.post(f"/api/tables/{code}/join", json={"name": "Botany 1"})
            assert r.status_code == 201  # only the bots' exact scheme is kept

    run(main())


@pytest.mark.parametrize("name", ["Ann\u200bBob", "Ann\x07", "Eve\u202e"])
def test_a_name_the_engine_refuses_is_a_bad_name_at_join(tmp_path, name):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            code = (await srv.create(game="council", pace="untimed"))["code"]
            r = await srv.http.post(f"/api/tables/{code}/join", json={"name": name})
            assert r.status_code == 400 and r.json()["error"]["code"] == "bad_name", r.text

    run(main())


def test_kick_matches_names_ignoring_case(tmp_path):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            made = await srv.create(game="council", pace="untimed")
            code, auth = made["code"], {"Authorization": f"Bearer {made['host_token']}"}
            await srv.join(code, "Bob")
            r = await srv.http.post(f"/api/tables/{code}/kick", json={"name": "bOB"}, headers=auth)
            assert r.status_code == 200 and r.json()["seats"] == []

    run(main())


def test_a_full_width_lookalike_of_a_taken_name_is_taken(tmp_path):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            code = (await srv.create(game="council", pace="untimed"))["code"]
            assert (await srv.http.post(f"/api/tables/{code}/join", json={"name": "Alice"})).status_code == 201
            r = await srv.http.post(f"/api/tables/{code}/join", json={"name": "\uff21\uff4c\uff49\uff43\uff45"})
            assert r.status_code == 409 and r.json()["error"]["code"] == "name_taken", r.text

    run(main())
