"""The rule-based McCarthyism bot in situations where the obvious move is known."""

from __future__ import annotations

from typing import Any

import pytest

from hiddenrole.bots import Observation, RandomBot, seat_bots
from hiddenrole.bots.mccarthyism import McCarthyismBot
from hiddenrole.engine import game_class
from hiddenrole.lab import play_game
from hiddenrole.lab.play import json_copy

PLAYERS = [f"P{i}" for i in range(1, 10)]
COMMIES = ["P2", "P5", "P8"]


class Table:
    """A hand-built information state of a 9-player game for one bot."""

    def __init__(self, me: str, seed: int = 3) -> None:
        self.me = me
        self.events: list[dict[str, Any]] = []
        card = "commie" if me in COMMIES else "american"
        self.event("setup", players=PLAYERS, commies=3, americans=6)
        self.event("role", private=True, card=card)
        self.private: dict[str, Any] = {"role_card": {"card": card, "how": "dealt", "turn": 0}, "seen_roles": {}}
        if card == "commie":
            self.event("commies", private=True, commies=COMMIES)
            self.private["commies_at_start"] = list(COMMIES)
        self.board: dict[str, Any] = {
            "turn": 2, "blacklisted": [], "whitelisted": [], "double_agent": None, "commies_take_over": False,
            "turns_had": {p: 0 for p in PLAYERS}, "commie_count": 3, "card_in_play": None,
        }
        self.bot = McCarthyismBot(me, seed)

    def event(self, kind: str, **data: Any) -> None:
        self.events.append({"seq": len(self.events), "kind": kind, **data})

    def ask(self, legal: list[dict[str, Any]], **board: Any) -> dict[str, Any]:
        view = {
            "game": "mccarthyism", "player": self.me, "phase": "play", "over": False, "players": PLAYERS,
            "events": [dict(e) for e in self.events], "result": None,
            "board": {**self.board, **board}, "private": dict(self.private),
        }
        return self.bot.choose(Observation(self.me, [dict(a) for a in legal], view))

    def vote_on(self, motion: str, targets: list[str], **board: Any) -> str:
        legal = [{"player": self.me, "action": "vote", "vote": v} for v in ("yes", "no")]
        return self.ask(legal, step="vote", vote={"motion": motion, "targets": targets}, **board)["vote"]


def snitch_actions(me: str, targets: list[str]) -> list[dict[str, Any]]:
    return [
        *({"player": me, "action": "snitch", "target": t} for t in targets),
        {"player": me, "action": "call_end"},
        {"player": me, "action": "pass"},
    ]


def test_commies_protect_commies_and_push_americans() -> None:
    t = Table("P2")
    assert t.vote_on("blacklist", ["P5"]) == "no"
    t.event("confessed", player="P1", card="american", blacklisted=False, snitch_turns_left=1)
    assert t.vote_on("blacklist", ["P1"]) == "yes"
    assert t.vote_on("blacklist_pair", ["P1", "P8"]) == "no"


def test_americans_blacklist_anyone_not_known_american() -> None:
    t = Table("P1")
    assert t.vote_on("blacklist", ["P4"]) == "yes"
    t.event("confessed", player="P4", card="american", blacklisted=False, snitch_turns_left=1)
    assert t.vote_on("blacklist", ["P4"]) == "no"


def test_american_snitches_on_the_player_who_accused_a_known_american() -> None:
    t = Table("P1")
    t.event("confessed", player="P3", card="american", blacklisted=False, snitch_turns_left=1)
    t.event("snitched", snitch="P5", target="P3")
    action = t.ask(snitch_actions("P1", ["P3", "P4", "P5", "P6"]), step="snitching")
    assert action == {"player": "P1", "action": "snitch", "target": "P5"}


def test_commie_snitch_never_accuses_a_commie() -> None:
    for seed in range(10):
        t = Table("P2", seed)
        action = t.ask(snitch_actions("P2", ["P1", "P5", "P8"]), step="snitching")
        assert action["action"] == "call_end" or action.get("target") == "P1"


def test_american_calls_the_end_only_when_every_commie_is_blacklisted() -> None:
    t = Table("P1")
    legal = snitch_actions("P1", ["P3"])
    assert t.ask(legal, step="snitching")["action"] != "call_end"
    for p in PLAYERS[1:]:
        t.private["seen_roles"][p] = {"card": "commie" if p in COMMIES else "american", "how": "x", "turn": 1}
    assert t.ask(legal, step="snitching", blacklisted=COMMIES)["action"] == "call_end"
    assert t.vote_on("end_game", [], blacklisted=COMMIES) == "yes"
    assert t.vote_on("end_game", [], blacklisted=COMMIES[:2]) == "no"


def test_votes_on_the_end() -> None:
    american, commie = Table("P1"), Table("P2")
    assert american.vote_on("end_game", []) == "no"  # the American does not know the Commies are out
    assert commie.vote_on("end_game", []) == "yes"  # a Commie is free: end it now
    assert commie.vote_on("end_game", [], blacklisted=COMMIES) == "no"  # every Commie is out: play on


def test_commie_whitelists_a_blacklisted_commie_with_i_know_a_guy() -> None:
    t = Table("P2")
    legal = [{"player": "P2", "action": "choose", "target": p} for p in ("P1", "P5", "P6")]
    assert t.ask(legal, card_in_play="i_know_a_guy", blacklisted=["P1", "P5", "P6"])["target"] == "P5"
    american = Table("P3")
    american.event("confessed", player="P6", card="american", blacklisted=True, snitch_turns_left=0)
    legal = [{"player": "P3", "action": "choose", "target": p} for p in ("P1", "P5", "P6")]
    assert american.ask(legal, card_in_play="i_know_a_guy", blacklisted=["P1", "P5", "P6"])["target"] == "P6"


@pytest.mark.parametrize("me", ["P1", "P2"])
def test_sensible_card_play(me: str) -> None:
    t = Table(me)
    decline = {"player": me, "action": "decline"}
    for card in ("escape_to_the_reds", "double_agent", "commies_take_over", "too_much_to_drink"):
        assert t.ask([{"player": me, "action": "play", "card": card}, decline]) == decline
    info = {"player": me, "action": "play", "card": "deep_research"}
    assert t.ask([info, decline]) == info
    confess = {"player": me, "action": "play", "card": "confess_to_the_feds"}
    # an American confesses (it clears them); a Commie does not
    assert t.ask([confess, decline]) == (confess if me == "P1" else decline)
    # a forced play takes the least harmful card: never Escape when Confess is offered
    escape = {"player": me, "action": "play", "card": "escape_to_the_reds"}
    assert t.ask([escape, confess]) == confess


def test_the_double_agent_token_turns_a_commie_into_an_american() -> None:
    t = Table("P2")
    assert t.vote_on("blacklist", ["P5"]) == "no"
    assert t.bot.mine == "commie"
    t.event("double_agent", player="P2", previous=None)
    t.board["double_agent"] = "P2"
    assert t.vote_on("blacklist", ["P5"]) == "yes"  # P5 is a Commie, now the enemy
    assert t.bot.mine == "american"


def test_a_commie_snitch_pair_points_at_commies() -> None:
    """A blacklisted Commie "must choose as many commies as possible": an American who knows
    the snitch confessed as a Commie suspects the pair."""
    t = Table("P1")
    t.event("confessed", player="P5", card="commie", blacklisted=True, snitch_turns_left=0)
    t.event("snitched", snitch="P5", targets=["P4", "P8"])
    action = t.ask(snitch_actions("P1", ["P3", "P4", "P6", "P8"]), step="snitching")
    assert action["target"] in ("P4", "P8")


def test_suspicion_is_kept_only_for_players_whose_card_is_unseen() -> None:
    """A seen card decides a player's side: their suspicion is dropped and never raised again
    (it is never read), while an unseen player's keeps adding up."""
    bot = McCarthyismBot("P1", 3)
    bot._read([{"seq": 0, "kind": "setup", "players": PLAYERS, "commies": 3},
               {"seq": 1, "kind": "role", "card": "american", "private": True},
               {"seq": 2, "kind": "snitched", "snitch": "P5", "targets": ["P4", "P6"]},
               {"seq": 3, "kind": "end_called", "snitch": "P4"}])
    assert bot.suspicion == {"P4": 1.5, "P6": 0.5}  # a pair (0.5 each), then a call for the end (1)
    bot._read([{"seq": 4, "kind": "confessed", "player": "P4", "card": "american", "blacklisted": False,
                "snitch_turns_left": 1},
               {"seq": 5, "kind": "snitched", "snitch": "P7", "targets": ["P4", "P6"]}])
    assert bot.suspicion == {"P6": 1.0}
    assert bot.commie_chance("P4") == 0.0  # the card, not the suspicion


@pytest.mark.parametrize("side", ["commies", "americans"])
def test_rule_side_beats_random_side_in_a_few_games(side: str) -> None:
    wins = {"rule": 0, "random": 0}
    for seed in range(40):
        for kind in wins:
            g = game_class("mccarthyism")(PLAYERS, seed=seed)
            bots = {p: (McCarthyismBot if kind == "rule" and g.side_of(p) == side else RandomBot)(p, seed)
                    for p in PLAYERS}
            play_game(g, bots)
            wins[kind] += g.result.winner == side
    assert wins["rule"] > wins["random"]


@pytest.mark.parametrize(("n", "options"), [(5, None), (9, {"reveal_votes": True}), (12, None)])
def test_the_bot_on_the_stream_plays_as_it_does_from_whole_views(n: int, options: Any) -> None:
    """On the event stream the bot keeps its facts from the events and never reads the view;
    given whole views (the view's events, private part and board) it plays the same games."""
    players = [f"P{i}" for i in range(1, n + 1)]
    for seed in range(4):
        streamed: list[Any] = []
        g = game_class("mccarthyism")(players, options, seed=seed)
        play_game(g, seat_bots(g.players, McCarthyismBot, seed), on_step=lambda _g, a: streamed.append(a))
        viewed: list[Any] = []
        g = game_class("mccarthyism")(players, options, seed=seed)
        bots = seat_bots(g.players, McCarthyismBot, seed)
        while not g.is_over:
            waiting = g.to_act()
            if not waiting:
                g.timeout()
                viewed.append(None)
                continue
            p = waiting[0]
            action = bots[p].choose(Observation(p, json_copy(g.legal_actions(p)), json_copy(g.view(p))))
            g.apply(action)
            viewed.append(action)
        assert viewed == streamed
