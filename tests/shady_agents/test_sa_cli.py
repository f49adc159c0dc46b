"""`hiddenrole script` and `hiddenrole simulate` with game "shady-agents"."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from hiddenrole.cli import app
from hiddenrole.lab.simulate import simulate
from hiddenrole.script import run_script

SCRIPT = {
    "game": "shady-agents",
    "players": ["Ann", "Bob", "Cid", "Dee"],
    "options": {"turn_seconds": 0},
    "seed": 3,
    "chance": {
        "roles": {"Ann": "operative", "Bob": "deserter", "Cid": "operative", "Dee": "deserter"},
        "first": "Ann",
        "interrogations": ["medkit_to"],
        "timeouts": [{"tool": "bullet", "target": "Bob"}],
    },
    "actions": [
        {"player": "Ann", "action": "give", "tool": "medkit", "target": "Cid"},
        {"player": "Bob", "action": "post", "text": "Cid, what did you get?"},
        {"player": "Bob", "action": "interrogate", "discard": "medkit"},
        {"player": "Cid", "action": "answer", "answer": "Ann"},
        {"player": "Dee", "action": "answer", "answer": "Cid"},
        {"player": "Ann", "action": "answer", "answer": "Cid"},
        {"player": "Bob", "action": "answer", "answer": "Ann"},
        {"player": "Cid", "action": "give", "tool": "medkit", "target": "Ann"},
        {"timeout": True},
        {"player": "Dee", "action": "give", "tool": "medkit", "target": "Bob"},
        {"player": "Cid", "action": "give", "tool": "bullet", "target": "Dee"},
        {"player": "Bob", "action": "give", "tool": "bullet", "target": "Cid"},
        {"player": "Ann", "action": "give", "tool": "bullet", "target": "Dee"},
    ],
}


def test_a_scripted_game_prints_public_events_and_the_summary(tmp_path):
    lines = [json.loads(x) for x in run_script(SCRIPT)]
    kinds = [x.get("kind") for x in lines[:-1]]
    assert "tool" not in kinds and "role" not in kinds and "discard" not in kinds
    assert kinds.count("answer") == 4 and kinds.count("give") == 7  # 8 tools, 1 discarded
    summary = lines[-1]["summary"]
    result = summary["result"]
    # operatives: Cid kit from Ann, bullet from Bob; Ann kit from Cid -> +1
    # deserters: Bob bullet (timeout, Dee's), kit from Dee; Dee bullets from Cid and Ann -> -2
    assert result["scores"] == {"operatives": 1, "deserters": -2}
    assert result["winner"] == "operatives" and result["reason"] == "higher_score"
    assert summary["board"]["roles"]["Bob"] == "deserter"
    # through the command line, byte for byte the same
    path = tmp_path / "game.json"
    path.write_text(json.dumps(SCRIPT))
    out = CliRunner().invoke(app, ["script", str(path)])
    assert out.exit_code == 0, out.output
    assert out.output.splitlines() == list(run_script(SCRIPT))


def test_a_script_as_a_player_shows_their_private_events():
    lines = [json.loads(x) for x in run_script(SCRIPT, "Bob")]
    tools = [x for x in lines if x.get("kind") == "tool"]
    assert all("Bob" in (x["giver"], x["receiver"]) for x in tools)
    assert [x["role"] for x in lines if x.get("kind") == "role"] == ["deserter"]
    assert [x["tool"] for x in lines if x.get("kind") == "discard"] == ["medkit"]
    assert lines[-1]["view"]["private"]["role"] == "deserter"


def test_an_illegal_scripted_answer_exits_2_naming_the_action(tmp_path):
    bad = json.loads(json.dumps(SCRIPT))
    bad["actions"][5]["answer"] = "Dee"  # Ann is an operative and gave her medical kit to Cid
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    out = CliRunner().invoke(app, ["script", str(path)])
    assert out.exit_code == 2
    assert "action 5" in out.output and "an operative must answer truthfully" in out.output


def test_simulate_prints_win_rates_per_team_with_intervals_for_4_to_10_players():
    out = CliRunner().invoke(app, ["simulate", "shady-agents", "--players", "4..10", "--games", "40", "--seed", "5"],
                            env={"COLUMNS": "200"})
    assert out.exit_code == 0, out.output
    text = out.output
    assert "operatives win % (95% CI)" in text and "deserters win % (95% CI)" in text
    rows = [line for line in text.splitlines() if line.strip().startswith("│") and line.split("│")[1].strip().isdigit()]
    assert [int(r.split("│")[1]) for r in rows] == list(range(4, 11))
    for r in rows:
        cells = [c.strip() for c in r.split("│")[3:5]]
        for c in cells:
            rate, interval = c.split(" ")
            low, high = interval.strip("()").split("-")
            assert float(low) <= float(rate) <= float(high)


def test_simulation_tally_adds_up():
    results = simulate("shady-agents", [5, 8], 50, 1)
    for n, tally in results.items():
        assert tally.games == 50
        assert sum(tally.wins.values()) == 50
        assert set(tally.wins) <= {"operatives", "deserters", "draw"}
        assert set(tally.reasons) <= {"higher_score", "more_medical_kits", "draw"}


def test_simulate_with_free_text_answers_option():
    out = CliRunner().invoke(app, ["simulate", "shady-agents", "--players", "6", "--games", "20",
                                   "--option", "enforce_statements=false"], env={"COLUMNS": "200"})
    assert out.exit_code == 0, out.output
    assert "operatives win %" in out.output
    bad = CliRunner().invoke(app, ["simulate", "shady-agents", "--players", "3", "--games", "5"])
    assert bad.exit_code == 2 and "4 to 10" in bad.output


def test_simulate_with_the_first_player_may_discard_option():
    out = CliRunner().invoke(app, ["simulate", "shady-agents", "--players", "5", "--games", "20", "--workers", "1",
                                   "--bots", "*=rule", "--option", "first_player_may_discard=true"],
                             env={"COLUMNS": "200"})
    assert out.exit_code == 0, out.output
    assert "operatives win %" in out.output
    bad = CliRunner().invoke(app, ["simulate", "shady-agents", "--players", "5", "--games", "2", "--workers", "1",
                                   "--option", "first_player_may_discard=often"])
    assert bad.exit_code == 2 and "first_player_may_discard" in bad.output
