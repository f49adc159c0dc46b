"""The cross-check of docs/rules/secret-hitler.md: how a uniform random bot's liberal win rate
at 7 players (official variant) depends on how a choice between policy cards is enumerated.

    .venv/bin/python tests/secret_hitler/sh_crosscheck.py [--games N]

``distinct``: the engine's legal actions (one action per distinct card: from F F L the
President discards L or F with probability 1/2 each). ``position``: a bot that picks one of
the cards in its hand uniformly (from F F L it discards L with probability 1/3), as engines
that deal with card positions do; its other choices are uniform over the legal actions.
"""

from __future__ import annotations

import argparse

from hiddenrole.bots import Observation, RandomBot
from hiddenrole.engine import derive_seed
from hiddenrole.games.secret_hitler import SecretHitler
from hiddenrole.lab.play import play_game
from hiddenrole.lab.stats import wilson_interval

PLAYERS = [f"P{i}" for i in range(1, 8)]


class PositionBot(RandomBot):
    """Uniform over the cards in its hand when discarding or enacting; else uniform over the
    legal actions. Vetoes (when it may) with the same probability as one card."""

    needs_view = True

    def choose(self, observation: Observation):
        legal = observation.legal_actions
        kind = legal[0]["action"]
        if kind in ("discard", "enact"):
            hand = observation.view["private"]["hand"]
            options = [{"player": self.player, "action": kind, "card": c} for c in hand]
            options += [a for a in legal if a["action"] == "veto"]
            return self.rng.choice(options)
        return self.rng.choice(legal)


def run(bot: type[RandomBot], games: int, seed: int, options: dict) -> tuple[int, int]:
    wins = 0
    for i in range(games):
        s = derive_seed(seed, "crosscheck", i)
        g = SecretHitler(PLAYERS, options, seed=s)
        record = play_game(g, {p: bot(p, s) for p in PLAYERS})
        wins += record.result.winner == "liberals"
    return wins, games


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for variant in ("official",):
        for label, bot in (("distinct", RandomBot), ("position", PositionBot)):
            wins, n = run(bot, args.games, args.seed, {"variant": variant})
            low, high = wilson_interval(wins, n)
            print(f"{variant} {label}: liberals {100 * wins / n:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}), {n} games")


if __name__ == "__main__":
    main()
