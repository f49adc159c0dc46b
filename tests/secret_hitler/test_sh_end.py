"""How games end, and the deck running out (ruling 6, reshuffles)."""

import pytest

from hiddenrole.engine import BadSetup, IllegalAction
from sh_helpers import elect, end_night, fail, legislate, new, night0


def topdecks(g, k):
    for _ in range(2 * k):
        fail(g)


def test_five_liberal_policies_win_at_once_even_at_night():
    """"The Liberals win --by playing 5 Liberal cards" (ruling 10)."""
    g = new(5, prefix="LFF" * 5, picks=["Cat"])
    night0(g, ("Cat", "Dan"), "F", "L")
    for chancellor in ("Dan", "Ann", "Bob"):
        pc = g.presidential_candidate
        elect(g, chancellor if chancellor != pc else "Eve")
        legislate(g, "F", "L"); end_night(g)
    assert g.liberal_policies == 4 and not g.is_over
    elect(g, [p for p in g.eligible_chancellors() if p != "Eve"][0])
    legislate(g, "F", "L")
    assert g.is_over and g.result.winner == "liberals" and g.result.reason == "five_liberal_policies"
    assert [e.kind for e in g.log[-2:]] == ["policy_enacted", "game_over"] and g.log[-2].public
    assert g.to_act() == () and g.legal_actions(g.order[0]) == [] and g.timers() == []
    summary = g.summary()
    assert summary["winner"] == "liberals" and summary["liberal_policies"] == 5 and summary["phase"] == "over"


def test_six_fascist_policies_win():
    """"The Fascists win --by playing 6 Fascist cards" (here all by top-deck)."""
    g = new(7, prefix="LFF", picks=["Bob"])
    night0(g, ("Bob", "Cat"), "F", "L")
    topdecks(g, 5)
    assert g.fascist_policies == 5 and not g.is_over
    topdecks(g, 1)
    assert g.result.winner == "fascists" and g.result.reason == "six_fascist_policies"
    assert g.result.outcomes["Cat"] == "win" and g.result.outcomes["Ann"] == "loss"


def test_hitler_elected_chancellor_at_exactly_three_fascist_policies():
    """"--by electing Hitler as Chancellor any time after the third Fascist card has been played" """
    g = new(7, prefix="LFF" + "FF" + "LFL" + "F", picks=["Bob"])
    night0(g, ("Bob", "Cat"), "F", "L")
    topdecks(g, 2)
    assert g.fascist_policies == 2 and g.presidential_candidate == "Fay"
    elect(g, "Eve")  # Hitler elected at 2 Fascist policies: the game goes on
    assert not g.is_over and g.chancellor == "Eve"
    legislate(g, "F", "L"); end_night(g)
    topdecks(g, 1)
    assert g.fascist_policies == 3 and g.presidential_candidate == "Bob"
    elect(g, "Eve")
    assert g.is_over and g.result.winner == "fascists" and g.result.reason == "hitler_elected"
    assert g.log[-1].kind == "game_over" and g.log[-1].data["roles"]["Eve"] == "hitler"
    assert g.log[-2].kind == "vote_result" and g.log[-2].data["passed"] is True


def test_nothing_happens_after_the_end():
    """Ruling 10."""
    g = new(7, prefix="LFF", picks=["Bob"])
    night0(g, ("Bob", "Cat"), "F", "L")
    topdecks(g, 6)
    n = len(g.log)
    for action in ({"player": "Ann", "action": "post", "text": "hi"},
                   {"player": g.presidential_candidate, "action": "nominate", "target": "Ann"}):
        with pytest.raises(IllegalAction, match="over"):
            g.apply(action)
    with pytest.raises(IllegalAction, match="over"):
        g.timeout()
    assert len(g.log) == n
    assert g.reveal()["result"]["winner"] == "fascists"


def test_reshuffle_when_fewer_than_three_cards_remain():
    """Ruling 6: "If we run out of policy cards, the discards are shuffled and returned to the
    deck", as soon as fewer than 3 cards remain after an enactment."""
    # 5 sessions of 3 cards leave 2: the 5th enactment reshuffles those 2 with the discards
    g = new(5, prefix="LLF" + "LFF" + "LFF" + "FFL" + "FFL", picks=["Cat"],
            reshuffles=[list("FLFFFFFFFFLL")])
    night0(g, ("Cat", "Dan"), "F", "L")  # L1
    elect(g, "Dan"); legislate(g, "F", "L"); end_night(g)  # L2
    elect(g, "Ann"); legislate(g, "F", "L"); end_night(g)  # L3
    elect(g, "Bob"); legislate(g, "L", "F"); end_night(g)  # F1
    assert len(g.deck) == 5
    elect(g, "Cat"); legislate(g, "L", "F")  # F2: 2 cards left -> reshuffle
    assert g.deck[::-1] == list("FLFFFFFFFFLL") and g.discards == []
    mod = [e for e in g.log if e.kind == "deck"][-1]
    assert mod.to == frozenset() and mod.data["cards"] == list("FLFFFFFFFFLL")
    assert g.view(None)["board"]["deck_size"] == 2  # the night's facts are told at dawn
    end_night(g)
    assert g.log[-1].data["reshuffled"] is True and g.summary()["deck_size"] == 12
    assert g.summary()["discard_size"] == 0


def test_a_reshuffle_between_two_top_decks():
    g = new(5, prefix="LLF" + "LLF" + "LFF" + "FFF" + "FFL" + "FF", picks=["Bob"],
            reshuffles=[list("FFFFFFFFLL")])
    night0(g, ("Bob", "Cat"), "F", "L")  # L1
    elect(g, "Cat"); legislate(g, "F", "L"); end_night(g)  # L2
    elect(g, "Dan"); legislate(g, "F", "L"); end_night(g)  # L3
    elect(g, "Ann"); legislate(g, "F", "F"); end_night(g)  # F1
    topdecks(g, 1)  # F2
    topdecks(g, 1)  # F3, no power; 3 cards left
    assert len(g.deck) == 3 and g.fascist_policies == 3
    topdecks(g, 1)  # L4 by top-deck: 2 left -> reshuffle
    assert g.liberal_policies == 4 and len(g.deck) == 10
    reshuffled = [e for e in g.log if e.kind == "reshuffled"][-1]
    assert reshuffled.public and reshuffled.data == {"by": "Mod", "deck_size": 10}  # the Mod's post
    topdecks(g, 1)  # F4 from the reshuffled deck, without its power
    assert g.fascist_policies == 4 and len(g.deck) == 9 and g.step == "nominate" and len(g.alive) == 5


def test_bad_fixed_reshuffle_is_a_setup_error():
    g = new(5, prefix="LLF" + "LLF" + "LFF" + "FFF" + "FFL" + "FF", picks=["Bob"],
            reshuffles=[list("LLLLLLLLLL")])
    night0(g, ("Bob", "Cat"), "F", "L")
    elect(g, "Cat"); legislate(g, "F", "L"); end_night(g)
    elect(g, "Dan"); legislate(g, "F", "L"); end_night(g)
    elect(g, "Ann"); legislate(g, "F", "F"); end_night(g)
    topdecks(g, 2)
    fail(g)
    with pytest.raises(BadSetup, match="reshuffles"):
        fail(g)
