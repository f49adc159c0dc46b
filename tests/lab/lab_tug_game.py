"""A small but complete game on the engine contract, for the balance lab's tests.

"Tug of war": the players are dealt to two sides, reds and blues (a chance outcome,
"roles"). In seat order each player either pulls the rope or rests; a pull moves the rope
one step toward the puller's side only if it holds (a chance outcome, "pulls": a fair
coin). After every full round there is a break that waits only for its deadline. The side
that drags the rope ``target`` steps its way wins; after ``max_rounds`` rounds it is a draw.
On a turn's deadline the player rests.

Options: ``target`` (steps to win, at most 4 per player), ``max_rounds`` (rounds before a draw).
"""

from __future__ import annotations

from hiddenrole.engine import BadOption, Game, IllegalAction, Option, OptionSet, Result, Timer


class TugOfWar(Game):
    """Tug of war (see the module docstring); reports its length in rounds as ``turns``."""

    name = "tug-of-war"
    title = "Tug of War"
    min_players = 2
    max_players = 8
    sides = ("reds", "blues")
    OPTIONS = OptionSet([
        Option("target", 2, "steps the rope must move toward a side for it to win", kind=int, minimum=1, maximum=10),
        Option("max_rounds", 6, "rounds played before the game is a draw", kind=int, minimum=1, maximum=100),
    ])

    def setup(self) -> None:
        n = len(self.players)
        if self.options["target"] > 4 * n:
            raise BadOption("target", self.options["target"], f"must be at most 4 steps per player ({4 * n})")

        def check(reds):
            reds = list(reds)
            if len(reds) != n // 2 or any(p not in self.players for p in reds):
                raise ValueError(f"reds must be {n // 2} players")
            return reds

        self.reds = frozenset(self.chance.outcome("roles", lambda rng: rng.sample(self.players, n // 2), check))
        for p in self.players:
            self.emit("role", to=[p], side=self.side_of(p))
        self.rope = 0
        self.round = 1
        self.turn = 0  # seat index of the player to act; len(players) means the break

    def side_of(self, player: str) -> str:
        """The player's side: ``"reds"`` or ``"blues"``."""
        return "reds" if player in self.reds else "blues"

    @property
    def phase(self) -> str:
        if self.result is not None:
            return "over"
        return "break" if self.turn == len(self.players) else "pull"

    def to_act(self):
        return (self.players[self.turn],) if self.phase == "pull" else ()

    def legal_actions(self, player):
        if self.phase != "pull" or player != self.players[self.turn]:
            return []
        return [{"player": player, "action": "pull"}, {"player": player, "action": "rest"}]

    def timers(self):
        return [] if self.result else [Timer(f"{self.phase}-{self.round}-{self.turn}", 30)]

    def _apply(self, player, kind, action):
        if kind not in ("pull", "rest"):
            raise IllegalAction(player, action, f"unknown action kind {kind!r}")
        if self.phase != "pull" or player != self.players[self.turn]:
            raise IllegalAction(player, action, "it is not your turn")
        if kind == "pull":
            held = self.chance.outcome("pulls", lambda rng: rng.below(2) == 1, bool, sequence=True)
            if held:
                self.rope += 1 if player in self.reds else -1
            self.emit("pulled", player=player, held=held, rope=self.rope)
        else:
            self.emit("rested", player=player)
        self.turn += 1
        self._check_end()

    def _timeout(self):
        if self.phase == "pull":
            self.emit("rested", player=self.players[self.turn], by_timeout=True)
            self.turn += 1
            self._check_end()
        else:
            self.emit("break_over", round=self.round)
            self.round += 1
            self.turn = 0

    def _check_end(self):
        target = self.options["target"]
        winner = "reds" if self.rope >= target else "blues" if self.rope <= -target else None
        if winner is not None:
            reason = "dragged"
        elif self.turn == len(self.players) and self.round >= self.options["max_rounds"]:
            reason = "rounds_exhausted"
        else:
            return
        outcomes = {
            p: "draw" if winner is None else "win" if self.side_of(p) == winner else "loss" for p in self.players
        }
        self.finish(Result(winner, reason, outcomes, {"turns": self.round, "rope": self.rope}))
        self.emit("game_over", winner=winner, reason=reason)

    def view(self, player):
        v = self.base_view(player)
        v["board"] = {"rope": self.rope, "round": self.round}
        v["private"] = {} if player is None else {"side": self.side_of(player)}
        return v

    def summary(self):
        return {"rope": self.rope, "round": self.round, "winner": self.result.winner if self.result else None}


class QuietTugOfWar(TugOfWar):
    """The same game, but its result does not count turns (the lab counts phases instead)."""

    def finish(self, result):
        super().finish(Result(result.winner, result.reason, result.outcomes))


class BrokenTugOfWar(TugOfWar):
    """A buggy engine: it crashes in the third round (for the lab's error reporting)."""

    def _timeout(self):
        if self.phase == "break" and self.round == 2:
            raise RuntimeError("engine bug in round 2's break")
        super()._timeout()


class FickleTugOfWar(TugOfWar):
    """A buggy engine: it counts turns only in games the reds win."""

    def finish(self, result):
        if result.winner != "reds":
            result = Result(result.winner, result.reason, result.outcomes)
        super().finish(result)
