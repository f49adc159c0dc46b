"""The rule-based Shady Agents bot: knights-and-knaves reasoning over worlds, in real games
(the deck of issue 15: every card asks where the answerer's own tools go)."""

from __future__ import annotations

from typing import Any

import pytest

from hiddenrole.bots import Observation, RandomBot, seat_bots
from hiddenrole.bots.shady_agents import GONE, ShadyAgentsBot, say
from hiddenrole.engine import Rng
from hiddenrole.games.shady_agents import DECK
from hiddenrole.games.shady_agents.interrogations import DISCARD, Seat
from hiddenrole.engine import game_class
from hiddenrole.lab import play_game
from hiddenrole.lab.play import json_copy

P4 = ["P1", "P2", "P3", "P4"]


def new_game(players: list[str], roles: dict[str, str], first: str, cards: list[str], **options: Any):
    return game_class("shady-agents")(
        players, options or None, seed=1, chance={"roles": roles, "first": first, "interrogations": cards}
    )


def observe(g, player: str) -> Observation:
    return Observation(player, json_copy(g.legal_actions(player)), json_copy(g.view(player)))


def answer_truthfully_or_first_lie(g) -> None:
    """Play the pending interrogation answers: the first answer each player is allowed."""
    while g.to_act() and any(a["action"] == "answer" for a in g.legal_actions(g.to_act()[0])):
        p = g.to_act()[0]
        g.apply(g.legal_actions(p)[0])


def test_a_bot_that_sees_a_tool_contradict_an_answer_knows_the_deserter() -> None:
    """P2 (deserter) said its bullet goes to P3, then gave P1 a bullet: P1 saw the bullet, so
    P2's answer is false and P2 a deserter. P1's medical kit then never goes to P2."""
    roles = {"P1": "operative", "P2": "deserter", "P3": "operative", "P4": "deserter"}
    g = new_game(P4, roles, "P3", ["bullet_to"])
    g.apply({"player": "P3", "action": "interrogate"})  # the first player asks for free
    g.apply({"player": "P4", "action": "answer", "answer": "P1"})
    g.apply({"player": "P1", "action": "answer", "answer": "P4"})
    g.apply({"player": "P2", "action": "answer", "answer": "P3"})
    g.apply({"player": "P3", "action": "answer", "answer": "P4"})
    bot = ShadyAgentsBot("P1", 1)
    bot.update(json_copy(g.view("P1")))
    assert bot.operative_chance("P2") == 1 / 3  # nothing settled yet: 1 of P2, P3, P4 is my partner
    g.apply({"player": "P4", "action": "give", "tool": "medkit", "target": "P2"})
    g.apply({"player": "P1", "action": "give", "tool": "bullet", "target": "P4"})  # as P1 promised
    g.apply({"player": "P2", "action": "give", "tool": "bullet", "target": "P1"})
    # round 2 in reverse order: P2, then P1
    g.apply({"player": "P2", "action": "give", "tool": "medkit", "target": "P4"})
    action = bot.choose(observe(g, "P1"))
    assert bot.operative_chance("P2") == 0.0
    assert action == {"player": "P1", "action": "give", "tool": "medkit", "target": action["target"]}
    assert action["target"] != "P2"


def test_a_deserter_tells_the_swap_lie_the_public_record_cannot_refute() -> None:
    """P4 (deserter) gave P1 its bullet in round 1; asked "Who gets your medical kit?", the
    lie "P1" is the truth of the swap (kit to P1 now, bullet to someone later) and fits every
    public fact; the bot tells it."""
    roles = {"P1": "operative", "P2": "deserter", "P3": "operative", "P4": "deserter"}
    g = new_game(P4, roles, "P3", ["medkit_to"])
    g.apply({"player": "P3", "action": "give", "tool": "medkit", "target": "P2"})
    g.apply({"player": "P4", "action": "give", "tool": "bullet", "target": "P1"})
    g.apply({"player": "P1", "action": "interrogate", "discard": "bullet"})
    g.apply({"player": "P2", "action": "answer", "answer": "P1"})
    g.apply({"player": "P3", "action": "answer", "answer": "P2"})
    assert g.to_act() == ("P4",)
    lies = {a["answer"] for a in g.legal_actions("P4")}
    assert lies == {"P1", "P2", "P3"}  # not "discarded": P4 gave in round 1, it cannot discard now
    action = ShadyAgentsBot("P4", 1).choose(observe(g, "P4"))
    assert action["answer"] == "P1"



def test_the_bots_shared_plan_sets_are_its_answers_plan_by_plan() -> None:
    """The bot's shared tables (_PlanSet) hold each answer's plans exactly as say() reads
    them plan by plan (and their swaps), group them by receivers without losing one, and
    settle an answer only when every plan or none gives it; and say() depends on the caller,
    the first player or the names only for the cards whose tables are keyed by them."""
    from hiddenrole.bots.shady_agents import _PlanSet, _ref
    names = ("P0", "P1", "P2", "P3", "P4", "P5")
    n, me = 6, 2
    fates = [(q, r) for q in range(n) if q != me for r in (1, 2)] + [(GONE, 1)]
    plans = [(m, b) for m in fates for b in fates if not (m[1] == 1 and b[1] == 1)][:150]
    plan_set = _PlanSet(plans)
    for card in DECK:
        cid = card.id
        for caller, first in ((4, 0), (1, 3)):
            ref = _ref(cid, caller, first, names)
            for swapped in (False, True):
                masks = plan_set.masks(cid, ref, me, caller, first, names, swapped)
                for i, (m, b) in enumerate(plans):
                    truth = say(cid, n, me, caller, first, list(names), (b, m) if swapped else (m, b))
                    assert [a for a, k in masks.items() if k >> i & 1] == [truth]
                grouped = {a: sum(k for _, _, k in ways)
                           for a, ways in plan_set.groups(cid, ref, me, caller, first, names, swapped)}
                assert grouped == masks
            truths = [say(cid, n, me, caller, first, list(names), c) for c in plans]
            for answer in set(truths) | {"nobody"}:
                expected = 1 if set(truths) == {answer} else 0 if answer not in truths else -1
                assert plan_set.verdict(cid, ref, me, caller, first, names, answer) == expected
        base = [say(cid, n, me, 4, 0, list(names), c) for c in plans]
        assert (base != [say(cid, n, me, 1, 0, list(names), c) for c in plans]) == (_ref(cid, 1, 0, names) == 1)
        assert (base != [say(cid, n, me, 4, 3, list(names), c) for c in plans]) == (_ref(cid, 4, 3, names) == 3)
        renamed = [x.lower() for x in names]
        assert (base != [say(cid, n, me, 4, 0, renamed, c) for c in plans]) == (_ref(cid, 4, 0, names) == names)


def test_the_bot_reads_every_card_as_the_engine_does() -> None:
    """The bot restates the cards' meaning (it sees the game as a player): the same answer as
    the engine's deck for random plans of random tables."""
    rng = Rng(7)
    for _ in range(400):
        n = 4 + rng.below(7)
        names = [f"P{i}" for i in range(n)]
        me, caller, first = rng.below(n), rng.below(n), rng.below(n)
        others = [q for q in range(n) if q != me]
        m = (rng.choice(others), 1 + rng.below(2))
        b = (rng.choice(others), 2 if m[1] == 1 else 1 + rng.below(2))
        if rng.below(4) == 0:
            m = (GONE, 1)
            b = (b[0], 2)
        info = Seat(me, caller, first, tuple(names), True, True)
        engine = (DISCARD if m[0] == GONE else m[0], m[1], b[0], b[1])
        for card in DECK:
            assert say(card.id, n, me, caller, first, names, (m, b)) == card.truth(engine, info), (card.id, m, b)


def test_worlds_fit_the_deal_of_an_odd_table() -> None:
    """5 players, the revealed card is an operative: 2 operatives and 3 deserters are dealt."""
    g = game_class("shady-agents")(
        ["A", "B", "C", "D", "E"], seed=1,
        chance={"roles": {"deal": {"A": "operative", "B": "deserter", "C": "operative", "D": "deserter",
                                   "E": "deserter"}, "revealed": "operative"}, "first": "A"},
    )
    bot = ShadyAgentsBot("B", 1)
    bot.update(json_copy(g.view("B")))
    assert bot.worlds is not None
    assert all(len(ops) == 2 and "B" not in ops for ops in bot.worlds)
    assert len(bot.worlds) == 6  # 2 operatives among the 4 others


@pytest.mark.parametrize("side", ["operatives", "deserters"])
def test_rule_side_beats_random_side_in_a_few_games(side: str) -> None:
    wins = {"rule": 0, "random": 0}
    players = [f"P{i}" for i in range(1, 9)]
    for seed in range(40):
        for kind in wins:
            g = game_class("shady-agents")(players, seed=seed)
            bots = {p: (ShadyAgentsBot if kind == "rule" and g.side_of(p) == side else RandomBot)(p, seed)
                    for p in players}
            play_game(g, bots)
            wins[kind] += g.result.winner == side
    assert wins["rule"] > wins["random"]


