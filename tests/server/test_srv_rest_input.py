"""REST input the server cannot read is answered in the documented error envelope and
changes nothing: bodies that are not UTF-8, paths and methods the API does not have."""

from __future__ import annotations

import asyncio

import pytest
from srv_helpers import running_server

from hiddenrole.server.app import body_problem

pytestmark = pytest.mark.usefixtures("council")


def db(tmp_path):
    return f"sqlite+aiosqlite:///{tmp_path}/hiddenrole.db"


def envelope(r, status, code):
    assert r.status_code == status, r.text
    answer = r.json()
    assert set(answer) == {"error"} and set(answer["error"]) == {"code", "message"}, answer
    assert answer["error"]["code"] == code, answer
    return answer["error"]["message"]


@pytest.mark.parametrize("body,what", [
    (b"\xff\xfe", "not valid UTF-8 (byte 0xff at position 0)"),
    (b'{"game": "\xff"}', "not valid UTF-8 (byte 0xff at position 10)"),
    (b'{"game": "council", "host_name": "Ann\xc3"}', "not valid UTF-8"),
    ('{"game": "council"}'.encode("utf-16"), "not valid UTF-8"),  # with its byte order mark
    ('{"game": "council"}'.encode("utf-16-le"), "NUL byte at position 1"),  # Python's JSON would read it
    ('{"game": "council"}'.encode("utf-32-be"), "NUL byte at position 0"),
])
def test_a_body_that_is_not_utf8_gets_the_envelope_and_changes_nothing(tmp_path, body, what):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            made = await srv.create(game="council", pace="untimed")
            code = made["code"]
            headers = {"Content-Type": "application/json", "Authorization": f"Bearer {made['host_token']}"}
            for url in ("/api/tables", f"/api/tables/{code}/join", f"/api/tables/{code}/bots"):
                r = await srv.http.post(url, content=body, headers=headers)
                message = envelope(r, 400, "bad_request")
                assert what in message and "UTF-8" in message, message
            # without a content type too (FastAPI would read it as JSON all the same)
            r = await srv.http.post("/api/tables", content=body)
            assert what in envelope(r, 400, "bad_request")
            listed = (await srv.http.get("/api/tables")).json()
            assert [t["code"] for t in listed] == [code]  # no table was made
            assert (await srv.http.get(f"/api/tables/{code}")).json()["table"]["seats"] == []

    asyncio.run(main())


def test_utf8_bodies_pass_the_check():
    assert body_problem(b"") is None
    assert body_problem('{"name": "Zoë 🎲"}'.encode()) is None
    assert body_problem(b'{"name": "\\u0000"}') is None  # an escaped NUL is JSON's business, not the body's


def test_unknown_api_paths_and_methods_get_the_envelope(tmp_path):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            message = envelope(await srv.http.get("/api/nothing"), 404, "not_found")
            assert "/api/nothing" in message
            r = await srv.http.put("/api/tables", json={"game": "council"})
            message = envelope(r, 405, "method_not_allowed")
            assert "PUT" in message and "GET, POST" in message
            assert r.headers["allow"] == "GET, POST"
            assert (await srv.http.get("/api/tables")).json() == []
            # outside the API the static files keep their plain answers
            r = await srv.http.get("/no-such-page.html")
            assert r.status_code == 404 and "error" not in r.json()

    asyncio.run(main())
