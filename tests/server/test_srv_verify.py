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


def test_the_verify_command_reports_a_tampered_event(tmp_path):
    bad = make_export()
    next(e for e in bad["events"] if e["kind"] == "role")["role"] = "nobody"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    out = CliRunner().invoke(app, ["verify", str(path)])
    assert out.exit_code == 1 and "FAIL events" in out.output and "NOT verified" in out.output
