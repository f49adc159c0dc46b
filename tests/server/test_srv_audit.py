"""Fair and auditable: the commitment, the export and ``hiddenrole verify``."""

from __future__ import annotations

import copy
import hashlib
import json

import pytest
from typer.testing import CliRunner

from hiddenrole.bots import RandomBot
from hiddenrole.cli import app
from hiddenrole.engine import new_game
from hiddenrole.lab.play import play_game
from hiddenrole.server.audit import EXPORT_FORMAT, commitment, verify_export

pytestmark = pytest.mark.usefixtures("council")


def test_commitment_is_sha256_of_seed_and_salt():
    assert commitment(42, "abc") == hashlib.sha256(b"42:abc").hexdigest()


def make_export(seed=7):
    """An export of a complete council game, as the server writes it."""
    game = new_game("council", ["Ann", "Bob", "Cid", "Dee"], {"vote_seconds": 10}, seed=seed)
    entries = []

    def on_step(g, action):
        entries.append({"seq": len(entries) + 1, "kind": "timeout" if action is None else "action",
                        "at": "2027-01-15T08:00:00.000Z", **({"key": None} if action is None else {"action": action})})

    bots = {p: RandomBot(p, seed) for p in game.players}
    # dusks wait for nobody: play_game passes them with a timeout, as the server does
    play_game(game, bots, on_step=on_step)
    return json.loads(json.dumps({
        "format": EXPORT_FORMAT, "game": "council", "players": list(game.players), "options": game.options,
        "seed": seed, "salt": "s4lt", "commitment": commitment(seed, "s4lt"), "entries": entries,
        "chance": [[k, v] for k, v in game.chance.record],
        "result": game.result.to_json(), "summary": game.summary(),
        "events": [e.to_json(reveal=True) for e in game.log],
    }))


def test_an_honest_export_verifies():
    result = verify_export(make_export())
    assert result.ok and [c[0] for c in result.checks] == ["format", "commitment", "replay", "chance", "over", "result",
                                                        "summary", "events"]


@pytest.mark.parametrize("tamper,failed", [
    (lambda e: e.update(salt="other"), "commitment"),
    # another seed deals differently: the recorded actions or chance outcomes no longer fit
    (lambda e: e.update(seed=e["seed"] + 1, commitment=commitment(e["seed"] + 1, e["salt"])), "replay|chance"),
    (lambda e: e["chance"][0].__setitem__(1, next(p for p in e["players"] if p != e["chance"][0][1])), "chance"),
    (lambda e: e["result"].update(winner="traitor" if e["result"]["winner"] == "loyal" else "loyal"), "result"),
    (lambda e: e["entries"].pop(), "over"),
    (lambda e: e["entries"][0]["action"].update(target=e["entries"][0]["action"]["player"]), "replay"),
    (lambda e: e.update(format="something/2"), "format"),
])
def test_a_tampered_export_fails_the_right_check(tamper, failed):
    export = make_export()
    assert export["entries"][0]["kind"] == "action"
    bad = copy.deepcopy(export)
    tamper(bad)
    result = verify_export(bad)
    assert not result.ok
    assert [c[0] for c in result.checks if not c[1]][0] in failed.split("|")


def test_the_verify_command(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(make_export()))
    runner = CliRunner()
    out = runner.invoke(app, ["verify", str(good)])
    assert out.exit_code == 0, out.output
    assert "ok   commitment" in out.output and "verified: this game was dealt from the committed seed" in out.output
    bad = make_export()
    bad["salt"] = "x"
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    out = runner.invoke(app, ["verify", str(tmp_path / "bad.json")])
    assert out.exit_code == 1 and "FAIL commitment" in out.output and "NOT verified" in out.output
    (tmp_path / "junk.json").write_text("{nope")
    out = runner.invoke(app, ["verify", str(tmp_path / "junk.json")])
    assert out.exit_code == 2
    out = runner.invoke(app, ["verify", str(tmp_path / "missing.json")])
    assert out.exit_code == 2


def make_claims_export(seed=5):
    """An export of a Secret Hitler game of rule bots, who make claims: with its truth labels."""
    from hiddenrole.bots.secret_hitler import SecretHitlerBot

    game = new_game("secret-hitler", ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus"], {"pace": "untimed"}, seed=seed)
    entries = []

    def on_step(g, action):
        entries.append({"seq": len(entries) + 1, "kind": "timeout" if action is None else "action",
                        "at": "2027-01-15T08:00:00.000Z", **({"key": None} if action is None else {"action": action})})

    play_game(game, {p: SecretHitlerBot(p, seed) for p in game.players}, on_step=on_step)
    return json.loads(json.dumps({
        "format": EXPORT_FORMAT, "game": "secret-hitler", "players": list(game.players), "options": game.options,
        "seed": seed, "salt": "s4lt", "commitment": commitment(seed, "s4lt"), "entries": entries,
        "chance": [[k, v] for k, v in game.chance.record],
        "result": game.result.to_json(), "summary": game.summary(),
        "events": [e.to_json(reveal=True) for e in game.log], "truth": game.truth_labels(),
    }))


def test_an_export_with_truth_labels_verifies_them_against_the_replay():
    export = make_claims_export()
    claims = [e for e in export["events"] if e["kind"] == "claim"]
    assert claims and len(export["truth"]) == len(claims)
    result = verify_export(export)
    assert result.ok and [c[0] for c in result.checks][-1] == "truth"
    bad = copy.deepcopy(export)
    bad["truth"][0]["true"] = not bad["truth"][0]["true"]
    result = verify_export(bad)
    assert [c[0] for c in result.checks if not c[1]] == ["truth"]
