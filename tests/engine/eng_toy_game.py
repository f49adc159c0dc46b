"""A small but complete game on the engine contract, for testing the contract itself.

"Find the spy": one player is dealt the spy role (a chance outcome), everyone else is an
agent. All players accuse someone at the same time (each knows only their own role); when
every accusation is in (or at the deadline, when missing ones are drawn at random), the
player with the most accusations is caught. If that is the spy, the agents win.
"""

from __future__ import annotations

from collections import Counter

from hiddenrole.engine import Game, IllegalAction, Option, OptionSet, Result, Timer, field_of


class FindTheSpy(Game):
    name = "find-the-spy"
    title = "Find the Spy"
    min_players = 3
    max_players = 6
    sides = ("agents", "spy")
    CHANCE_KINDS = frozenset({"spy", "timeouts"})
    CHANCE_SEQUENCES = frozenset({"timeouts"})
    OPTIONS = OptionSet([Option("vote_seconds", 60, "seconds to accuse", kind=int, minimum=0, maximum=600)])

    def setup(self) -> None:
        def check(name):
            if name not in self.players:
                raise ValueError(f"{name!r} is not a player")
            return name

        self.spy = self.chance.outcome("spy", lambda rng: rng.choice(self.players), check)
        self.accusations: dict[str, str] = {}
        self._result: Result | None = None
        self.emit("spy_dealt", to=[], spy=self.spy)
        for p in self.players:
            self.emit("role", to=[p], role="spy" if p == self.spy else "agent")

    @property
    def phase(self) -> str:
        return "over" if self._result else "accuse"

    def to_act(self):
        if self._result:
            return ()
        return tuple(p for p in self.players if p not in self.accusations)

    def legal_actions(self, player):
        if self._result or player in self.accusations:
            return []
        return [{"player": player, "action": "accuse", "target": t} for t in self.players if t != player]

    def timers(self):
        s = self.options["vote_seconds"]
        return [Timer("accuse", s)] if s and not self._result else []

    def side_of(self, player):
        return "spy" if player == self.spy else "agents"

    def _apply(self, player, kind, action):
        if kind != "accuse":
            raise IllegalAction(player, action, f"unknown action kind {kind!r}")
        target = field_of(player, action, "target")
        if player in self.accusations:
            raise IllegalAction(player, action, "you have already accused someone")
        if target not in self.players or target == player:
            raise IllegalAction(player, action, "the target must be another player")
        self.accusations[player] = target
        self.emit("accused", player=player)
        if len(self.accusations) == len(self.players):
            self._finish()

    def _timeout(self):
        for p in self.to_act():
            others = [t for t in self.players if t != p]

            def check(name, others=others):
                if name not in others:
                    raise ValueError(f"{name!r} is not another player")
                return name

            target = self.chance.outcome("timeouts", lambda rng, o=others: rng.choice(o), check, sequence=True)
            self.accusations[p] = target
            self.emit("accused", player=p, by_timeout=True)
        self._finish()

    def _finish(self):
        counts = Counter(self.accusations.values())
        caught = min(counts, key=lambda p: (-counts[p], self.players.index(p)))
        winner = "agents" if caught == self.spy else "spy"
        outcomes = {p: ("win" if self.side_of(p) == winner else "loss") for p in self.players}
        self.emit("caught", player=caught, accusations=dict(sorted(self.accusations.items())))
        self._result = Result(winner, "spy_caught" if winner == "agents" else "spy_escaped", outcomes)
        self.finish(self._result)

    def view(self, player):
        v = self.base_view(player)
        v["board"] = {"accused": sorted(self.accusations)}
        v["private"] = {} if player is None else {"role": "spy" if player == self.spy else "agent"}
        return v

    def summary(self):
        return {"phase": self.phase, "accused": sorted(self.accusations),
                "winner": self._result.winner if self._result else None}
