"""Scripted games through `hiddenrole script` (generic part; each game tests its own kinds)."""

import json

import pytest
from typer.testing import CliRunner

from hiddenrole.cli import app
from hiddenrole.script import ScriptError, run_script

runner = CliRunner()

PLAYERS = ["Ann", "Bob", "Cid"]


def script(actions, **kw):
    data = {"game": "find-the-spy", "players": PLAYERS, "seed": 1, "chance": {"spy": "Cid"}, "actions": actions}
    data.update(kw)
    return data


ACCUSE_CID = [
    {"player": "Ann", "action": "accuse", "target": "Cid"},
    {"player": "Bob", "action": "accuse", "target": "Cid"},
    {"player": "Cid", "action": "accuse", "target": "Ann"},
]


def test_prints_public_events_then_summary(toy_registered, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(script(ACCUSE_CID)))
    result = runner.invoke(app, ["script", str(path)])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line.get("kind") for line in lines[:-1]] == ["accused", "accused", "accused", "caught"]
    assert lines[-1] == {"summary": {"phase": "over", "accused": PLAYERS, "winner": "agents"}}
    assert "role" not in result.stdout  # private events are not printed


def test_as_player_prints_that_players_events_and_view(toy_registered, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(script(ACCUSE_CID[:1])))
    result = runner.invoke(app, ["script", str(path), "--as", "Cid"])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert lines[0]["kind"] == "role" and lines[0]["role"] == "spy"
    assert lines[-1]["view"]["private"] == {"role": "spy"} and lines[-1]["view"]["player"] == "Cid"


def test_illegal_action_exits_2_naming_its_index(toy_registered, tmp_path):
    bad = ACCUSE_CID[:1] + [{"player": "Ann", "action": "accuse", "target": "Bob"}]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(script(bad)))
    result = runner.invoke(app, ["script", str(path)])
    assert result.exit_code == 2
    assert "action 1: Ann: illegal action" in result.stderr and "already accused" in result.stderr


def test_timeout_step(toy_registered):
    lines = list(run_script(script([{"timeout": True}], chance={"spy": "Cid", "timeouts": ["Cid", "Cid", "Ann"]})))
    assert json.loads(lines[-1])["summary"]["winner"] == "agents"
    with pytest.raises(ScriptError, match="action 0: .*no other keys"):
        list(run_script(script([{"timeout": True, "player": "Ann"}])))


@pytest.mark.parametrize(
    "data, message",
    [
        ([], "a script is a JSON object"),
        ({"players": PLAYERS}, "missing 'game'"),
        ({"game": "find-the-spy", "players": PLAYERS, "extra": 1}, "unknown keys ['extra']"),
        ({"game": "find-the-spy", "players": PLAYERS, "actions": {}}, "'actions' must be a list"),
        ({"game": "find-the-spy", "players": PLAYERS, "seed": 1.5}, "'seed' must be"),
        ({"game": "find-the-spy", "players": PLAYERS, "chance": []}, "'chance' must be an object"),
        ({"game": "find-the-spy", "players": PLAYERS, "options": {"x": 1}}, "unknown option"),
        ({"game": "find-the-spy", "players": PLAYERS, "options": {"vote_seconds": "5"}},
         "must be a whole number (a JSON integer), not a string"),  # JSON has types (the CLI's --option converts)
        ({"game": None, "players": PLAYERS}, "unknown game None"),
        ({"game": "find-the-spy", "players": PLAYERS[:2]}, "needs 3 to 6 players"),
        ({"game": "chess", "players": PLAYERS}, "unknown game 'chess'"),
    ],
)
def test_malformed_scripts(toy_registered, data, message):
    with pytest.raises(ScriptError) as exc:
        list(run_script(data))
    assert message in str(exc.value)


def test_cli_reports_bad_json_and_missing_file(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{nope")
    result = runner.invoke(app, ["script", str(path)])
    assert result.exit_code == 2 and "not valid JSON" in result.stderr
    result = runner.invoke(app, ["script", str(tmp_path / "missing.json")])
    assert result.exit_code == 2 and "cannot read" in result.stderr
    path.write_bytes(b"\xff\xfe{}")
    result = runner.invoke(app, ["script", str(path)])
    assert result.exit_code == 2 and "is not UTF-8 text (byte 0xff at position 0)" in result.stderr


def test_as_unknown_player(toy_registered):
    with pytest.raises(ScriptError, match="no such player"):
        list(run_script(script([]), "Zed"))


@pytest.mark.parametrize("game, players", [
    ("secret-hitler", ["A", "B", "C", "D", "E"]),
    ("mccarthyism", ["A", "B", "C", "D", "E", "F"]),
    ("shady-agents", ["A", "B", "C", "D"]),
])
def test_every_game_refuses_a_misspelt_chance_kind(game, players):
    with pytest.raises(ScriptError, match="unknown chance kind 'deks'"):
        list(run_script({"game": game, "players": players, "chance": {"deks": []}}))
