"""The rule-based Shady Agents bot: knights-and-knaves reasoning over worlds, in real games."""

from __future__ import annotations

from typing import Any

import pytest

from sa_reference_bot import ReferenceShadyAgentsBot

from hiddenrole.bots import Observation, RandomBot, seat_bots
from hiddenrole.bots.shady_agents import ShadyAgentsBot
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


def test_a_bot_that_heard_a_contradicting_answer_shoots_the_proven_deserter() -> None:
    """P1 gave P2 a medical kit; asked "Did you receive a medical kit?" P2 says no: a lie,
    so P2 is a deserter, and P1's bullet goes to a deserter (P2, or P4 once the rest is worked out)."""
    roles = {"P1": "operative", "P2": "deserter", "P3": "operative", "P4": "deserter"}
    g = new_game(P4, roles, "P3", ["received_medkit"])
    g.apply({"player": "P3", "action": "give", "tool": "medkit", "target": "P4"})
    g.apply({"player": "P4", "action": "give", "tool": "bullet", "target": "P1"})
    g.apply({"player": "P1", "action": "give", "tool": "medkit", "target": "P2"})
    g.apply({"player": "P2", "action": "interrogate", "discard": "bullet"})
    answer_truthfully_or_first_lie(g)
    said = {e.data["player"]: e.data["answer"] for e in g.log if e.kind == "answer"}
    assert said["P2"] == "no" and said["P3"] == "no"
    bot = ShadyAgentsBot("P1", 1)
    # round 2 runs in reverse order: P2 first, then P1
    g.apply({"player": "P2", "action": "give", "tool": "medkit", "target": "P4"})
    action = bot.choose(observe(g, "P1"))
    assert bot.operative_chance("P2") == 0.0  # the contradiction alone proves it
    assert bot.operative_chance("P3") == 1.0  # "no" with nothing received: a true answer
    assert action["action"] == "give" and action["tool"] == "bullet"
    assert roles[action["target"]] == "deserter"


def test_the_knight_is_trusted_with_the_medical_kit() -> None:
    """Same table, seen by P3: P3 cannot check P2's "no" but can check P1's; an operative
    partner proven by its answer gets P3's medical kit."""
    roles = {"P1": "operative", "P2": "deserter", "P3": "operative", "P4": "deserter"}
    g = new_game(P4, roles, "P3", ["received_bullet"])
    g.apply({"player": "P3", "action": "interrogate"})  # the first player asks for free
    answer_truthfully_or_first_lie(g)
    bot = ShadyAgentsBot("P3", 1)
    bot.update(json_copy(g.view("P3")))
    # before anything was given, "Did you receive a bullet?" is "no" for all: every answer is checked
    assert [bot.operative_chance(p) for p in P4] == [1.0, 0.0, 1.0, 0.0]
    # at the end P3 hands out both tools: the kit to P1, the bullet to a deserter
    play_game(g, {"P1": RandomBot("P1", 1), "P2": RandomBot("P2", 1), "P3": bot, "P4": RandomBot("P4", 1)})
    handed = {e.data["tool"]: e.data["receiver"] for e in g.log if e.kind == "tool" and e.data["giver"] == "P3"}
    assert handed["medkit"] == "P1"
    assert roles[handed["bullet"]] == "deserter"


def test_the_first_player_interrogates_for_free_and_hands_out_both_tools_by_the_teams() -> None:
    roles = {"P1": "operative", "P2": "deserter", "P3": "deserter", "P4": "operative"}
    g = new_game(P4, roles, "P1", ["holding"])
    bots = {p: ShadyAgentsBot(p, 3) for p in P4}
    first = bots["P1"].choose(observe(g, "P1"))
    assert first == {"player": "P1", "action": "interrogate"}
    play_game(g, bots)
    gifts = [(e.data["giver"], e.data["tool"], e.data["receiver"]) for e in g.log if e.kind == "tool"]
    assert len(gifts) >= 5  # P1's two, and one or two from each of the others
    for giver, tool, receiver in gifts:
        # once the first card showed every side, kits go to partners and bullets to enemies
        assert (roles[giver] == roles[receiver]) == (tool == "medkit"), (giver, tool, receiver)


def test_a_deserter_tells_the_lie_the_public_facts_cannot_refute() -> None:
    """P2 (a deserter) gave a bullet; asked "Which of your tools do you still hold?", the true
    answer is "medkit"; "both" is refuted by the public gift, "bullet" is not."""
    roles = {"P1": "operative", "P2": "deserter", "P3": "operative", "P4": "deserter"}
    g = new_game(P4, roles, "P1", ["holding"])
    g.apply({"player": "P1", "action": "give", "tool": "medkit", "target": "P3"})
    g.apply({"player": "P2", "action": "give", "tool": "bullet", "target": "P3"})
    g.apply({"player": "P3", "action": "interrogate", "discard": "bullet"})
    g.apply(g.legal_actions("P4")[0])  # P4 answers first (next clockwise after P3)
    g.apply(g.legal_actions("P1")[0])
    assert g.to_act() == ("P2",)
    lies = {a["answer"] for a in g.legal_actions("P2")}
    assert lies == {"bullet", "both"}
    action = ShadyAgentsBot("P2", 1).choose(observe(g, "P2"))
    assert action["answer"] == "bullet"


def test_truth_chance_is_exact_when_the_bot_saw_the_tools_and_even_when_not() -> None:
    roles = {"P1": "operative", "P2": "deserter", "P3": "operative", "P4": "deserter"}
    g = new_game(P4, roles, "P1", ["received_medkit"])
    g.apply({"player": "P1", "action": "give", "tool": "medkit", "target": "P3"})
    g.apply({"player": "P2", "action": "give", "tool": "bullet", "target": "P4"})
    bot1 = ShadyAgentsBot("P1", 1)
    bot1.update(json_copy(g.view("P1")))
    assert bot1.truth_chance("received_medkit", "P3", "yes") == 1.0  # I gave it
    assert bot1.truth_chance("received_medkit", "P4", "yes") == 0.5  # a face-down tool I never saw
    assert bot1.truth_chance("received_medkit", "P2", "yes") == 0.0  # P2 received nothing
    assert bot1.truth_chance("received_medkit", "P3", "yes", public=True) == 0.5


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


# ------------------------------------------- the same choices as before the event stream
def play_recorded(players: list[str], seed: int, rule_seats: set[str], reference: bool,
                  options: dict[str, Any] | None = None) -> list[Any]:
    """Play one seeded game (rule bots in ``rule_seats``, random bots elsewhere, one shared
    generator as the lab seats them) and return every action, in order.

    ``reference``: the rule bots are the frozen pre-stream bot, each handed a JSON copy of
    its whole view at every decision, as the lab handed it then (a loop as play_game's);
    else the current bot, played by play_game itself on the event stream."""
    g = game_class("shady-agents")(players, options, seed=seed)
    rule = ReferenceShadyAgentsBot if reference else ShadyAgentsBot
    bots = seat_bots(players, lambda p: rule if p in rule_seats else RandomBot, seed)
    if not reference:
        actions: list[Any] = []
        play_game(g, bots, on_step=lambda _g, a: actions.append(a))
        return actions
    actions = []
    while not g.is_over:
        waiting = g.to_act()
        if not waiting:
            g.timeout()
            actions.append(None)
            continue
        p = waiting[0]
        if p in rule_seats:
            action = bots[p].choose(Observation(p, json_copy(g.legal_actions(p)), json_copy(g.view(p))))
        else:
            action = bots[p].choose(Observation(p, g.legal_actions(p)))
        g.apply(action)
        actions.append(action)
    return actions


@pytest.mark.parametrize("n", range(4, 11))
def test_the_bot_chooses_exactly_as_the_bot_that_reread_its_whole_view(n: int) -> None:
    """Issue 12: reading only its new events and keeping its reasoning up to date changes no
    choice. Against random bots (whose interrogations, after face-down gifts, give answers
    the bot can only weigh, not check), with the spy code enforced and not, every action of
    every game equals the frozen pre-stream bot's (tests/bots/sa_reference_bot.py)."""
    players = [f"P{i}" for i in range(1, n + 1)]
    for seed in range(10):
        for options in (None, {"enforce_statements": False}):
            g = game_class("shady-agents")(players, options, seed=seed)
            for rule_seats in (set(players), {p for p in players if g.side_of(p) == "operatives"},
                               {p for i, p in enumerate(players) if i % 2}):
                now = play_recorded(players, seed, rule_seats, False, options)
                before = play_recorded(players, seed, rule_seats, True, options)
                assert now == before, (n, seed, options, sorted(rule_seats))


def test_the_bot_weighs_answers_it_cannot_check() -> None:
    """The worlds keep weights other than 1.0 once an answer depends on a face-down tool the
    bot never saw (the case the comparison above must cover)."""
    roles = {"P1": "operative", "P2": "deserter", "P3": "operative", "P4": "deserter"}
    g = new_game(P4, roles, "P1", ["received_medkit"])
    g.apply({"player": "P1", "action": "give", "tool": "medkit", "target": "P3"})
    g.apply({"player": "P2", "action": "give", "tool": "bullet", "target": "P4"})
    g.apply({"player": "P3", "action": "interrogate", "discard": "bullet"})
    answer_truthfully_or_first_lie(g)  # P4 (received P2's face-down tool) answers first
    bot = ShadyAgentsBot("P1", 1)
    bot.update(json_copy(g.view("P1")))
    weights = sorted(set(bot.worlds.values()))
    assert weights == [0.5]  # P4's "yes"/"no" is true with chance 1/2 whatever P4 is
    assert bot.operative_chance("P3") == 1.0  # P3 received my kit: a checked answer
