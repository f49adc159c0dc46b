"""Setup: player counts, the deal (the pool of 2n cards, or floor(n/3) Commies), Commies see each other,
the first snitch, the deck."""

from __future__ import annotations

from collections import Counter

import pytest
from mc_helpers import SIX, deck, table

from hiddenrole.engine import BadOption, BadSetup, game_class, new_game
from hiddenrole.games.mccarthyism import McCarthyism
from hiddenrole.games.mccarthyism.cards import CARDS, DECK
from hiddenrole.games.mccarthyism.roles import pool_cards


def names(n):
    return [f"P{i}" for i in range(1, n + 1)]


def test_registered_and_class_attributes():
    assert game_class("mccarthyism") is McCarthyism
    assert McCarthyism.name == "mccarthyism"
    assert McCarthyism.title == "McCarthyism"
    assert (McCarthyism.min_players, McCarthyism.max_players) == (3, 20)
    assert McCarthyism.sides == ("commies", "americans")


@pytest.mark.parametrize("n", [2, 21])
def test_player_count_outside_3_to_20_is_bad_setup(n):
    with pytest.raises(BadSetup, match="3 to 20 players"):
        McCarthyism(names(n))


@pytest.mark.parametrize("n", range(3, 21))
def test_fixed_deal_is_floor_n_over_3_commies_rest_americans(n):
    g = McCarthyism(names(n), {"deal": "fixed"}, seed=n)
    roles = Counter(g.roles.cards.values())
    assert roles["commie"] == n // 3
    assert roles["american"] == n - n // 3
    setup = g.log[0]
    assert setup.kind == "setup" and setup.public
    assert setup.data["deal"] == "fixed"
    assert setup.data["commies"] == n // 3 and setup.data["americans"] == n - n // 3
    assert g.view(None)["board"]["commie_count"] == n // 3 and g.view(None)["board"]["pool"] is None


def test_commie_count_option():
    g = McCarthyism(SIX, {"deal": "fixed", "commie_count": 3}, seed=1)
    assert Counter(g.roles.cards.values())["commie"] == 3
    with pytest.raises(BadOption, match="commie_count"):
        McCarthyism(SIX, {"deal": "fixed", "commie_count": 6})
    with pytest.raises(BadOption, match="commie_count"):
        McCarthyism(SIX, {"deal": "fixed", "commie_count": 0})
    # the pool deal leaves the count to chance: a count given with it is refused, not ignored
    with pytest.raises(BadOption, match="commie_count.*only to deal=fixed"):
        McCarthyism(SIX, {"commie_count": 2})
    with pytest.raises(BadOption, match="deal.*must be one of 'pool', 'fixed'"):
        McCarthyism(SIX, {"deal": "random"})
    with pytest.raises(BadOption, match="unknown option"):
        McCarthyism(SIX, {"commies": 2})


def test_each_player_is_told_only_their_role_card():
    g = table()
    roles = [e for e in g.log if e.kind == "role"]
    assert len(roles) == 6
    for e in roles:
        (who,) = e.to
        assert e.data == {"card": g.roles.cards[who]}


def test_commies_wake_up_and_see_each_other():
    g = table(commies=("Bob", "Eve"))
    (e,) = [e for e in g.log if e.kind == "commies"]
    assert e.to == frozenset({"Bob", "Eve"})
    assert e.data["commies"] == ["Bob", "Eve"]
    assert g.view("Bob")["private"]["commies_at_start"] == ["Bob", "Eve"]
    assert "commies_at_start" not in g.view("Ann")["private"]


def test_first_snitch_is_a_chance_outcome_the_script_can_fix():
    g = table(first="Dee")
    assert g.snitch == "Dee" and g.to_act() == ("Dee",)
    assert ("first_snitch", "Dee") in g.chance.record
    # drawn from the seed when not fixed, and the same for the same seed
    a = McCarthyism(SIX, seed=5)
    b = McCarthyism(SIX, seed=5)
    assert a.snitch == b.snitch and a.snitch in SIX
    firsts = {McCarthyism(SIX, seed=s).snitch for s in range(40)}
    assert len(firsts) > 3  # random by default


def test_the_deck_has_the_48_cards_of_the_rulebook():
    counts = Counter(DECK)
    assert len(DECK) == 48
    assert counts == {
        "confess_to_the_feds": 24, "escape_to_the_reds": 8, "deep_research": 3, "double_agent": 2,
        "lemme_see_what_you_got_there": 2, "you_seem_suspicious": 2, "i_know_a_guy": 2, "super_snitch": 1,
        "loose_lips": 1, "commies_take_over": 1, "something_to_say": 1, "too_much_to_drink": 1,
    }
    assert set(CARDS) == set(counts)
    g = McCarthyism(SIX, seed=3)
    assert sorted(g.deck.pile) == sorted(DECK)
    (e,) = [e for e in g.log if e.kind == "deck"]
    assert e.to == frozenset()  # only the Mod knows the order


def test_fixed_deck_is_dealt_top_first():
    g = table(top=("double_agent", "loose_lips"))
    assert g.deck.pile[-1] == "double_agent" and g.deck.pile[-2] == "loose_lips"


@pytest.mark.parametrize("bad, message", [
    ({"roles": {"Ann": "commie"}}, "every player"),
    ({"roles": {p: "spy" for p in SIX}}, "'commie' or 'american'"),
    ({"roles": {p: "commie" for p in SIX}}, "deals 6 Commies; the pool holds only 4 Commie cards"),
    ({"roles": {p: ("commie" if p != "Ann" else "american") for p in SIX}}, "only 4 Commie cards"),
    ({"roles": "Bob"}, "must map"),
    ({"first_snitch": "Zed"}, "not a player"),
    ({"deck": ["confess_to_the_feds"] * 48}, "exactly as many"),
    ({"deck": deck()[:47]}, "exactly as many"),
    ({"deck": ["joker"] + deck()[1:]}, "unknown card"),
    ({"deck": "shuffled"}, "list"),
])
def test_bad_fixed_chance_outcomes_are_bad_setup(bad, message):
    with pytest.raises(BadSetup, match=message):
        McCarthyism(SIX, chance=bad)


@pytest.mark.parametrize("count, message", [(0, "deals 0 Commies; this table has 2"),
                                            (3, "deals 3 Commies; this table has 2"),
                                            (6, "deals 6 Commies; this table has 2")])
def test_fixed_deal_refuses_a_deal_of_another_count(count, message):
    roles = {p: ("commie" if i < count else "american") for i, p in enumerate(SIX)}
    with pytest.raises(BadSetup, match=message):
        McCarthyism(SIX, {"deal": "fixed"}, chance={"roles": roles})


def test_same_seed_same_game():
    a = new_game("mccarthyism", SIX, seed="x")
    b = new_game("mccarthyism", SIX, seed="x")
    assert a.chance.record == b.chance.record
    assert [e.to_json() for e in a.log] == [e.to_json() for e in b.log]


def test_a_seat_order_seated_before_is_not_checked_again_and_others_still_are():
    McCarthyism(SIX, seed=1)  # seats this table
    assert McCarthyism.check_players(list(SIX)) == tuple(SIX)
    with pytest.raises(BadSetup, match="used twice"):
        McCarthyism([*SIX, "ann"])
    with pytest.raises(BadSetup, match="3 to 20 players"):
        McCarthyism(SIX[:2])
    with pytest.raises(BadSetup, match="list of names"):
        McCarthyism("AnnBobCid")
    with pytest.raises(BadSetup, match="non-empty string"):
        McCarthyism([*SIX[:5], ["Fay"]])


# ---------------------------------------------------------------- the pool deal (issue 15)
@pytest.mark.parametrize("n, commie_cards, american_cards", [
    # "take 2/3 n rounded down commie cards and 4/3 n rounded up American cards": 2n cards
    (3, 2, 4), (4, 2, 6), (5, 3, 7), (6, 4, 8), (7, 4, 10), (9, 6, 12), (12, 8, 16), (15, 10, 20), (20, 13, 27),
])
def test_the_pool_holds_two_thirds_n_commie_cards_rounded_down_and_four_thirds_n_american_rounded_up(
        n, commie_cards, american_cards):
    assert pool_cards(n) == (commie_cards, american_cards)
    g = McCarthyism(names(n), seed=n)
    setup = g.log[0]
    assert setup.public and setup.data["deal"] == "pool"
    assert setup.data["commie_cards"] == commie_cards and setup.data["american_cards"] == american_cards
    # the number of Commies is secret: not in the public setup, not on the board
    assert "commies" not in setup.data and "americans" not in setup.data
    board = g.view(None)["board"]
    assert board["deal"] == "pool" and board["commie_count"] is None
    assert board["pool"] == {"commie_cards": commie_cards, "american_cards": american_cards}
    assert Counter(g.roles.cards.values())["commie"] <= commie_cards


def test_the_pool_deal_is_the_default():
    assert McCarthyism(SIX, seed=1).options["deal"] == "pool"


def test_pool_deal_counts_follow_the_pool():
    """At 3 players the pool is 2 Commie and 4 American cards, 3 of them dealt: 0 Commies with
    probability C(4,3)/C(6,3) = 4/20, 1 with C(2,1)C(4,2)/20 = 12/20, 2 with C(2,2)C(4,1)/20 = 4/20;
    each seat is a Commie with probability 2/6 = 1/3."""
    games = 3000
    counts = Counter()
    seat_commie = Counter()
    for seed in range(games):
        g = McCarthyism(names(3), seed=seed)
        counts[sum(c == "commie" for c in g.roles.cards.values())] += 1
        for p, c in g.roles.cards.items():
            seat_commie[p] += c == "commie"
    assert set(counts) == {0, 1, 2}
    for k, p in {0: 0.2, 1: 0.6, 2: 0.2}.items():
        assert abs(counts[k] / games - p) < 0.03, (k, counts)  # about 6 standard errors
    for p in names(3):
        assert abs(seat_commie[p] / games - 1 / 3) < 0.03, seat_commie


def test_pool_deal_is_a_recorded_chance_outcome_and_replays_exactly():
    g = McCarthyism(names(9), seed="deal")
    (roles,) = [v for k, v in g.chance.record if k == "roles"]
    assert roles == g.roles.cards
    replay = McCarthyism(names(9), chance={"roles": roles}, seed="another seed")
    assert replay.roles.cards == g.roles.cards
    assert McCarthyism(names(9), seed="deal").roles.cards == g.roles.cards  # same seed, same deal


def test_pool_deal_of_no_commie_card_has_nobody_wake_up():
    """Ruling (deal): a pool deal may hold no Commie card (at 3 players one deal in five); the deal
    stands, nobody wakes up, and nobody is told that there is no Commie."""
    all_american = {p: "american" for p in SIX}
    g = McCarthyism(SIX, chance={"roles": all_american, "first_snitch": "Ann"}, seed=1)
    assert g.roles.cards == all_american
    assert [e for e in g.log if e.kind == "commies"] == []
    assert g.view(None)["board"]["commie_count"] is None
    assert "commies_at_start" not in g.view("Ann")["private"]
