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
    """A hand-built information state for one bot, growing event by event: the board and the
    private part follow the events, as the engine would show them."""

    def __init__(self, me: str, role: str, roles: dict[str, str] | None = None, seed: int = 5) -> None:
        self.me = me
        self.events: list[dict[str, Any]] = []
        self.board: dict[str, Any] = {"fascist_policies": 0, "liberal_policies": 0, "election_tracker": 0,
                                      "tracker_limit": 2, "presidential_candidate": None,
                                      "chancellor_candidate": None}
        self.private: dict[str, Any] = {}
        data: dict[str, Any] = {"role": role, "allegiance": "liberal" if role == "liberal" else "fascist"}
        if roles:
            data["roles"] = roles
        self.event("role", private=True, **data)
        self.event("player_list", by="Mod", order=PLAYERS, president=PLAYERS[0])
        self.bot = SecretHitlerBot(me, seed)

    def event(self, kind: str, **data: Any) -> None:
        self.events.append({"seq": len(self.events), "kind": kind, **data})

    def nominate(self, president: str, chancellor: str) -> None:
        """A day's nomination: the ticket voted on next."""
        self.event("nominated", president=president, chancellor=chancellor)
        self.board.update(presidential_candidate=president, chancellor_candidate=chancellor)

    def enacted(self, *cards: str) -> None:
        """Policies played by top-deck (no government to blame): the board counts them."""
        for card in cards:
            key = "liberal_policies" if card == "L" else "fascist_policies"
            self.board[key] += 1
            self.event("policy_enacted", by="Mod", card=card, top_deck=True,
                       liberal_policies=self.board["liberal_policies"], fascist_policies=self.board["fascist_policies"])

    def hand(self, kind: str, cards: list[str]) -> None:
        """My private step's cards: ``policies_drawn`` (President) or ``policies_passed``."""
        self.event(kind, private=True, cards=list(cards))
        self.private["hand"] = list(cards)

    def ask(self, legal: list[dict[str, Any]]) -> dict[str, Any]:
        view = {
            "game": "secret-hitler", "player": self.me, "phase": "day", "over": False, "players": PLAYERS,
            "events": [dict(e) for e in self.events], "result": None,
            "board": dict(self.board), "private": dict(self.private),
        }
        return self.bot.choose(Observation(self.me, [dict(a) for a in legal], view))


def acts(me: str, kind: str, key: str, values: list[Any]) -> list[dict[str, Any]]:
    return [{"player": me, "action": kind, key: v} for v in values]


def votes(me: str) -> list[dict[str, Any]]:
    return acts(me, "vote", "vote", ["yes", "no"])


def test_liberal_chancellor_holding_l_and_f_enacts_l() -> None:
    t = Table("P2", "liberal")
    t.hand("policies_passed", ["F", "L"])
    action = t.ask(acts("P2", "enact", "card", ["F", "L"]))
    assert action == {"player": "P2", "action": "enact", "card": "L"}


def test_liberal_president_passes_a_liberal_policy_when_they_can() -> None:
    t = Table("P1", "liberal")
    t.hand("policies_drawn", ["F", "F", "L"])
    action = t.ask(acts("P1", "discard", "card", ["F", "L"]))
    assert action["card"] == "F"  # the card *not* passed on


def test_fascist_president_passes_fascist_policies() -> None:
    t = Table("P3", "fascist", ROLES_7)
    t.hand("policies_drawn", ["F", "L", "L"])
    action = t.ask(acts("P3", "discard", "card", ["F", "L"]))
    assert action["card"] == "L"


def test_fascist_chancellor_enacts_f() -> None:
    t = Table("P5", "fascist", ROLES_7)
    t.enacted("F", "F")
    t.event("vote_result", by="Mod", day=3, president="P3", chancellor="P5", votes={}, passed=True)
    t.hand("policies_passed", ["F", "L"])
    action = t.ask(acts("P5", "enact", "card", ["F", "L"]))
    assert action["card"] == "F"


def test_fascist_votes_yes_on_hitler_as_chancellor_after_three_fascist_policies() -> None:
    t = Table("P3", "fascist", ROLES_7)
    t.enacted("F", "F", "F")
    t.nominate("P4", "P6")
    assert t.ask(votes("P3"))["vote"] == "yes"


def test_fascist_nominates_hitler_after_three_fascist_policies() -> None:
    t = Table("P5", "fascist", ROLES_7)
    t.enacted("F", "F", "F")
    t.event("day_start", by="Mod", day=4, presidential_candidate="P5")
    legal = acts("P5", "nominate", "target", ["P1", "P2", "P4", "P6", "P7"])
    assert t.ask(legal)["target"] == "P6"


def test_fascist_votes_down_an_all_liberal_ticket_most_of_the_time() -> None:
    def vote(seed: int) -> str:
        t = Table("P3", "fascist", ROLES_7, seed=seed)
        t.enacted("F")
        t.nominate("P1", "P2")
        return t.ask(votes("P3"))["vote"]

    noes = sum(vote(i) == "no" for i in range(40))
    assert 20 <= noes < 40  # mostly no, with a few yes votes to look like a liberal


def test_fascist_kills_a_liberal_never_hitler_or_a_partner() -> None:
    t = Table("P3", "fascist", ROLES_7)
    legal = acts("P3", "execute", "target", ["P1", "P2", "P4", "P5", "P6", "P7"])
    for _ in range(20):
        assert ROLES_7[t.ask(legal)["target"]] == "liberal"


def test_liberal_president_who_passed_l_distrusts_the_chancellor_who_enacted_f() -> None:
    t = Table("P1", "liberal")
    t.hand("policies_drawn", ["F", "F", "L"])
    t.ask(acts("P1", "discard", "card", ["F", "L"]))  # passes F L
    t.private.pop("hand")
    t.event("day_start", by="Mod", day=1, presidential_candidate="P2", policy="F", chancellor="P4")
    t.board["fascist_policies"] = 1
    t.nominate("P2", "P4")
    action = t.ask(votes("P1"))
    if action["action"] == "post":  # first the President's claim, then the vote
        assert action["text"] == "claim president drew FFL passed FL"
        action = t.ask(votes("P1"))
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
        t.board["fascist_policies"] = 1
        for poster, text in claims:
            t.event("post", player=poster, text=text)
        t.nominate(*ticket)
        return t.ask(votes("P1"))["vote"]

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
    t.nominate("P2", "P4")
    assert t.ask(votes("P1"))["vote"] == "yes"
    t.event("investigation", private=True, target="P7", allegiance="liberal")
    legal = acts("P1", "nominate", "target", ["P3", "P5", "P7"])
    action = t.ask(legal)
    if action["action"] == "post":
        assert action["text"] == "claim investigate P7 liberal"
        action = t.ask(legal)
    assert action["target"] == "P7"


def test_liberal_investigator_kills_the_fascist_they_found() -> None:
    t = Table("P1", "liberal")
    t.event("investigation", private=True, target="P5", allegiance="fascist")
    legal = acts("P1", "execute", "target", ["P2", "P3", "P5", "P6"])
    assert t.ask(legal)["target"] == "P5"


def test_liberal_chancellor_vetoes_two_fascist_policies() -> None:
    t = Table("P2", "liberal")
    t.enacted(*"FFFFF")
    t.hand("policies_passed", ["F", "F"])
    legal = [*acts("P2", "enact", "card", ["F"]), {"player": "P2", "action": "veto"}]
    assert t.ask(legal)["action"] == "veto"


def test_a_real_game_the_government_claims_after_the_night() -> None:
    """In a real turbo game, night 0's President and Chancellor claim on day 1."""
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
    # the claims are claim actions (claimbook.py), open until the next President draws
    claims = {e.data["player"]: e.data for e in g.log if e.kind == "claim"}
    assert claims["Cat"]["as"] == "president" and claims["Cat"]["government"] == 1
    assert claims[chancellor]["as"] == "chancellor"
    # Cat, a Fascist, drew L L F and passed L F or F F: whatever it says covers an F
    policy = next(e.data["policy"] for e in g.log if e.kind == "day_start")
    if policy == "F":
        assert (claims["Cat"]["drew"], claims["Cat"]["passed"]) == ("FFF", "FF")


def test_hitler_who_knows_nobody_plays_like_a_liberal() -> None:
    t = Table("P6", "hitler")
    assert not t.bot.plays_fascist
    t.hand("policies_passed", ["F", "L"])
    assert t.ask(acts("P6", "enact", "card", ["F", "L"]))["card"] == "L"


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


class Audited(SecretHitlerBot):
    """The rule bot, checked at each decision: what it kept from the events equals the board
    and the private part of the snapshot it did not read (where the snapshot shows them)."""

    checked = 0

    def choose(self, observation: Observation) -> dict[str, Any]:
        action = super().choose(observation)  # folds the new events first
        view = observation.view
        board, private = view["board"], view["private"]
        kind = observation.legal_actions[0]["action"]
        assert self.fascist_policies == board["fascist_policies"]
        if self.tracker is not None:
            assert self.tracker == board["election_tracker"]
        if kind == "vote":
            assert self.ticket == (board["presidential_candidate"], board["chancellor_candidate"])
        if "hand" in private:
            assert self.hand == private["hand"]
        Audited.checked += 1
        return action


def test_what_the_bot_keeps_from_the_events_equals_the_snapshot() -> None:
    """The bot reads the snapshot only for the tracker's limit (and after a veto): the ticket,
    the Fascist policies, the tracker and its hand come from the events, in both variants, at
    every player count, with the options that change the tracker."""
    tables = [(variant, n, options) for variant in ("turbo", "official") for n in range(5, 11)
              for options in ({}, {"veto_counts_as_failed_election": False, "pass_rule": "votes_cast"})]
    for variant, n, options in tables:
        for seed in range(8):
            g = game_class("secret-hitler")([f"P{i}" for i in range(1, n + 1)], {"variant": variant, **options},
                                            seed=seed)
            play_game(g, {p: Audited(p, seed) for p in g.players})
            assert g.is_over
    assert Audited.checked > 10000


def test_the_bot_keeps_the_board_through_deadlines_that_pass() -> None:
    """Timed games where a deadline passes now and then instead of a bot's turn (random
    choices, no nomination, the vote closed early): the bot's state still equals the board."""
    seen: set[str] = set()
    for variant in ("turbo", "official"):
        for seed in range(40):
            n = 5 + seed % 6
            g = game_class("secret-hitler")([f"P{i}" for i in range(1, n + 1)], {"variant": variant, "pace": "turbo"},
                                            seed=seed)
            bots = {p: Audited(p, seed) for p in g.players}
            observers = {p: g.observer(p) for p in g.players}
            for step in range(3000):
                if g.is_over:
                    break
                waiting = g.to_act()
                if not waiting or (step * 7 + seed) % 13 == 0:
                    g.timeout()
                    continue
                p = waiting[0]
                obs = observers[p]
                g.apply(bots[p].choose(Observation(p, json_copy(g.legal_actions(p)), None, obs.new_events(), obs)))
            assert g.is_over
            seen.update(e.kind + ("+veto" if e.data.get("veto") else "") for e in g.log)
    assert {"no_nomination", "vetoed", "day_start+veto"} <= seen


def test_an_investigation_claim_about_a_name_with_a_space_is_read_whole() -> None:
    # the server's bots are called "Bot 1", "Bot 2"...: "claim investigate Bot 6 fascist"
    # is about "Bot 6" (seen Fascist: +3 suspicion), not about "Bot" seen "6"
    t = Table("P1", "liberal")
    t.event("post", player="P2", text="claim investigate Bot 6 fascist")
    t.nominate("P2", "P4")
    t.ask(votes("P1"))
    assert t.bot.suspicion.get("Bot 6") == 3.0 and "Bot" not in t.bot.suspicion
