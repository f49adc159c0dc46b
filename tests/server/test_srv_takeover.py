"""A table survives a lost host phone (issue 13): when the host has been away for two minutes
(no connection of the host's seat, nor of the host token), any seated player may take the host
role with one message, before or during the game; everyone is told who is host now, and the
change survives a restart. Before the two minutes the offer is refused with one plain line.
The clock is a :class:`ManualClock`; the expected values are written by hand."""

from __future__ import annotations

import asyncio

import pytest
from srv_helpers import running_server
from test_srv_moderation import T0, control, db, error_code, idle, table_of

from hiddenrole.server import ManualClock
from hiddenrole.server.clock import iso
from hiddenrole.server.notices import notice_text

pytestmark = pytest.mark.usefixtures("council")


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def take(client, id: int) -> dict:
    """Send ``take_host``; the answer (``ack`` or ``error``) to it."""
    await client.send({"type": "take_host", "id": id})
    return await client.until(lambda f: f["type"] in ("ack", "error") and f.get("id") == id)


def test_in_the_lobby_a_seated_player_takes_over_from_a_host_away_two_minutes_and_it_survives_a_restart(tmp_path):
    url = db(tmp_path)

    async def main():
        clock = ManualClock(T0)
        async with running_server(url, clock=clock) as srv:
            made = await srv.create(game="council", host_name="Ann")
            code, host = made["code"], made["host_token"]
            tokens = {"Ann": made["seat"]["token"], "Bob": await srv.join(code, "Bob"),
                      "Cid": await srv.join(code, "Cid")}
            cl = {}
            for name, token in tokens.items():
                cl[name] = await srv.ws(code, token)
                await cl[name].recv()
            watcher = await srv.ws(code, spectator=True)
            await watcher.recv()
            table = srv.moderator.tables[made["table"]["id"]]
            said = await take(cl["Bob"], 1)
            assert said["code"] == "host_here"
            assert said["message"] == "The host is here, so nobody can take over: ask the host to hand the role over."
            await cl["Ann"].close()  # Ann's phone is lost, with the host token and her seat
            await idle(table, lambda: table.seat("Ann").connections == 0)
            clock.advance(100)
            await idle(table)
            said = await take(cl["Bob"], 2)
            assert said["code"] == "host_away_briefly"
            assert said["message"] == "The host has been away for only 100 seconds: you can take over as host in 20 seconds."
            assert table.host == "Ann" and "host_away" not in cl["Bob"].state
            clock.advance(20)  # two minutes: the offer is in everyone's state, with when the host left
            offered = await cl["Cid"].until(lambda f: "state" in f and "host_away" in f["state"])
            assert offered["state"]["host_away"] == iso(T0) and offered["state"]["host"] == "Ann"
            said = await take(watcher, 3)
            assert said["code"] == "spectator" and said["message"] == "Only a seated player can take over as host."
            assert (await take(cl["Bob"], 4))["type"] == "ack"
            notice = await cl["Cid"].find(lambda f: f["type"] == "notice")
            assert notice["kind"] == "host" and notice["name"] == "Bob" and notice["reason"] == "taken"
            assert notice["text"] == "The host was away, so Bob took over as host."
            now = await cl["Cid"].until(lambda f: "state" in f and f["state"].get("host") == "Bob")
            assert "host_away" not in now["state"]
            said = await take(cl["Cid"], 5)  # Bob, the host now, is here
            assert said["code"] == "host_here"
            # neither the lost host token nor Ann's seat token runs the table any more
            for lost in (host, tokens["Ann"]):
                r = await srv.http.post(f"/api/tables/{code}/bots", json={"count": 1}, headers=bearer(lost))
                assert error_code(r, 403) == "not_host"
            assert [s.name for s in table.seats] == ["Ann", "Bob", "Cid"]
        clock.advance(5)
        async with running_server(url, clock=clock) as srv:  # a restart: the role stays Bob's
            table = await srv.moderator.table(code)
            assert table.host == "Bob" and not table.host_token_live
            for lost in (host, tokens["Ann"]):
                r = await srv.http.post(f"/api/tables/{code}/start", headers=bearer(lost))
                assert error_code(r, 403) == "not_host"
            r = await srv.http.post(f"/api/tables/{code}/kick", json={"name": "Ann"}, headers=bearer(tokens["Bob"]))
            assert r.status_code == 200, r.text
            r = await srv.http.post(f"/api/tables/{code}/bots", json={"count": 1}, headers=bearer(tokens["Bob"]))
            assert r.status_code == 200, r.text
            r = await srv.http.post(f"/api/tables/{code}/start", headers=bearer(tokens["Bob"]))
            assert r.status_code == 200, r.text
            assert table.row.status == "running" and table.host == "Bob"
            assert list(table.game.players) == ["Bob", "Cid", "Bot 1"]

    asyncio.run(main())


def test_during_the_game_a_seated_player_takes_over_and_the_log_keeps_it_across_a_restart(tmp_path):
    url = db(tmp_path)

    async def main():
        clock = ManualClock(T0)
        async with running_server(url, clock=clock) as srv:
            made, tokens, cl, table = await table_of(srv, ["Bob", "Cid", "Dee"], pace="untimed")
            code, host = made["code"], made["host_token"]
            table.host_away_after = 600.0  # the automatic pass (at 120 s too) later: the takeover is what is tested
            await cl["Ann"].close()
            await idle(table, lambda: table.seat("Ann").connections == 0)
            clock.advance(90)
            await idle(table)
            said = await take(cl["Cid"], 1)
            assert said["message"] == "The host has been away for only 90 seconds: you can take over as host in 30 seconds."
            assert table.host == "Ann"
            clock.advance(30)
            offered = await cl["Dee"].until(lambda f: "state" in f and "host_away" in f["state"])
            assert offered["state"]["host_away"] == iso(T0)
            assert (await take(cl["Cid"], 2))["type"] == "ack"
            assert table.log[-1].kind == "host" and table.log[-1].data == {"name": "Cid", "reason": "taken"}
            notice = await cl["Bob"].find(lambda f: f["type"] == "notice" and f["kind"] == "host")
            assert notice["text"] == "The host was away, so Cid took over as host."
            now = await cl["Dee"].until(lambda f: "state" in f and f["state"].get("host") == "Cid")
            assert "host_away" not in now["state"]
            assert error_code(await control(srv, code, host, control="pause"), 403) == "not_host"
        clock.advance(5)
        async with running_server(url, clock=clock) as srv:
            table = await srv.moderator.table(code)
            assert table.host == "Cid"
            assert error_code(await control(srv, code, tokens["Ann"], control="pause"), 403) == "not_host"
            r = await control(srv, code, tokens["Cid"], control="pause")
            assert r.status_code == 200, r.text
            assert table.paused

    asyncio.run(main())


def test_the_offer_closes_when_the_host_comes_back(tmp_path):
    async def main():
        clock = ManualClock(T0)
        async with running_server(db(tmp_path), clock=clock) as srv:
            made = await srv.create(game="council", host_name="Ann")
            code = made["code"]
            ann_token, bob_token = made["seat"]["token"], await srv.join(code, "Bob")
            bob = await srv.ws(code, bob_token)
            await bob.recv()
            table = srv.moderator.tables[made["table"]["id"]]
            clock.advance(120)  # Ann created the table and never opened it: away since its creation
            offered = await bob.until(lambda f: "state" in f and "host_away" in f["state"])
            assert offered["state"]["host_away"] == iso(T0)
            ann = await srv.ws(code, ann_token)  # the host is back before anyone took over
            await ann.recv()
            closed = await bob.until(lambda f: "state" in f and "host_away" not in f["state"])
            assert closed["state"]["host"] == "Ann"
            said = await take(bob, 1)
            assert said["code"] == "host_here" and table.host == "Ann"

    asyncio.run(main())


def test_the_takeover_notice_in_german():
    assert notice_text("host", {"name": "Bob", "reason": "taken"}, "de") == \
        "Der Gastgeber war weg, darum hat Bob als Gastgeber übernommen."


def test_a_seatless_host_who_never_connected_as_the_host_cannot_be_replaced(tmp_path):
    async def main():
        clock = ManualClock(T0)
        async with running_server(db(tmp_path), clock=clock) as srv:
            made = await srv.create(game="council")  # the host only uses the API: no seat, no hello
            bob = await srv.ws(made["code"], await srv.join(made["code"], "Bob"))
            await bob.recv()
            clock.advance(600)
            await asyncio.sleep(0.05)
            said = await take(bob, 1)
            assert said["code"] == "host_unseen"
            assert said["message"] == ("The host has no seat and has not opened this table since the server started, "
                                       "so the server cannot tell whether they are away: nobody can take over as host.")
            assert srv.moderator.tables[made["table"]["id"]].host is None

    asyncio.run(main())


async def host_hello(srv, code: str, host_token: str):
    """A seatless host's page: a watcher's hello with the host token (docs/protocol.md)."""
    page = await srv.ws(code, hello=False)
    await page.send({"type": "hello", "spectator": True, "host_token": host_token})
    return page


def test_a_seatless_host_whose_page_said_hello_with_the_host_token_can_be_replaced_two_minutes_after_it_closed(tmp_path):
    async def main():
        clock = ManualClock(T0)
        async with running_server(db(tmp_path), clock=clock) as srv:
            made = await srv.create(game="council")  # created on the web page, without a seat
            code, host = made["code"], made["host_token"]
            tokens = {n: await srv.join(code, n) for n in ("Bob", "Cid")}
            cl = {}
            for name, token in tokens.items():
                cl[name] = await srv.ws(code, token)
                await cl[name].recv()
            table = srv.moderator.tables[made["table"]["id"]]
            page = await host_hello(srv, code, host)
            snap = await page.recv()
            # the host's page sees what a spectator sees, numbered as no spectator
            assert snap["you"] == {"name": None, "spectator": True, "host": True}
            assert snap["state"].get("spectators", []) == [] and "host" not in snap["state"]
            clock.advance(300)
            await idle(table)
            said = await take(cl["Bob"], 1)  # the host's page is open: the host is here
            assert said["code"] == "host_here"
            assert said["message"] == "The host is here, so nobody can take over: ask the host to hand the role over."
            await page.close()  # the host's phone is lost
            await idle(table, lambda: table.host_connections == 0)
            clock.advance(100)
            await idle(table)
            said = await take(cl["Bob"], 2)
            assert said["code"] == "host_away_briefly"
            assert said["message"] == ("The host has been away for only 100 seconds: you can take over as host in "
                                       "20 seconds.")
            assert table.host is None and table.host_token_live
            clock.advance(20)
            offered = await cl["Cid"].until(lambda f: "state" in f and "host_away" in f["state"])
            assert offered["state"]["host_away"] == iso(T0 + 300)
            assert (await take(cl["Bob"], 3))["type"] == "ack"
            notice = await cl["Cid"].find(lambda f: f["type"] == "notice")
            assert notice["kind"] == "host" and notice["text"] == "The host was away, so Bob took over as host."
            await cl["Cid"].until(lambda f: "state" in f and f["state"].get("host") == "Bob")
            assert table.host == "Bob" and not table.host_token_live
            # the lost host token runs nothing now, and its hello is refused: the page watches on as a spectator
            r = await srv.http.post(f"/api/tables/{code}/start", headers=bearer(host))
            assert error_code(r, 403) == "not_host"
            again = await host_hello(srv, code, host)
            assert (await again.recv())["code"] == "not_host"
            r = await srv.http.post(f"/api/tables/{code}/bots", json={"count": 1}, headers=bearer(tokens["Bob"]))
            assert r.status_code == 200, r.text
            r = await srv.http.post(f"/api/tables/{code}/start", headers=bearer(tokens["Bob"]))
            assert r.status_code == 200, r.text
            assert list(table.game.players) == ["Bob", "Cid", "Bot 1"]

    asyncio.run(main())


def test_a_host_page_that_handed_the_role_on_keeps_watching_but_runs_no_control(tmp_path):
    async def main():
        clock = ManualClock(T0)
        async with running_server(db(tmp_path), clock=clock) as srv:
            made = await srv.create(game="council", pace="untimed")
            code, host = made["code"], made["host_token"]
            tokens = {n: await srv.join(code, n) for n in ("Bob", "Cid", "Dee")}
            bob = await srv.ws(code, tokens["Bob"])
            await bob.recv()
            page = await host_hello(srv, code, host)
            await page.recv()
            await srv.start(code, host)
            table = srv.moderator.tables[made["table"]["id"]]
            await idle(table, lambda: table.game is not None)
            await page.send({"type": "control", "id": 1, "control": "host", "name": "Bob"})
            assert (await page.until(lambda f: f.get("id") == 1))["type"] == "ack"
            await idle(table, lambda: table.host == "Bob")
            await page.send({"type": "control", "id": 2, "control": "pause"})
            refused = await page.until(lambda f: f.get("id") == 2)
            assert refused["type"] == "error" and refused["code"] == "not_host"
            assert not table.paused
            said = await take(bob, 3)  # Bob holds the role now
            assert said["code"] == "bad_host" and said["message"] == "Bob is already the host."

    asyncio.run(main())


def test_a_seatless_host_who_opened_the_table_is_still_watched_after_a_restart(tmp_path):
    """The server stores that a seatless host's page said hello with the host token: after a
    restart that host's absence is counted again (from the restart, as a seat's), so a lost
    host phone does not leave the table without a host for good."""
    url = db(tmp_path)

    async def main():
        clock = ManualClock(T0)
        async with running_server(url, clock=clock) as srv:
            made = await srv.create(game="council")  # created on the web page, without a seat
            code, host = made["code"], made["host_token"]
            bob_token = await srv.join(code, "Bob")
            page = await host_hello(srv, code, host)
            await page.recv()
            table = srv.moderator.tables[made["table"]["id"]]
            assert table.host_away_since is None  # the host is here
        clock.advance(30)
        async with running_server(url, clock=clock) as srv:  # a restart; the host's page stays closed
            table = await srv.moderator.table(code)
            assert table.host is None and table.host_token_live
            assert table.host_away_since == T0 + 30  # away from the restart on
            bob = await srv.ws(code, bob_token)
            await bob.recv()
            clock.advance(100)
            await idle(table)
            said = await take(bob, 1)
            assert said["code"] == "host_away_briefly"
            assert said["message"] == ("The host has been away for only 100 seconds: you can take over as host in "
                                       "20 seconds.")
            clock.advance(20)
            offered = await bob.until(lambda f: "state" in f and "host_away" in f["state"])
            assert offered["state"]["host_away"] == iso(T0 + 30)
            assert (await take(bob, 2))["type"] == "ack"
            await bob.find(lambda f: "state" in f and f["state"].get("host") == "Bob")
            assert table.host == "Bob" and not table.host_token_live

    asyncio.run(main())
