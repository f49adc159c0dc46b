"""Executive powers (peek, examine an identity, special election, kill) and the veto."""

import json

import pytest

from hiddenrole.engine import IllegalAction
from sh_helpers import act, elect, end_night, fail, fingerprint, legislate, moves, new, night0


def topdecks(g, k):
    for _ in range(2 * k):
        fail(g)


def seven(options=None, prefix="LFF" + "FFL" * 4, **chance):
    chance.setdefault("picks", ["Bob"])
    g = new(7, options, prefix=prefix, **chance)
    night0(g, ("Bob", "Cat"), "F", "L")  # Ann President, Bob Chancellor, L
    return g


# --- peek -------------------------------------------------------------------------------------
def test_peek_on_the_third_fascist_policy_at_five_players():
    """"the third Fascist card played requires the President to examine the next three policy
    cards in the deck" (ruling 2: private to the President)."""
    g = new(5, prefix="FFF" + "FFF" + "FFF" + "LFL", picks=["Cat"])
    night0(g, ("Cat", "Dan"), "F", "F")  # F1
    elect(g, "Dan"); legislate(g, "F", "F"); end_night(g)  # Bob + Dan: F2
    assert g.presidential_candidate == "Cat"
    elect(g, "Ann"); legislate(g, "F", "F")  # Cat + Ann: F3 -> President Cat peeks
    peek = [e for e in g.log if e.kind == "peek"][-1]
    assert peek.to == frozenset({"Cat"}) and peek.data["cards"] == ["L", "F", "L"]
    assert g.view("Cat")["private"]["peeks"] == [["L", "F", "L"]]
    assert "peeks" not in g.view("Ann")["private"]
    end_night(g)
    assert g.log[-1].data["action"] == {"power": "peek", "player": "Cat"}
    assert g.hand == []
    act(g, "Dan", "nominate", target="Bob"); [act(g, p, "vote", vote="yes") for p in g.order]; g.timeout()
    assert g.hand == ["L", "F", "L"]  # the peeked cards are the next President's draw


# --- investigate ------------------------------------------------------------------------------
def test_second_fascist_policy_at_seven_the_chancellor_examines_an_identity():
    """Ruling 1 (turbo): the Chancellor examines; "Hitler comes up as "Fascist," not "Hitler"";
    ruling 2: the result is private to the Chancellor."""
    g = seven()
    elect(g, "Cat"); legislate(g, "F", "F"); end_night(g)  # F1: none
    elect(g, "Dan"); legislate(g, "F", "F")  # F2 -> Chancellor Dan examines
    assert g.step == "power" and g.to_act() == ("Dan",) and g.power == "investigate"
    assert {a["target"] for a in moves(g, "Dan")} == {"Ann", "Bob", "Cat", "Eve", "Fay", "Gus"}
    act(g, "Dan", "investigate", target="Eve")
    assert g.view("Dan")["private"]["investigations"] == {"Eve": "fascist"}
    for p in ("Cat", "Ann", None):
        assert "investigations" not in g.view(p)["private"]
        assert '"allegiance": "fascist"' not in json.dumps([e for e in g.view(p)["events"] if e["kind"] != "role"])
    end_night(g)
    assert g.log[-1].data["action"] == {"power": "investigate", "player": "Dan", "target": "Eve"}


def test_power_holder_president_gives_the_investigation_to_the_president():
    g = seven({"power_holder": "president"})
    elect(g, "Cat"); legislate(g, "F", "F"); end_night(g)
    elect(g, "Dan"); legislate(g, "F", "F")
    assert g.to_act() == ("Cat",)
    act(g, "Cat", "investigate", target="Ann")
    assert g.view("Cat")["private"]["investigations"] == {"Ann": "liberal"}


def test_a_player_can_be_investigated_only_once_and_not_oneself():
    g = new(9, prefix="FFF" + "FFF" + "FFF", picks=["Bob"])
    night0(g, ("Bob", "Cat"), "F", "F")  # F1 at 9 players: Chancellor Bob examines
    act(g, "Bob", "investigate", target="Eve")
    elect(g, "Dan"); legislate(g, "F", "F")  # Bob + Dan, F2: Dan examines
    before = fingerprint(g)
    with pytest.raises(IllegalAction, match="already investigated"):
        act(g, "Dan", "investigate", target="Eve")
    with pytest.raises(IllegalAction, match="yourself"):
        act(g, "Dan", "investigate", target="Dan")
    assert fingerprint(g) == before
    assert {"Dan", "Eve"}.isdisjoint(a["target"] for a in moves(g, "Dan"))


def test_investigate_twice_allowed_when_the_option_is_off():
    g = new(9, {"investigate_once": False}, prefix="FFF" + "FFF", picks=["Bob"])
    night0(g, ("Bob", "Cat"), "F", "F")
    act(g, "Bob", "investigate", target="Eve")
    elect(g, "Dan"); legislate(g, "F", "F")
    act(g, "Dan", "investigate", target="Eve")
    assert g.view("Dan")["private"]["investigations"] == {"Eve": "fascist"}


def test_a_power_with_no_legal_target_is_skipped():
    """Ruling 8. (Everyone was examined: the state is set directly, no table reaches it.)"""
    g = seven()
    elect(g, "Cat"); legislate(g, "F", "F"); end_night(g)
    elect(g, "Dan")
    g.investigated.update(g.players)
    legislate(g, "F", "F")
    assert g.step == "night_end"
    end_night(g)
    assert g.log[-1].data["action"] == {"power": "investigate", "player": "Dan", "skipped": True}


# --- special election ---------------------------------------------------------------------------
def test_special_election_president_names_anyone_but_themselves_and_rotation_resumes():
    """Ruling 7."""
    g = seven()
    elect(g, "Cat"); legislate(g, "F", "F"); end_night(g)  # Bob: F1
    elect(g, "Dan"); legislate(g, "F", "F"); act(g, "Dan", "investigate", target="Ann"); end_night(g)  # Cat: F2
    elect(g, "Fay"); legislate(g, "F", "F")  # Dan + Fay: F3 -> President Dan calls a special election
    assert g.to_act() == ("Dan",) and g.power == "special_election"
    with pytest.raises(IllegalAction, match="yourself"):
        act(g, "Dan", "special_election", target="Dan")
    act(g, "Dan", "special_election", target="Bob")
    end_night(g)
    assert g.presidential_candidate == "Bob" and g.log[-1].data["presidential_candidate"] == "Bob"
    fail(g)
    assert g.presidential_candidate == "Eve"  # the player after Dan, who called it


# --- execution ----------------------------------------------------------------------------------
def test_kill_without_reveal_and_the_dead_are_out():
    """"If it was not Hitler, play continues without a reveal of the killed player's affiliation." """
    g = seven()
    elect(g, "Cat"); legislate(g, "F", "F"); end_night(g)
    elect(g, "Dan"); legislate(g, "F", "F"); act(g, "Dan", "investigate", target="Ann"); end_night(g)
    elect(g, "Fay"); legislate(g, "F", "F"); act(g, "Dan", "special_election", target="Gus"); end_night(g)
    elect(g, "Ann"); legislate(g, "F", "F")  # Gus + Ann: F4 -> Chancellor Ann kills
    assert g.to_act() == ("Ann",) and g.power == "execute"
    act(g, "Ann", "execute", target="Cat")
    assert "Cat" not in g.alive and g.view(None)["board"]["alive"].count("Cat") == 1  # told at dawn
    end_night(g)
    dawn = g.log[-1].data
    assert dawn["action"] == {"power": "execute", "player": "Ann", "target": "Cat"}
    assert "fascist" not in json.dumps(dawn)
    assert "Cat" in g.view(None)["board"]["dead"]
    assert not g.is_over and g.legal_actions("Cat") == [] and not g.can_post("Cat")


def test_kill_hitler_liberals_win_at_once():
    """"If it was Hitler, the Liberals win." (ruling 10: nothing happens after it)"""
    g = new(5, prefix="FFL" * 4, picks=["Cat"])
    night0(g, ("Cat", "Dan"), "F", "F")  # F1
    elect(g, "Dan"); legislate(g, "F", "F"); end_night(g)  # F2
    elect(g, "Ann"); legislate(g, "F", "F"); end_night(g)  # Cat + Ann, F3: peek
    elect(g, "Bob"); legislate(g, "F", "F")  # Dan + Bob, F4: Chancellor Bob kills
    act(g, "Bob", "execute", target="Eve")
    assert g.is_over and g.result.winner == "liberals" and g.result.reason == "hitler_killed"
    kinds = [e.kind for e in g.log[-3:]]
    assert kinds == ["policy_enacted", "executive_action", "game_over"]
    assert all(e.public for e in g.log[-3:])
    assert g.result.outcomes == {"Ann": "win", "Bob": "win", "Cat": "loss", "Dan": "win", "Eve": "loss"}
    with pytest.raises(IllegalAction, match="over"):
        act(g, "Ann", "post", text="gg")
    with pytest.raises(IllegalAction, match="over"):
        g.timeout()


def test_power_timeout_picks_a_random_legal_target():
    g = seven(timeouts=["Gus"])
    elect(g, "Cat"); legislate(g, "F", "F"); end_night(g)
    elect(g, "Dan"); legislate(g, "F", "F")
    g.timeout()
    assert g.view("Dan")["private"]["investigations"] == {"Gus": "liberal"}
    assert [e for e in g.log if e.kind == "investigation"][-1].data["by_timeout"] is True


# --- veto ---------------------------------------------------------------------------------------
def veto_table(options=None, **chance):
    """5 Fascist policies, all by top-deck, at 7 players; then Dan is the Presidential Candidate."""
    g = seven(options, prefix="LFF" + "FFFFF" + "LFL" + "LFL", **chance)
    topdecks(g, 5)
    assert g.fascist_policies == 5 and g.tracker == 0
    return g


def test_veto_unlocked_when_the_fifth_fascist_policy_came_by_top_deck():
    """"After enactment of the 5th Fascist policy card, ... The Chancellor may now VETO them." """
    g = veto_table()
    pc = g.presidential_candidate
    elect(g, "Ann" if pc != "Ann" else "Bob")
    act(g, g.actor, "discard", card="L")
    chancellor = g.actor
    assert {"player": chancellor, "action": "veto"} in g.legal_actions(chancellor)
    assert g.view(None)["board"]["veto_unlocked"] is True


def test_no_veto_before_the_fifth_fascist_policy():
    g = seven()
    elect(g, "Cat"); act(g, "Bob", "discard", card="F")
    assert all(a["action"] != "veto" for a in g.legal_actions("Cat"))
    before = fingerprint(g)
    with pytest.raises(IllegalAction, match="5th Fascist"):
        act(g, "Cat", "veto")
    assert fingerprint(g) == before


def test_forbidden_veto_chancellor_must_enact_and_cannot_veto_again():
    """"If the President forbids the Chancellor's veto, the Chancellor must implement one of the
    two policies just as before" (ruling 5)."""
    g = veto_table()
    president = g.presidential_candidate
    elect(g, "Gus" if president != "Gus" else "Ann")
    chancellor = g.chancellor
    act(g, president, "discard", card="L")
    act(g, chancellor, "veto")
    requested = [e for e in g.log if e.kind == "veto_requested"][-1]
    assert requested.to == frozenset({president, chancellor})
    assert g.to_act() == (president,) and g.step == "veto"
    act(g, president, "veto_response", allow=False)
    assert g.to_act() == (chancellor,) and g.step == "enact"
    assert all(a["action"] != "veto" for a in g.legal_actions(chancellor))
    with pytest.raises(IllegalAction, match="forbade"):
        act(g, chancellor, "veto")
    act(g, chancellor, "enact", card="L")
    assert g.liberal_policies == 2


def test_allowed_veto_discards_both_moves_the_tracker_and_the_rotation():
    """"if the President allows the Chancellor's veto, both policies are discarded, and the next
    player in the opening post player list becomes the Presidential candidate" (ruling 5)."""
    g = veto_table()
    president = g.presidential_candidate
    elect(g, "Ann" if president != "Ann" else "Bob")
    chancellor = g.chancellor
    discards = len(g.discards)
    act(g, president, "discard", card="L")
    act(g, chancellor, "veto")
    act(g, president, "veto_response", allow=True)
    assert len(g.discards) == discards + 3 and g.hand == []
    assert g.tracker == 1 and g.fascist_policies == 5 and g.liberal_policies == 1
    end_night(g)
    dawn = g.log[-1]
    assert dawn.data["veto"] is True and dawn.data["presidential_candidate"] == g.order[
        (g.order.index(president) + 1) % 7]
    # term limits after a veto: the vetoing government was elected, so both are term-limited
    assert president not in g.eligible_chancellors() and chancellor not in g.eligible_chancellors()


def test_tracker_reaches_two_through_an_allowed_veto_and_tops_the_deck():
    g = veto_table()
    fail(g)
    assert g.tracker == 1
    president = g.presidential_candidate
    elect(g, g.eligible_chancellors()[0] if g.eligible_chancellors()[0] != "Eve" else g.eligible_chancellors()[1])
    chancellor = g.chancellor
    act(g, president, "discard", card=g.hand[0])
    act(g, chancellor, "veto")
    act(g, president, "veto_response", allow=True)
    assert g.tracker == 2
    end_night(g)
    kinds = [e.kind for e in g.log[-3:]]
    assert kinds == ["night_report", "policy_enacted", "day_start"]
    top = g.log[-2].data
    assert top["top_deck"] is True and top["card"] == "L"  # the card after the vetoed draw
    assert g.tracker == 0 and g.liberal_policies == 2 and g.fascist_policies == 5 and not g.is_over
    # after the top-deck the next nomination ignores term limits
    assert g.eligible_chancellors() == [p for p in g.order if p != g.presidential_candidate]


def test_allowed_veto_need_not_count_as_a_failed_election():
    g = veto_table({"veto_counts_as_failed_election": False})
    president = g.presidential_candidate
    elect(g, "Ann" if president != "Ann" else "Bob")
    act(g, president, "discard", card="L")
    act(g, g.chancellor, "veto")
    act(g, president, "veto_response", allow=True)
    assert g.tracker == 0


def test_unanswered_veto_is_forbidden():
    """Ruling 9."""
    g = veto_table()
    president = g.presidential_candidate
    elect(g, "Ann" if president != "Ann" else "Bob")
    act(g, president, "discard", card="L")
    act(g, g.chancellor, "veto")
    g.timeout()
    assert g.step == "enact" and g.veto_refused
    answered = [e for e in g.log if e.kind == "veto_answered"][-1]
    assert answered.data == {"allow": False, "by_timeout": True}


def test_term_limits_after_a_top_deck_are_forgotten():
    g = seven()
    elect(g, "Cat"); legislate(g, "F", "F"); end_night(g)  # Bob + Cat elected
    fail(g, "Dan"); fail(g, "Ann")
    assert g.eligible_chancellors() == [p for p in g.order if p != g.presidential_candidate]
