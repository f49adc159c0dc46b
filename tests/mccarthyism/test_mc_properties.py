"""Invariants over many seeded random games: the game ends, the 48 cards are conserved, no view
leaks what the rules do not give its player, and a rejected action changes nothing."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mc_helpers import fingerprint

from hiddenrole.bots import RandomBot
from hiddenrole.engine import IllegalAction, Rng
from hiddenrole.games.mccarthyism import McCarthyism
from hiddenrole.games.mccarthyism.cards import CARDS
from hiddenrole.lab import play_game

BOARD_KEYS = {
    "turn", "snitch", "step", "acting", "blacklisted", "whitelisted", "escaped", "protected_through_turn",
    "confessed", "double_agent", "commies_take_over", "turns_had", "can_be_snitch", "deal", "commie_count", "pool",
    "turns_per_player", "whitelist_protection_turns", "deck", "discards", "played", "hand_size", "card_in_play",
    "vote",
}
# public events that may name a card, and why: a played card is face up; a confession reveals a role card
PUBLIC_CARD_EVENTS = {"played", "confessed"}


def names(n):
    return [f"P{i}" for i in range(1, n + 1)]


def cards_conserved(g):
    return len(g.deck.pile) + len(g.deck.discards) + len(g.played) + len(g.hand) == 48


def check_audiences(g):
    """Every private event goes exactly to whom the rules tell it; public events carry no secret
    (with the pool deal, not even the number of Commies)."""
    dealt = {}
    pool = g.options["deal"] == "pool"
    if pool:
        assert g.view(None)["board"]["commie_count"] is None
    reveal_votes = g.options["reveal_votes"]
    actor_of_hand = None
    for e in g.log:
        d = e.data
        if e.to is None:
            if e.kind == "game_over":
                continue
            assert "cards" not in d or e.kind == "reshuffled" and isinstance(d["cards"], int), e
            if "card" in d:
                assert e.kind in PUBLIC_CARD_EVENTS, e
            if "votes" in d:
                assert e.kind == "vote_result" and reveal_votes
            if e.kind == "vote_result":
                assert set(d) >= {"yes", "no", "voters", "passed"}
            if e.kind == "setup" and pool:
                assert "commies" not in d and "americans" not in d, e
            continue
        if e.kind == "role":
            (who,) = e.to
            dealt[who] = d["card"]
        elif e.kind == "commies":
            assert e.to == {p for p, c in dealt.items() if c == "commie"}
        elif e.kind in ("deck", "votes"):
            assert e.to == frozenset()
        elif e.kind in ("saw_role", "deep_research", "swapped"):
            assert len(e.to) == 1
        elif e.kind == "hand":
            assert len(e.to) == 1
            actor_of_hand = next(iter(e.to))
        else:
            raise AssertionError(f"unexpected private event {e}")
    return actor_of_hand


def check_view(g, player):
    v = g.view(player)
    json.dumps(v)  # JSON-serialisable
    assert set(v["board"]) <= BOARD_KEYS
    # exactly the events visible to the player, numbered 0, 1, 2... in the player's own order
    seen = [e for e in g.log if e.visible_to(player)]
    assert [(e["seq"], e["kind"]) for e in v["events"]] == [(i, e.kind) for i, e in enumerate(seen)]
    if not g.is_over:
        assert v["result"] is None
    priv = v["private"]
    if player is None:
        assert priv == {}
        return
    visible = seen
    justified_roles = set()
    for e in visible:
        if e.kind == "saw_role":
            justified_roles.add((e.data["target"], e.data["card"]))
        elif e.kind == "swapped":
            justified_roles.add((e.data["target"], e.data["gave"]))
            justified_roles.add((player, e.data["card"]))
        elif e.kind == "confessed":
            justified_roles.add((e.data["player"], e.data["card"]))
        elif e.kind == "role":
            justified_roles.add((player, e.data["card"]))
    assert (player, priv["role_card"]["card"]) in justified_roles
    assert priv["role_card"]["marked"] == "last seen"
    for who, seen in priv["seen_roles"].items():
        assert (who, seen["card"]) in justified_roles
    if "commies_at_start" in priv:
        assert any(e.kind == "commies" for e in visible)
    if "hand" in priv:
        assert player == g.actor
    if "deep_research" in priv:
        assert any(e.kind == "deep_research" for e in visible)
    if "my_vote" in priv:
        assert g.vote.votes[player] == priv["my_vote"]


OPTIONS = st.fixed_dictionaries({}, optional={
    "turns_per_player": st.integers(1, 4),
    "whitelist_protection_turns": st.integers(0, 7),
    "deep_research_in_order": st.booleans(),
    "reveal_votes": st.booleans(),
    "reshuffle_discards": st.booleans(),
    "deal": st.sampled_from(["pool", "fixed"]),
})


@settings(max_examples=150)
@given(n=st.integers(3, 20), seed=st.integers(0, 2**32), options=OPTIONS, timeouts=st.floats(0, 0.3))
def test_random_games_end_conserve_cards_and_leak_nothing(n, seed, options, timeouts):
    g = McCarthyism(names(n), options, seed=seed)
    rng = Rng(seed + 1)
    steps = 0
    checks = 0
    while not g.is_over:
        steps += 1
        assert steps < 5000, "the game must end"
        waiting = g.to_act()
        assert waiting, "someone always acts until the end"
        if rng.below(1000) < timeouts * 1000:
            g.timeout()
        else:
            p = waiting[rng.below(len(waiting))]
            legal = g.legal_actions(p)
            assert legal
            g.apply(legal[rng.below(len(legal))])
        assert cards_conserved(g)
        assert g.turn <= n * g.turns_per_player
        if rng.below(20) == 0 and checks < 6:
            checks += 1
            check_audiences(g)
            for p in (None, *g.players):
                check_view(g, p)
    check_audiences(g)
    free = [p for p in g.players if p not in g.tokens.blacklisted]
    # nobody wins exactly when every player is blacklisted (the ruling on an empty table)
    assert (g.result.winner is None) == (not free)
    assert g.result.winner in (("commies", "americans") if free else (None,))
    assert set(g.result.outcomes) == set(g.players)
    json.dumps(g.reveal())


def test_many_random_bot_games_end_with_cards_conserved():
    for seed in range(300):
        n = 3 + seed % 18
        g = McCarthyism(names(n), seed=seed)
        record = play_game(g, {p: RandomBot(p, seed) for p in g.players})
        assert record.result.winner in (*McCarthyism.sides, None)
        assert (record.result.winner is None) == all(p in g.tokens.blacklisted for p in g.players)
        assert cards_conserved(g)
        assert sum(g.tokens.turns_had.values()) == g.turn <= 3 * n


def _bad_actions(g, rng):
    players = list(g.players)
    waiting = g.to_act()
    idle = [p for p in players if p not in waiting]
    actor = waiting[0]
    out = [
        {"player": actor, "action": "dance"},
        {"player": actor, "action": "pass", "extra": 1},
        {"player": "Nobody", "action": "pass"},
        {"player": actor},
        {"player": actor, "action": "vote", "vote": "maybe"},
        {"player": actor, "action": "snitch", "target": ["P1"]},
        {"player": actor, "action": "snitch", "target": actor},
        {"player": actor, "action": "snitch_pair", "targets": "P1"},
        {"player": actor, "action": "snitch_pair", "targets": [actor, actor]},
        {"player": actor, "action": "play", "card": "joker"},
        {"player": actor, "action": "play", "card": None},
        {"player": actor, "action": "choose", "target": "Nobody"},
        {"player": actor, "action": "decline", "card": "x"},
        ["not", "a", "dict"],
    ]
    if idle:
        p = idle[rng.below(len(idle))]
        out += [{"player": p, "action": "pass"}, {"player": p, "action": "vote", "vote": "yes"},
                {"player": p, "action": "decline"}]
    legal = g.legal_actions(actor)
    kinds = {a["action"] for a in legal}
    for kind in ("snitch", "call_end", "pass", "snitch_pair", "vote", "play", "decline", "choose"):
        if kind not in kinds:
            out.append({"player": actor, "action": kind, **_params(kind, players, g)})
    return [a for a in out if a not in legal]


def _params(kind, players, g):
    return {"snitch": {"target": players[0]}, "snitch_pair": {"targets": players[:2]}, "vote": {"vote": "no"},
            "play": {"card": next(iter(CARDS))}, "choose": {"target": players[-1]}}.get(kind, {})


@settings(max_examples=50)
@given(seed=st.integers(0, 2**32), n=st.integers(3, 12))
def test_illegal_actions_change_nothing(seed, n):
    g = McCarthyism(names(n), seed=seed)
    rng = Rng(seed)
    tried = 0
    while not g.is_over and tried < 12:
        if rng.below(4) == 0:
            before = fingerprint(g)
            for bad in _bad_actions(g, rng):
                with pytest.raises(IllegalAction):
                    g.apply(bad)
            assert fingerprint(g) == before
            tried += 1
        p = g.to_act()[0]
        legal = g.legal_actions(p)
        g.apply(legal[rng.below(len(legal))])
