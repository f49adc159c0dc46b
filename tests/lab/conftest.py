"""Registers the lab's test game and test bots for the lab tests only.

The lab sends worker processes the game's and bots' import paths (``module:Class``), so a
registration made here in the parent reaches the workers without any set-up there.
"""

import pytest

from hiddenrole.bots import base as bot_base
from hiddenrole.engine import registry


@pytest.fixture
def tug(monkeypatch):
    """Make the game "tug-of-war" available by name while a test runs; yields the name."""
    monkeypatch.setitem(registry._GAMES, "tug-of-war", "lab_tug_game:TugOfWar")
    monkeypatch.setitem(registry._GAMES, "quiet-tug", "lab_tug_game:QuietTugOfWar")
    monkeypatch.setitem(registry._GAMES, "broken-tug", "lab_tug_game:BrokenTugOfWar")
    monkeypatch.setitem(registry._GAMES, "fickle-tug", "lab_tug_game:FickleTugOfWar")
    monkeypatch.setitem(bot_base._BOTS, "puller", {"tug-of-war": "lab_tug_bots:PullerBot"})
    monkeypatch.setitem(bot_base._BOTS, "rester", {"*": "lab_tug_bots:ResterBot"})
    yield "tug-of-war"
