"""The `hiddenrole simulate` and `hiddenrole report` commands."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from hiddenrole.cli import app

runner = CliRunner()


def _simulate(*args: str):
    return runner.invoke(app, ["simulate", *args])


def test_simulate_prints_the_win_table_and_writes_the_same_file_for_any_workers(tug, tmp_path):
    common = ["tug-of-war", "--players", "2..4", "--games", "60", "--seed", "4", "--sweep", "target=1,2",
              "--option", "max_rounds=5", "--bots", "reds=puller"]
    one = _simulate(*common, "--workers", "1", "--out", str(tmp_path / "one.json"))
    assert one.exit_code == 0, one.output
    two = _simulate(*common, "--workers", "2", "--out", str(tmp_path / "two.json"))
    assert two.exit_code == 0, two.output
    assert (tmp_path / "one.json").read_bytes() == (tmp_path / "two.json").read_bytes()
    data = json.loads((tmp_path / "one.json").read_text())
    assert data["options"] == {"max_rounds": 5} and data["bots"] == {"*": "random", "reds": "puller"}
    assert "reds win %" in one.output and "target=2" in one.output
    assert "results written to" in one.output


def test_simulate_without_out_prints_per_count_rows(tug):
    run = _simulate("tug-of-war", "--players", "3", "--games", "20", "--workers", "1")
    assert run.exit_code == 0, run.output
    assert "20 games per player count, random bots, seed 0" in run.output
    assert "blues win %" in run.output


def test_report_command_writes_the_report(tug, tmp_path):
    assert _simulate("tug-of-war", "--players", "2,6", "--games", "30", "--workers", "1",
                     "--out", str(tmp_path / "r.json")).exit_code == 0
    run = runner.invoke(app, ["report", str(tmp_path / "r.json"), "--out", str(tmp_path / "rep")])
    assert run.exit_code == 0, run.output
    assert (tmp_path / "rep" / "report.md").exists()
    assert (tmp_path / "rep" / "winrate.png").exists() and (tmp_path / "rep" / "length.png").exists()


def test_bad_arguments_exit_2_naming_the_problem(tug, tmp_path):
    cases = [
        (["--bots", "reds"], "--bots 'reds': use KEY=VALUE"),
        (["--bots", "greens=random"], "no side 'greens'"),
        (["--option", "target=0"], "at least 1"),
        (["--sweep", "target="], "--sweep"),
        (["--players", "1..3"], "takes 2 to 8 players"),
        (["--players", "x"], "bad player range"),
        (["--players", "2", "--option", "target=9"], "(at 2 players)"),
        (["--engine", "spark"], "--engine 'spark'"),
        (["--address", "127.0.0.1:1"], "--address is for --engine ray"),
        (["--games", "100000001"], "from 1 to 100,000,000"),  # the last --games counts
    ]
    for args, message in cases:
        run = _simulate("tug-of-war", "--games", "5", "--out", str(tmp_path / "x.json"), *args)
        assert run.exit_code == 2, (args, run.output)
        assert message in " ".join(run.output.split()), (args, run.output)
        assert not (tmp_path / "x.json").exists()
    run = runner.invoke(app, ["report", str(tmp_path / "missing.json")])
    assert run.exit_code == 2 and "cannot read" in run.output


def test_a_failing_game_exits_1_with_its_seed(tug):
    run = _simulate("broken-tug", "--players", "3", "--games", "5", "--workers", "1",
                    "--option", "target=10")
    assert run.exit_code == 1
    assert "seed" in run.output and "engine bug" in run.output
