"""The deal: Roleset per player count, knowledge, the deck, votecodes, options, chance checks."""

import json

import pytest

from hiddenrole.engine import BadOption, BadSetup, new_game
from hiddenrole.games.secret_hitler import SecretHitler
from hiddenrole.games.secret_hitler import roles as R
from sh_helpers import NAMES, deck, new

COUNTS = {5: (3, 1), 6: (4, 1), 7: (4, 2), 8: (5, 2), 9: (5, 3), 10: (6, 3)}  # liberals, vanilla fascists


def test_registered_and_class_attributes():
    g = new_game("secret-hitler", NAMES[:7], seed=3)
    assert isinstance(g, SecretHitler)
    assert (SecretHitler.min_players, SecretHitler.max_players) == (5, 10)
    assert SecretHitler.sides == ("liberals", "fascists")
    assert {g.side_of(p) for p in g.players} == {"liberals", "fascists"}


@pytest.mark.parametrize("n", range(5, 11))
def test_roleset_per_count(n):
    """Roleset: e.g. "7 players - 4 Liberals, 3 Fascists: 1 Hitler, 2 Vanilla"."""
    for seed in range(5):
        g = SecretHitler(NAMES[:n], seed=seed)
        roles = list(g.roles.values())
        lib, van = COUNTS[n]
        assert roles.count("liberal") == lib
        assert roles.count("fascist") == van
        assert roles.count("hitler") == 1


@pytest.mark.parametrize("n", range(5, 11))
def test_who_knows_everyones_role(n):
    """5-6: "2 Fascists who know everyone's role: 1 Hitler, 1 Vanilla"; 7-10: only the
    "Vanilla who know everyone's role"; Liberals know only their own role."""
    g = new(n)
    for p in g.players:
        private = g.view(p)["private"]
        role = g.roles[p]
        assert private["role"] == role
        if role == "fascist" or (role == "hitler" and n <= 6):
            assert private["roles"] == g.roles
        else:
            assert "roles" not in private
            text = json.dumps(g.view(p))
            others = [q for q in g.players if q != p and g.roles[q] != "liberal"]
            for q in others:
                assert f'"{q}": "{g.roles[q]}"' not in text


def test_deck_is_17_cards_6_liberal_11_fascist_known_only_to_the_mod():
    for seed in range(10):
        g = SecretHitler(NAMES[:7], seed=seed)
        (deal,) = [e for e in g.log if e.kind == "deck"]
        assert deal.to == frozenset()  # Mod only
        assert sorted(deal.data["cards"]) == ["F"] * 11 + ["L"] * 6
        for p in g.players:
            assert not any(e.kind == "deck" for e in g.log if e.visible_to(p))


def test_player_list_is_public_and_its_top_name_is_president():
    g = new(7, order=["Dan", "Ann", "Bob", "Cat", "Eve", "Fay", "Gus"])
    (first,) = [e for e in g.log if e.kind == "player_list"]
    assert first.public and first.data["order"][0] == "Dan" and first.data["president"] == "Dan"
    assert g.to_act() == ("Dan",) and g.step == "nominate_pair"


def test_votecodes_twenty_distinct_pairs_each_unique_in_the_game_private():
    g = SecretHitler(NAMES[:10], seed=42)
    codes = []
    for p in g.players:
        pairs = g.view(p)["private"]["votecodes"]
        assert len(pairs) == 20 and all(len(pair) == 2 for pair in pairs)
        codes += [c for pair in pairs for c in pair]
    assert len(codes) == len(set(codes)) == 400
    assert all(100 <= c <= 999 for c in codes)
    # shown only to their owner
    for p in g.players:
        text = json.dumps(g.view(p))
        for q in g.players:
            if q != p:
                assert json.dumps(g.votecodes[q]) not in text
    assert "votecodes" not in json.dumps(g.view(None))


def test_powers_per_count_match_the_roleset():
    assert R.POWERS[5][:5] == (None, None, "peek", "execute", "execute")
    assert R.POWERS[6] == R.POWERS[5]
    assert R.POWERS[7][:5] == (None, "investigate", "special_election", "execute", "execute")
    assert R.POWERS[8] == R.POWERS[7]
    assert R.POWERS[9][:5] == ("investigate", "investigate", "special_election", "execute", "execute")
    assert R.POWERS[10] == R.POWERS[9]


def test_day_lengths():
    """ "d1=14 minutes, d2=13 ... d8=7 minutes, d9+=6 minutes"."""
    assert [R.day_length(d) // 60 for d in range(1, 12)] == [14, 13, 12, 11, 10, 9, 8, 7, 6, 6, 6]


@pytest.mark.parametrize("n", [4, 11])
def test_player_count_out_of_range(n):
    with pytest.raises(BadSetup, match="5 to 10"):
        SecretHitler([f"P{i}" for i in range(n)])


@pytest.mark.parametrize("options, name", [
    ({"variant": "speed"}, "variant"), ({"pace": "slow"}, "pace"), ({"power_holder": "chancellor"}, "power_holder"),
    ({"pass_rule": "half"}, "pass_rule"), ({"investigate_once": "maybe"}, "investigate_once"),
    ({"colour": "red"}, "colour"),
])
def test_bad_options(options, name):
    with pytest.raises(BadOption, match=name):
        SecretHitler(NAMES[:5], options)


def test_option_defaults():
    g = SecretHitler(NAMES[:5])
    assert g.rules == {"variant": "turbo", "pace": "turbo", "power_holder": "turbo", "pass_rule": "living_majority",
                       "veto_counts_as_failed_election": True, "investigate_once": True}
    o = SecretHitler(NAMES[:5], {"variant": "official"})
    assert o.rules["pace"] == "untimed" and o.rules["power_holder"] == "president"


@pytest.mark.parametrize("chance, message", [
    ({"order": ["Ann", "Bob"]}, "order"),
    ({"order": ["Ann", "Ann", "Bob", "Cat", "Dan"]}, "order"),
    ({"roles": {"Ann": "liberal"}}, "roles"),
    ({"roles": {"Ann": "liberal", "Bob": "liberal", "Cat": "liberal", "Dan": "liberal", "Eve": "hitler"}}, "roles"),
    ({"roles": {"Ann": "spy", "Bob": "liberal", "Cat": "fascist", "Dan": "liberal", "Eve": "hitler"}}, "roles"),
    ({"deck": ["L"] * 17}, "deck"),
    ({"deck": ["X"] * 17}, "deck"),
    ({"deck": deck()[:16]}, "deck"),
    ({"votecodes": {"Ann": []}}, "votecodes"),
])
def test_bad_fixed_chance_outcomes(chance, message):
    with pytest.raises(BadSetup, match=message):
        SecretHitler(NAMES[:5], chance=chance)


def test_fixed_votecodes_validated_for_duplicates():
    codes = {p: [[100 + 40 * i + 2 * k, 101 + 40 * i + 2 * k] for k in range(20)] for i, p in enumerate(NAMES[:5])}
    g = SecretHitler(NAMES[:5], chance={"votecodes": codes})
    assert g.votecodes == codes
    codes["Bob"][0][0] = codes["Ann"][0][0]
    with pytest.raises(BadSetup, match="twice"):
        SecretHitler(NAMES[:5], chance={"votecodes": codes})


def test_chance_outcomes_are_recorded_in_order():
    g = SecretHitler(NAMES[:7], seed=5)
    kinds = [k for k, _ in g.chance.record]
    assert kinds == ["order", "roles", "deck", "votecodes"]
    o = SecretHitler(NAMES[:7], {"variant": "official"}, seed=5)
    assert [k for k, _ in o.chance.record] == ["order", "roles", "deck"]
