"""Refusals a person can meet are told in the reader's language, in plain words saying what was
wrong and what to do; the machine-readable ``code`` stays the same in every language.

REST: the language of ``?lang=`` or ``Accept-Language``; WebSocket: the hello's ``lang``."""

from __future__ import annotations

import asyncio

import pytest
from srv_helpers import running_server

pytestmark = pytest.mark.usefixtures("council")

DE = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}


def db(tmp_path):
    return f"sqlite+aiosqlite:///{tmp_path}/hiddenrole.db"


def run(coro):
    return asyncio.run(coro)


def test_join_refusals_are_german_for_a_german_reader_and_keep_their_code(tmp_path):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            made = await srv.create(game="council", pace="untimed", host_name="Ann")
            code = made["code"]

            async def join(name, headers=DE, table=code):
                r = await srv.http.post(f"/api/tables/{table}/join", json={"name": name}, headers=headers)
                return r.status_code, r.json()["error"]

            assert await join("ann") == (409, {"code": "name_taken", "message":
                                               "Der Name „ann“ ist an diesem Tisch schon vergeben: Wähle einen anderen."})
            assert await join("ann", headers={}) == (409, {"code": "name_taken", "message":
                                                           "The name “ann” is already taken at this table: choose another."})
            assert await join("   ") == (400, {"code": "bad_name", "message": "Gib einen Namen ein, um einen Platz zu nehmen."})
            assert await join("Bot 7") == (400, {"code": "bad_name", "message":
                                                 "Der Name „Bot 7“ ist für Bots reserviert (Bot 1, Bot 2 …): Wähle einen anderen."})
            assert await join("Mod") == (400, {"code": "bad_name", "message": "Der Name „Mod“ wäre mit dem Mod oder dem "
                                                                              "Leser zu verwechseln: Wähle einen anderen."})
            assert await join("x" * 41) == (400, {"code": "bad_name", "message":
                                                  "Ein Name hat höchstens 40 Zeichen: Wähle einen kürzeren."})
            assert await join("Bob", table="NOPE42") == (404, {"code": "no_table", "message":
                                                               "Es gibt keinen Tisch mit dem Code NOPE42: Prüfe den Code "
                                                               "oder bitte den Gastgeber um den Link."})
            r = await srv.http.post(f"/api/tables/{code}/bots", json={"count": 6},
                                    headers={"Authorization": f"Bearer {made['host_token']}"})
            assert r.status_code == 200  # council seats 7: the table is full now
            assert await join("Zoe") == (409, {"code": "table_full", "message":
                                               "Der Tisch ist voll: Alle 7 Plätze sind besetzt."})
            await srv.start(code, made["host_token"])
            assert await join("Zoe") == (409, {"code": "already_started", "message":
                                               "Das Spiel an diesem Tisch hat schon begonnen: Jetzt kann niemand "
                                               "mehr einen Platz nehmen. Wenn du hier einen Platz hattest und ihn "
                                               "verloren hast (ein neues Handy, ein geleerter Browser), bitte den "
                                               "Gastgeber, ihn dir zurückzugeben: Auf der Spielseite unter "
                                               "„Gastgeber“ tippt er neben deinem Namen auf „An eine neue Person "
                                               "übergeben“ und schickt dir den Link."})
            # ?lang= wins over the header
            r = await srv.http.post(f"/api/tables/{code}/claim?lang=en", json={"claim": "nonsense"}, headers=DE)
            assert r.json()["error"] == {"code": "bad_claim",
                                         "message": "This substitute link is not valid: ask the host for a new one."}
            r = await srv.http.post(f"/api/tables/{code}/claim", json={"claim": "nonsense"}, headers=DE)
            assert r.json()["error"] == {"code": "bad_claim",
                                         "message": "Dieser Ersatzlink ist ungültig: Bitte den Gastgeber um einen neuen."}

    run(main())


def test_a_second_start_of_a_started_table_changes_nothing_and_refuses_nothing(tmp_path):
    # a double click on "Start the game": the second request answers with the running table
    async def main():
        async with running_server(db(tmp_path)) as srv:
            made = await srv.create(game="council", pace="untimed", host_name="Ann", bots=2)
            code, auth = made["code"], {"Authorization": f"Bearer {made['host_token']}"}
            first = await srv.http.post(f"/api/tables/{code}/start", headers={**auth, **DE})
            second = await srv.http.post(f"/api/tables/{code}/start", headers={**auth, **DE})
            assert first.status_code == 200 and second.status_code == 200
            assert second.json()["status"] == "running"
            assert second.json()["commitment"] == first.json()["commitment"]
            assert [s["name"] for s in second.json()["seats"]] == ["Ann", "Bot 1", "Bot 2"]
            # only the host may: another's second start is refused as before
            r = await srv.http.post(f"/api/tables/{code}/start", headers={"Authorization": "Bearer nonsense"})
            assert r.status_code == 403 and r.json()["error"]["code"] == "not_host"

    run(main())


def test_a_start_with_too_few_players_says_how_many_are_needed(tmp_path):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            made = await srv.create(game="council", pace="untimed", host_name="Ann")
            r = await srv.http.post(f"/api/tables/{made['code']}/start",
                                    headers={"Authorization": f"Bearer {made['host_token']}", **DE})
            assert r.status_code == 400
            assert r.json()["error"] == {"code": "bad_setup", "message": "Dieses Spiel braucht 3 bis 7 Spieler; jetzt am "
                                         "Tisch: 1. Warte auf weitere Spieler oder füge Bots hinzu."}
            r = await srv.http.post(f"/api/tables/{made['code']}/start",
                                    headers={"Authorization": f"Bearer {made['host_token']}"})
            assert r.json()["error"]["message"] == ("This game needs 3 to 7 players; seated now: 1. "
                                                    "Wait for more players or add bots.")

    run(main())


def test_websocket_refusals_come_in_the_hellos_language(tmp_path):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            made = await srv.create(game="council", pace="untimed", host_name="Ann")
            code = made["code"]
            # an unknown table, refused in the hello's language
            ws = await srv.ws("NOPE42", hello=False)
            await ws.send({"type": "hello", "spectator": True, "lang": "de"})
            err = await ws.until(lambda f: f["type"] == "error")
            assert (err["code"], err["message"]) == ("no_table", "Es gibt keinen Tisch mit dem Code NOPE42: Prüfe den "
                                                                 "Code oder bitte den Gastgeber um den Link.")
            # a spectator who tries to post
            ws = await srv.ws(code, hello=False)
            await ws.send({"type": "hello", "spectator": True, "lang": "de"})
            await ws.until(lambda f: f["type"] == "snapshot")
            await ws.send({"type": "post", "id": 1, "text": "hallo"})
            err = await ws.until(lambda f: f["type"] == "error")
            assert (err["code"], err["message"]) == ("spectator", "Zuschauer können zusehen, aber weder spielen noch "
                                                                  "schreiben.")

    run(main())
