"""Issue 13: play again (a new table from a finished one, kept across a restart), leaving the
lobby and changing one's name before the start, a seat handed back to its own player ("Hal is
back"), the hint for a join after the start, and "İvy" beside "Ivy". The test game "council"
(3-7 players) with an injected clock; expected values written by hand."""

from __future__ import annotations

import asyncio

import pytest
from srv_helpers import running_server
from test_srv_moderation import T0, control, error_code, idle, table_of

from hiddenrole.server import ManualClock
from hiddenrole.server.again import play_again
from hiddenrole.server.errors import TableError

pytestmark = pytest.mark.usefixtures("council")


def run(coro):
    return asyncio.run(coro)


def db(tmp_path) -> str:
    return f"sqlite:///{tmp_path}/again.db"


def auth(token):
    return {"Authorization": f"Bearer {token}"}


async def again(srv, code, token, **body):
    return await srv.http.post(f"/api/tables/{code}/again", json=body, headers=auth(token))


def test_play_again_makes_the_next_table_tells_everyone_and_survives_a_restart(tmp_path):
    async def main():
        clock = ManualClock(T0)
        async with running_server(db(tmp_path), clock=clock) as srv:
            made = await srv.create(game="council", pace="fast", factor=4.0, host_name="Ann", bots=2,
                                    listed=True, missed_limit=3, options={"vote_seconds": 45})
            code, host = made["code"], made["host_token"]
            bob = await srv.join(code, "Bob")
            r = await again(srv, code, host)
            assert error_code(r, 409) == "not_over"  # the lobby: nothing to play again yet
            await srv.start(code, host)
            table = srv.moderator.tables[made["table"]["id"]]
            await idle(table, lambda: table.game is not None)
            assert error_code(await again(srv, code, host), 409) == "not_over"
            watcher = await srv.ws(code, spectator=True)
            await watcher.recv()
            player = await srv.ws(code, bob)
            await player.recv()
            assert (await control(srv, code, host, control="void", reason="time for another")).status_code == 200
            # only the host sets up the next game
            assert error_code(await again(srv, code, bob), 403) == "not_host"
            assert error_code(await srv.http.post(f"/api/tables/{code}/again", json={"bots": "yes"},
                                                  headers=auth(host)), 400) == "bad_request"
            r = await again(srv, code, host)
            assert r.status_code == 201, r.text
            out = r.json()
            new = out["code"]
            assert new != code and out["join_url"].endswith(f"/?join={new}")
            t = out["table"]
            assert (t["game"], t["pace"], t["factor"], t["listed"], t["missed_limit"], t["status"]) == \
                ("council", "fast", 4.0, True, 3, "lobby")
            assert t["options"]["vote_seconds"] == 45
            assert [s["name"] for s in t["seats"]] == ["Ann", "Bot 1", "Bot 2"]  # the host sits, the bots refill
            assert out["seat"]["name"] == "Ann" and t["host"] == "Ann"
            # the new host token works at the new table; the finished one names it to everyone
            r = await srv.http.post(f"/api/tables/{new}/bots", json={"count": 1}, headers=auth(out["host_token"]))
            assert r.status_code == 200
            for client in (watcher, player):
                frame = await client.until(lambda f: f["type"] == "update" and f["state"].get("next") == new)
                assert frame["state"]["status"] == "over"
            assert (await srv.http.get(f"/api/tables/{code}")).json()["table"]["next"] == new
            # Bob takes a seat at the next table under his name, kept for him (his seat token here)
            assert (await srv.http.post(f"/api/tables/{new}/join", json={"name": "Bob"},
                                        headers=auth(bob))).status_code == 201
            # once only: the second asks for the same table's code
            r = await again(srv, code, host)
            assert error_code(r, 409) == "again_made"
            assert r.json()["error"]["message"] == f"The next game is already set up at table {new}."
        async with running_server(db(tmp_path), clock=clock) as srv:  # a restart keeps it
            assert (await srv.http.get(f"/api/tables/{code}")).json()["table"]["next"] == new
            watcher = await srv.ws(code, spectator=True)
            assert (await watcher.recv())["state"]["next"] == new

    run(main())


def test_play_again_without_bots_and_without_a_seated_host(tmp_path):
    async def main():
        async with running_server(db(tmp_path), clock=ManualClock(T0)) as srv:
            made = await srv.create(game="council", pace="untimed", bots=1)
            code, host = made["code"], made["host_token"]
            for n in ("Ann", "Bob"):
                await srv.join(code, n)
            await srv.start(code, host)
            table = srv.moderator.tables[made["table"]["id"]]
            await idle(table, lambda: table.game is not None)
            await control(srv, code, host, control="void", reason="again")
            r = await again(srv, code, host, bots=False)
            assert r.status_code == 201, r.text
            assert r.json()["table"]["seats"] == [] and r.json()["seat"] is None
            assert r.json()["table"]["pace"] == "untimed"

    run(main())


def test_play_again_refuses_a_bots_value_naming_its_checkbox_in_the_readers_language(tmp_path):
    """The "Play again" request's ``bots`` is the checkbox "Bots take the same seats again" (not
    the create form's "Bot seats"): a value that is not yes or no is refused with those words."""
    async def main():
        async with running_server(db(tmp_path), clock=ManualClock(T0)) as srv:
            made = await srv.create(game="council", pace="untimed", host_name="Ann", bots=2)
            code, host = made["code"], made["host_token"]
            await srv.start(code, host)
            table = srv.moderator.tables[made["table"]["id"]]
            await idle(table, lambda: table.game is not None)
            await control(srv, code, host, control="void", reason="again")
            for lang, words in (("en", "“Bots take the same seats again” must be yes or no (true or false)."),
                                ("de", "„Bots nehmen wieder dieselben Plätze ein“ muss Ja oder Nein sein (true oder false).")):
                r = await srv.http.post(f"/api/tables/{code}/again?lang={lang}", json={"bots": "yes"}, headers=auth(host))
                assert error_code(r, 400) == "bad_request"
                assert r.json()["error"]["message"] == words
                # the same words when the moderator itself is handed such a value (not through the API)
                with pytest.raises(TableError) as refused:
                    await play_again(srv.moderator, code, host, "yes")
                assert refused.value.code == "bad_again" and refused.value.told(lang) == words
            # the create form's field keeps its own label
            r = await srv.http.post("/api/tables?lang=de", json={"game": "council", "bots": "2"})
            assert r.json()["error"]["message"] == "„Plätze für Bots“ muss eine ganze Zahl sein."
            assert (await again(srv, code, host)).status_code == 201  # nothing was changed by the refusals

    run(main())


def test_the_next_table_keeps_the_last_games_names_for_their_players(tmp_path):
    """Play again: the new table keeps the names the last game's people played under (not a
    bot's seat from the start, nor a seat the host gave to a bot for good) until they come: each
    takes their own name with their seat token of the finished table, nobody else can take it
    or a look-alike (joining or renaming), also after a restart; the refusal changes nothing."""
    async def main():
        clock = ManualClock(T0)
        async with running_server(db(tmp_path), clock=clock) as srv:
            made = await srv.create(game="council", pace="untimed", host_name="Ann", bots=1)
            code, host = made["code"], made["host_token"]
            tokens = {n: await srv.join(code, n) for n in ("Bob", "Cid", "Dee")}
            await srv.start(code, host)
            table = srv.moderator.tables[made["table"]["id"]]
            await idle(table, lambda: table.game is not None)
            assert (await control(srv, code, host, control="replace", name="Dee", by="bot")).status_code == 200
            await control(srv, code, host, control="void", reason="again")
            r = await again(srv, code, host)
            assert r.status_code == 201, r.text
            new = r.json()["code"]

            async def join(name, token=None, lang="en"):
                return await srv.http.post(f"/api/tables/{new}/join?lang={lang}", json={"name": name},
                                           headers=auth(token) if token else {})

            async def names():
                return [s["name"] for s in (await srv.http.get(f"/api/tables/{new}")).json()["table"]["seats"]]

            assert await names() == ["Ann", "Bot 1"]  # the host sits, the bot refills; Bob and Cid not yet
            # a stranger cannot take Bob's name, nor one like it; nor can Cid with his own token
            for name, token, lang, words in (
                    ("Bob", None, "en", "The name “Bob” is kept for Bob, who played the last game at this table: "
                                        "choose another."),
                    ("bob", None, "de", "Der Name „bob“ ist für Bob reserviert, eine Person aus dem letzten Spiel an "
                                        "diesem Tisch: Wähle einen anderen."),
                    ("Bob", tokens["Cid"], "en", "The name “Bob” is kept for Bob, who played the last game at this "
                                                 "table: choose another."),
                    ("Bob", "not a token", "en", "The name “Bob” is kept for Bob, who played the last game at this "
                                                 "table: choose another.")):
                r = await join(name, token, lang)
                assert error_code(r, 409) == "name_held"
                assert r.json()["error"]["message"] == words
            assert await names() == ["Ann", "Bot 1"]  # nothing changed
            # Dee's seat went to a bot for good: the name is free; a stranger renaming to Bob's name is refused
            zed = (await join("Dee")).json()["token"]
            r = await srv.http.post(f"/api/tables/{new}/rename", json={"name": "BOB"}, headers=auth(zed))
            assert error_code(r, 409) == "name_held"
            # Bob takes his name with his token of the finished table, in one request
            r = await join("Bob", tokens["Bob"])
            assert r.status_code == 201, r.text
            assert r.json()["name"] == "Bob" and r.json()["token"] != tokens["Bob"]
            assert await names() == ["Ann", "Bot 1", "Dee", "Bob"]
        async with running_server(db(tmp_path), clock=clock) as srv:  # a restart keeps Cid's name for him
            r = await srv.http.post(f"/api/tables/{new}/join", json={"name": "Cid"})
            assert error_code(r, 409) == "name_held"
            r = await srv.http.post(f"/api/tables/{new}/join", json={"name": "Cid"}, headers=auth(tokens["Cid"]))
            assert r.status_code == 201, r.text
            # once seated, the name is an ordinary taken name
            r = await srv.http.post(f"/api/tables/{new}/join", json={"name": "Cid"}, headers=auth(tokens["Cid"]))
            assert error_code(r, 409) == "name_taken"

    run(main())


def test_a_player_leaves_the_lobby_or_changes_their_name_with_the_checks_of_a_join(tmp_path):
    async def main():
        async with running_server(db(tmp_path), clock=ManualClock(T0)) as srv:
            made = await srv.create(game="council", pace="untimed", host_name="Ann")
            code, host, ann = made["code"], made["host_token"], made["seat"]["token"]
            bob = await srv.join(code, "Bbo")
            cid = await srv.join(code, "Cid")
            bob_ws = await srv.ws(code, bob)
            await bob_ws.recv()

            async def rename(token, name):
                return await srv.http.post(f"/api/tables/{code}/rename", json={"name": name}, headers=auth(token))

            r = await rename(bob, "  Bob ")
            assert r.status_code == 200 and r.json()["name"] == "Bob"
            assert [s["name"] for s in r.json()["table"]["seats"]] == ["Ann", "Bob", "Cid"]
            frame = await bob_ws.until(lambda f: f["type"] == "update"
                                       and [s["name"] for s in f["state"]["seats"]] == ["Ann", "Bob", "Cid"])
            assert frame["state"]["status"] == "lobby"
            r = await rename(bob, "cid")
            assert error_code(r, 409) == "name_taken"
            assert r.json()["error"]["message"] == ("The name “cid” looks too much like “Cid”, who is already at this "
                                                    "table: choose another.")
            assert error_code(await rename(bob, "Bot 4"), 400) == "bad_name"
            assert error_code(await rename(bob, "   "), 400) == "bad_name"
            assert error_code(await rename("not a seat", "Bobby"), 403) == "bad_token"
            assert (await rename(bob, "bob")).json()["name"] == "bob"  # one's own name in another case is fine
            # the host's own seat renamed: the host role follows it
            r = await rename(ann, "Anna")
            assert r.json()["table"]["host"] == "Anna"
            # Cid leaves: the seat is gone, the token no longer opens it
            r = await srv.http.post(f"/api/tables/{code}/leave", headers=auth(cid))
            assert r.status_code == 200 and [s["name"] for s in r.json()["seats"]] == ["Anna", "bob"]
            r = await srv.http.get(f"/api/tables/{code}", headers=auth(cid))
            assert error_code(r, 403) == "bad_token"
            # the name is free again
            assert (await srv.http.post(f"/api/tables/{code}/join", json={"name": "Cid"})).status_code == 201
            # the host's seat leaves: the host token still runs the table
            assert (await srv.http.post(f"/api/tables/{code}/leave", headers=auth(ann))).json()["host"] is None
            await srv.http.post(f"/api/tables/{code}/join", json={"name": "Dee"})
            await srv.start(code, host)
            r = await rename(bob, "Bobby")
            assert error_code(r, 409) == "already_started"
            assert r.json()["error"]["message"] == ("The game has started: a name can no longer be changed, nor a "
                                                    "seat left.")
            assert error_code(await srv.http.post(f"/api/tables/{code}/leave", headers=auth(bob)),
                              409) == "already_started"

    run(main())


def test_a_player_who_leaves_is_told_in_their_language_on_each_open_page_and_watches_on(tmp_path):
    async def main():
        async with running_server(db(tmp_path), clock=ManualClock(T0)) as srv:
            made = await srv.create(game="council", pace="untimed", host_name="Ann")
            code = made["code"]
            bob = await srv.join(code, "Bob")
            english = await srv.ws(code, bob)
            await english.recv()
            german = await srv.ws(code, hello=False)
            await german.send({"type": "hello", "token": bob, "lang": "de"})
            await german.recv()
            ann = await srv.ws(code, made["seat"]["token"])
            await ann.recv()
            r = await srv.http.post(f"/api/tables/{code}/leave", headers=auth(bob))
            assert [s["name"] for s in r.json()["seats"]] == ["Ann"]
            frame = await english.until(lambda f: f["type"] == "error")
            assert (frame["code"], frame["message"]) == ("left", "You left the table: you can still watch it.")
            frame = await german.until(lambda f: f["type"] == "error")
            assert (frame["code"], frame["message"]) == ("left", "Du hast den Tisch verlassen: Du kannst weiter "
                                                                 "zuschauen.")
            # the others see the seat gone; the page may watch on as a spectator
            await ann.until(lambda f: f["type"] == "update" and [s["name"] for s in f["state"]["seats"]] == ["Ann"])
            watcher = await srv.ws(code, spectator=True)
            assert (await watcher.recv())["type"] == "snapshot"

    run(main())


def test_the_host_who_sends_their_own_seat_away_keeps_the_role_through_the_host_token_alone(tmp_path):
    async def main():
        async with running_server(db(tmp_path), clock=ManualClock(T0)) as srv:
            made = await srv.create(game="council", pace="untimed", host_name="Ann")
            code, host = made["code"], made["host_token"]
            r = await srv.http.post(f"/api/tables/{code}/kick", json={"name": "ann"}, headers=auth(host))
            assert r.status_code == 200 and r.json()["host"] is None and r.json()["seats"] == []
            # a newcomer under the free name is not the host; the host token still is
            newcomer = await srv.join(code, "Ann")
            r = await srv.http.post(f"/api/tables/{code}/bots", json={"count": 1}, headers=auth(newcomer))
            assert error_code(r, 403) == "not_host"
            r = await srv.http.post(f"/api/tables/{code}/bots", json={"count": 1}, headers=auth(host))
            assert r.status_code == 200 and r.json()["host"] is None
        async with running_server(db(tmp_path), clock=ManualClock(T0)) as srv:  # and after a restart
            assert (await srv.http.get(f"/api/tables/{code}")).json()["table"]["host"] is None

    run(main())


def test_a_dotted_capital_i_reads_as_a_plain_one(tmp_path):
    async def main():
        async with running_server(db(tmp_path), clock=ManualClock(T0)) as srv:
            made = await srv.create(game="council", pace="untimed", host_name="Ivy")
            code = made["code"]
            for name in ("İvy", "ıvy", "IVY"):
                r = await srv.http.post(f"/api/tables/{code}/join", json={"name": name})
                assert error_code(r, 409) == "name_taken", name
            assert (await srv.http.post(f"/api/tables/{code}/join", json={"name": "Iva"})).status_code == 201

    run(main())


def test_a_join_after_the_start_says_what_a_player_who_lost_their_seat_can_do(tmp_path):
    async def main():
        async with running_server(db(tmp_path), clock=ManualClock(T0)) as srv:
            made, tokens, cl, table = await table_of(srv, ["Bob", "Cid"])
            r = await srv.http.post(f"/api/tables/{made['code']}/join", json={"name": "Hal"})
            assert error_code(r, 409) == "already_started"
            assert r.json()["error"]["message"] == (
                "The game at this table has already started: no seat can be taken now. If you had a seat here and "
                "lost it (a new phone, a cleared browser), ask the host to give it back: on the game page, under "
                "Host, they press “Hand to a new person” next to your name and send you the link.")

    run(main())


def test_a_seat_handed_back_to_its_own_player_says_they_are_back(tmp_path):
    async def main():
        async with running_server(db(tmp_path), clock=ManualClock(T0)) as srv:
            made, tokens, cl, table = await table_of(srv, ["Hal", "Cid"])
            code, host = made["code"], made["host_token"]
            r = await control(srv, code, host, control="replace", name="Hal", by="substitute")
            out = r.json()
            assert out["link"].endswith(f"/?join={code}&claim={out['claim']}&seat=Hal")
            r = await srv.http.post(f"/api/tables/{code}/claim", json={"claim": out["claim"], "name": "hal"})
            assert r.status_code == 201 and r.json()["name"] == "Hal"
            notice = await cl["Ann"].until(lambda f: f["type"] == "notice" and f["kind"] == "claim")
            assert notice["text"] == "Hal is back." and notice["back"] is True
            # someone else taking the seat is still a substitute
            out = (await control(srv, code, host, control="replace", name="Cid", by="substitute")).json()
            assert out["link"].endswith("&seat=Cid")
            r = await srv.http.post(f"/api/tables/{code}/claim", json={"claim": out["claim"], "name": "Zed"})
            assert r.status_code == 201
            notice = await cl["Ann"].until(lambda f: f["type"] == "notice" and f["kind"] == "claim")
            assert notice["text"] == "A substitute player took Cid's seat." and "back" not in notice
            await idle(table)
            # in German too, from the log after a restart
            assert [n["text"] for n in table.notices_in("de") if n["kind"] == "claim"][0] == "Hal ist zurück."

    run(main())
