"""Bots for the client tests, loaded by ``hiddenrole agent --bot agent_bots:Class`` (a user's
own class, as ``module:Class``)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from hiddenrole.bots import RandomBot


class GatedBot(RandomBot):
    """A random bot that, at its third decision, writes ``$GATE/paused`` and waits for
    ``$GATE/go`` before answering: the test restarts the server in between."""

    def __init__(self, player, seed=0, rng=None):
        super().__init__(player, seed, rng)
        self.decisions = 0

    def choose(self, observation):
        self.decisions += 1
        if self.decisions == 3:
            gate = Path(os.environ["HIDDENROLE_TEST_GATE"])
            (gate / "paused").write_text("paused")
            end = time.monotonic() + 120
            while not (gate / "go").exists() and time.monotonic() < end:
                time.sleep(0.02)
        return super().choose(observation)


class NotABot:
    """A class without ``choose``."""

    def __init__(self, player, seed=0):
        self.player = player
