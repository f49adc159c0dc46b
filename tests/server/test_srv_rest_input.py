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


def test_a_forged_address_under_the_api_gets_a_plain_sentence_in_the_readers_language(tmp_path):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            # a join link's code with a slash in it: no API address takes it (the static files
            # answered 405 "it takes " with nothing after it)
            forged = "/api/tables/<SCRIPT>ALERT(1)</SCRIPT>/join"
            r = await srv.http.post(forged, json={"name": "Xaver"})
            assert envelope(r, 404, "not_found") == (
                "There is nothing at /api/tables/<SCRIPT>ALERT(1)</SCRIPT>/join: the server's addresses are listed at /docs.")
            assert "allow" not in r.headers
            r = await srv.http.post(forged, json={"name": "Xaver"}, headers={"Accept-Language": "de-DE"})
            assert envelope(r, 404, "not_found") == (
                "Unter /api/tables/<SCRIPT>ALERT(1)</SCRIPT>/join gibt es nichts: Die Adressen des Servers stehen unter /docs.")
            r = await srv.http.put("/api/tables", json={"game": "council"}, headers={"Accept-Language": "de"})
            assert envelope(r, 405, "method_not_allowed") == "/api/tables nimmt GET, POST an, nicht PUT."
            # a long address is cut, never shown whole
            r = await srv.http.get("/api/" + "A" * 500)
            assert envelope(r, 404, "not_found") == f"There is nothing at /api/{'A' * 54}…: the server's addresses are listed at /docs."
            # a code of 500 letters is named by its start, never by "?"
            r = await srv.http.get("/api/tables/" + "a" * 500, headers={"Accept-Language": "de"})
            assert envelope(r, 404, "no_table") == (
                "Es gibt keinen Tisch mit dem Code AAAAAAAAAAA…: Prüfe den Code oder bitte den Gastgeber um den Link.")
            r = await srv.http.post("/api/tables/" + "A" * 500 + "/join", json={"name": "Xaver"})
            assert envelope(r, 404, "no_table").startswith("There is no table with the code AAAAAAAAAAA…: ")

    asyncio.run(main())


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
            made = await srv.create(game="council", pace="untimed", listed=True)
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
            assert message == "/api/tables takes GET, POST requests, not PUT."
            assert r.headers["allow"] == "GET, POST"
            assert (await srv.http.get("/api/tables")).json() == []
            # outside the API the static files keep their plain answers
            r = await srv.http.get("/no-such-page.html")
            assert r.status_code == 404 and "error" not in r.json()

    asyncio.run(main())


@pytest.mark.parametrize("game,options,named,takes", [
    ("council", {"vote_seconds": "5"}, "vote_seconds", "“vote seconds” must be a whole number from 1 to 3600."),
    ("council", {"vote_seconds": 5.0}, "vote_seconds", "“vote seconds” must be a whole number from 1 to 3600."),
    ("council", {"vote_seconds": True}, "vote_seconds", "“vote seconds” must be a whole number from 1 to 3600."),
    ("council", {"vote_seconds": None}, "vote_seconds", "“vote seconds” must be a whole number from 1 to 3600."),
    ("council", {"pace": 1}, "pace", "“pace” must be one of: turbo, untimed."),
    ("mccarthyism", {"reveal_votes": "false"}, "reveal_votes", "“Votes are shown by name” must be yes or no."),
    ("mccarthyism", {"reveal_votes": 0}, "reveal_votes", "“Votes are shown by name” must be yes or no."),
    ("mccarthyism", {"turn_seconds": "30"}, "turn_seconds", "“Seconds for each choice” must be a number from 0 to 86400."),
    ("mccarthyism", {"turns_per_player": "3"}, "turns_per_player",
     "“Turns as snitch per player” must be a whole number from 1 to 20."),
    ("shady-agents", {"enforce_statements": "false"}, "enforce_statements", "“The spy code is enforced” must be yes or no."),
    ("secret-hitler", {"investigate_once": "true"}, "investigate_once",
     "“Each player can be investigated only once” must be yes or no."),
])
def test_option_values_must_have_their_json_type(tmp_path, game, options, named, takes):
    from hiddenrole.engine import available_games, game_class

    if game not in available_games():
        pytest.skip(f"{game} has not landed yet")

    async def main():
        async with running_server(db(tmp_path)) as srv:
            r = await srv.http.post("/api/tables", json={"game": game, "options": options})
            message = envelope(r, 400, "bad_option")
            assert message == takes  # the create form's label, what it takes, one sentence
            assert (await srv.http.get("/api/tables")).json() == []  # nothing made

    asyncio.run(main())
    # the engine itself still reads strings, for the command line's --option name=value
    value = next(iter(options.values()))
    if isinstance(value, str) and game_class(game).OPTIONS.options[named].kind is not str:
        assert game_class(game).OPTIONS.resolve(options)[named] not in (None, value)


def test_option_values_of_their_json_type_are_taken(tmp_path):
    from hiddenrole.engine import available_games

    async def main():
        async with running_server(db(tmp_path)) as srv:
            made = await srv.create(game="council", options={"vote_seconds": 5, "pace": "untimed"})
            assert made["table"]["options"]["vote_seconds"] == 5
            if "mccarthyism" in available_games():  # an integer is a number; null where allowed
                made = await srv.create(game="mccarthyism", options={"turn_seconds": 30, "reveal_votes": True,
                                                                     "commie_count": None})
                got = made["table"]["options"]
                assert got["turn_seconds"] == 30.0 and got["reveal_votes"] is True and got["commie_count"] is None

    asyncio.run(main())
