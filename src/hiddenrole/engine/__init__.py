"""The engine contract shared by every game (see :mod:`hiddenrole.engine.game`)."""

from .chance import ONE_DRAW, PACKED, Chance, Rng, derive_seed, seed_to_int
from .errors import BadOption, BadSetup, HiddenRoleError, IllegalAction
from .events import PUBLIC, Event, Result
from .frozen import FrozenDict, FrozenList, freeze_json
from .game import (STATEMENTS, Action, Game, Timer, check_player_name, check_player_names, field_of, name_key,
                   without_statements)
from .observer import MOD, ObservedGame, Observer, copy_json
from .options import Option, OptionSet
from .registry import available_games, game_class, new_game
from .seating import Seating, seated_before, seating_of
from .steps import Kind, Step, Steps

__all__ = [
    "Action", "BadOption", "BadSetup", "Chance", "Event", "FrozenDict", "FrozenList", "Game", "HiddenRoleError",
    "IllegalAction", "Kind", "MOD", "ONE_DRAW", "PACKED", "ObservedGame", "Observer", "Option", "OptionSet", "PUBLIC", "Result", "Rng", "STATEMENTS", "Seating", "Step", "Steps", "Timer", "without_statements",
    "available_games", "check_player_name", "check_player_names", "copy_json", "derive_seed", "field_of", "freeze_json", "game_class", "name_key", "new_game", "seated_before", "seating_of", "seed_to_int",
]
