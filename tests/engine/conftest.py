"""Registers the contract's test game for the engine tests only."""

import pytest

from hiddenrole.engine import registry


@pytest.fixture
def toy_registered(monkeypatch):
    """Make game "find-the-spy" available by name while a test runs."""
    monkeypatch.setitem(registry._GAMES, "find-the-spy", "eng_toy_game:FindTheSpy")
    yield "find-the-spy"
