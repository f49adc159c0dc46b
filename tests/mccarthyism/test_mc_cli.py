"""McCarthyism through the generic commands: `hiddenrole script` and `hiddenrole simulate`."""

from __future__ import annotations

import json

from mc_helpers import SIX, deck
from typer.testing import CliRunner

from hiddenrole.cli import app
from hiddenrole.script import run_script

SCRIPT = {
    "game": "mccarthyism",
    "players": SIX,
    "seed": 3,
    "chance": {
        "roles": {p: ("commie" if p in ("Bob", "Eve") else "american") for p in SIX},
        "first_snitch": "Ann",
        "deck": deck("too_much_to_drink", "you_seem_suspicious"),
    },
    "actions": [
        {"player": "Ann", "action": "snitch", "target": "Bob"},
        {"player": "Ann", "action": "vote", "vote": "yes"},
        {"player": "Cid", "action": "vote", "vote": "yes"},
        {"timeout": True},
        {"player": "Ann", "action": "play", "card": "too_much_to_drink"},
        {"player": "Ann", "action": "choose", "target": "Bob"},
        {"player": "Bob", "action": "snitch_pair", "targets": ["Eve", "Cid"]},
        {"timeout": True},
        {"player": "Bob", "action": "play", "card": "you_seem_suspicious"},
        {"player": "Bob", "action": "choose", "target": "Eve"},
    ],
}


def test_script_public_output_hides_private_events():
    lines = [json.loads(x) for x in run_script(SCRIPT)]
    kinds = [x.get("kind") for x in lines[:-1]]
    assert "role" not in kinds and "hand" not in kinds and "swapped" not in kinds and "votes" not in kinds
    assert "vote_result" in kinds and "blacklisted" in kinds
    summary = lines[-1]["summary"]
    assert summary["blacklisted"] == ["Bob"] and summary["turn"] == 3


def test_script_as_a_player_shows_their_private_events_and_view():
    lines = [json.loads(x) for x in run_script(SCRIPT, "Bob")]
    private = [x for x in lines[:-1] if x.get("private")]
    assert [x["kind"] for x in private][:2] == ["role", "commies"]
    view = lines[-1]["view"]
    assert view["private"]["role_card"]["card"] == "commie"  # swapped by Ann, Bob was not told
    assert view["private"]["seen_roles"]["Eve"]["card"] == "commie"
    ann = [json.loads(x) for x in run_script(SCRIPT, "Ann")][-1]["view"]
    assert ann["private"]["role_card"]["card"] == "commie" and ann["private"]["seen_roles"]["Bob"]["card"] == "american"


def test_script_replays_the_same_bytes():
    assert list(run_script(SCRIPT)) == list(run_script(SCRIPT))


def test_cli_script_and_an_illegal_action(tmp_path):
    runner = CliRunner()
    path = tmp_path / "mc.json"
    path.write_text(json.dumps(SCRIPT))
    ok = runner.invoke(app, ["script", str(path), "--as", "Ann"])
    assert ok.exit_code == 0, ok.output
    bad = dict(SCRIPT, actions=SCRIPT["actions"][:1] + [{"player": "Bob", "action": "vote", "vote": "perhaps"}])
    path.write_text(json.dumps(bad))
    res = runner.invoke(app, ["script", str(path)])
    assert res.exit_code == 2
    assert "action 1" in res.output and "'vote' must be 'yes' or 'no'" in res.output


def test_simulate_prints_win_rates_with_intervals_and_end_reasons_for_6_to_20():
    runner = CliRunner()
    res = runner.invoke(app, ["simulate", "mccarthyism", "--players", "6..20", "--games", "4", "--workers", "1"],
                        env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    out = res.output
    assert "commies win % (95% CI)" in out and "americans win % (95% CI)" in out
    rows = [line for line in out.splitlines() if line.startswith("│")]
    assert [int(r.split("│")[1]) for r in rows] == list(range(6, 21))
    for r in rows:
        cells = r.split("│")
        assert int(cells[2]) == 4
        assert "(" in cells[3] and "-" in cells[3]  # rate (low-high)
        assert "turns done" in cells[5] or "end vote" in cells[5]  # end reasons in plain words


def test_simulate_3_to_20():
    runner = CliRunner()
    res = runner.invoke(app, ["simulate", "mccarthyism", "--players", "3..20", "--games", "2", "--workers", "1"],
                        env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    bad = runner.invoke(app, ["simulate", "mccarthyism", "--players", "2..21", "--games", "1", "--workers", "1"])
    assert bad.exit_code == 2


def test_the_rules_documents_example_script_plays():
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "mccarthyism.md").read_text()
    block = doc.split("```json\n", 1)[1].split("```", 1)[0]
    lines = [json.loads(x) for x in run_script(json.loads(block))]
    summary = lines[-1]["summary"]
    assert summary["blacklisted"] == ["Bob"] and summary["step"] == "forced_play" and summary["hand_size"] == 2
    pair = [x for x in lines if x.get("kind") == "snitched" and "targets" in x][0]
    assert "Eve" in pair["targets"]


def test_simulate_takes_the_deal_option_and_refuses_a_bad_one_in_one_line():
    runner = CliRunner()
    res = runner.invoke(app, ["simulate", "mccarthyism", "--players", "6", "--games", "3", "--workers", "1",
                              "--sweep", "deal=pool,fixed"], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    rows = [line.split("│")[1].strip() for line in res.output.splitlines() if line.startswith("│")]
    assert rows == ["deal=pool", "deal=fixed"]
    fixed = runner.invoke(app, ["simulate", "mccarthyism", "--players", "6", "--games", "2", "--workers", "1",
                                "--option", "deal=fixed", "--option", "commie_count=3"], env={"COLUMNS": "200"})
    assert fixed.exit_code == 0, fixed.output
    bad = runner.invoke(app, ["simulate", "mccarthyism", "--players", "6", "--games", "1", "--workers", "1",
                              "--option", "deal=bogus"], env={"COLUMNS": "200"})
    assert bad.exit_code == 2
    assert bad.output.strip() == "error: option deal='bogus': must be one of 'pool', 'fixed'"
    mixed = runner.invoke(app, ["simulate", "mccarthyism", "--players", "6", "--games", "1", "--workers", "1",
                                "--option", "commie_count=2"], env={"COLUMNS": "200"})
    assert mixed.exit_code == 2 and "commie_count=2: applies only to deal=fixed" in mixed.output
    assert len(mixed.output.strip().splitlines()) == 1
