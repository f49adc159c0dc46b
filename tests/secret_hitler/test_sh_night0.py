"""Night 0 (turbo): two nominations, draw 3, pass 2, the Mod's random pick, enact; dawn of day 1."""

import pytest

from hiddenrole.engine import IllegalAction
from hiddenrole.games.secret_hitler.game import SecretHitler
from sh_helpers import NAMES, act, fingerprint, new, night0


def test_night0_full_sequence_and_day1_announcement():
    g = new(7, prefix="LFF", picks=["Cat"])
    assert g.phase == "night" and g.day == 0 and g.to_act() == ("Ann",)
    # "Within 2 minutes, the President must PM the Mod his 2 nominations for Chancellor."
    assert g.timers()[0].key == "night-0/nominate_pair" and g.timers()[0].seconds == 120
    assert len(g.legal_actions("Ann")) == 15  # every pair of the other 6 players
    act(g, "Ann", "nominate", targets=["Bob", "Cat"])
    # "The Mod PMs the President the first 3 policy cards in the deck."
    drawn = [e for e in g.log if e.kind == "policies_drawn"]
    assert drawn[-1].to == frozenset({"Ann"}) and drawn[-1].data["cards"] == ["L", "F", "F"]
    assert g.view("Ann")["private"]["hand"] == ["L", "F", "F"]
    assert g.timers()[0].key == "night-0/discard"
    act(g, "Ann", "discard", card="F")
    # "The Mod rands the Chancellor from the President's 2 nominations and PMs the Chancellor
    # the 2 policy cards"
    passed = [e for e in g.log if e.kind == "policies_passed"][-1]
    assert passed.to == frozenset({"Cat"}) and passed.data["cards"] == ["L", "F"]
    assert g.to_act() == ("Cat",) and g.timers()[0].key == "night-0/enact"
    assert ("picks", "Cat") in g.chance.record
    act(g, "Cat", "enact", card="F")
    # night 0 ends as soon as its steps are done; "The Mod opens the thread announcing who the
    # President picked as Chancellor, whether a Liberal card or a Fascist card was played, ...
    # the next name in the player list as the new Presidential Candidate, ... that it is day 1."
    dawn = g.log[-1]
    assert dawn.kind == "day_start" and dawn.public
    assert dawn.data["chancellor"] == "Cat" and dawn.data["policy"] == "F"
    assert dawn.data["presidential_candidate"] == "Bob" and dawn.data["day"] == 1
    assert g.phase == "day" and g.summary()["fascist_policies"] == 1
    assert g.summary()["president"] == "Ann" and g.summary()["chancellor"] == "Cat"


def test_steps_done_even_when_cards_are_identical():
    """ "This step is done even if all 3 policy cards are identical to avoid giving a timing tell."""
    g = new(7, prefix="FFF", picks=["Bob"])
    act(g, "Ann", "nominate", targets=["Bob", "Cat"])
    assert g.step == "discard" and g.legal_actions("Ann") == [{"player": "Ann", "action": "discard", "card": "F"}]
    act(g, "Ann", "discard", card="F")
    assert g.step == "enact" and g.legal_actions("Bob") == [{"player": "Bob", "action": "enact", "card": "F"}]
    act(g, "Bob", "enact", card="F")
    assert g.step == "nominate"


def test_the_mods_pick_is_random_between_the_two_nominees():
    picked = set()
    for seed in range(30):
        g = SecretHitler(NAMES[:7], seed=seed, chance={"order": NAMES[:7]})
        act(g, "Ann", "nominate", targets=["Bob", "Cat"])
        act(g, "Ann", "discard", card=g.hand[0])
        picked.add(g.actor)
    assert picked == {"Bob", "Cat"}


def test_chancellor_pick_is_private_until_dawn():
    g = new(7, prefix="LLL", picks=["Cat"])
    act(g, "Ann", "nominate", targets=["Bob", "Cat"])
    act(g, "Ann", "discard", card="L")
    for p in ("Ann", "Bob", None):
        assert "Cat" not in [e.get("chancellor") for e in g.view(p)["events"]]
        assert g.view(p)["board"]["chancellor"] is None


@pytest.mark.parametrize("targets", [["Ann", "Bob"], ["Bob", "Bob"], ["Bob"], ["Bob", "Zed"], "Bob"])
def test_bad_nominations_change_nothing(targets):
    g = new(7, picks=["Bob"])
    before = fingerprint(g)
    with pytest.raises(IllegalAction):
        act(g, "Ann", "nominate", targets=targets)
    assert fingerprint(g) == before


@pytest.mark.parametrize("stray", ["Zed", ["x"], None, "Bob"])
def test_night0_nomination_with_a_stray_target_is_refused(stray):
    """Night 0's nomination takes 'targets' only: a 'target' beside it, whatever its value,
    would be stored with the action (and pass verify) though it means nothing."""
    g = new(7, picks=["Bob"])
    before = fingerprint(g)
    with pytest.raises(IllegalAction, match="not a 'target'"):
        act(g, "Ann", "nominate", targets=["Bob", "Cat"], target=stray)
    assert fingerprint(g) == before


def test_only_the_president_acts_on_night0():
    g = new(7, picks=["Bob"])
    with pytest.raises(IllegalAction, match="only Ann"):
        act(g, "Bob", "nominate", targets=["Cat", "Dan"])
    act(g, "Ann", "nominate", targets=["Bob", "Cat"])
    with pytest.raises(IllegalAction, match="only Ann"):
        act(g, "Bob", "discard", card="F")


def test_nine_players_fascist_on_night0_chancellor_examines_an_identity():
    """ "If a Fascist policy card is played with 9 or 10 players, the Chancellor also tells the
    Mod which player's identity card he wants to examine; the Mod replies by PM "Fascist" or
    "Liberal."" """
    g = new(9, prefix="FFF", picks=["Bob"])
    night0(g, ("Bob", "Cat"), "F", "F")
    assert g.step == "power" and g.to_act() == ("Bob",) and g.power == "investigate"
    act(g, "Bob", "investigate", target="Eve")
    result = [e for e in g.log if e.kind == "investigation"][-1]
    assert result.to == frozenset({"Bob"}) and result.data == {"target": "Eve", "allegiance": "fascist"}
    dawn = g.log[-1]
    assert dawn.kind == "day_start" and dawn.data["action"]["target"] == "Eve"
    assert "allegiance" not in dawn.data["action"]


def test_seven_players_fascist_on_night0_has_no_power():
    g = new(7, prefix="FFF", picks=["Bob"])
    night0(g, ("Bob", "Cat"), "F", "F")
    assert g.step == "nominate" and g.day == 1


def test_night0_timeouts_choose_at_random_among_legal_choices():
    """Ruling 9: a missing night-0 nomination, discard or enactment is chosen at random."""
    g = new(7, prefix="LFF", picks=["Dan"], timeouts=[["Cat", "Dan"], "L", "F"])
    g.timeout()
    assert g.nominees == ["Cat", "Dan"]
    assert [e for e in g.log if e.kind == "nominations"][-1].data["by_timeout"] is True
    g.timeout()
    assert g.hand == ["F", "F"]  # the L was discarded
    g.timeout()
    assert g.fascist_policies == 1 and g.day == 1
    assert [k for k, _ in g.chance.record if k == "timeouts"] == ["timeouts"] * 3


def test_bad_fixed_pick_is_a_setup_error_and_changes_nothing():
    from hiddenrole.engine import BadSetup
    g = new(7, picks=["Gus"])
    act(g, "Ann", "nominate", targets=["Bob", "Cat"])
    hand = list(g.hand)
    with pytest.raises(BadSetup, match="picks"):
        act(g, "Ann", "discard", card=hand[0])
    assert g.hand == hand and g.step == "discard"


def test_liberal_policy_never_grants_a_power():
    """"Liberal policy cards never grant powers." (9 players: an F on night 0 would.)"""
    g = new(9, prefix="LLL", picks=["Bob"])
    night0(g, ("Bob", "Cat"), "L", "L")
    assert g.step == "nominate" and g.day == 1 and g.power is None
