"""``hiddenrole verify`` checks every part of an export the replay determines, and refuses
(exit 2, naming the field) a file that is not an export at all."""

from __future__ import annotations

import copy
import json

import pytest
from test_srv_audit import make_export
from typer.testing import CliRunner

from hiddenrole.cli import app
from hiddenrole.server.audit import verify_export

pytestmark = pytest.mark.usefixtures("council")


def _failed(export):
    result = verify_export(export)
    assert not result.ok
    return [(name, detail) for name, passed, detail in result.checks if not passed]


def test_a_role_changed_inside_the_events_fails_the_events_check():
    export = make_export()
    bad = copy.deepcopy(export)
    i, role = next((i, e) for i, e in enumerate(bad["events"]) if e["kind"] == "role")
    role["role"] = "loyal" if role["role"] == "traitor" else "traitor"
    failed = _failed(bad)
    assert failed[0][0] == "events"
    assert f"events[{i}].role" in failed[0][1]


def test_an_event_audience_changed_fails_the_events_check():
    bad = make_export()
    role = next(e for e in bad["events"] if e["kind"] == "role")
    role["to"] = sorted(bad["players"])
    assert _failed(bad)[0][0] == "events"


def test_a_junk_summary_fails_the_summary_check():
    bad = make_export()
    bad["summary"] = {"junk": True}
    failed = _failed(bad)
    assert failed[0][0] == "summary" and "summary." in failed[0][1]


def test_a_tampered_result_shows_the_claimed_and_the_replayed_result():
    export = make_export()
    real = export["result"]["winner"]
    bad = copy.deepcopy(export)
    fake = "traitor" if real == "loyal" else "loyal"
    bad["result"]["winner"] = fake
    (name, detail), = _failed(bad)
    assert name == "result"
    assert f"claims winner {fake!r}" in detail and f"replay gives winner {real!r}" in detail


@pytest.mark.parametrize("tamper,field", [
    (lambda e: e.pop("entries"), "entries"),
    (lambda e: e.update(entries={"a": 1}), "entries"),
    (lambda e: e.update(entries=[1, 2]), "entries[0]"),
    (lambda e: e["entries"][0].pop("action"), "entries[0]"),
    (lambda e: e.pop("players"), "players"),
    (lambda e: e.update(seed="7"), "seed"),
    (lambda e: e.update(chance=[["order"]]), "chance[0]"),
    (lambda e: e.pop("events"), "events"),
    (lambda e: e.update(summary="junk"), "summary"),
])
def test_a_malformed_export_exits_2_naming_the_field(tamper, field, tmp_path):
    bad = make_export()
    tamper(bad)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    out = CliRunner().invoke(app, ["verify", str(path)])
    assert out.exit_code == 2, out.output
    assert "Traceback" not in out.output and "KeyError" not in out.output
    assert f"'{field}'" in out.output or f"{field} " in out.output, out.output


@pytest.mark.parametrize("tamper,message", [
    # wrong JSON types inside the export: malformed (exit 2), not a failed check (exit 1)
    (lambda e: e.update(players=[1, 2]), "players[0] must be a string (a name), not integer"),
    (lambda e: e["players"].__setitem__(2, None), "players[2] must be a string (a name), not null"),
    (lambda e: e["options"].update(vote_seconds="10"),
     "options.vote_seconds has the wrong JSON type: option vote_seconds='10': must be a whole number"),
    (lambda e: e["options"].update(pace=["turbo"]), "options.pace has the wrong JSON type"),
    (lambda e: e["options"].update(dusk_seconds=None), "options.dusk_seconds has the wrong JSON type"),
    (lambda e: e["entries"][0].update(kind="bogus"),
     "entries[0].kind must be one of action, timeout, replace, bot, return, substitute, claim, pause, "
     "resume, extend, void, host, kick (got 'bogus')"),
    (lambda e: e["entries"][0]["action"].update(player=5), "entries[0].action.player must be a string (got integer)"),
    (lambda e: e["entries"][1]["action"].update(action=None), "entries[1].action.action must be a string (got null)"),
    (lambda e: e["chance"].__setitem__(0, [5, "Ann"]), "chance[0] must be a [kind, value] pair"),
    (lambda e: e.update(events=[1, 2]), "events[0] must be an object (got integer)"),
    (lambda e: e["events"][1].update(seq="1"), "events[1].seq must be an integer (got string)"),
    (lambda e: e["events"][0].update(kind=None), "events[0].kind must be a string (got null)"),
    (lambda e: e["events"][0].update(to="Ann"), "events[0].to must be a list of names"),
    (lambda e: e["events"][0].update(private="yes"), "events[0].private must be true or false (got string)"),
    (lambda e: e["result"].update(winner=5), "result.winner must be a string or null (got integer)"),
    (lambda e: e["result"].pop("reason"), "result.reason is missing"),
    (lambda e: e["result"].update(outcomes=[1]), "result.outcomes must be an object (got array)"),
])
def test_wrong_types_inside_an_export_exit_2_with_the_whole_message(tamper, message, tmp_path):
    bad = make_export()
    tamper(bad)
    assert [name for name, passed, _ in verify_export(bad).checks if not passed] == ["format"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    out = CliRunner().invoke(app, ["verify", str(path)])
    assert out.exit_code == 2, out.output
    # the whole message on one line, brackets included (not read as Rich markup)
    assert f"is not a game export: {message}" in out.output, out.output
    assert "Traceback" not in out.output and "FAIL" not in out.output


def test_the_verify_command_reports_a_tampered_event(tmp_path):
    bad = make_export()
    next(e for e in bad["events"] if e["kind"] == "role")["role"] = "nobody"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    out = CliRunner().invoke(app, ["verify", str(path)])
    assert out.exit_code == 1 and "FAIL events" in out.output and "NOT verified" in out.output
