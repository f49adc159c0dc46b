"""The ``llm`` bot against a local fake OpenAI-compatible endpoint (FastAPI under uvicorn,
in a thread) with scripted replies: good ones, malformed, empty, a number off the list, an
HTTP error, an answer that is no chat completion, and a slow one past the bot's timeout.
Every seat of a game of each game is an ``llm`` bot; the game ends, the bad replies fell
back on the rule bot (counted and logged), and the game is the same when played again."""

from __future__ import annotations

import logging
import re
from collections import Counter

import httpx
import pytest
from fake_chat import SLOW, FakeChatEndpoint, completion

from hiddenrole.bots import bot_class, bot_kinds, seat_bots
from hiddenrole.bots.llm import LLMBot, LLMSettings
from hiddenrole.engine import available_games, new_game
from hiddenrole.lab.play import play_game

GAMES = available_games()  # every registered game: the LLM bot plays any


#: the first replies, in order (what each does is written beside it); every later request is
#: answered with a number on its list (the request's index modulo the list's length, plus 1)
SCRIPT = [
    completion("I think we should trust everyone."),  # no action number: falls back
    completion(""),  # empty: falls back
    completion("ACTION: 9999"),  # not on the list: falls back
    SLOW,  # past the timeout: falls back
    (500, {"error": {"message": "overloaded"}}),  # an HTTP error: falls back
    {"unexpected": True},  # not a chat completion: falls back
    completion("ACTION: 1\nPOST: Hello all, I am new here."),  # a choice and a post
    completion("1"),  # a bare number
]
EXPECTED_REASONS = Counter({"no action number": 1, "an empty reply": 1, "number 9999 is not on the list": 1,
                            "timeout": 1, "HTTP 500": 1, "not a chat completion": 1})


def scripted(index: int, body: dict):
    """The reply to request ``index``: :data:`SCRIPT`'s, then a number on the request's list."""
    if index < len(SCRIPT):
        return SCRIPT[index]
    count = len(re.findall(r"^\d+\. ", body["messages"][-1]["content"], re.M))
    return completion(f"ACTION: {index % count + 1}")


def FakeEndpoint() -> FakeChatEndpoint:
    return FakeChatEndpoint(scripted)


def play(game_name: str, settings: LLMSettings, seed: int = 11, players: int = 5):
    game = new_game(game_name, [f"P{i}" for i in range(1, players + 1)], seed=seed)
    http = httpx.Client()
    bots = seat_bots(game.players, lambda p: lambda name, s, rng: LLMBot(name, s, rng, settings=settings, http=http),
                     seed)
    record = play_game(game, bots)
    return game, bots, record


@pytest.mark.parametrize("game_name", GAMES)
def test_llm_bot_plays_a_full_game_against_a_fake_endpoint(game_name, caplog):
    # games in turn on one endpoint until the script is used up (a short game asks few times)
    played = []
    with FakeEndpoint() as fake, caplog.at_level(logging.WARNING, logger="hiddenrole.bots.llm"):
        settings = LLMSettings(url=fake.url, timeout=0.3)
        while len(fake.requests) <= len(SCRIPT):
            played.append(play(game_name, settings, seed=11 + len(played)))
        asked = len(fake.requests)
    assert all(game.is_over and record.result is not None for game, _, record in played)
    bots = [b for _, seated, _ in played for b in seated.values()]
    replies = sum(b.replies for b in bots)
    assert replies == asked > len(SCRIPT)
    reasons = sum((b.reasons for b in bots), Counter())
    assert reasons == EXPECTED_REASONS
    assert sum(b.fallbacks for b in bots) == 6
    assert len([r for r in caplog.records if "named no legal action" in r.getMessage()]) == 6
    # the seventh reply's post reached the thread, in the bot's words
    posts = [e.data for game, _, _ in played for e in game.log
             if e.kind == "post" and e.data.get("text") == "Hello all, I am new here."]
    assert len(posts) == 1


def test_the_request_tells_the_game_in_words():
    """What the model reads: the rules summary, narrated events, private facts, the numbered choices."""
    with FakeEndpoint() as fake:
        play("mccarthyism", LLMSettings(url=fake.url, timeout=0.3, model="tiny"), seed=4, players=5)
        first = fake.requests[0]
    assert first["model"] == "tiny" and first["temperature"] == 0
    system, user = first["messages"][0]["content"], first["messages"][-1]["content"]
    assert "McCarthyism is for a large group." in system
    assert "Answer with one line 'ACTION: <number>'" in system
    assert "What happened:\n- The game begins with 5 players" in user
    assert "- Your role card is " in user
    assert re.search(r"^Your choices:\n1\. Snitch on P\d$", user, re.M)
    assert user.endswith("Answer with 'ACTION: <number>'.")


def test_the_game_is_the_same_given_the_same_replies():
    logs = []
    for _ in range(2):
        with FakeEndpoint() as fake:
            game, bots, _ = play("secret-hitler", LLMSettings(url=fake.url, timeout=0.3), seed=5)
        logs.append([(e.kind, dict(e.data), e.to) for e in game.log])
    assert logs[0] == logs[1]


def test_replies_are_read_strictly():
    read = LLMBot._read
    assert read("ACTION: 3", 5) == (3, None)
    assert read("I choose... action #2 because", 5) == (2, None)
    assert read("  4. ", 5) == (4, None)
    assert read("ACTION: 0", 5) == (None, "number 0 is not on the list")
    assert read("ACTION: 6", 5) == (None, "number 6 is not on the list")
    assert read("I would vote 3 times", 5) == (None, "no action number")
    assert LLMBot._post_text("ACTION: 1\nPOST: hi \x1b[31mthere\u202e!") == "hi  [31mthere !"
    assert LLMBot._post_text("ACTION: 1\nPOST:   ") is None
    assert len(LLMBot._post_text("POST: " + "x" * 900)) == 500


def test_settings_come_from_the_environment():
    s = LLMSettings.from_env({"HIDDENROLE_LLM_URL": "http://h:1/v1/", "HIDDENROLE_LLM_KEY": "k",
                              "HIDDENROLE_LLM_MODEL": "m", "HIDDENROLE_LLM_TIMEOUT": "2.5"})
    assert (s.endpoint, s.key, s.model, s.timeout, s.lang) == ("http://h:1/v1/chat/completions", "k", "m", 2.5, "en")
    with pytest.raises(ValueError, match="needs HIDDENROLE_LLM_URL"):
        LLMSettings.from_env({})
    with pytest.raises(ValueError, match="HIDDENROLE_LLM_TIMEOUT must be a positive number"):
        LLMSettings.from_env({"HIDDENROLE_LLM_URL": "http://h", "HIDDENROLE_LLM_TIMEOUT": "soon"})
    with pytest.raises(ValueError, match="HIDDENROLE_LLM_LANG must be one of en, de"):
        LLMSettings.from_env({"HIDDENROLE_LLM_URL": "http://h", "HIDDENROLE_LLM_LANG": "xx"})


def test_without_an_endpoint_the_rule_bot_plays_every_decision(monkeypatch):
    """No endpoint configured: every decision is the rule bot's, so the game is the rule
    bots' game from the same seed, decision for decision."""
    monkeypatch.delenv("HIDDENROLE_LLM_URL", raising=False)
    assert "llm" in bot_kinds("shady-agents")
    games = []
    for kind in ("llm", "rule"):
        game = new_game("shady-agents", ["A", "B", "C", "D", "E"], seed=8)
        bots = seat_bots(game.players, bot_class(kind, "shady-agents"), 8)
        play_game(game, bots)
        games.append([(e.kind, dict(e.data), e.to) for e in game.log])
        if kind == "llm":
            assert sum(b.fallbacks for b in bots.values()) == sum(b.replies for b in bots.values()) > 0
    assert games[0] == games[1]


def test_simulate_says_how_often_the_llm_bots_fell_back(monkeypatch):
    """``hiddenrole simulate`` with llm bots prints the model's count of replies and of
    fallbacks: the six bad replies of the script, and every request the endpoint saw."""
    from typer.testing import CliRunner

    from hiddenrole.cli import app

    with FakeEndpoint() as fake:
        monkeypatch.setenv("HIDDENROLE_LLM_URL", fake.url)
        monkeypatch.setenv("HIDDENROLE_LLM_TIMEOUT", "0.3")
        result = CliRunner().invoke(app, ["simulate", "shady-agents", "--players", "5", "--games", "2",
                                          "--bots", "*=llm", "--workers", "1"], terminal_width=400)
        asked = len(fake.requests)
    assert result.exit_code == 0, result.output
    assert (f"The llm bots asked their language model {asked} times; 6 of its replies named no legal action, "
            "so the rule bot chose instead.") in result.output


def test_llm_is_never_the_servers_stand_in_bot():
    """A kind for every game (random, llm) is not a game's own: the server's stand-in for a
    player who misses deadlines is the game's rule bot, or random for a game without one."""
    from hiddenrole.server.table import best_bot_kind

    assert bot_kinds("secret-hitler") == ["random", "rule", "human", "llm"]
    assert bot_kinds("secret-hitler", own=True) == ["rule", "human"]
    assert [best_bot_kind(g) for g in ("secret-hitler", "mccarthyism", "shady-agents")] == ["rule", "rule", "rule"]
    assert bot_kinds("a-game-without-bots", own=True) == []
    assert best_bot_kind("a-game-without-bots") == "random"


def test_the_server_does_not_seat_llm_bots_itself():
    """The server's bots decide in its event loop: a kind that waits for a model's reply is
    refused for a table's bot seats (it plays a served table as a remote agent instead)."""
    import asyncio as aio

    from hiddenrole.server import Moderator, Store
    from hiddenrole.server.table import TableError

    assert bot_kinds("mccarthyism", waiting=False) == ["random", "rule", "human"]

    async def main(tmp):
        mod = Moderator(Store(f"sqlite+aiosqlite:///{tmp}/llm.db"))
        await mod.start()
        try:
            with pytest.raises(TableError, match=r"McCarthyism has no kind of bot called “llm”: choose one of random, rule, human\."):
                await mod.create("mccarthyism", {}, "untimed", None, 3, "llm")
        finally:
            await mod.stop()

    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        aio.run(main(tmp))
