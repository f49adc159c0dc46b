"""Property tests over many seeded random games: every game ends, the 2n tools are always
all somewhere, and no view shows a tool or a role to anyone who may not know it."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from sa_helpers import random_steps

from hiddenrole.bots import RandomBot
from hiddenrole.engine import Rng
from hiddenrole.games.shady_agents import ShadyAgents
from hiddenrole.lab import play_game

ROLE_WORDS = {"operative", "deserter", "operatives", "deserters"}
TOOL_WORDS = {"bullet", "medkit"}

games = st.fixed_dictionaries({
    "n": st.integers(4, 10),
    "seed": st.integers(0, 2**32),
    "timeout_rate": st.sampled_from([0.0, 0.1, 0.5, 1.0]),
    "enforce": st.booleans(),
})


def new(spec: dict[str, Any]) -> ShadyAgents:
    names = [f"P{i}" for i in range(1, spec["n"] + 1)]
    return ShadyAgents(names, {"enforce_statements": spec["enforce"]}, seed=spec["seed"])


def walk(value: Any, path: tuple = ()):
    """Yield (path, value) for every leaf of JSON data."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from walk(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from walk(v, (*path, i))
    else:
        yield path, value


def assert_private(game: ShadyAgents, player: str | None) -> None:
    """The view of ``player`` before the end shows no other player's role and no tool
    that ``player`` neither gave nor received (nor discarded)."""
    view = game.view(player)
    json.dumps(view)  # JSON-serialisable
    events = view["events"]
    for path, value in walk(view):
        where = path[0]
        if value in ROLE_WORDS:
            if where == "private":
                assert path[1:] in (("role",), ("side",)), path
            elif where == "events":
                kind = events[path[1]]["kind"]
                assert kind == "revealed_card" or (kind == "role" and events[path[1]].get("private")), path
            else:
                assert path in (("board", "revealed_card"), ("board", "bonus_side")), path
        if path and path[-1] == "tool":
            # a tool's identity, outside the answers (claims) and the card texts
            assert value in TOOL_WORDS
            if where == "events":
                e = events[path[1]]
                assert e.get("private") and player is not None, path
                assert player in (e.get("giver"), e.get("receiver"), e.get("player")), path
            else:
                assert where == "private" and player is not None, path
    if player is None:
        assert view["private"] == {}
    board = view["board"]
    for secret in ("roles", "discards", "scores"):
        assert secret not in board
    assert all("tool" not in g for g in board["gifts"])
    assert not [e for e in events if e["kind"] in ("reveal", "deck")]


@settings(max_examples=80)
@given(games)
def test_every_game_ends_and_the_2n_tools_are_always_all_somewhere(spec):
    g = new(spec)
    n = spec["n"]
    steps = turns = 0
    for step in random_steps(g, spec["seed"], spec["timeout_rate"]):
        steps += 1
        turns += 0 if step and "post" in step else 1
        assert g.ledger.count() == 2 * n
        assert steps < 20 * n, "no game lasts more than 2n moves + n interrogations of n answers + posts"
        for s in range(n):
            # each seat's own two tools: held + given + discarded
            own = list(g.ledger.held[s]) + [t for t, _, _ in g.ledger.gave[s]] + (
                [g.ledger.discarded[s]] if g.ledger.discarded[s] else [])
            assert sorted(own) == ["bullet", "medkit"]
        if not g.is_over:
            assert len(g.to_act()) == 1
    assert g.is_over and g.result is not None
    assert g.result.detail["turns"] == turns  # moves, calls, answers, hand-outs (timeouts too)
    assert not any(g.ledger.held)
    # every tool not discarded was received by someone else
    gifts = sum(len(r) for r in g.ledger.received)
    discards = sum(1 for d in g.ledger.discarded if d)
    assert gifts + discards == 2 * n
    assert all(g.players[s] != g.players[r] for s in range(n) for _, r, _ in g.ledger.gave[s])
    # the result is consistent with the scores
    d = g.result.detail
    if g.result.winner is not None:
        loser = "deserters" if g.result.winner == "operatives" else "operatives"
        assert (d["scores"][g.result.winner], d["medkits"][g.result.winner]) > (d["scores"][loser], d["medkits"][loser])
    else:
        assert d["scores"]["operatives"] == d["scores"]["deserters"]
        assert d["medkits"]["operatives"] == d["medkits"]["deserters"]


@settings(max_examples=40)
@given(games)
def test_no_view_shows_a_tool_or_a_role_it_may_not_before_the_end(spec):
    g = new(spec)
    for p in [None, *g.players]:
        assert_private(g, p)
    for _ in random_steps(g, spec["seed"], spec["timeout_rate"]):
        if g.is_over:
            break
        for p in [None, *g.players]:
            assert_private(g, p)
    # the log's audiences
    for e in g.log:
        if e.kind == "tool":
            assert e.to == frozenset({e.data["giver"], e.data["receiver"]})
        elif e.kind in ("discard", "role"):
            assert e.to == frozenset({e.data.get("player", next(iter(e.to)))}) and len(e.to) == 1
        elif e.kind == "deck":
            assert e.to == frozenset()
        else:
            assert e.public, e.kind


def _swap(action: dict, who: str) -> dict:
    """``action`` with ``who``'s bullet and medical kit exchanged."""
    other = {"bullet": "medkit", "medkit": "bullet"}
    a = dict(action)
    if a.get("player") != who:
        return a
    if a["action"] == "give":
        a["tool"] = other[a["tool"]]
    elif a["action"] == "interrogate" and "discard" in a:
        a["discard"] = other[a["discard"]]
    elif a["action"] == "give_both":
        a["bullet"], a["medkit"] = action["medkit"], action["bullet"]
    return a


@settings(max_examples=40)
@given(st.integers(4, 10), st.integers(0, 2**32))
def test_a_view_does_not_depend_on_hidden_facts(n, seed):
    """Two games that differ only in hidden facts (the roles of two other players, and which
    of its tools a third player gave where, never to the viewer) look the same to the
    viewer until the end. Free-text answers, so that the moves do not depend on the truth."""
    names = [f"P{i}" for i in range(1, n + 1)]
    rng = Rng(seed)
    a = ShadyAgents(names, {"enforce_statements": False}, seed=seed)
    actions = []
    while not a.is_over:
        act = rng.choice(a.legal_actions(a.to_act()[0]))
        actions.append(act)
        a.apply(act)
    viewer = names[rng.below(n)]
    givers = [q for q in names if q != viewer and not any(
        x.get("player") == q and viewer in (x.get("target"), x.get("bullet"), x.get("medkit")) for x in actions)]
    roles = {p: a.role_of(p) for p in names}
    others = [q for q in names if q != viewer]
    ops = [q for q in others if roles[q] == "operative"]
    des = [q for q in others if roles[q] == "deserter"]
    swapped = dict(roles)
    if ops and des:
        swapped[ops[0]], swapped[des[0]] = "deserter", "operative"
    fixed = {"roles": swapped, "first": a.first_player, "interrogations": list(a._deck)}
    assert swapped != roles or not (ops and des)
    b = ShadyAgents(names, {"enforce_statements": False}, seed=seed + 1, chance=fixed)
    who = givers[0] if givers else None
    a2 = ShadyAgents(names, {"enforce_statements": False}, seed=seed + 2,
                     chance={"roles": roles, "first": a.first_player, "interrogations": list(a._deck)})
    for act in actions:
        a_view, b_view = a2.view(viewer), b.view(viewer)
        a_view.pop("player"), b_view.pop("player")
        # the viewer's own role is the same in both deals, and so is everything they see
        assert a_view == b_view
        a2.apply(act)
        b.apply(_swap(act, who) if who else act)
    assert a2.is_over and b.is_over


def test_random_bots_play_every_player_count_to_the_end_through_the_lab():
    for n in range(4, 11):
        for seed in range(30):
            names = [f"P{i}" for i in range(1, n + 1)]
            g = ShadyAgents(names, seed=seed)
            record = play_game(g, {p: RandomBot(p, seed) for p in names})
            assert record.result.winner in ("operatives", "deserters", None)
            assert record.actions >= 2 * n - 1  # n moves + n hand-outs, the first player's may be one
