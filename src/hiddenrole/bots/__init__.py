"""Bots: players that decide from their own view and legal actions only."""

from .base import (
    Bot, BotParam, Observation, bot_class, bot_kinds, check_bot_params, default_kind, register_bot, seat_bots,
)
from .random_bot import RandomBot

__all__ = [
    "Bot", "BotParam", "Observation", "RandomBot", "bot_class", "bot_kinds", "check_bot_params", "default_kind",
    "register_bot", "seat_bots",
]
