"""A small but real game on the engine contract, for the server's tests: "Council".

One player is dealt the traitor role (chance outcome ``"traitor"``), the others are loyal;
each learns only their own role. Every round all living players vote at once, in secret,
for a living player to exile (each sees only their own ballot until the tally). When the
votes are in (or at the round's deadline, when missing votes are drawn at random: chance
``"timeouts"``), the tally is public and the player with the most votes is exiled (ties
broken by the Mod at random: chance ``"picks"``). Exiling the traitor wins for the loyal
side; the traitor wins when only two players are left. Between rounds a dusk phase waits
for its deadline only (no one acts). The living may post in the thread.
"""

from __future__ import annotations

from collections import Counter

from hiddenrole.engine import Game, IllegalAction, Kind, Option, OptionSet, Result, Step, Steps, Timer, field_of
from hiddenrole.engine.narration import Narrator


class CouncilNarrator(Narrator):
    """Council told in plain words (English only: the test game has no catalog)."""

    def phase(self, view):
        return "The game is over." if view.get("over") else "A round of Council."

    def prompt(self, view, legal):
        return {"title": "Vote to exile a living player.", "explain": "The player with the most votes leaves.",
                "choices": [{"action": i, "label": f"Exile {a['target']}", "explain": None}
                            for i, a in enumerate(legal)]}

    EVENTS = {
        "deal": lambda n, d, to: ["The Mod dealt the roles."],
        "role": lambda n, d, to: [f"You are {d['role']}." if n.private_for_viewer(to) else f"A role was {d['role']}."],
        "round": lambda n, d, to: [f"Round {d['round']} begins."],
        "post": lambda n, d, to: [f"{d['player']} wrote: “{d['text']}”"],
        "voted": lambda n, d, to: [f"{d['player']} has voted."],
        "ballot": lambda n, d, to: [f"You voted to exile {d['target']}."],
        "tally": lambda n, d, to: [f"Round {d['round']} is counted."],
        "exiled": lambda n, d, to: ["A player was exiled."],
        "dusk": lambda n, d, to: ["Dusk falls."],
        "game_over": lambda n, d, to: [f"The {d['winner']} side won."],
    }


class Council(Game):
    """The test game (see the module docstring)."""

    name = "council"
    title = "Council"
    min_players = 3
    max_players = 7
    sides = ("loyal", "traitor")
    NARRATOR = "srv_game:CouncilNarrator"
    STEPS = Steps([Kind("vote", ("target",)), Kind("post", ("text",))],
                  [Step("vote", "the living who have not voted", ("vote",), "a random vote for each missing one",
                        waited=False),  # the game says why a player may not vote (exiled, voted already)
                   Step("dusk", "nobody", (), "the next round", next="vote"),
                   Step("over", "nobody", (), "nothing")],
                  anytime=("post",))
    OPTIONS = OptionSet([
        Option("pace", "turbo", "turbo: timed rounds and dusks; untimed: no timers, no dusk",
               choices=("turbo", "untimed")),
        Option("vote_seconds", 60, "seconds to vote", kind=int, minimum=1, maximum=3600),
        Option("dusk_seconds", 30, "seconds of dusk", kind=int, minimum=1, maximum=3600),
    ])

    def setup(self) -> None:
        def check(name):
            if name not in self.players:
                raise ValueError(f"{name!r} is not a player")
            return name

        self.traitor = self.chance.outcome("traitor", lambda rng: rng.choice(self.players), check)
        self.alive = list(self.players)
        self.round = 1
        self.step = "vote"
        self.ballots: dict[str, str] = {}
        self.emit("deal", to=[], traitor=self.traitor)
        for p in self.players:
            self.emit("role", to=[p], role=self.role_of(p))
        self.emit("round", round=1)

    def role_of(self, player: str) -> str:
        return "traitor" if player == self.traitor else "loyal"

    def side_of(self, player: str) -> str:
        return self.role_of(player)

    @property
    def untimed(self) -> bool:
        return self.options["pace"] == "untimed"

    @property
    def phase(self) -> str:
        return "over" if self.result else self.step

    def to_act(self):
        if self.result or self.step != "vote":
            return ()
        return tuple(p for p in self.alive if p not in self.ballots)

    def legal_actions(self, player):
        if self.result or self.step != "vote" or player not in self.alive or player in self.ballots:
            return []
        return [{"player": player, "action": "vote", "target": t} for t in self.alive if t != player]

    def timers(self):
        if self.result or self.untimed:
            return []
        if self.step == "vote":
            return [Timer(f"vote-{self.round}", self.options["vote_seconds"])]
        return [Timer(f"dusk-{self.round}", self.options["dusk_seconds"])]

    def can_post(self, player):
        return player in self.alive and not self.is_over

    def refusal(self, player, kind, step):
        return "no vote is open (it is dusk)"

    def _apply(self, player, kind, action):
        if kind == "post":
            text = field_of(player, action, "text")
            if player not in self.alive:
                raise IllegalAction(player, action, "the exiled cannot post")
            self.emit("post", player=player, text=text)
            return
        if kind != "vote":
            raise IllegalAction(player, action, f"unknown action kind {kind!r}")
        target = field_of(player, action, "target")
        if self.step != "vote":
            raise IllegalAction(player, action, "no vote is open (it is dusk)")
        if player not in self.alive:
            raise IllegalAction(player, action, "the exiled cannot vote")
        if player in self.ballots:
            raise IllegalAction(player, action, "you have already voted this round")
        if target not in self.alive or target == player:
            raise IllegalAction(player, action, "the target must be another living player")
        self._vote(player, target, by_timeout=False)
        if not self.to_act():
            self._tally()

    def _vote(self, player, target, by_timeout):
        self.ballots[player] = target
        self.emit("voted", player=player, by_timeout=by_timeout)
        self.emit("ballot", to=[player], target=target)

    def _timeout(self):
        if self.step == "dusk":
            self._next_round()
            return
        for p in self.to_act():
            others = [t for t in self.alive if t != p]
            target = self.chance.outcome("timeouts", lambda rng, o=others: rng.choice(o), sequence=True)
            self._vote(p, target, by_timeout=True)
        self._tally()

    def _tally(self):
        counts = Counter(self.ballots.values())
        top = max(counts.values())
        tied = sorted(p for p, c in counts.items() if c == top)
        exiled = tied[0] if len(tied) == 1 else self.chance.outcome(
            "picks", lambda rng: rng.choice(tied), sequence=True)
        self.emit("tally", round=self.round, ballots=dict(sorted(self.ballots.items())), exiled=exiled)
        self.alive.remove(exiled)
        if exiled == self.traitor:
            self._finish("loyal", "traitor_exiled")
        elif len(self.alive) <= 2:
            self._finish("traitor", "traitor_survived")
        elif self.untimed:
            self._next_round()
        else:
            self.step = "dusk"

    def _next_round(self):
        self.round += 1
        self.step = "vote"
        self.ballots = {}
        self.emit("round", round=self.round)

    def _finish(self, winner, reason):
        outcomes = {p: "win" if self.side_of(p) == winner else "loss" for p in self.players}
        self.emit("game_over", winner=winner, reason=reason, traitor=self.traitor)
        self.finish(Result(winner, reason, outcomes))

    def view(self, player):
        v = self.base_view(player)
        v["board"] = {"round": self.round, "stage": self.phase, "alive": list(self.alive),
                      "voted": sorted(self.ballots)}
        if player is None:
            v["private"] = {}
        else:
            v["private"] = {"role": self.role_of(player), "ballot": self.ballots.get(player)}
        return v

    def summary(self):
        return {"phase": self.phase, "round": self.round, "alive": list(self.alive),
                "winner": self.result.winner if self.result else None}
