"""Setup: player counts, the deal (floor(n/3) Commies), Commies see each other, the first snitch, the deck."""

from __future__ import annotations

from collections import Counter

import pytest
from mc_helpers import SIX, deck, table

from hiddenrole.engine import BadOption, BadSetup, game_class, new_game
from hiddenrole.games.mccarthyism import McCarthyism
from hiddenrole.games.mccarthyism.cards import CARDS, DECK


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
def test_deal_is_floor_n_over_3_commies_rest_americans(n):
    g = McCarthyism(names(n), seed=n)
    roles = Counter(g._role.values())
    assert roles["commie"] == n // 3
    assert roles["american"] == n - n // 3
    setup = g.log[0]
    assert setup.kind == "setup" and setup.public
    assert setup.data["commies"] == n // 3 and setup.data["americans"] == n - n // 3


def test_commie_count_option():
    g = McCarthyism(SIX, {"commie_count": 3}, seed=1)
    assert Counter(g._role.values())["commie"] == 3
    with pytest.raises(BadOption, match="commie_count"):
        McCarthyism(SIX, {"commie_count": 6})
    with pytest.raises(BadOption, match="commie_count"):
        McCarthyism(SIX, {"commie_count": 0})
    with pytest.raises(BadOption, match="unknown option"):
        McCarthyism(SIX, {"commies": 2})


def test_each_player_is_told_only_their_role_card():
    g = table()
    roles = [e for e in g.log if e.kind == "role"]
    assert len(roles) == 6
    for e in roles:
        (who,) = e.to
        assert e.data == {"card": g._role[who]}


def test_commies_wake_up_and_see_each_other():
    g = table(commies=("Bob", "Eve"))
    (e,) = [e for e in g.log if e.kind == "commies"]
    assert e.to == frozenset({"Bob", "Eve"})
    assert e.data["commies"] == ["Bob", "Eve"]
    assert g.view("Bob")["private"]["commies_at_start"] == ["Bob", "Eve"]
    assert "commies_at_start" not in g.view("Ann")["private"]


def test_first_snitch_is_a_chance_outcome_the_script_can_fix():
    g = table(first="Dee")
    assert g._snitch == "Dee" and g.to_act() == ("Dee",)
    assert ("first_snitch", "Dee") in g.chance.record
    # drawn from the seed when not fixed, and the same for the same seed
    a = McCarthyism(SIX, seed=5)
    b = McCarthyism(SIX, seed=5)
    assert a._snitch == b._snitch and a._snitch in SIX
    firsts = {McCarthyism(SIX, seed=s)._snitch for s in range(40)}
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
    assert sorted(g._deck) == sorted(DECK)
    (e,) = [e for e in g.log if e.kind == "deck"]
    assert e.to == frozenset()  # only the Mod knows the order


def test_fixed_deck_is_dealt_top_first():
    g = table(top=("double_agent", "loose_lips"))
    assert g._deck[-1] == "double_agent" and g._deck[-2] == "loose_lips"


@pytest.mark.parametrize("bad, message", [
    ({"roles": {"Ann": "commie"}}, "every player"),
    ({"roles": {p: "spy" for p in SIX}}, "'commie' or 'american'"),
    ({"roles": {p: "american" for p in SIX}}, "deals 0 Commies"),
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
