"""The Mod's controls and presence (issue 14), with an injected clock (never a sleep measured
against wall time): missed deadlines and stand-in bots, pause and resume (across a
restart too), extend, skip, void, the host role passing on, substitute links, kicks,
listed tables. The expected values are written by hand from the rules of the test game
"council" (60 s votes, 30 s dusks)."""

from __future__ import annotations

import asyncio
import json
from types import SimpleNamespace

import pytest
from srv_helpers import running_server
from test_srv_e2e import check_frames

from hiddenrole.server import ManualClock, verify_export
from hiddenrole.server.clock import iso
from hiddenrole.server.mergepatch import strip_nulls

pytestmark = pytest.mark.usefixtures("council")
T0 = 1_800_000_000.0


def run(coro):
    return asyncio.run(coro)


def db(tmp_path) -> str:
    return f"sqlite:///{tmp_path}/mod.db"


async def settle(cond, timeout: float = 5.0):
    """Let the server work until ``cond()`` holds (real time only bounds the wait)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not cond():
        assert loop.time() < end, "condition not reached"
        await asyncio.sleep(0.005)


async def idle(table, cond=lambda: True):
    await settle(lambda: cond() and not table.lock.locked())
    await asyncio.sleep(0.02)


async def control(srv, code, token, **body):
    return await srv.http.post(f"/api/tables/{code}/control", json=body,
                               headers={"Authorization": f"Bearer {token}"})


def error_code(r, status):
    assert r.status_code == status, r.text
    return r.json()["error"]["code"]


async def vote(client, target, id=1):
    await client.send({"type": "action", "id": id, "action": {"action": "vote", "target": target}})
    answer = await client.until(lambda f: f["type"] in ("ack", "error") and f.get("id") == id)
    assert answer["type"] == "ack", answer
    return answer


async def table_of(srv, names, *, host="Ann", connect=None, **create):
    """A council table (turbo) with ``host`` seated and ``names`` joined; returns
    (made, tokens, clients of ``connect`` (default: everyone), the live table) once started."""
    create.setdefault("pace", "turbo")
    made = await srv.create(game="council", host_name=host, **create)
    code = made["code"]
    tokens = {host: made["seat"]["token"]}
    for n in names:
        tokens[n] = await srv.join(code, n)
    clients = {}
    for n in (connect if connect is not None else list(tokens)):
        clients[n] = await srv.ws(code, tokens[n])
        await clients[n].recv()
    await srv.start(code, made["host_token"])
    table = srv.moderator.tables[made["table"]["id"]]
    await idle(table, lambda: table.game is not None)
    return made, tokens, clients, table


def seat_of(state, name):
    return next(s for s in state["seats"] if s["name"] == name)


def test_two_missed_deadlines_give_the_seat_to_a_bot_and_the_player_takes_it_back_at_the_next_decision(tmp_path):
    async def main():
        clock = ManualClock(T0)
        async with running_server(db(tmp_path), clock=clock) as srv:
            others = ["Cid", "Dee", "Eve", "Fay", "Gus"]
            made, tokens, cl, table = await table_of(srv, ["Bob"] + others,
                                                     connect=["Ann"] + others)
            code = made["code"]
            traitor = table.game.traitor
            victims = [n for n in others if n != traitor][:3]
            assert made["table"]["missed_limit"] == 2  # on by default, two in a row

            async def round_without_bob(victim, n):
                alive = table.game.alive
                for name in alive:
                    if name in ("Bob",) or table.seat("Bob").is_bot and name == "Bob":
                        continue
                    if name == victim:
                        target = next(x for x in alive if x not in (victim, "Bob"))
                    else:
                        target = victim
                    await vote(cl[name], target, id=n * 100 + alive.index(name))

            # round 1: Bob (never connected) misses the vote's deadline: one miss, no bot yet
            await round_without_bob(victims[0], 1)
            await idle(table, lambda: table.game.to_act() == ("Bob",))
            clock.advance(60)
            await idle(table, lambda: table.game.phase == "dusk")
            assert table.log[-1].data == {"key": "vote-1", "missed": ["Bob"]}
            assert not table.seat("Bob").is_bot and table.missed["Bob"] == 1
            notice = await cl["Ann"].find(lambda f: f["type"] == "notice")
            assert notice["kind"] == "timeout" and notice["missed"] == ["Bob"]
            assert notice["text"] == "Bob missed the deadline."
            clock.advance(30)  # the dusk ends: round 2
            await idle(table, lambda: table.game.phase == "vote")
            await round_without_bob(victims[1], 2)
            await idle(table, lambda: table.game.to_act() == ("Bob",))
            clock.advance(60)  # the second miss in a row: a bot plays Bob's seat
            await idle(table, lambda: table.seat("Bob").is_bot)
            assert [e.kind for e in table.log[-2:]] == ["timeout", "bot"]
            assert table.log[-1].data == {"name": "Bob", "bot_kind": "random", "missed": 2}
            bot_notice = await cl["Ann"].find(lambda f: f["type"] == "notice" and f["kind"] == "bot")
            assert bot_notice["text"] == ("Bob missed 2 deadlines in a row: a bot plays the seat until they "
                                          "come back.")
            upd = await cl["Cid"].until(lambda f: "state" in f and seat_of(f["state"], "Bob")["presence"] == "bot")
            assert seat_of(upd["state"], "Bob")["bot"] is True
            # round 3: the bot votes for Bob at once
            clock.advance(30)
            await idle(table, lambda: table.game.phase == "vote" and "Bob" in table.game.ballots)
            await round_without_bob(victims[2], 3)
            await idle(table, lambda: table.game.phase == "dusk")
            # Bob comes back during the dusk: the seat is his again; his old token still works
            bob = await srv.ws(code, tokens["Bob"])
            snap = await bob.recv()
            assert snap["type"] == "snapshot" and snap["you"]["name"] == "Bob"
            await idle(table)
            assert table.log[-1].kind == "return" and not table.seat("Bob").is_bot
            assert [n["kind"] for n in snap["notices"]][-2:] == ["bot", "return"]
            # round 4: the next decision is Bob's; no bot votes for him
            clock.advance(30)
            await idle(table, lambda: table.game.phase == "vote")
            await asyncio.sleep(0.05)
            assert "Bob" in table.game.to_act() and "Bob" not in table.game.ballots
            state = await bob.until(lambda f: "state" in f and f["state"].get("waiting"))
            assert state["state"]["legal_actions"] and seat_of(state["state"], "Bob")["presence"] == "present"
            target = next(x for x in table.game.alive if x != "Bob")
            await vote(bob, target, id=999)
            assert table.game.ballots["Bob"] == target and table.missed["Bob"] == 0

    run(main())


def test_no_bot_takes_a_seat_when_the_host_turned_it_off(tmp_path):
    async def main():
        clock = ManualClock(T0)
        async with running_server(db(tmp_path), clock=clock) as srv:
            made, _, cl, table = await table_of(srv, ["Bob", "Cid", "Dee", "Eve"], connect=["Ann"],
                                                missed_limit=0)
            for _ in range(2):  # two whole rounds without any vote but the defaults
                clock.advance(60)
                await idle(table, lambda: table.game.is_over or table.game.phase == "dusk")
                if table.game.is_over:
                    break
                clock.advance(30)
                await idle(table, lambda: table.game.is_over or table.game.phase == "vote")
            assert not any(s.is_bot for s in table.seats) and all(e.kind != "bot" for e in table.log)
            r = await srv.http.post("/api/tables", json={"game": "council", "missed_limit": -1})
            assert error_code(r, 400) == "bad_missed_limit"

    run(main())


def test_pause_and_resume_keep_the_remaining_time_across_a_restart(tmp_path):
    url = db(tmp_path)

    async def main():
        clock = ManualClock(T0)
        async with running_server(url, clock=clock) as srv:
            made, tokens, cl, table = await table_of(srv, ["Bob", "Cid"])
            code, host = made["code"], made["host_token"]
            assert table.deadlines() == {"vote-1": T0 + 60}
            clock.advance(20)
            r = await control(srv, code, host, control="pause")
            assert r.status_code == 200 and r.json()["table"]["paused"] is True
            paused = await cl["Bob"].until(lambda f: "state" in f and "paused" in f["state"])
            assert paused["state"]["paused"] == iso(T0 + 20) and paused["state"]["remaining"] == 40
            assert "deadline" not in paused["state"] and paused["state"]["legal_actions"] == []
            # nothing moves while paused: actions wait (posts go on), the clock fires nothing
            await cl["Bob"].send({"type": "action", "id": 5, "action": {"action": "vote", "target": "Cid"}})
            err = await cl["Bob"].until(lambda f: f["type"] == "error")
            assert err["code"] == "paused" and "paused" in err["message"]
            await cl["Bob"].send({"type": "post", "id": 6, "text": "coffee break"})
            await cl["Bob"].until(lambda f: f["type"] == "ack")
            assert error_code(await control(srv, code, host, control="pause"), 409) == "already_paused"
            clock.advance(100)
            await asyncio.sleep(0.05)
            assert table.game.phase == "vote" and table.game.to_act() == ("Ann", "Bob", "Cid")
        clock.advance(50)  # the server is down 50 s during the pause
        async with running_server(url, clock=clock) as srv:
            table = await srv.moderator.table(code)
            assert table.paused and table.deadlines() == {}
            ann = await srv.ws(code, tokens["Ann"])
            snap = await ann.recv()
            assert snap["state"]["remaining"] == 40 and "deadline" not in snap["state"]
            assert [n["kind"] for n in snap["notices"]] == ["pause"]
            resumed_at = clock.now()  # T0 + 170
            r = await control(srv, code, host, control="resume")
            assert r.status_code == 200, r.text
            assert table.deadlines() == {"vote-1": resumed_at + 40}
            upd = await ann.until(lambda f: "state" in f and "deadline" in f["state"])
            assert upd["state"]["deadline"] == iso(T0 + 210) and "paused" not in upd["state"]
            notice = await ann.find(lambda f: f["type"] == "notice" and f["kind"] == "resume")
            assert notice["paused"] == 150
            assert error_code(await control(srv, code, host, control="resume"), 409) == "not_paused"
            clock.advance(39.9)
            await asyncio.sleep(0.05)
            assert table.game.phase == "vote"
            clock.advance(0.1)
            await idle(table, lambda: table.game.phase != "vote")
            assert table.log[-1].at == T0 + 210
        # and once more after a restart: the replayed log gives the same deadlines
        async with running_server(url, clock=clock) as srv:
            table = await srv.moderator.table(code)
            assert table.game.phase != "vote" and [e.kind for e in table.log].count("resume") == 1

    run(main())


def test_extend_and_shorten_the_deadline_and_what_they_refuse(tmp_path):
    async def main():
        clock = ManualClock(T0)
        async with running_server(db(tmp_path), clock=clock) as srv:
            made, tokens, cl, table = await table_of(srv, ["Bob", "Cid"])
            code, host = made["code"], made["host_token"]
            r = await control(srv, code, host, control="extend", seconds=30)
            assert r.status_code == 200, r.text
            assert table.deadlines() == {"vote-1": T0 + 90}
            upd = await cl["Bob"].until(lambda f: "state" in f and f["state"].get("deadline") == iso(T0 + 90))
            assert upd
            notice = await cl["Bob"].find(lambda f: f["type"] == "notice")
            assert notice["text"] == "The host extended the current deadline by 30 seconds."
            clock.advance(10)
            # 80 s are left: shortening by 80 or more is refused (skip ends it now)
            assert error_code(await control(srv, code, host, control="extend", seconds=-80), 400) == "bad_seconds"
            assert error_code(await control(srv, code, host, control="extend", seconds=0), 400) == "bad_seconds"
            r = await control(srv, code, host, control="extend", seconds="ten")
            assert error_code(r, 400) == "bad_request"
            r = await control(srv, code, host, control="extend", seconds=-50)
            assert r.status_code == 200
            assert table.deadlines() == {"vote-1": T0 + 40}
            # a player who is not the host: refused, nothing changed
            before = len(table.log)
            r = await control(srv, code, tokens["Bob"], control="extend", seconds=60)
            assert error_code(r, 403) == "not_host"
            await cl["Bob"].send({"type": "control", "id": 3, "control": "pause"})
            err = await cl["Bob"].until(lambda f: f["type"] == "error")
            assert err["code"] == "not_host" and err["id"] == 3
            assert len(table.log) == before and table.deadlines() == {"vote-1": T0 + 40}
            r = await control(srv, code, host, control="extend", seconds=5, reason="x")
            assert error_code(r, 400) == "bad_control"
            assert error_code(await control(srv, code, host, control="nap"), 400) == "bad_control"
            clock.advance(30)
            await idle(table, lambda: table.game.phase != "vote")
            assert table.log[-1].at == T0 + 40

    run(main())


def test_skip_applies_the_rules_default_now_and_nobody_missed_it(tmp_path):
    async def main():
        clock = ManualClock(T0)
        async with running_server(db(tmp_path), clock=clock) as srv:
            made, tokens, cl, table = await table_of(srv, ["Bob", "Cid", "Dee"])
            code, host = made["code"], made["host_token"]
            await vote(cl["Ann"], "Bob")
            clock.advance(5)
            # the host skips over their own seat's WebSocket
            await cl["Ann"].send({"type": "control", "id": 7, "control": "skip"})
            ack = await cl["Ann"].until(lambda f: f["type"] in ("ack", "error") and f.get("id") == 7)
            assert ack["type"] == "ack", ack
            await idle(table)
            entry = next(e for e in reversed(table.log) if e.kind == "timeout")
            assert entry.data == {"key": "vote-1", "skip": True} and entry.at == T0 + 5
            assert table.missed == {} or set(table.missed.values()) == {0}
            voted = [e for e in table.game.log if e.kind == "voted"]
            assert [(e.data["player"], e.data["by_timeout"]) for e in voted] == [
                ("Ann", False), ("Bob", True), ("Cid", True), ("Dee", True)]
            notice = await cl["Bob"].find(lambda f: f["type"] == "notice")
            assert notice["kind"] == "timeout" and notice["skip"] is True and "missed" not in notice
            if not table.game.is_over:
                assert table.game.phase == "dusk" and table.deadlines() == {"dusk-1": T0 + 35}

    run(main())


def test_void_ends_the_game_without_a_winner_once(tmp_path):
    async def main():
        clock = ManualClock(T0)
        async with running_server(db(tmp_path), clock=clock) as srv:
            made, tokens, cl, table = await table_of(srv, ["Bob", "Cid"])
            code, host = made["code"], made["host_token"]
            assert error_code(await control(srv, code, host, control="void", reason="  "), 400) == "bad_reason"
            r = await control(srv, code, host, control="void", reason="Cid's phone died for good")
            assert r.status_code == 200 and r.json()["table"]["status"] == "over"
            reveal = await cl["Bob"].until(lambda f: f["type"] == "reveal")
            assert reveal["reveal"]["result"]["winner"] is None
            assert reveal["reveal"]["result"]["reason"] == "voided"
            assert reveal["reveal"]["result"]["outcomes"] == {"Ann": "draw", "Bob": "draw", "Cid": "draw"}
            assert table.notices_in("en")[-1]["text"] == ("The host voided the game: it ends without a winner. "
                                                 "Reason: Cid's phone died for good")
            assert error_code(await control(srv, code, host, control="void", reason="again"), 409) == "voided"
            assert error_code(await control(srv, code, host, control="extend", seconds=10), 409) == "voided"
            assert error_code(await control(srv, code, host, control="pause"), 409) == "voided"
            export = (await srv.http.get(f"/api/tables/{code}/export")).json()
            assert verify_export(export).ok, verify_export(export).checks

    run(main())


def test_a_finished_game_refuses_the_controls(tmp_path):
    async def main():
        clock = ManualClock(T0)
        async with running_server(db(tmp_path), clock=clock) as srv:
            made, tokens, cl, table = await table_of(srv, ["Bob", "Cid"])
            code, host = made["code"], made["host_token"]
            while not table.game.is_over:
                clock.advance(60)
                await idle(table)
            for body in ({"control": "extend", "seconds": 10}, {"control": "pause"}, {"control": "skip"}):
                r = await control(srv, code, host, **body)
                assert error_code(r, 409) == "game_over"

    run(main())


def test_an_untimed_tables_pause_names_no_clock(tmp_path):
    # an untimed table has no clocks: its pause and resume notices say only that the game is
    # paused or resumed; a timed table's say the clocks stop and run again
    async def main():
        clock = ManualClock(T0)
        async with running_server(db(tmp_path), clock=clock) as srv:
            made, tokens, cl, table = await table_of(srv, ["Bob", "Cid"], connect=["Bob"], pace="untimed")
            code, host = made["code"], made["host_token"]
            assert (await control(srv, code, host, control="pause")).status_code == 200
            assert (await control(srv, code, host, control="resume")).status_code == 200
            notices = [(await cl["Bob"].until(lambda f: f["type"] == "notice"))["text"] for _ in range(2)]
            assert notices == ["The host paused the game.", "The host resumed the game."]
            german = await srv.ws(code, hello=False)
            await german.send({"type": "hello", "token": tokens["Cid"], "lang": "de"})
            snap = await german.until(lambda f: f["type"] == "snapshot")
            assert [n["text"] for n in snap["notices"]] == ["Der Gastgeber hat das Spiel pausiert.",
                                                            "Der Gastgeber hat das Spiel fortgesetzt."]

            made, tokens, cl, table = await table_of(srv, ["Bob", "Cid"], connect=["Bob"])  # turbo: clocks run
            assert (await control(srv, made["code"], made["host_token"], control="pause")).status_code == 200
            notice = await cl["Bob"].until(lambda f: f["type"] == "notice")
            assert notice["text"] == "The host paused the game: every clock is stopped."

    run(main())


def test_the_host_role_passes_to_the_next_present_player_when_the_host_is_away(tmp_path):
    async def main():
        clock = ManualClock(T0)
        async with running_server(db(tmp_path), clock=clock) as srv:
            # untimed: no deadline ends the game meanwhile
            made, tokens, cl, table = await table_of(srv, ["Bob", "Cid", "Dee"], connect=["Ann", "Cid", "Dee"],
                                                     pace="untimed")
            code, host = made["code"], made["host_token"]
            assert table.host == "Ann"
            await cl["Ann"].close()
            await idle(table, lambda: table.seat("Ann").connections == 0)
            clock.advance(20)  # Ann's seat shows away after 20 s
            upd = await cl["Cid"].until(lambda f: "state" in f and seat_of(f["state"], "Ann")["presence"] == "away")
            assert upd["state"]["host"] == "Ann"
            clock.advance(99.9)
            await asyncio.sleep(0.05)
            assert table.host == "Ann"
            clock.advance(0.1)  # 120 s: Bob (never connected) is skipped, Cid is next and present
            await idle(table, lambda: table.host == "Cid")
            assert table.log[-1].kind == "host" and table.log[-1].data == {"name": "Cid", "reason": "away"}
            notice = await cl["Dee"].find(lambda f: f["type"] == "notice" and f["kind"] == "host")
            assert notice["text"] == "The host was away too long: Cid is the host now."
            # the old host token lost the role; Cid's seat has it
            assert error_code(await control(srv, code, host, control="pause"), 403) == "not_host"
            r = await control(srv, code, tokens["Cid"], control="pause")
            assert r.status_code == 200
            # Cid passes the role on to Dee over the WebSocket
            await cl["Cid"].send({"type": "control", "id": 1, "control": "host", "name": "Dee"})
            await cl["Cid"].until(lambda f: f["type"] == "ack" and f["id"] == 1)
            assert table.host == "Dee"
            assert error_code(await control(srv, code, tokens["Cid"], control="resume"), 403) == "not_host"

    run(main())


def test_a_substitute_link_opens_the_seat_once_and_shows_exactly_what_the_seat_knew(tmp_path):
    async def main():
        clock = ManualClock(T0)
        async with running_server(db(tmp_path), clock=clock) as srv:
            made, tokens, cl, table = await table_of(srv, ["Bob", "Cid", "Dee"])
            code, host = made["code"], made["host_token"]
            await cl["Bob"].send({"type": "post", "id": 1, "text": "I am loyal"})
            await cl["Bob"].until(lambda f: f["type"] == "ack")
            await vote(cl["Bob"], "Cid", id=2)
            seen_by_bob = strip_nulls(table.game.observer("Bob").snapshot())
            r = await control(srv, code, host, control="replace", name="bob", by="substitute")
            assert r.status_code == 200, r.text
            out = r.json()
            assert out["name"] == "Bob" and out["link"].endswith(f"/?join={code}&claim={out['claim']}&seat=Bob")
            # the old player is told and closed; the old token no longer opens the seat
            err = await cl["Bob"].until(lambda f: f["type"] == "error")
            assert err["code"] == "substituted"
            old = await srv.ws(code, tokens["Bob"])
            assert (await old.recv())["code"] == "bad_token"
            notice = await cl["Ann"].find(lambda f: f["type"] == "notice")
            assert notice == {"type": "notice", "seq": notice["seq"], "kind": "substitute", "at": iso(T0),
                              "name": "Bob", "text": "The host is handing Bob's seat to a substitute player."}
            # the link works once
            r = await srv.http.post(f"/api/tables/{code}/claim", json={"claim": out["claim"]})
            assert r.status_code == 201, r.text
            new_token = r.json()["token"]
            assert r.json()["name"] == "Bob" and new_token != tokens["Bob"]
            r2 = await srv.http.post(f"/api/tables/{code}/claim", json={"claim": out["claim"]})
            assert error_code(r2, 409) == "claim_used"
            assert error_code(await srv.http.post(f"/api/tables/{code}/claim", json={"claim": "guess"}),
                              403) == "bad_claim"
            new = await srv.ws(code, new_token)
            snap = await new.recv()
            assert snap["you"]["name"] == "Bob" and snap["state"]["view"] == seen_by_bob
            assert [e["text"] for e in snap["events"] if e["kind"] == "post"] == ["I am loyal"]
            ballots = [e for e in snap["events"] if e["kind"] == "ballot"]
            assert [b["target"] for b in ballots] == ["Cid"]  # the seat's own secret ballot, nobody else's
            assert seat_of(snap["state"], "Bob")["substitutes"] == 1
            # the substitute plays on; the game ends; nothing they were sent went beyond the seat's knowledge
            r = await control(srv, code, host, control="void", reason="test over")
            assert r.status_code == 200
            await new.until(lambda f: f["type"] == "reveal")
            export = (await srv.http.get(f"/api/tables/{code}/export")).json()
            frames = SimpleNamespace(frames=[json.loads(t) for t in new.raw])
            check_frames(frames, export, "Bob")
            old_frames = SimpleNamespace(frames=[json.loads(t) for t in cl["Bob"].raw])
            check_frames(old_frames, export, "Bob")

    run(main())


def test_kick_a_spectator_and_listed_tables(tmp_path):
    async def main():
        clock = ManualClock(T0)
        async with running_server(db(tmp_path), clock=clock) as srv:
            made, tokens, cl, table = await table_of(srv, ["Bob", "Cid"])
            code, host = made["code"], made["host_token"]
            spec = await srv.ws(code, spectator=True)
            await spec.recv()
            upd = await cl["Ann"].until(lambda f: "state" in f and f["state"].get("spectators"))
            number = upd["state"]["spectators"][0]
            assert error_code(await control(srv, code, host, control="kick", spectator=number + 5), 404) \
                == "unknown_spectator"
            r = await control(srv, code, host, control="kick", spectator=number)
            assert r.status_code == 200
            err = await spec.until(lambda f: f["type"] == "error")
            assert err["code"] == "kicked"
            notice = await cl["Bob"].find(lambda f: f["type"] == "notice")
            assert notice["text"] == f"The host sent spectator {number} away."
            # tables are private unless listed
            private = await srv.create(game="council")
            listed = await srv.create(game="council", listed=True)
            codes = [t["code"] for t in (await srv.http.get("/api/tables")).json()]
            assert listed["code"] in codes and private["code"] not in codes
            assert listed["table"]["listed"] is True and private["table"]["listed"] is False

    run(main())


def test_a_seatless_host_keeps_the_role_until_they_connect_as_the_host_and_then_leave(tmp_path):
    async def main():
        clock = ManualClock(T0)
        async with running_server(db(tmp_path), clock=clock) as srv:
            made = await srv.create(game="council", pace="turbo")
            code, host = made["code"], made["host_token"]
            tokens = {n: await srv.join(code, n) for n in ("Ann", "Bob", "Cid")}
            ann = await srv.ws(code, tokens["Ann"])
            await ann.recv()
            await srv.start(code, host)
            table = srv.moderator.tables[made["table"]["id"]]
            clock.advance(59)  # a host who only uses the API (never said hello as the host)
            await idle(table)
            assert table.host is None and table.host_token_live
            watcher = await srv.ws(code, hello=False)
            await watcher.send({"type": "hello", "spectator": True, "host_token": host})
            snap = await watcher.recv()
            assert snap["you"] == {"name": None, "spectator": True, "host": True}
            await watcher.send({"type": "control", "id": 1, "control": "extend", "seconds": 600})
            await watcher.until(lambda f: f["type"] == "ack")
            await watcher.close()
            await idle(table, lambda: table.host_connections == 0)
            clock.advance(120)
            await idle(table, lambda: table.host == "Ann")
            assert table.log[-1].data == {"name": "Ann", "reason": "away"}
            bad = await srv.ws(code, hello=False)
            await bad.send({"type": "hello", "spectator": True, "host_token": "guess"})
            assert (await bad.recv())["code"] == "not_host"

    run(main())


def test_a_stand_in_bot_and_presence_survive_a_restart_and_the_player_returns_after_it(tmp_path):
    url = db(tmp_path)

    async def main():
        clock = ManualClock(T0)
        async with running_server(url, clock=clock) as srv:
            others = ["Cid", "Dee", "Eve"]
            made, tokens, cl, table = await table_of(srv, ["Bob"] + others, connect=["Ann"] + others,
                                                     missed_limit=1)
            code = made["code"]
            victim = next(n for n in others if n != table.game.traitor)
            for name in ["Ann"] + others:
                await vote(cl[name], victim if name != victim else "Ann", id=len(name))
            clock.advance(60)  # Bob's one allowed miss: a stand-in bot from now on
            await idle(table, lambda: table.seat("Bob").is_bot)
        clock.advance(5)
        async with running_server(url, clock=clock) as srv:
            table = await srv.moderator.table(code)
            bob_seat = table.seat("Bob")
            assert bob_seat.is_bot and bob_seat.stand_in and bob_seat.presence == "bot"
            # a restart is a reconnect like any other: nobody is connected; after 20 s, away
            assert table.seat("Cid").presence == "present"
            clock.advance(20)
            await idle(table, lambda: table.seat("Cid").away)
            assert table.public_info()["seats"][2]["presence"] == "away"
            bob = await srv.ws(code, tokens["Bob"])
            snap = await bob.recv()
            assert snap["type"] == "snapshot" and seat_of(snap["state"], "Bob")["presence"] == "present"
            assert table.log[-1].kind == "return" and not table.seat("Bob").is_bot

    run(main())


def test_notices_are_told_in_the_connections_language():
    from hiddenrole.server.notices import notice_text

    assert notice_text("timeout", {"missed": ["Bob", "Cid"]}, "en") == "Bob and Cid missed the deadline."
    assert notice_text("timeout", {"missed": ["Bob", "Cid"]}, "de") == "Frist verpasst: Bob und Cid."
    assert notice_text("extend", {"seconds": -30.5}, "de") == "Der Gastgeber hat die aktuelle Frist um 30,5 Sekunden verkürzt."
    assert notice_text("pause", {}, "de") == "Der Gastgeber hat das Spiel pausiert: Alle Uhren stehen still."
    assert notice_text("pause", {"untimed": True}, "de") == "Der Gastgeber hat das Spiel pausiert."
    assert notice_text("resume", {"untimed": True}, "en") == "The host resumed the game."
    assert notice_text("host", {"name": "Cid", "reason": "away"}, "de") == "Der Gastgeber war zu lange weg: Cid ist jetzt Gastgeber."
    with pytest.raises(KeyError):
        notice_text("missed", {})


def test_only_a_persons_seat_can_be_handed_to_a_new_person(tmp_path):
    # A bot's seat from the start has no player to replace: the host page does not offer a
    # substitute link for it (its seat says ``bot_seat``), and the control is refused in one
    # sentence, nothing changed. A person's seat, or one a bot stands in for, can be handed on.
    async def main():
        clock = ManualClock(T0)
        async with running_server(db(tmp_path), clock=clock) as srv:
            made = await srv.create(game="council", host_name="Ann", pace="turbo")
            code, host = made["code"], made["host_token"]
            await srv.join(code, "Bob")
            r = await srv.http.post(f"/api/tables/{code}/bots", json={"count": 1},
                                    headers={"Authorization": f"Bearer {host}"})
            bot = r.json()["seats"][-1]
            assert bot["bot"] is True and bot["bot_seat"] is True
            await srv.start(code, host)
            table = srv.moderator.tables[made["table"]["id"]]
            await idle(table, lambda: table.game is not None)
            r = await control(srv, code, host, control="replace", name=bot["name"], by="substitute")
            assert error_code(r, 409) == "bot_seat"
            assert r.json()["error"]["message"] == (f"{bot['name']}’s seat has been a bot’s from the start: only a "
                                                    "person’s seat can be handed to a new person.")
            seats = {s["name"]: s for s in table.public_info()["seats"]}
            assert seats[bot["name"]]["bot_seat"] is True and "bot_seat" not in seats["Bob"]
            assert not table.claims  # no link was made
            r = await control(srv, code, host, control="replace", name="Bob", by="substitute")
            assert r.status_code == 200 and r.json()["name"] == "Bob"

    run(main())


def test_notices_keep_their_place_in_each_viewers_feed_after_a_reload(tmp_path):
    # Council: at the start Bob sees his role and "round 1" (2 events), Cid the same. The
    # host pauses and resumes there; Ann votes (public "voted", her private ballot), Bob
    # votes (the same); then the host extends the deadline. A fresh snapshot places each
    # notice after the events of that viewer that came before it: Bob's own ballot counts
    # for Bob, nobody else's.
    async def main():
        clock = ManualClock(T0)
        async with running_server(db(tmp_path), clock=clock) as srv:
            made, tokens, cl, table = await table_of(srv, ["Bob", "Cid"])
            code, host = made["code"], made["host_token"]
            assert (await control(srv, code, host, control="pause")).status_code == 200
            assert (await control(srv, code, host, control="resume")).status_code == 200
            await vote(cl["Ann"], "Bob")
            await vote(cl["Bob"], "Cid")
            assert (await control(srv, code, host, control="extend", seconds=60)).status_code == 200
            await idle(table)
            for name, pos, events in (("Bob", [2, 2, 5], 5), ("Cid", [2, 2, 4], 4), ("Ann", [2, 2, 5], 5)):
                again = await srv.ws(code, tokens[name])
                snap = await again.recv()
                assert len(snap["events"]) == events
                assert [(n["kind"], n["pos"]) for n in snap["notices"]] == list(zip(["pause", "resume", "extend"], pos))
            spectator = await srv.ws(code, None, spectator=True)
            snap = await spectator.recv()
            assert [n["pos"] for n in snap["notices"]] == [1, 1, 3]  # "round 1", then the two "voted"

    run(main())
