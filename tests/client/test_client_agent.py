"""``hiddenrole agent``: a remote agent plays a seat over the public protocol against a
real server (``hiddenrole serve`` in a subprocess, SQLite in a temporary folder), for every
game; it survives a server restart mid-game; bad input gets one line and exit 2 or 1."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
import websockets
from agent_helpers import ServerProcess, first_reply_names_no_action, wait_for
from typer.testing import CliRunner

from hiddenrole.cli import app
from hiddenrole.client import PROTOCOL, BadRequest, merge_patch, parse_seat_link, server_url
from hiddenrole.engine import available_games, game_class
from hiddenrole.server import verify_export
from hiddenrole.server.protocol import PROTOCOL as SERVER_PROTOCOL
from hiddenrole.server.table import best_bot_kind

HERE = Path(__file__).parent
OUTCOME_WORDS = {"win": "won", "loss": "lost", "draw": "drew"}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = ServerProcess(str(tmp_path_factory.mktemp("agent") / "hiddenrole.db")).start()
    yield srv
    srv.stop()


def agent_process(*args: str, gate: Path | None = None, env: dict | None = None) -> subprocess.Popen:
    env = {**os.environ, **(env or {}), "PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")])}
    if gate is not None:
        env["HIDDENROLE_TEST_GATE"] = str(gate)
    return subprocess.Popen([sys.executable, "-m", "hiddenrole.cli", "agent", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def table_for(server: ServerProcess, game: str) -> dict:
    """A table of the game's smallest count of 5 or more: bots in every seat but one."""
    cls = game_class(game)
    n = min(max(cls.min_players, 5), cls.max_players)
    return server.create(game=game, pace="untimed", bots=n - 1)


def check_finished(server: ServerProcess, code: str, out: str, name: str = "Agent") -> dict:
    export = server.export(code)
    assert verify_export(export).ok
    outcome = export["result"]["outcomes"][name]
    lines = out.strip().splitlines()
    assert len(lines) == 1, out
    assert lines[0].startswith(f"Game over at table {code}: {name} {OUTCOME_WORDS[outcome]}. "), lines[0]
    assert any(e["kind"] == "action" and e["action"]["player"] == name for e in export["entries"])
    return export


def test_client_speaks_the_servers_protocol():
    assert PROTOCOL == SERVER_PROTOCOL


@pytest.mark.slow
@pytest.mark.parametrize("game", available_games())
def test_agent_plays_a_full_game(server, game):
    made = table_for(server, game)
    code = made["code"]
    proc = agent_process("--server", server.base, "--table", code, "--bot", best_bot_kind(game), "--seed", "7")
    try:
        wait_for(lambda: server.seat_connected(code, "Agent") or proc.poll() is not None, 60, "the agent's seat")
        assert proc.poll() is None, proc.stderr.read()
        server.start_game(code, made["host_token"])
        out, errs = proc.communicate(timeout=240)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, errs
    # the one line on the seat, said at once (nothing else: no warnings, no traceback)
    assert errs == (f"Seated as Agent at table {code}; playing until the game ends "
                    "(waiting for the host to start it if it has not started).\n")
    check_finished(server, code, out)


def test_an_llm_agent_plays_and_says_how_often_it_fell_back(server):
    """``--bot llm`` against a fake chat endpoint: the first reply names no action (the rule
    bot chooses), every later one the first choice; the result line counts both."""
    made = table_for(server, "shady-agents")
    code = made["code"]
    with first_reply_names_no_action() as fake:
        proc = agent_process("--server", server.base, "--table", code, "--bot", "llm",
                             env={"HIDDENROLE_LLM_URL": fake.url, "HIDDENROLE_LLM_TIMEOUT": "30"})
        try:
            wait_for(lambda: server.seat_connected(code, "Agent") or proc.poll() is not None, 60, "the agent's seat")
            assert proc.poll() is None, proc.stderr.read()
            server.start_game(code, made["host_token"])
            out, errs = proc.communicate(timeout=240)
        finally:
            if proc.poll() is None:
                proc.kill()
        asked = len(fake.requests)
    assert proc.returncode == 0, errs
    check_finished(server, code, out)
    assert out.strip().endswith(f"The language model was asked {asked} times; 1 of its replies named no legal "
                                "action, so the rule bot chose instead.")
    assert errs.strip().splitlines() == [
        f"Seated as Agent at table {code}; playing until the game ends (waiting for the host to start it if it "
        "has not started).",
        "llm bot Agent: the reply named no legal action (no action number); the rule bot chose instead"]


def test_an_llm_agent_without_an_endpoint_is_refused(server, monkeypatch):
    monkeypatch.delenv("HIDDENROLE_LLM_URL", raising=False)
    made = table_for(server, "mccarthyism")
    result = run_cli("--server", server.base, "--table", made["code"], "--bot", "llm")
    assert result.exit_code == 2
    assert result.output == ("error: the llm bot needs HIDDENROLE_LLM_URL, the http(s) address of an "
                             "OpenAI-compatible chat endpoint (e.g. http://127.0.0.1:8080/v1)\n")
    assert [s["name"] for s in server.table(made["code"])["seats"]] == ["Bot 1", "Bot 2", "Bot 3", "Bot 4"]


def test_agent_takes_a_seat_from_a_substitute_link(server):
    """The host hands an absent player's seat to an agent mid-game with a substitute link."""
    made = server.create(game="mccarthyism", pace="untimed", bots=4)
    code = made["code"]
    host = {"Authorization": f"Bearer {made['host_token']}"}
    assert httpx.post(f"{server.base}/api/tables/{code}/join", json={"name": "Ann"}).status_code == 201
    server.start_game(code, made["host_token"])
    r = httpx.post(f"{server.base}/api/tables/{code}/control", headers=host,
                   json={"control": "replace", "name": "Ann", "by": "substitute"})
    assert r.status_code == 200, r.text
    link = r.json()["link"]
    proc = agent_process("--seat-link", link, "--bot", "random")
    out, errs = proc.communicate(timeout=240)
    assert proc.returncode == 0, errs
    check_finished(server, code, out, name="Ann")


@pytest.mark.slow
def test_agent_survives_a_server_restart(tmp_path):
    """The agent's bot holds its third decision until the server has been killed and started
    again on the same database: the agent reconnects with its token and the game ends. The
    table is untimed, so only the agent can move the game on past that decision."""
    srv = ServerProcess(str(tmp_path / "restart.db")).start()
    gate = tmp_path / "gate"
    gate.mkdir()
    proc = None
    try:
        made = srv.create(game="secret-hitler", pace="untimed", bots=4)
        code = made["code"]
        proc = agent_process("--server", srv.base, "--table", code, "--bot", "agent_bots:GatedBot", gate=gate)
        wait_for(lambda: srv.seat_connected(code, "Agent") or proc.poll() is not None, 60, "the agent's seat")
        assert proc.poll() is None, proc.stderr.read()
        srv.start_game(code, made["host_token"])
        wait_for(lambda: (gate / "paused").exists() or proc.poll() is not None, 120, "the agent's third decision")
        assert proc.poll() is None, proc.stderr.read()
        srv.stop(kill=True)
        srv.start()
        (gate / "go").write_text("go")
        out, errs = proc.communicate(timeout=240)
        assert proc.returncode == 0, errs
        export = check_finished(srv, code, out)
        # the agent acted after the restart: its actions are more than the two before it
        mine = [e for e in export["entries"] if e["kind"] == "action" and e["action"]["player"] == "Agent"]
        assert len(mine) >= 3
    finally:
        if proc is not None and proc.poll() is None:
            proc.kill()
        srv.stop()


# ------------------------------------------------------------------ bad input
runner = CliRunner()


def run_cli(*args: str):
    return runner.invoke(app, ["agent", *args])


@pytest.mark.parametrize("args,code,words", [
    (["--server", "ftp://x", "--table", "ABCDEF"], 2, "is not an http:// or https:// address"),
    (["--server", "http://127.0.0.1:8000"], 2, "give --server and --table, or --seat-link"),
    (["--seat-link", "http://127.0.0.1:8000/?nothing=1"], 2, "the seat link names no table"),
    (["--server", "http://127.0.0.1:8000", "--table", "ABCDEF", "--bot", "clever"], 2, "unknown bot kind 'clever'"),
    (["--server", "http://127.0.0.1:8000", "--table", "ABCDEF", "--bot", "no_such_module_x:Bot"], 2,
     "cannot import the bot module 'no_such_module_x'"),
    (["--server", "http://127.0.0.1:8000", "--table", "ABCDEF", "--bot", "json:Nope"], 2,
     "the module 'json' has no class 'Nope'"),
])
def test_bad_input_is_one_line_and_exit_2(args, code, words):
    result = run_cli(*args)
    assert result.exit_code == code, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], result.output
    assert "Traceback" not in result.output


def test_a_class_without_choose_is_refused(server):
    sys.path.insert(0, str(HERE))
    try:
        result = run_cli("--server", server.base, "--table", "ABCDEF", "--bot", "agent_bots:NotABot")
    finally:
        sys.path.remove(str(HERE))
    assert result.exit_code == 2
    assert result.output.strip() == ("error: NotABot is not a bot: it needs a method choose(observation) "
                                     "returning one of observation.legal_actions")


def test_unreachable_server_exits_1():
    from agent_helpers import free_port

    result = run_cli("--server", f"http://127.0.0.1:{free_port()}", "--table", "ABCDEF")
    assert result.exit_code == 1
    assert result.output.startswith("error: no server answers at http://127.0.0.1:")
    assert len(result.output.strip().splitlines()) == 1


def test_unknown_table_and_started_table_exit_2(server):
    result = run_cli("--server", server.base, "--table", "ZZZZZZ")
    assert result.exit_code == 2, result.output
    assert result.output == "error: There is no table with the code ZZZZZZ: check the code, or ask the host for the link.\n"
    result = run_cli("--server", server.base, "--table", "ZZ-")
    assert result.exit_code == 2, result.output
    assert result.output == "error: the table code 'ZZ-' is not a table code (6 letters, e.g. K7QX2M)\n"
    made = server.create(game="mccarthyism", pace="untimed", bots=4)
    server.start_game(made["code"], made["host_token"])
    result = run_cli("--server", server.base, "--table", made["code"])
    assert result.exit_code == 2, result.output
    assert result.output == ("error: The game at this table has already started: no seat can be taken now. Ask the host "
                             "for a substitute link for a seat (--seat-link).\n")
    result = run_cli("--server", server.base + "/elsewhere", "--table", made["code"])
    assert result.exit_code == 2, result.output
    assert result.output == (f"error: {server.base}/elsewhere does not answer as a hiddenrole server "
                             "(HTTP 404)\n")


def test_a_kind_that_does_not_play_the_game_is_refused_before_joining(server, monkeypatch):
    from hiddenrole.bots.base import _BOTS

    monkeypatch.setitem(_BOTS, "only-shady", {"shady-agents": "hiddenrole.bots.random_bot:RandomBot"})
    made = server.create(game="mccarthyism", pace="untimed", bots=2)
    result = run_cli("--server", server.base, "--table", made["code"], "--bot", "only-shady")
    assert result.exit_code == 2
    assert result.output.startswith("error: no bot 'only-shady' for 'mccarthyism' (known: random, rule")
    assert [s["name"] for s in server.table(made["code"])["seats"]] == ["Bot 1", "Bot 2"]


def test_seat_links_and_server_urls():
    assert server_url(" http://127.0.0.1:8000/ ") == "http://127.0.0.1:8000"
    assert server_url("https://games.example.org/hr") == "https://games.example.org/hr"
    assert parse_seat_link("http://10.0.0.2:8000/?join=abcdef") == ("http://10.0.0.2:8000", "ABCDEF", None)
    assert parse_seat_link("http://10.0.0.2:8000/?join=ABCDEF&claim=s3cret") == \
        ("http://10.0.0.2:8000", "ABCDEF", "s3cret")
    with pytest.raises(BadRequest, match="bad port"):
        server_url("http://127.0.0.1:99999")


def test_malformed_agent_messages_get_errors_and_change_nothing(server):
    """An agent's malformed messages are refused with the protocol's codes; the seat's state
    is the same afterwards."""
    made = server.create(game="shady-agents", pace="untimed", bots=3)
    code = made["code"]
    token = httpx.post(f"{server.base}/api/tables/{code}/join", json={"name": "Agent"}).json()["token"]
    server.start_game(code, made["host_token"])

    async def main():
        async with websockets.connect(server.base.replace("http", "ws") + f"/ws/{code}") as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": 2, "token": token}))
            first = json.loads(await ws.recv())
            assert first["type"] == "snapshot"
            state, events = first["state"], list(first["events"])
            while not state.get("waiting"):  # the bots play until the game waits for the agent
                frame = json.loads(await ws.recv())
                if frame["type"] == "update":
                    state = merge_patch(state, frame["patch"])
                    events += frame["events"]
            snapshot = {"state": state, "events": events}
            answers = {}
            for i, message in enumerate([
                    "not json", {"type": "action", "id": 2, "action": {"action": "fly"}},
                    {"type": "action", "id": 3},
                    {"type": "dance", "id": 4}, {"type": "post", "id": 5, "text": "a\x00b"}]):
                await ws.send(message if isinstance(message, str) else json.dumps(message))
                frame = json.loads(await ws.recv())
                while frame["type"] != "error":
                    frame = json.loads(await ws.recv())
                answers[i] = frame["code"]
            await ws.send(json.dumps({"type": "resync"}))
            again = json.loads(await ws.recv())
            while again["type"] != "snapshot":
                again = json.loads(await ws.recv())
            return snapshot, answers, again

    snapshot, answers, again = asyncio.run(main())
    assert answers == {0: "bad_json", 1: "illegal_action", 2: "bad_message", 3: "unknown_type", 4: "bad_message"}
    assert again["state"]["view"] == snapshot["state"]["view"]
    assert again["state"]["legal_actions"] == snapshot["state"]["legal_actions"]
    assert [e["kind"] for e in again["events"]] == [e["kind"] for e in snapshot["events"]]


class FirstChoice:
    """A bot of the interface only (no base class): the first legal action, and one post."""

    def __init__(self, player):
        self.player = player
        self.seen = []
        self.posted = False

    def choose(self, observation):
        self.seen.extend(observation.events)
        if not self.posted:
            self.posted = True
            return {"action": "post", "text": "Hello from a program."}
        return observation.legal_actions[0]


def test_the_client_library_plays_a_seat(server):
    """As docs/agents.md shows it: join_table, then a SeatClient with the program's bot."""
    from hiddenrole.client import SeatClient, join_table

    made = table_for(server, "mccarthyism")

    async def main():
        async with httpx.AsyncClient(base_url=server.base) as http:
            seat = await join_table(http, made["code"], "Ada")
            taken = await join_table(http, made["code"])  # no name: Agent
        assert (seat.name, seat.game, taken.name) == ("Ada", "mccarthyism", "Agent")
        assert seat.ws_url == server.base.replace("http://", "ws://") + f"/ws/{made['code']}"
        bot = FirstChoice("Ada")
        client = SeatClient(seat.ws_url, seat.token, bot, reconnect=True)
        other = SeatClient(taken.ws_url, taken.token, FirstChoice("Agent"), reconnect=True)
        tasks = [asyncio.create_task(c.run(timeout=240)) for c in (client, other)]
        while not (server.seat_connected(made["code"], "Ada") and server.seat_connected(made["code"], "Agent")):
            await asyncio.sleep(0.02)
        server.start_game(made["code"], made["host_token"])
        reveals = await asyncio.gather(*tasks)
        return client, bot, reveals

    client, bot, reveals = asyncio.run(main())
    assert reveals[0]["result"] == reveals[1]["result"]
    assert client.connections == 1 and client.actions > 1
    assert [e["seq"] for e in bot.seen] == list(range(len(bot.seen)))  # every event once, in order
    assert {"by": "Ada", "text": "Hello from a program."}.items() <= next(
        p for p in client.thread if p["by"] == "Ada").items()
