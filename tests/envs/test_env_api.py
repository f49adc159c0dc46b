"""The PettingZoo and Gymnasium environments pass their libraries' own checks, for every
game at three player counts, and replay the engine's games exactly."""

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the envs extra is not installed")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from hiddenrole.engine import new_game  # noqa: E402
from hiddenrole.envs import env, gym_env  # noqa: E402

COUNTS = [
    ("secret-hitler", 5), ("secret-hitler", 7), ("secret-hitler", 10),
    ("mccarthyism", 3), ("mccarthyism", 8), ("mccarthyism", 20),
    ("shady-agents", 4), ("shady-agents", 7), ("shady-agents", 10),
]


@pytest.fixture(autouse=True)
def _quiet():
    # the checkers warn that a Dict observation is not a Box, as they do for PettingZoo's own
    # classic games (connect four, chess) with an action mask
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize(("game", "players"), COUNTS)
def test_pettingzoo_api_test(game, players):
    api_test(env(game, players=players, render_mode="ansi"), num_cycles=1000)


@pytest.mark.parametrize(("game", "players"), COUNTS)
def test_pettingzoo_seed_test(game, players):
    seed_test(lambda: env(game, players=players), num_cycles=500)


@pytest.mark.parametrize(("game", "players"), [("secret-hitler", 6), ("mccarthyism", 5), ("shady-agents", 5)])
@pytest.mark.parametrize("bots", ["random", "rule"])
def test_gymnasium_check_env(game, players, bots):
    check_env(gym_env(game, players=players, bots=bots, seat=1))


def play_random(e, seed):
    """Play an episode with uniformly random legal actions drawn from ``seed``."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def replay(game_name, names, options, seed, record):
    """The engine's game rebuilt from the seed and the environment's record of steps."""
    game = new_game(game_name, names, options, seed=seed)
    for action in record:
        if action is None:
            game.timeout()
        else:
            game.apply(action)
    return game


@pytest.mark.parametrize(("game", "players"), [("secret-hitler", 8), ("mccarthyism", 9), ("shady-agents", 6)])
def test_same_seed_and_actions_give_the_engines_game(game, players):
    e = env(game, players=players, bots={0: "rule"})
    play_random(e, 11)
    again = replay(game, list(e.names), e.options, 11, e.record)
    assert again.is_over and e.game.is_over
    assert again.reveal() == e.game.reveal()
    # and a second reset with the same seed and choices plays the same game
    first = e.game.reveal()
    play_random(e, 11)
    assert e.game.reveal() == first


def test_reset_without_a_seed_continues_a_reproducible_sequence():
    a, b = env("mccarthyism", players=6), env("mccarthyism", players=6)
    a.reset(seed=5)
    b.reset(seed=5)
    a.reset()
    b.reset()
    assert a.seed_value == b.seed_value != 5
    assert a.game.chance.record == b.game.chance.record


@pytest.mark.parametrize(("game", "players"), COUNTS)
def test_every_legal_action_has_one_number(game, players):
    """Random games at each count: every action the game lists for the agent to act is in the
    action space, and no two share a number (the mask counts them all)."""
    e = env(game, players=players)
    for seed in range(3):
        rng = np.random.default_rng(seed)
        e.reset(seed=seed)
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            assert obs["action_mask"].sum() == len(e.game.legal_actions(agent)) > 0
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_a_numpy_seed_is_the_same_seed():
    a, b = env("shady-agents", players=5), env("shady-agents", players=5)
    a.reset(seed=np.int64(7))
    b.reset(seed=7)
    assert a.seed_value == 7 and a.game.chance.record == b.game.chance.record


@pytest.mark.parametrize(("game", "players", "options"), [
    ("secret-hitler", 6, {"variant": "official"}),
    ("mccarthyism", 10, {"deal": "fixed"}),
    ("shady-agents", 6, {"enforce_statements": False, "first_player_may_discard": True}),
])
def test_other_options_pass_the_api_test_too(game, players, options):
    api_test(env(game, players=players, options=options), num_cycles=1000)
    seed_test(lambda: env(game, players=players, options=options), num_cycles=500)


@pytest.mark.parametrize("game", ["secret-hitler", "mccarthyism", "shady-agents"])
def test_with_bot_seats_the_api_and_seed_tests_pass(game):
    api_test(env(game, players=7, bots={0: "rule", 3: "random"}), num_cycles=1000)
    seed_test(lambda: env(game, players=7, bots={0: "rule", 3: "random"}), num_cycles=500)


def test_the_step_one_hot_is_the_games_declared_steps_in_the_order_of_the_rules():
    """The encodings read the games' steps from their declaration (Game.STEPS): the same
    one-hot positions as the tuples they used to hold, written here by hand."""
    from hiddenrole.envs import mccarthyism, secret_hitler

    assert mccarthyism.STEPS == ("snitching", "snitch_pair", "vote", "reveal", "forced_play", "card_target", "over")
    assert secret_hitler.STEPS == ("nominate_pair", "nominate", "vote", "discard", "enact", "veto", "power",
                                   "night_end", "over")
