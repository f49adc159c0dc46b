"""REST and WebSocket behaviour on the test game, through a real uvicorn server."""

from __future__ import annotations

import asyncio

import pytest
from srv_helpers import running_server

from hiddenrole.server import ManualClock

pytestmark = pytest.mark.usefixtures("council")


def run(coro):
    return asyncio.run(coro)


def db(tmp_path):
    return f"sqlite+aiosqlite:///{tmp_path}/hiddenrole.db"


def test_create_join_start_and_play_a_whole_game(tmp_path):
    async def main():
        clock = ManualClock()
        async with running_server(db(tmp_path), clock=clock) as srv:
            made = await srv.create(game="council", pace="untimed", host_name="Ann", listed=True)
            code, host = made["code"], made["host_token"]
            assert len(code) == 6 and made["join_url"].endswith(f"/?join={code}")
            assert made["table"]["options"]["pace"] == "untimed"  # the untimed pace chose the game's untimed
            tokens = {"Ann": made["seat"]["token"]}
            for name in ("Bob", "Cid", "Dee"):
                tokens[name] = await srv.join(code, name)
            listed = (await srv.http.get("/api/tables")).json()
            assert code in [t["code"] for t in listed]
            clients = {n: await srv.ws(code, t) for n, t in tokens.items()}
            for n, c in clients.items():
                snap = await c.recv()
                assert snap["type"] == "snapshot" and snap["seq"] == 1 and snap["you"]["name"] == n
                assert snap["state"]["status"] == "lobby"
            started = await srv.start(code, host)
            assert started["status"] == "running" and len(started["commitment"]) == 64
            assert "seed" not in started and "salt" not in started
            assert code not in [t["code"] for t in (await srv.http.get("/api/tables")).json()]
            msg_id = 0
            while True:
                acted = False
                for n, c in clients.items():
                    await c.drain(0.02)
                    st = c.state
                    if st.get("view", {}).get("over"):
                        continue
                    if st.get("legal_actions"):
                        msg_id += 1
                        await c.send({"type": "action", "id": msg_id, "action": st["legal_actions"][0]})
                        ack = await c.until(lambda f: f["type"] in ("ack", "error"))
                        assert ack == {"type": "ack", "seq": ack["seq"], "id": msg_id}
                        acted = True
                if not acted:
                    break
            for c in clients.values():
                reveal = await c.find(lambda f: f["type"] == "reveal")
                assert reveal["reveal"]["result"]["winner"] in ("loyal", "traitor")
                seqs = [f["seq"] for f in c.frames]
                assert seqs == list(range(1, len(seqs) + 1))  # every server message numbered in order
            got = (await srv.http.get(f"/api/tables/{code}")).json()
            info = got["table"]
            assert info["status"] == "over" and isinstance(info["seed"], int)
            assert got["reveal"]["salt"] == info["salt"] and got["reveal"]["events"]
            # the seed also as text: a browser's doubles round seeds above 2**53
            assert got["reveal"]["seed_text"] == str(info["seed"]) == str(got["reveal"]["seed"])
            export = (await srv.http.get(f"/api/tables/{code}/export")).json()
            from hiddenrole.server import verify_export
            check = verify_export(export)
            assert check.ok, check.checks
            steps = export["entries"]
            first = (await srv.http.get(f"/api/tables/{code}/replay/0")).json()
            last = (await srv.http.get(f"/api/tables/{code}/replay/{len(steps)}")).json()
            assert first["phase"] == "vote" and last["phase"] == "over"
            # the jumps: events after each step, counted once for the whole game
            counts = last["event_counts"]
            assert first["event_counts"] == counts and len(counts) == len(steps) + 1
            assert counts == sorted(counts) and counts[-1] == len(last["events"]) and counts[0] == len(first["events"])
            # every event told in words, in the language asked for
            told = (await srv.http.get(f"/api/tables/{code}/replay/{len(steps)}?lang=de")).json()
            assert [e["kind"] for e in told["events"]] == [e["kind"] for e in last["events"]]
            assert all(isinstance(e["narration"], list) and all(isinstance(x, str) for x in e["narration"])
                       for e in told["events"])
            # what the step did, in sentences: the narration of the events it added (the replay's
            # label of the step), in the language asked for (else the request's: English here)
            added = told["events"][counts[-2]:]
            assert added and told["told"] == [s for e in added for s in e["narration"]]
            assert len(last["told"]) == len(told["told"])  # (the test game has no German catalog)
            bad = await srv.http.get(f"/api/tables/{code}/replay/{len(steps) + 1}")
            assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_step"

    run(main())


def test_bad_table_requests_get_clear_errors(tmp_path):
    async def main():
        async with running_server(db(tmp_path), clock=ManualClock()) as srv:
            async def err(method, path, body=None, token=None):
                headers = {"Authorization": f"Bearer {token}"} if token else {}
                r = await srv.http.request(method, path, json=body, headers=headers)
                assert r.status_code >= 400
                return r.status_code, r.json()["error"]["code"], r.json()["error"]["message"]

            s, c, m = await err("POST", "/api/tables", {"game": "chess"})
            assert (s, c) == (400, "bad_game") and m.startswith("unknown game 'chess' (known games: ")
            assert "council" in m
            s, c, m = await err("POST", "/api/tables", {"game": "council", "options": {"vote_seconds": -5}})
            assert (s, c, m) == (400, "bad_option", "“vote seconds” must be a whole number from 1 to 3600.")
            s, c, m = await err("POST", "/api/tables", {"game": "council", "options": {"colour": "red"}})
            assert c == "bad_option" and m.endswith(" has no option “colour”.")
            s, c, m = await err("POST", "/api/tables", {"game": "council", "pace": "slow"})
            assert c == "bad_pace" and "turbo, fast, untimed" in m
            s, c, m = await err("POST", "/api/tables", {"game": "council", "pace": "fast"})
            assert c == "bad_pace" and "factor" in m
            s, c, m = await err("POST", "/api/tables", {"game": "council", "bots": 8})
            assert c == "bad_bots" and "at most 7" in m
            made = await srv.create(game="council", pace="fast", factor=10, bots=1)
            code, host = made["code"], made["host_token"]
            await srv.join(code, "Ann")
            s, c, m = await err("POST", f"/api/tables/{code}/join", {"name": "ann"})
            assert (s, c) == (409, "name_taken")
            s, c, m = await err("POST", f"/api/tables/{code}/join", {"name": "  "})
            assert c == "bad_name"
            s, c, m = await err("POST", f"/api/tables/{code}/start", token=host)
            assert c == "bad_setup" and "needs 3 to 7 players; seated now: 2" in m
            s, c, m = await err("POST", f"/api/tables/{code}/start", token="nope")
            assert (s, c) == (403, "not_host")
            s, c, m = await err("POST", f"/api/tables/{code}/kick", {"name": "Zed"}, token=host)
            assert (s, c) == (404, "unknown_player")
            s, c, m = await err("GET", "/api/tables/ZZZZZZ")
            assert (s, c) == (404, "no_table")
            s, c, m = await err("GET", f"/api/tables/{code}/export")
            assert c == "not_started" or c == "not_over"

    run(main())


def test_kick_before_start_and_lobby_expiry(tmp_path):
    async def main():
        clock = ManualClock()
        async with running_server(db(tmp_path), clock=clock) as srv:
            made = await srv.create(game="council", bots=2)
            code, host = made["code"], made["host_token"]
            token = await srv.join(code, "Ann")
            ann = await srv.ws(code, token)
            assert (await ann.recv())["type"] == "snapshot"
            r = await srv.http.post(f"/api/tables/{code}/kick", json={"name": "Ann"},
                                    headers={"Authorization": f"Bearer {host}"})
            assert r.status_code == 200 and [s["name"] for s in r.json()["seats"]] == ["Bot 1", "Bot 2"]
            kicked = await ann.until(lambda f: f["type"] == "error")
            assert kicked["code"] == "kicked"
            again = await srv.ws(code, token)
            assert (await again.recv())["code"] == "bad_token"
            r = await srv.http.post(f"/api/tables/{code}/bots", json={"count": 1},
                                    headers={"Authorization": f"Bearer {host}"})
            assert [s["name"] for s in r.json()["seats"]] == ["Bot 1", "Bot 2", "Bot 3"]
            clock.advance(25 * 3600)
            r = await srv.http.post(f"/api/tables/{code}/join", json={"name": "Late"})
            assert r.status_code == 410 and r.json()["error"]["code"] == "table_expired"
            late = await srv.ws(code, None, spectator=True)
            assert (await late.recv())["code"] == "table_expired"

    run(main())


def test_what_json_has_not_or_a_parser_cannot_take_is_refused_and_the_connection_survives(tmp_path):
    """NaN and Infinity (Python's json module takes them, JSON has not: echoed back they
    would make a frame no browser parses), a 5,000-digit number, 50,000 nested brackets:
    each a one-line bad_json error; the connection answers the next ping."""
    async def main():
        async with running_server(db(tmp_path), clock=ManualClock()) as srv:
            code = (await srv.create(game="council", pace="untimed"))["code"]
            ws = await srv.ws(code, spectator=True)
            await ws.until(lambda f: f["type"] == "snapshot")
            for text in ('{"type": "ping", "id": NaN}', '{"type": "ping", "id": -Infinity}',
                         '{"type": "ping", "id": ' + "9" * 5000 + "}", "[" * 50000):
                await ws.send(text)
                frame = await ws.until(lambda f: f["type"] in ("error", "pong"))
                assert frame["type"] == "error" and frame["code"] == "bad_json", frame
                assert "not plain JSON" in frame["message"] and "\n" not in frame["message"]
                assert len(frame["message"]) < 200 and frame["id"] is None
            await ws.send({"type": "ping", "id": 1})
            last = await ws.until(lambda f: f["type"] in ("error", "pong"))
            assert last["type"] == "pong", last

    asyncio.run(main())


def test_websocket_bad_input_gets_errors_and_the_connection_survives(tmp_path):
    async def main():
        async with running_server(db(tmp_path), clock=ManualClock()) as srv:
            made = await srv.create(game="council", pace="untimed", host_name="Ann", bots=2)
            other = await srv.create(game="council", host_name="Zed")
            code = made["code"]
            ws = await srv.ws(code, hello=False)

            async def expect(message, code_, text=None):
                await ws.send(message)
                frame = await ws.until(lambda f: f["type"] in ("error", "ack", "snapshot", "pong"))
                assert frame["type"] == "error" and frame["code"] == code_, frame
                if text:
                    assert text in frame["message"], frame["message"]
                return frame

            await expect("{not json", "bad_json", "not valid JSON")
            await expect("[1, 2]", "bad_message")
            await expect({"type": "action", "action": {"action": "vote"}}, "not_authenticated")
            await expect({"type": "dance"}, "unknown_type", "'dance'")
            await expect({"type": "hello", "token": "guess"}, "bad_token")
            await expect({"type": "hello", "token": other["seat"]["token"]}, "wrong_table",
                         "another table")
            await expect({"type": "hello"}, "bad_token")
            await expect("x" * (64 * 1024 + 1), "too_large", "64 KiB")
            await ws.send({"type": "hello", "token": made["seat"]["token"]})
            snap = await ws.until(lambda f: f["type"] == "snapshot")
            assert snap["you"] == {"name": "Ann", "spectator": False}
            await expect({"type": "action", "id": 1, "action": {"action": "vote", "target": "Bot 1"}},
                         "not_started")
            await srv.start(code, made["host_token"])
            await ws.until(lambda f: f["type"] == "update" and f["state"]["status"] == "running")
            await expect({"type": "action", "id": 2, "action": {"action": "vote", "target": "Ann"}},
                         "illegal_action", "That move is not one of your choices now: Vote to exile a living player.")
            await expect({"type": "action", "id": 3, "action": {"action": "vote"}}, "illegal_action",
                         "That move is not one of your choices now: Vote to exile a living player.")
            await expect({"type": "action", "id": 4, "action": {"action": "fly", "target": "Bot 1"}},
                         "illegal_action", "That move is not one of your choices now: Vote to exile a living player.")
            await expect({"type": "action", "id": 5, "action": {"player": "Bot 1", "action": "vote",
                                                                "target": "Ann"}},
                         "illegal_action", "cannot act for 'Bot 1'")
            await expect({"type": "action", "id": 6, "action": "vote"}, "bad_message")
            await expect({"type": "post", "id": 7, "text": ""}, "bad_message")
            # nothing changed: Ann still has her vote to cast
            await ws.send({"type": "resync"})
            snap = await ws.until(lambda f: f["type"] == "snapshot")
            assert snap["state"]["waiting"] is True and len(snap["state"]["legal_actions"]) == 2
            await ws.send({"type": "post", "id": 8, "text": "hello all"})
            assert (await ws.until(lambda f: f["type"] == "ack"))["id"] == 8
            # the flood limit: of 30 quick messages, more than 20 in the second are refused
            for i in range(30):
                await ws.send({"type": "ping", "id": i})
            frames = [await ws.until(lambda f: f["type"] in ("pong", "error")) for _ in range(30)]
            pongs = [f for f in frames if f["type"] == "pong"]
            floods = [f for f in frames if f["type"] == "error"]
            assert len(pongs) <= 20 and floods and all(f["code"] == "flood" for f in floods)
            assert all(f["id"] is None and len(f["message"]) < 100 for f in floods)  # nothing echoed
            srv.moderator.clock.advance(1.01)  # the server's (manual) clock: a second later
            await ws.send({"type": "ping", "id": "after"})
            assert (await ws.until(lambda f: f["type"] in ("pong", "error")))["type"] == "pong"
            # a second hello is refused, and a spectator cannot act
            await expect({"type": "hello", "token": made["seat"]["token"]}, "already_joined")
            spec = await srv.ws(code, spectator=True)
            snap = await spec.recv()
            assert snap["you"] == {"name": None, "spectator": True} and snap["state"]["legal_actions"] == []
            await spec.send({"type": "action", "action": {"action": "vote", "target": "Ann"}})
            assert (await spec.recv())["code"] == "spectator"

    run(main())


def test_disconnect_marks_away_and_reconnect_restores_seat_and_prompt(tmp_path):
    async def main():
        async with running_server(db(tmp_path), clock=ManualClock()) as srv:
            made = await srv.create(game="council", host_name="Ann", bots=0)
            code, host = made["code"], made["host_token"]
            bob = await srv.join(code, "Bob")
            await srv.join(code, "Cid")
            ann = await srv.ws(code, made["seat"]["token"])
            await ann.recv()
            b = await srv.ws(code, bob)
            await b.recv()
            await srv.start(code, host)
            before = await b.until(lambda f: f["type"] == "update" and f["state"]["status"] == "running")
            await b.close()
            away = await ann.until(lambda f: f["type"] == "update" and not next(
                s for s in f["state"]["seats"] if s["name"] == "Bob")["connected"])
            assert away["state"]["seats"][1] == {"name": "Bob", "bot": False, "connected": False, "presence": "present"}
            b2 = await srv.ws(code, bob)
            snap = await b2.recv()
            assert snap["type"] == "snapshot" and snap["you"]["name"] == "Bob"
            assert snap["state"]["legal_actions"] == before["state"]["legal_actions"]
            assert snap["state"]["waiting"] is True and snap["state"]["view"]["private"]["role"] in ("loyal", "traitor")
            back = await ann.until(lambda f: f["type"] == "update" and next(
                s for s in f["state"]["seats"] if s["name"] == "Bob")["connected"])
            assert back
            # the host can replace only an absent player
            r = await srv.http.post(f"/api/tables/{code}/replace", json={"name": "Bob"},
                                    headers={"Authorization": f"Bearer {host}"})
            assert r.status_code == 409 and r.json()["error"]["code"] == "not_absent"
            await b2.close()
            await ann.until(lambda f: f["type"] == "update" and not f["state"]["seats"][1]["connected"])
            r = await srv.http.post(f"/api/tables/{code}/replace", json={"name": "Bob"},
                                    headers={"Authorization": f"Bearer {host}"})
            assert r.status_code == 200 and r.json()["seats"][1] == {"name": "Bob", "bot": True, "connected": True, "presence": "replaced"}
            # the bot voted for Bob at once
            upd = await ann.until(lambda f: f["type"] == "update" and "Bob" in f["state"]["view"]["board"]["voted"])
            assert upd
            b3 = await srv.ws(code, bob)
            assert (await b3.recv())["code"] == "bad_token"

    run(main())
