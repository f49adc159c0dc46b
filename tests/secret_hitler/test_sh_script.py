"""Scripted Secret Hitler games through hiddenrole.script and the `hiddenrole script` command."""

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from hiddenrole.cli import app
from hiddenrole.script import ScriptError, run_script
from sh_helpers import NAMES, ROLES, deck

runner = CliRunner()

SUMMARY_KEYS = {"phase", "day", "liberal_policies", "fascist_policies", "election_tracker", "president",
                "chancellor", "presidential_candidate", "alive", "deck_size", "discard_size", "winner", "reason"}


def script(actions, **kw):
    data = {
        "game": "secret-hitler", "players": NAMES[:5], "seed": 7,
        "chance": {"order": ["Cat", "Ann", "Eve", "Bob", "Dan"], "roles": ROLES[5], "deck": deck("LLF" + "LFF"),
                   "picks": ["Bob"]},
        "actions": actions,
    }
    data.update(kw)
    return data


NIGHT0_AND_DAY1 = [
    {"player": "Cat", "action": "nominate", "targets": ["Ann", "Bob"]},
    {"player": "Cat", "action": "discard", "card": "F"},
    {"player": "Bob", "action": "enact", "card": "L"},
    {"player": "Ann", "action": "post", "text": "P: I nominate Dan"},
    {"player": "Ann", "action": "nominate", "target": "Dan"},
    {"player": "Ann", "action": "vote", "vote": "yes"},
    {"player": "Bob", "action": "vote", "vote": "yes"},
    {"player": "Cat", "action": "vote", "vote": "no"},
    {"player": "Dan", "action": "vote", "vote": "yes"},
    {"timeout": True},
    {"player": "Ann", "action": "discard", "card": "F"},
    {"player": "Dan", "action": "enact", "card": "L"},
    {"timeout": True},
]


def test_run_script_prints_public_events_and_the_summary():
    lines = [json.loads(line) for line in run_script(script(NIGHT0_AND_DAY1))]
    summary = lines[-1]["summary"]
    assert SUMMARY_KEYS <= set(summary)
    assert summary["liberal_policies"] == 2 and summary["day"] == 2 and summary["president"] == "Ann"
    assert summary["chancellor"] == "Dan" and summary["presidential_candidate"] == "Eve"
    assert summary["alive"] == ["Cat", "Ann", "Eve", "Bob", "Dan"] and summary["winner"] is None
    assert summary["deck_size"] == 11 and summary["discard_size"] == 4
    events = lines[:-1]
    assert all("private" not in e for e in events)
    result = [e for e in events if e["kind"] == "vote_result"][0]
    assert result["votes"] == {"Cat": "no", "Ann": "yes", "Eve": "no vote", "Bob": "yes", "Dan": "yes"}
    assert result["passed"] is True  # 3 of 5 living


def test_script_chance_outcomes_fixed_in_order():
    data = script(NIGHT0_AND_DAY1)
    lines = list(run_script(data))
    assert json.loads(lines[0])["order"] == ["Cat", "Ann", "Eve", "Bob", "Dan"]
    assert lines == list(run_script(data))  # same file, same bytes


def test_illegal_action_names_its_index():
    bad = NIGHT0_AND_DAY1[:4] + [{"player": "Ann", "action": "nominate", "target": "Bob"}]
    with pytest.raises(ScriptError, match=r"^action 4: Ann: illegal action .*term-limited"):
        list(run_script(script(bad)))


def test_cli_prints_lines_as_player_and_exits_2_on_illegal(tmp_path):
    path = tmp_path / "sh.json"
    path.write_text(json.dumps(script(NIGHT0_AND_DAY1)))
    result = runner.invoke(app, ["script", str(path)])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert lines[-1]["summary"]["liberal_policies"] == 2
    assert '"private"' not in result.stdout

    result = runner.invoke(app, ["script", str(path), "--as", "Cat"])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    view = lines[-1]["view"]
    assert view["player"] == "Cat" and view["private"]["role"] == "fascist"
    kinds = [line.get("kind") for line in lines[:-1]]
    assert "policies_drawn" in kinds and "role" in kinds  # Cat's private events
    assert "policies_passed" not in [k for k, line in zip(kinds, lines) if line.get("president") == "Ann"]

    bad = script(NIGHT0_AND_DAY1[:3] + [{"player": "Eve", "action": "nominate", "target": "Dan"}])
    path.write_text(json.dumps(bad))
    result = runner.invoke(app, ["script", str(path)])
    assert result.exit_code == 2
    assert "action 3" in result.stderr and "Eve" in result.stderr


def test_cli_subprocess_end_to_end(tmp_path):
    path = tmp_path / "sh.json"
    path.write_text(json.dumps(script(NIGHT0_AND_DAY1)))
    out = subprocess.run([sys.executable, "-m", "hiddenrole.cli", "script", str(path)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.splitlines()[-1])["summary"]["day"] == 2


def test_bad_chance_in_a_script_is_reported():
    data = script([], chance={"deck": ["L"] * 17})
    with pytest.raises(ScriptError, match="deck"):
        list(run_script(data))


def test_the_example_of_the_rules_document_runs_and_prints_its_summary():
    from pathlib import Path
    text = (Path(__file__).parents[2] / "docs" / "rules" / "secret-hitler.md").read_text(encoding="utf-8")
    block = text.split("An example (night 0")[1].split("```json")[1].split("```")[0]
    lines = list(run_script(json.loads(block)))
    stated = text.split("Its last line is the public summary:\n`")[1].split("`")[0]
    assert lines[-1] == stated


def test_an_action_with_unknown_keys_is_refused_and_changes_nothing():
    """Nothing that the rules did not validate may ride along with an action (it would be stored)."""
    from hiddenrole.engine import IllegalAction
    from hiddenrole.games.secret_hitler import SecretHitler

    g = SecretHitler(["Ann", "Bob", "Cid", "Dee", "Eve"], seed=3)
    president = g.to_act()[0]
    legal = g.legal_actions(president)[0]
    before = len(g.log)
    with pytest.raises(IllegalAction, match="unknown key 'junk' in a 'nominate' action"):
        g.apply({**legal, "junk": "x" * 1000})
    with pytest.raises(IllegalAction, match="unknown key 'junk' in a 'post' action"):
        g.apply({"player": "Ann", "action": "post", "text": "hi", "junk": 1})
    assert len(g.log) == before
    g.apply(legal)
    assert len(g.log) > before
