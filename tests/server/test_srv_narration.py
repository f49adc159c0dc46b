"""Narration over the server (docs/protocol.md, issue 13): hello's language, switching it, an
unknown language told in English with a note, a narration on every event and on the state,
and the game list in the language asked for."""

from __future__ import annotations

import asyncio
import re

import pytest
from srv_helpers import running_server

from hiddenrole.engine import available_games

pytestmark = pytest.mark.skipif("secret-hitler" not in available_games(), reason="secret-hitler not installed")


def db(tmp_path):
    return f"sqlite+aiosqlite:///{tmp_path}/hiddenrole.db"


async def table_with_ann(srv):
    """A Secret Hitler table (official rules, untimed): Ann seated, 4 bots; not started."""
    made = await srv.create(game="secret-hitler", options={"variant": "official"}, pace="untimed", bots=4)
    code = made["code"]
    token = await srv.join(code, "Ann")
    return made, code, token


async def started(srv, made, ws):
    await srv.start(made["code"], made["host_token"])
    return await ws.until(lambda f: f["type"] == "update" and f["state"]["status"] == "running")


def test_hello_lang_gives_german_narration_on_events_and_state(tmp_path):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            made, code, token = await table_with_ann(srv)
            await srv.start(code, made["host_token"])
            ws = await srv.ws(code, hello=False)
            await ws.send({"type": "hello", "token": token, "lang": "de-AT"})
            snap = await ws.until(lambda f: f["type"] == "snapshot")
            assert snap["lang"] == "de" and "lang_note" not in snap
            events = snap["events"]
            assert events and all(e["narration"] and all(isinstance(s, str) for s in e["narration"]) for e in events)
            first = events[0]
            assert first["kind"] == "player_list"
            assert first["narration"][0].startswith("Der Mod hat die Spielerliste gepostet: ")
            role = next(e for e in events if e["kind"] == "role")
            assert role["narration"][0] in ("Du bist ein Liberaler.", "Du bist ein Faschist.", "Du bist Hitler.")
            told = snap["state"]["narration"]
            assert told["phase"].startswith("Wahlrunde 1: ")
            assert "prompt" not in told or told["prompt"]["title"]
    asyncio.run(main())


def test_lang_message_switches_and_sends_a_fresh_snapshot(tmp_path):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            made, code, token = await table_with_ann(srv)
            await srv.start(code, made["host_token"])
            ws = await srv.ws(code, token)
            snap = await ws.until(lambda f: f["type"] == "snapshot")
            assert snap["lang"] == "en"
            assert snap["events"][0]["narration"][0].startswith("The Mod posted the player list: ")
            await ws.send({"type": "lang", "lang": "de", "id": 7})
            again = await ws.until(lambda f: f["type"] == "snapshot")
            assert again["lang"] == "de"
            assert again["events"][0]["narration"][0].startswith("Der Mod hat die Spielerliste gepostet: ")
            # everything so far again (the bots may have voted meanwhile), in German
            kinds = [e["kind"] for e in snap["events"]]
            assert [e["kind"] for e in again["events"]][:len(kinds)] == kinds
    asyncio.run(main())


@pytest.mark.parametrize("asked", ["xx", "klingon-KL", 5, ""])
def test_an_unknown_language_is_english_with_a_note(tmp_path, asked):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            made, code, token = await table_with_ann(srv)
            await srv.start(code, made["host_token"])
            ws = await srv.ws(code, hello=False)
            await ws.send({"type": "hello", "token": token, "lang": asked})
            snap = await ws.until(lambda f: f["type"] == "snapshot")
            assert snap["lang"] == "en"
            assert "English is used instead" in snap["lang_note"] and "\n" not in snap["lang_note"]
            assert snap["events"][0]["narration"][0].startswith("The Mod posted the player list: ")
            # the note is said once: a resync does not repeat it
            await ws.send({"type": "resync", "id": 1})
            again = await ws.until(lambda f: f["type"] == "snapshot")
            assert "lang_note" not in again
    asyncio.run(main())


def test_updates_carry_narrated_events_and_the_state_narration_in_each_connections_language(tmp_path):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            made, code, token = await table_with_ann(srv)
            en = await srv.ws(code, token)
            de = await srv.ws(code, hello=False)
            await de.send({"type": "hello", "token": token, "lang": "de"})
            await en.until(lambda f: f["type"] == "snapshot")
            await de.until(lambda f: f["type"] == "snapshot")
            await srv.start(code, made["host_token"])
            for ws in (en, de):
                await ws.until(lambda f: f["type"] == "update" and f["state"]["status"] == "running")
            # play Ann's choices until a vote result came: every update's events are narrated
            seen: dict[str, list[str]] = {}
            for _ in range(200):
                state = en.state
                if state["view"].get("over"):
                    break
                if state["legal_actions"]:
                    await en.send({"type": "action", "id": 1, "action": state["legal_actions"][0]})
                frame = await en.until(lambda f: f["type"] == "update" and (f["events"] or f["patch"]))
                for e in frame["events"]:
                    assert e["narration"], e
                    seen.setdefault(e["kind"], e["narration"])
                if "vote_result" in seen:
                    break
            assert "vote_result" in seen and re.search(r"\d+ yes, \d+ no\.$", seen["vote_result"][0])
            await de.until(lambda f: f["type"] == "update" and any(e["kind"] == "vote_result" for e in f["events"]))
            told = de.frames[-1]["events"]
            german = next(e for e in told if e["kind"] == "vote_result")["narration"][0]
            assert re.search(r"\d+ Ja, \d+ Nein\.$", german)
            assert set(en.state["narration"]) >= {"phase"} and set(de.state["narration"]) >= {"phase"}
            assert en.state["narration"]["phase"] != de.state["narration"]["phase"]
    asyncio.run(main())


RAW = re.compile(r"[{}\[\]]|\w_\w|Ruling \d")


def test_the_game_list_speaks_the_language_asked_for(tmp_path):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            en = (await srv.http.get("/api/games")).json()
            de = (await srv.http.get("/api/games", params={"lang": "de"})).json()
            header = (await srv.http.get("/api/games", headers={"Accept-Language": "fr;q=0.9, de-CH;q=0.8"})).json()
            assert [g["lang"] for g in en] == ["en"] * len(en)
            assert [g["lang"] for g in de] == ["de"] * len(de) == [g["lang"] for g in header]
            sh_en = next(g for g in en if g["name"] == "secret-hitler")
            sh_de = next(g for g in de if g["name"] == "secret-hitler")
            pass_en = next(o for o in sh_en["options"] if o["name"] == "pass_rule")
            pass_de = next(o for o in sh_de["options"] if o["name"] == "pass_rule")
            assert pass_en["label"] == "When a ticket passes"
            assert pass_de["label"] == "Wann eine Regierung gewählt ist"
            assert pass_de["choice_labels"]["votes_cast"] == "Es gibt mehr Ja- als Nein-Stimmen"
            for games in (en, de):
                for game in games:
                    for option in game["options"]:
                        for text in (option["doc"], option["label"], *option["choice_labels"].values()):
                            assert not RAW.search(text), (game["name"], option["name"], text)
                        assert option["doc"].endswith("."), option["doc"]
            for a, b in zip(en, de):
                for oa, ob in zip(a["options"], b["options"]):
                    assert oa["doc"] != ob["doc"] and oa["label"] != ob["label"]
    asyncio.run(main())
