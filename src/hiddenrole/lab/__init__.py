"""The balance lab: play many seeded games with bots and report how they ended."""

from .play import GameRecord, play_game
from .stats import wilson_interval

__all__ = ["GameRecord", "play_game", "wilson_interval"]
