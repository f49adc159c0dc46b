"""Bots: players that decide from their own view and legal actions only."""

from .base import Bot, Observation, bot_class, bot_kinds, register_bot, seat_bots
from .random_bot import RandomBot

__all__ = ["Bot", "Observation", "RandomBot", "bot_class", "bot_kinds", "register_bot", "seat_bots"]
