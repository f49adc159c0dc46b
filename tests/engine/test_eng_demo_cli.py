"""`hiddenrole demo <game>`: the game told in sentences (the Mod's view), in German with
``--lang de``, the records with ``--raw``, a one-line error for an unknown language."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from hiddenrole.cli import app
from hiddenrole.engine import available_games

RAW = re.compile(r"[{}\[\]]|[A-Za-z]_[A-Za-z]|\b\w+=|\b(None|True|False)\b")
QUOTED = re.compile(r"“[^”]*”|„[^“]*“")
runner = CliRunner()


def demo(*args):
    result = runner.invoke(app, ["demo", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("game", available_games())
def test_demo_prints_sentences_only(game):
    code, out, _ = demo(game, "--seed", "2")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) > 10
    for line in lines:
        assert line.strip() and line.rstrip()[-1] in ".:”“?!", line
        assert not RAW.search(QUOTED.sub("", line)), line


@pytest.mark.parametrize(("game", "first"), [
    ("secret-hitler", "Der Mod hat die Spielerliste gepostet: "),
    ("mccarthyism", "Das Spiel beginnt mit 7 Spielern, verteilt aus einem Vorrat von "),
    ("shady-agents", "P1 ist "),
])
def test_demo_in_german(game, first):
    if game not in available_games():
        pytest.skip(f"{game} not installed")
    code, out, _ = demo(game, "--lang", "de")
    assert code == 0 and out.splitlines()[0].startswith(first)
    english = demo(game)[1]
    assert out != english and len(out.splitlines()) == len(english.splitlines())  # the same game, told in German


def test_demo_raw_prints_the_records():
    code, out, _ = demo("secret-hitler", "--raw")
    assert code == 0
    assert re.search(r"^\s+\d+ player_list by=Mod order=\[", out, re.M)
    assert "vote_result" in out


@pytest.mark.parametrize("lang", ["xx", "", "de;q=1"])
def test_demo_refuses_an_unknown_language_in_one_line(lang):
    code, out, err = demo("secret-hitler", "--lang", lang)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: unknown language") and "en, de" in err
