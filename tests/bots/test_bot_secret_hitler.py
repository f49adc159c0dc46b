"""The rule-based Secret Hitler bot in situations where the obvious move is known.

Each situation is an information state as the engine would show it (events, board,
private), handed to the bot as an :class:`Observation`.
"""

from __future__ import annotations

from typing import Any

from hiddenrole.bots import Observation
from hiddenrole.bots.secret_hitler import PROVEN, SecretHitlerBot
from hiddenrole.engine import game_class
from hiddenrole.lab import play_game
from hiddenrole.lab.play import json_copy

PLAYERS = [f"P{i}" for i in range(1, 8)]
ROLES_7 = {"P1": "liberal", "P2": "liberal", "P3": "fascist", "P4": "liberal", "P5": "fascist",
           "P6": "hitler", "P7": "liberal"}


class Table:
    """A hand-built information state for one bot, growing event by event."""

    def __init__(self, me: str, role: str, roles: dict[str, str] | None = None, seed: int = 5) -> None:
        self.me = me
        self.events: list[dict[str, Any]] = []
        data: dict[str, Any] = {"role": role, "allegiance": "liberal" if role == "liberal" else "fascist"}
        if roles:
            data["roles"] = roles
        self.event("role", private=True, **data)
        self.event("player_list", by="Mod", order=PLAYERS, president=PLAYERS[0])
        self.bot = SecretHitlerBot(me, seed)

    def event(self, kind: str, **data: Any) -> None:
        self.events.append({"seq": len(self.events), "kind": kind, **data})

    def ask(self, legal: list[dict[str, Any]], board: dict[str, Any] | None = None,
            private: dict[str, Any] | None = None) -> dict[str, Any]:
        view = {
            "game": "secret-hitler", "player": self.me, "phase": "day", "over": False, "players": PLAYERS,
            "events": [dict(e) for e in self.events], "result": None,
            "board": {"fascist_policies": 0, "liberal_policies": 0, "election_tracker": 0, "tracker_limit": 2,
                      **(board or {})},
            "private": private or {},
        }
        return self.bot.choose(Observation(self.me, [dict(a) for a in legal], view))


def acts(me: str, kind: str, key: str, values: list[Any]) -> list[dict[str, Any]]:
    return [{"player": me, "action": kind, key: v} for v in values]


def votes(me: str) -> list[dict[str, Any]]:
    return acts(me, "vote", "vote", ["yes", "no"])


def test_liberal_chancellor_holding_l_and_f_enacts_l() -> None:
    t = Table("P2", "liberal")
    action = t.ask(acts("P2", "enact", "card", ["F", "L"]), private={"hand": ["F", "L"]})
    assert action == {"player": "P2", "action": "enact", "card": "L"}


def test_liberal_president_passes_a_liberal_policy_when_they_can() -> None:
    t = Table("P1", "liberal")
    action = t.ask(acts("P1", "discard", "card", ["F", "L"]), private={"hand": ["F", "F", "L"]})
    assert action["card"] == "F"  # the card *not* passed on


def test_fascist_president_passes_fascist_policies() -> None:
    t = Table("P3", "fascist", ROLES_7)
    action = t.ask(acts("P3", "discard", "card", ["F", "L"]), private={"hand": ["F", "L", "L"]})
    assert action["card"] == "L"


def test_fascist_chancellor_enacts_f() -> None:
    t = Table("P5", "fascist", ROLES_7)
    t.event("vote_result", by="Mod", day=3, president="P3", chancellor="P5", votes={}, passed=True)
    action = t.ask(acts("P5", "enact", "card", ["F", "L"]), {"fascist_policies": 2}, {"hand": ["F", "L"]})
    assert action["card"] == "F"


def test_fascist_votes_yes_on_hitler_as_chancellor_after_three_fascist_policies() -> None:
    t = Table("P3", "fascist", ROLES_7)
    board = {"presidential_candidate": "P4", "chancellor_candidate": "P6", "fascist_policies": 3}
    assert t.ask(votes("P3"), board)["vote"] == "yes"


def test_fascist_nominates_hitler_after_three_fascist_policies() -> None:
    t = Table("P5", "fascist", ROLES_7)
    legal = acts("P5", "nominate", "target", ["P1", "P2", "P4", "P6", "P7"])
    assert t.ask(legal, {"fascist_policies": 3, "presidential_candidate": "P5"})["target"] == "P6"


def test_fascist_votes_down_an_all_liberal_ticket_most_of_the_time() -> None:
    board = {"presidential_candidate": "P1", "chancellor_candidate": "P2", "fascist_policies": 1}
    noes = sum(Table("P3", "fascist", ROLES_7, seed=i).ask(votes("P3"), board)["vote"] == "no" for i in range(40))
    assert 20 <= noes < 40  # mostly no, with a few yes votes to look like a liberal


def test_fascist_kills_a_liberal_never_hitler_or_a_partner() -> None:
    t = Table("P3", "fascist", ROLES_7)
    legal = acts("P3", "execute", "target", ["P1", "P2", "P4", "P5", "P6", "P7"])
    for _ in range(20):
        assert ROLES_7[t.ask(legal)["target"]] == "liberal"


def test_liberal_president_who_passed_l_distrusts_the_chancellor_who_enacted_f() -> None:
    t = Table("P1", "liberal")
    t.event("policies_drawn", private=True, cards=["F", "F", "L"])
    t.ask(acts("P1", "discard", "card", ["F", "L"]), private={"hand": ["F", "F", "L"]})  # passes F L
    t.event("day_start", by="Mod", day=1, presidential_candidate="P2", policy="F", chancellor="P4")
    t.event("nominated", president="P2", chancellor="P4")
    board = {"presidential_candidate": "P2", "chancellor_candidate": "P4", "fascist_policies": 1}
    action = t.ask(votes("P1"), board)
    if action["action"] == "post":  # first the President's claim, then the vote
        assert action["text"] == "claim president drew FFL passed FL"
        action = t.ask(votes("P1"), board)
    assert action["vote"] == "no"
    assert t.bot.score("P4") >= PROVEN
    # as the executioner, the liberal kills that Chancellor
    legal = acts("P1", "execute", "target", ["P2", "P3", "P4", "P5"])
    assert t.ask(legal)["target"] == "P4"


def test_liberal_weighs_the_claims_of_a_government_that_enacted_f() -> None:
    """One F government (P2 President, P3 Chancellor), then P2 runs again with P4, or P5 with P3."""

    def vote(claims: list[tuple[str, str]], ticket: tuple[str, str]) -> str:
        t = Table("P1", "liberal")
        t.event("vote_result", by="Mod", day=1, president="P2", chancellor="P3",
                votes={"P2": "yes", "P3": "yes", "P1": "no"}, passed=True)
        t.event("day_start", by="Mod", day=2, presidential_candidate=ticket[0], policy="F")
        for poster, text in claims:
            t.event("post", player=poster, text=text)
        t.event("nominated", president=ticket[0], chancellor=ticket[1])
        board = {"presidential_candidate": ticket[0], "chancellor_candidate": ticket[1], "fascist_policies": 1}
        return t.ask(votes("P1"), board)["vote"]

    president = ("P2", "claim president drew FFL passed FL")
    # no claims: one F government is not enough to vote its President down
    assert vote([], ("P2", "P4")) == "yes"
    # the Chancellor admits being passed a Liberal policy and enacting F: the Chancellor is out
    admits = [president, ("P3", "claim chancellor got FL enacted F")]
    assert vote(admits, ("P2", "P4")) == "yes"
    assert vote(admits, ("P5", "P3")) == "no"
    # the claims contradict each other: one of them lies, so neither is trusted
    conflict = [president, ("P3", "claim chancellor got FF enacted F")]
    assert vote(conflict, ("P2", "P4")) == "no"
    assert vote(conflict, ("P5", "P3")) == "no"


def test_liberal_trusts_a_fresh_government_and_a_cleared_player() -> None:
    t = Table("P1", "liberal")
    board = {"presidential_candidate": "P2", "chancellor_candidate": "P4", "fascist_policies": 0}
    assert t.ask(votes("P1"), board)["vote"] == "yes"
    t.event("investigation", private=True, target="P7", allegiance="liberal")
    legal = acts("P1", "nominate", "target", ["P3", "P5", "P7"])
    action = t.ask(legal, board)
    if action["action"] == "post":
        assert action["text"] == "claim investigate P7 liberal"
        action = t.ask(legal, board)
    assert action["target"] == "P7"


def test_liberal_investigator_kills_the_fascist_they_found() -> None:
    t = Table("P1", "liberal")
    t.event("investigation", private=True, target="P5", allegiance="fascist")
    legal = acts("P1", "execute", "target", ["P2", "P3", "P5", "P6"])
    assert t.ask(legal)["target"] == "P5"


def test_liberal_chancellor_vetoes_two_fascist_policies() -> None:
    t = Table("P2", "liberal")
    legal = [*acts("P2", "enact", "card", ["F"]), {"player": "P2", "action": "veto"}]
    assert t.ask(legal, {"fascist_policies": 5}, {"hand": ["F", "F"]})["action"] == "veto"


def test_a_real_game_the_government_claims_after_the_night() -> None:
    """In a real turbo game, night 0's President and Chancellor post claims on day 1."""
    g = game_class("secret-hitler")(
        ["Ann", "Bob", "Cat", "Dan", "Eve"], seed=7,
        chance={"order": ["Cat", "Ann", "Eve", "Bob", "Dan"],
                "roles": {"Ann": "liberal", "Bob": "liberal", "Cat": "fascist", "Dan": "liberal", "Eve": "hitler"},
                "deck": ["L", "L", "F", "L", "F", "F", "F", "F", "F", "F", "F", "F", "F", "L", "L", "L", "F"]},
    )
    bots = {p: SecretHitlerBot(p, 7) for p in g.players}
    for _ in range(40):
        waiting = g.to_act()
        if not waiting:
            g.timeout()
            continue
        p = waiting[0]
        g.apply(bots[p].choose(Observation(p, json_copy(g.legal_actions(p)), json_copy(g.view(p)))))
        if any(e.kind == "vote_result" for e in g.log):
            break
    chancellor = next(e.data["chancellor"] for e in g.log if e.kind == "day_start")
    posts = {e.data["player"]: e.data["text"] for e in g.log if e.kind == "post" and e.data["text"].startswith("claim")}
    assert posts["Cat"].startswith("claim president drew ")
    assert posts[chancellor].startswith("claim chancellor got ")
    # Cat, a Fascist, drew L L F and passed L F or F F: whatever it says covers an F
    policy = next(e.data["policy"] for e in g.log if e.kind == "day_start")
    if policy == "F":
        assert posts["Cat"] == "claim president drew FFF passed FF"


def test_hitler_who_knows_nobody_plays_like_a_liberal() -> None:
    t = Table("P6", "hitler")
    assert not t.bot.plays_fascist
    assert t.ask(acts("P6", "enact", "card", ["F", "L"]), private={"hand": ["F", "L"]})["card"] == "L"


def test_rule_liberals_beat_random_liberals_in_a_few_games() -> None:
    """A smoke check of the strategy (the measurement itself is the slow acceptance test)."""
    wins = {"rule": 0, "random": 0}
    from hiddenrole.bots import RandomBot

    for seed in range(60):
        for kind in wins:
            g = game_class("secret-hitler")(PLAYERS, seed=seed)
            bots = {p: (SecretHitlerBot if kind == "rule" and g.side_of(p) == "liberals" else RandomBot)(p, seed)
                    for p in g.players}
            play_game(g, bots)
            wins[kind] += g.result.winner == "liberals"
    assert wins["rule"] > wins["random"]
