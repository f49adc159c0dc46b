"""Set-up: player counts, the deal (even and odd), tools, the first player, the deck, options."""

from __future__ import annotations

from collections import Counter

import pytest
from sa_helpers import SIX, SIX_ROLES, table

from hiddenrole.engine import BadOption, BadSetup, game_class, new_game
from hiddenrole.games.shady_agents import DECK, ShadyAgents


def names(n):
    return [f"P{i}" for i in range(1, n + 1)]


def test_registered_under_its_name_with_the_contract_attributes():
    cls = game_class("shady-agents")
    assert cls is ShadyAgents
    assert (cls.name, cls.min_players, cls.max_players) == ("shady-agents", 4, 10)
    assert cls.sides == ("operatives", "deserters")
    assert {o.name for o in cls.OPTIONS} == {"enforce_statements", "first_player_may_discard", "turn_seconds",
                                           "answer_seconds"}


@pytest.mark.parametrize("n", [3, 11])
def test_four_to_ten_players(n):
    # "In diesem Spiel für 4 bis 10 Spieler"
    with pytest.raises(BadSetup, match="needs 4 to 10 players"):
        ShadyAgents(names(n))


@pytest.mark.parametrize("n", [4, 6, 8, 10])
@pytest.mark.parametrize("seed", range(5))
def test_even_table_is_dealt_half_and_half_with_no_revealed_card(n, seed):
    g = ShadyAgents(names(n), seed=seed)
    counts = Counter(g.role_of(p) for p in g.players)
    assert counts == {"operative": n // 2, "deserter": n // 2}
    assert g.revealed_card is None and g.bonus_side is None
    assert not [e for e in g.log if e.kind == "revealed_card"]


@pytest.mark.parametrize("n", [5, 7, 9])
@pytest.mark.parametrize("seed", range(5))
def test_odd_table_deals_n_of_n_plus_one_cards_and_reveals_the_last(n, seed):
    g = ShadyAgents(names(n), seed=seed)
    counts = Counter(g.role_of(p) for p in g.players)
    # n+1 cards, half of each role: the revealed card's team is the smaller one
    assert counts[g.revealed_card] == (n - 1) // 2
    assert sum(counts.values()) == n
    assert g.bonus_side == {"operative": "operatives", "deserter": "deserters"}[g.revealed_card]
    revealed = [e for e in g.log if e.kind == "revealed_card"]
    assert len(revealed) == 1 and revealed[0].public
    assert revealed[0].data == {"role": g.revealed_card, "side": g.bonus_side, "bonus": 1}
    record = dict(g.chance.record)["roles"]
    assert record["revealed"] == g.revealed_card


def test_the_deal_is_random_over_seeds():
    seen = {tuple(ShadyAgents(names(6), seed=s).role_of(p) for p in names(6)) for s in range(60)}
    assert len(seen) > 10
    revealed = Counter(ShadyAgents(names(5), seed=s).revealed_card for s in range(200))
    assert revealed["operative"] > 60 and revealed["deserter"] > 60


def test_each_player_is_told_only_their_own_role():
    g = table()
    for p in SIX:
        mine = [e for e in g.log if e.kind == "role" and e.visible_to(p)]
        assert len(mine) == 1 and mine[0].to == frozenset({p})
        assert mine[0].data["role"] == SIX_ROLES[p]
    assert not [e for e in g.log if e.kind == "role" and e.visible_to(None)]


def test_each_player_starts_with_one_bullet_and_one_medical_kit():
    g = table()
    assert g.ledger.held == [["bullet", "medkit"]] * 6
    assert g.ledger.count() == 12
    for p in SIX:
        assert sorted(g.view(p)["private"]["holding"]) == ["bullet", "medkit"]


def test_fixed_roles_in_both_forms_and_odd_revealed_card_derived():
    roles5 = {"A": "operative", "B": "deserter", "C": "operative", "D": "deserter", "E": "operative"}
    g = ShadyAgents(list("ABCDE"), chance={"roles": roles5})
    assert g.revealed_card == "deserter" and g.bonus_side == "deserters"
    g2 = ShadyAgents(list("ABCDE"), chance={"roles": {"deal": roles5, "revealed": "deserter"}})
    assert [g2.role_of(p) for p in "ABCDE"] == [roles5[p] for p in "ABCDE"]


@pytest.mark.parametrize(
    "roles, words",
    [
        ({"Ann": "operative"}, "no role for"),
        ({**SIX_ROLES, "Zed": "operative"}, "not players"),
        ({**SIX_ROLES, "Ann": "spy"}, "'operative' or 'deserter'"),
        ({**SIX_ROLES, "Bob": "operative"}, "3 operatives and 3 deserters, not 4 and 2"),
        ({"deal": SIX_ROLES, "revealed": "operative"}, "even table has no revealed card"),
        ({"deal": SIX_ROLES, "extra": 1}, "unknown keys"),
        ("operative", "must be an object"),
    ],
)
def test_bad_fixed_roles_are_rejected_naming_the_problem(roles, words):
    with pytest.raises(BadSetup, match="chance 'roles'") as info:
        ShadyAgents(SIX, chance={"roles": roles})
    assert words in str(info.value)


def test_bad_fixed_odd_roles():
    five = {"A": "operative", "B": "operative", "C": "operative", "D": "operative", "E": "deserter"}
    with pytest.raises(BadSetup, match="one role and 2 of the other"):
        ShadyAgents(list("ABCDE"), chance={"roles": five})
    ok = {"A": "operative", "B": "operative", "C": "operative", "D": "deserter", "E": "deserter"}
    with pytest.raises(BadSetup, match="revealed card is 'deserter', not 'operative'"):
        ShadyAgents(list("ABCDE"), chance={"roles": {"deal": ok, "revealed": "operative"}})


def test_first_player_is_a_chance_outcome_that_can_be_fixed():
    firsts = Counter(ShadyAgents(SIX, seed=s).first_player for s in range(120))
    assert set(firsts) == set(SIX)
    assert table(first="Dee").first_player == "Dee"
    assert table(first=2).first_player == "Cid"
    assert table(first=["Eve"]).first_player == "Eve"
    g = table(first="Dee")
    assert g.to_act() == ("Dee",)
    event = next(e for e in g.log if e.kind == "first_player")
    assert event.public and event.data["order"] == ["Dee", "Eve", "Fay", "Ann", "Bob", "Cid"]


@pytest.mark.parametrize("value", ["Zed", 6, -1, True, None, ["Ann", "Bob"]])
def test_bad_first_player(value):
    with pytest.raises(BadSetup, match="chance 'first'"):
        table(first=value) if value is not None else ShadyAgents(SIX, chance={"first": None})


def test_deck_is_shuffled_at_the_start_and_recorded_for_the_mod_only():
    # ruling 2: the deck is shuffled at the start (a chance outcome)
    orders = {tuple(ShadyAgents(SIX, seed=s)._deck) for s in range(30)}
    assert len(orders) == 30
    g = table()
    deck_events = [e for e in g.log if e.kind == "deck"]
    assert len(deck_events) == 1 and deck_events[0].to == frozenset()
    assert sorted(deck_events[0].data["order"]) == sorted(c.id for c in DECK)
    assert dict(g.chance.record)["interrogations"] == deck_events[0].data["order"]


def test_seeded_deck_order_is_pinned():
    """The engine's seeded draw contract: seed 1 shuffles the deck into this order (recorded
    by hand from a seed-1 deal). A change of the draw (``per_draw``, the chance kind, the
    card list's order) would replay every recorded game with another deck; if this fails on
    purpose, re-record the order here and the digests of benchmarks/seeded_results.py."""
    g = ShadyAgents(SIX, seed=1)
    assert [e for e in g.log if e.kind == "deck"][0].data["order"] == [
        "parted_first", "nearer_before_you", "nearer_after_you", "nearer_you", "nearer_after_caller",
        "nearer_caller", "bullet_to", "nearer_before_caller", "medkit_to", "nearer_first_player",
        "earlier_in_round_one"]


def test_seeded_deal_is_pinned():
    """The engine's seeded draw contract for the roles: seed 1 deals these (recorded by hand
    from seed-1 deals of six and seven players; the odd table's last card is the revealed
    one). If this fails on purpose, re-record them here and the digests of
    benchmarks/seeded_results.py."""
    six = ShadyAgents(SIX, seed=1)
    assert dict(six.chance.record)["roles"] == {
        "deal": {"Ann": "operative", "Bob": "operative", "Cid": "deserter", "Dee": "operative",
                 "Eve": "deserter", "Fay": "deserter"}, "revealed": None}
    seven = ShadyAgents([*SIX, "Gus"], seed=1)
    assert dict(seven.chance.record)["roles"] == {
        "deal": {"Ann": "operative", "Bob": "operative", "Cid": "deserter", "Dee": "deserter",
                 "Eve": "operative", "Fay": "operative", "Gus": "deserter"}, "revealed": "deserter"}


def test_fixed_deck_prefix_then_documented_order():
    g = table(deck=["parted_first", "medkit_to"])
    rest = [c.id for c in DECK if c.id not in ("parted_first", "medkit_to")]
    assert g._deck == ["parted_first", "medkit_to", *rest]


@pytest.mark.parametrize(
    "deck, words",
    [("gave", "list of card ids"), (["nope"], "unknown cards"), (["medkit_to", "medkit_to"], "listed twice"), ([3], "list")],
)
def test_bad_fixed_deck(deck, words):
    with pytest.raises(BadSetup, match="chance 'interrogations'") as info:
        table(deck=deck)
    assert words in str(info.value)


@pytest.mark.parametrize(
    "options, name",
    [({"colour": 1}, "colour"), ({"turn_seconds": -1}, "turn_seconds"), ({"turn_seconds": "soon"}, "turn_seconds"),
     ({"enforce_statements": "maybe"}, "enforce_statements"), ({"answer_seconds": 4000}, "answer_seconds")],
)
def test_bad_options(options, name):
    with pytest.raises(BadOption) as info:
        ShadyAgents(SIX, options)
    assert info.value.name == name


def test_options_defaults_and_cli_strings():
    g = ShadyAgents(SIX)
    assert g.options == {"enforce_statements": True, "first_player_may_discard": False, "turn_seconds": 120,
                         "answer_seconds": 60}
    g = new_game("shady-agents", SIX, {"enforce_statements": "false", "turn_seconds": "0"})
    assert g.options["enforce_statements"] is False and g.options["turn_seconds"] == 0


def test_same_seed_same_game():
    a, b = ShadyAgents(SIX, seed="x"), ShadyAgents(SIX, seed="x")
    assert [e.to_json(reveal=True) for e in a.log] == [e.to_json(reveal=True) for e in b.log]
    assert a.chance.record == b.chance.record
