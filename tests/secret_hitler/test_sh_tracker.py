"""The election tracker and the top-deck ("chaos"): which elections count, which term limits a
top-deck lifts and for how long, a top-decked card's lack of power, who is the next
Presidential Candidate on which day, and the deck after an allowed veto.

Every expected value below (candidates, days, counts, cards) is worked out by hand from the
fixed player list Ann, Bob, Cat, Dan, Eve, Fay, Gus (...), the fixed roles of sh_helpers (Cat a
Fascist, Eve Hitler) and the fixed deck.
"""

import pytest

from hiddenrole.engine import IllegalAction
from sh_helpers import act, elect, end_night, fail, legislate, new, night0


def kinds(g, kind):
    return [e for e in g.log if e.kind == kind]


def turbo7(options=None, prefix="LFF", **chance):
    """7 players, turbo: night 0 with Ann President, Bob picked Chancellor enacting L; day 1
    with Bob as the Presidential Candidate."""
    chance.setdefault("picks", ["Bob"])
    g = new(7, options, prefix=prefix, **chance)
    night0(g, ("Bob", "Cat"), "F", "L")
    assert (g.day, g.presidential_candidate) == (1, "Bob")
    return g


def five_fascist_by_top_deck(options=None, **chance):
    """turbo7 with 5 Fascist policies top-decked on days 2, 4, 6, 8 and 10 (10 failed
    elections): day 11, Eve is the Presidential Candidate. The deck (top first) is then
    L F L | L F L | F F L; the discard pile holds night 0's two F."""
    g = turbo7(options, prefix="LFF" + "FFFFF" + "LFL" + "LFL", **chance)
    for _ in range(10):
        fail(g)
    assert (g.fascist_policies, g.liberal_policies, g.tracker) == (5, 1, 0)
    assert (g.day, g.presidential_candidate) == (11, "Eve")
    return g


# --- 1. an elected government whose veto is allowed ------------------------------------------
@pytest.mark.parametrize("veto_fails", [True, False])
def test_a_failure_then_an_allowed_veto_then_a_failure(veto_fails):
    """ "After 2 consecutive elections with no majority support for the presidential-chancellor
    ticket, the next policy card in the deck is played". With `veto_counts_as_failed_election`
    (ruling 5) the allowed veto counts as the second failure: the tracker reaches 2 and the top
    card (L) is played at dawn. Without it the vetoing government was an election *with*
    majority support, which ends the streak: the tracker goes back to 0, so the failure after
    it is the first of a new streak (tracker 1, no top-deck)."""
    g = five_fascist_by_top_deck({"veto_counts_as_failed_election": veto_fails})
    fail(g, "Ann")                                     # day 11: Eve + Ann voted down
    assert (g.tracker, g.day, g.presidential_candidate) == (1, 12, "Fay")
    elect(g, "Gus")                                    # day 12: Fay + Gus elected
    act(g, "Fay", "discard", card="F")                 # Fay drew L F L
    act(g, "Gus", "veto")
    act(g, "Fay", "veto_response", allow=True)
    assert g.tracker == (2 if veto_fails else 0)
    end_night(g)
    assert (g.day, g.presidential_candidate) == (13, "Gus")
    top_decks = [e.data for e in kinds(g, "policy_enacted") if e.data["top_deck"]]
    if veto_fails:
        assert top_decks[-1]["card"] == "L" and len(top_decks) == 6
        assert (g.liberal_policies, g.fascist_policies, g.tracker) == (2, 5, 0)
    else:
        assert len(top_decks) == 5
        assert (g.liberal_policies, g.fascist_policies, g.tracker) == (1, 5, 0)
    fail(g, "Ann")                                     # day 13: Gus + Ann voted down
    assert (g.day, g.presidential_candidate, g.tracker) == (14, "Ann", 1)
    assert len([e for e in kinds(g, "policy_enacted") if e.data["top_deck"]]) == (6 if veto_fails else 5)
    assert (g.liberal_policies, g.fascist_policies) == ((2, 5) if veto_fails else (1, 5))


# --- 2. the chaos exemption -------------------------------------------------------------------
def test_turbo_exemption_lasts_for_the_next_nomination_only():
    """Ruling 11 (turbo): "the next Presidential Candidate in the opening post player list may
    choose a player for Chancellor Candidate regardless of whether the Chancellor Candidate was
    the last President or Chancellor" - that candidate only. When that ticket fails, the one
    after is bound by the term limits of the last elected government (Ann and Bob) again."""
    g = turbo7(prefix="LFF" + "F")
    fail(g, "Cat")                                     # day 1: Bob + Cat
    fail(g, "Dan")                                     # day 2: Cat + Dan -> top-deck F
    assert (g.day, g.presidential_candidate, g.fascist_policies) == (3, "Dan", 1)
    assert g.eligible_chancellors() == ["Ann", "Bob", "Cat", "Eve", "Fay", "Gus"]
    fail(g, "Ann")                                     # day 3: Dan names the last President
    assert (g.day, g.presidential_candidate, g.tracker) == (4, "Eve", 1)
    assert g.eligible_chancellors() == ["Cat", "Dan", "Fay", "Gus"]
    for limited in ("Ann", "Bob"):
        with pytest.raises(IllegalAction, match="term-limited"):
            act(g, "Eve", "nominate", target=limited)


def test_turbo_exemption_is_used_up_by_a_day_without_nomination():
    """A day that ends with no Chancellor Candidate (ruling 9) was the exempt candidate's turn."""
    g = turbo7(prefix="LFF" + "F")
    fail(g, "Cat"); fail(g, "Dan")                     # top-deck; day 3, Dan exempt
    g.timeout()                                        # Dan names nobody
    assert (g.day, g.presidential_candidate) == (4, "Eve")
    assert g.eligible_chancellors() == ["Cat", "Dan", "Fay", "Gus"]


def test_turbo_exempt_ticket_elected_sets_the_new_term_limits():
    g = turbo7(prefix="LFF" + "F" + "FFF")
    fail(g, "Cat"); fail(g, "Dan")                     # top-deck; day 3, Dan exempt
    elect(g, "Bob")                                    # Dan + Bob (the last Chancellor) elected
    legislate(g, "F", "F")                             # F2: Chancellor Bob examines at 7
    assert g.step == "power" and g.to_act() == ("Bob",)
    act(g, "Bob", "investigate", target="Ann"); end_night(g)
    assert (g.day, g.presidential_candidate) == (4, "Eve")
    assert g.eligible_chancellors() == ["Ann", "Cat", "Fay", "Gus"]  # Dan and Bob are limited


def test_official_term_limits_stay_forgotten_until_a_government_is_elected():
    """Ruling 11 (official): after the top-deck "existing term-limits are forgotten" until the
    next government is elected, so a second candidate after a failed exempt ticket may still
    name the last President."""
    g = new(7, {"variant": "official"}, prefix="FFF" + "F")
    elect(g, "Bob")                                    # day 1: Ann + Bob elected
    legislate(g, "F", "F")                             # F1: no power at 7
    assert (g.day, g.presidential_candidate) == (2, "Bob")
    fail(g, "Cat"); fail(g, "Dan"); fail(g, "Eve")     # days 2-4: Bob, Cat, Dan -> top-deck F2
    assert (g.day, g.presidential_candidate, g.fascist_policies) == (5, "Eve", 2)
    assert kinds(g, "investigation") == [] and g.step == "nominate"  # a top-deck has no power
    assert g.eligible_chancellors() == ["Ann", "Bob", "Cat", "Dan", "Fay", "Gus"]
    fail(g, "Ann")                                     # day 5: Eve + Ann voted down
    assert (g.day, g.presidential_candidate, g.tracker) == (6, "Fay", 1)
    assert g.eligible_chancellors() == ["Ann", "Bob", "Cat", "Dan", "Eve", "Gus"]
    elect(g, "Ann")                                    # day 6: Fay + Ann (the last President)
    assert g.president == "Fay" and g.chancellor == "Ann" and g.step == "discard"


# --- 4. a top-decked Fascist policy has no power ------------------------------------------------
def test_turbo_top_decked_examination_is_not_granted_at_nine():
    """At 9 players the 1st Fascist policy examines an identity, but "the next policy card in the
    deck is played WITHOUT its powers": no examination, no pending power, nothing announced
    at the next dawn, and the rotation goes on (Bob, Cat failed; Dan is next on day 3)."""
    g = new(9, prefix="LFF" + "F" + "LLL", picks=["Bob"])
    night0(g, ("Bob", "Cat"), "F", "L")
    fail(g, "Cat"); fail(g, "Dan")
    assert g.fascist_policies == 1 and g.power is None
    assert (g.day, g.presidential_candidate, g.step, g.to_act()) == (3, "Dan", "nominate", ("Dan",))
    assert kinds(g, "investigation") == []
    elect(g, "Fay")                                    # day 3: Dan + Fay
    legislate(g, "L", "L"); end_night(g)
    dawn = g.log[-1]
    assert dawn.kind == "day_start" and dawn.data["policy"] == "L" and "action" not in dawn.data
    assert (g.day, g.presidential_candidate) == (4, "Eve")


def test_untimed_turbo_top_deck_skips_no_presidential_candidate():
    g = new(7, {"pace": "untimed"}, prefix="LFF" + "F", picks=["Bob"])
    night0(g, ("Bob", "Cat"), "F", "L")
    fail(g, "Cat"); fail(g, "Dan")
    assert (g.day, g.presidential_candidate, g.fascist_policies) == (3, "Dan", 1)


@pytest.mark.parametrize("n", [7, 9])
def test_official_top_decked_fascist_policy_skips_no_candidate(n):
    """Official rules: Ann, Bob and Cat's tickets fail, the top card (F) is played without its
    power (none at 7, an examination at 9) and Dan is the next candidate, on day 4."""
    g = new(n, {"variant": "official"}, prefix="F")
    fail(g); fail(g); fail(g)
    assert g.fascist_policies == 1 and g.power is None
    assert (g.day, g.presidential_candidate) == (4, "Dan")
    assert g.step == "nominate" and g.phase == "election" and g.to_act() == ("Dan",)
    assert kinds(g, "executive_action") == [] and kinds(g, "investigation") == []
    assert [e.data["day"] for e in kinds(g, "day_start")] == [1, 2, 3, 4]


def test_official_top_decked_third_fascist_at_five_peeks_at_nothing():
    """5 players, official: nine failed elections top-deck three Fascist policies; the 3rd would
    peek, but a top-deck has no power (and no President was ever elected to hold it). Rotation:
    Ann Bob Cat | Dan Eve Ann | Bob Cat Dan, then Eve on day 10."""
    g = new(5, {"variant": "official"}, prefix="FFF")
    for _ in range(9):
        fail(g)
    assert (g.fascist_policies, g.tracker) == (3, 0)
    assert (g.day, g.presidential_candidate, g.step) == (10, "Eve", "nominate")
    assert kinds(g, "peek") == [] and kinds(g, "executive_action") == []
    assert len(kinds(g, "day_start")) == 10


def test_turbo_top_decked_third_fascist_at_five_peeks_at_nothing():
    """5 players, turbo: night 0 (Ann, Cat) enacts L; six failures top-deck F F F; no peek;
    the candidates go Bob Cat Dan Eve Ann Bob, then Cat on day 7."""
    g = new(5, prefix="LFF" + "FFF" + "LLL", picks=["Cat"])
    night0(g, ("Cat", "Dan"), "F", "L")
    for _ in range(6):
        fail(g)
    assert (g.fascist_policies, g.day, g.presidential_candidate) == (3, 7, "Cat")
    assert kinds(g, "peek") == [] and g.peeks == {}
    elect(g, "Dan"); legislate(g, "L", "L"); end_night(g)
    assert "action" not in g.log[-1].data and (g.day, g.presidential_candidate) == (8, "Dan")


# --- 4. the dead are never Presidential Candidate ------------------------------------------------
def test_a_killed_player_is_skipped_in_the_rotation():
    """Ann's government (day 7) enacts the 4th Fascist policy; Chancellor Dan kills Bob, the
    next name in the list: day 8's Presidential Candidate is Cat, and later the rotation wraps
    from Gus to Ann and skips Bob again."""
    g = turbo7(prefix="LFF" + "FFF" + "FFF" + "LLL")
    for _ in range(6):
        fail(g)                                        # 3 Fascist policies by top-deck
    assert (g.day, g.presidential_candidate, g.fascist_policies) == (7, "Ann", 3)
    elect(g, "Dan"); legislate(g, "F", "F")            # F4: Chancellor Dan kills
    act(g, "Dan", "execute", target="Bob"); end_night(g)
    assert (g.day, g.presidential_candidate) == (8, "Cat")
    seen = []
    for _ in range(6):                                 # Cat Dan Eve Fay Gus Ann, never Bob
        seen.append((g.day, g.presidential_candidate))
        fail(g)
    assert seen == [(8, "Cat"), (9, "Dan"), (10, "Eve"), (11, "Fay"), (12, "Gus"), (13, "Ann")]
    assert (g.day, g.presidential_candidate) == (14, "Cat")
    assert (g.fascist_policies, g.liberal_policies) == (4, 4)  # top-decks L L L from day 9 on


def test_official_killed_player_is_skipped():
    """5 players, official: day 4's President Dan kills Ann (not Hitler); day 5's candidate is
    Eve, day 6's is Bob (Ann skipped when the list wraps)."""
    g = new(5, {"variant": "official"}, prefix="FFL" * 4)
    elect(g, "Bob"); legislate(g, "L", "F")            # day 1 Ann + Bob: F1
    elect(g, "Cat"); legislate(g, "L", "F")            # day 2 Bob + Cat: F2
    elect(g, "Dan"); legislate(g, "L", "F")            # day 3 Cat + Dan: F3, Cat peeks
    assert (g.day, g.presidential_candidate) == (4, "Dan")
    elect(g, "Bob"); legislate(g, "L", "F")            # day 4 Dan + Bob: F4, President Dan kills
    act(g, "Dan", "execute", target="Ann")
    assert (g.day, g.presidential_candidate) == (5, "Eve")
    fail(g, "Cat")
    assert (g.day, g.presidential_candidate) == (6, "Bob")


# --- 4. the deck after an allowed veto (ruling 6) ---------------------------------------------------
def test_exactly_three_cards_after_an_allowed_veto_are_not_reshuffled():
    """Ruling 6 reshuffles when *fewer* than 3 cards remain. Day 11: Eve + Ann enact L (deck
    L F L F F L left); day 12: Fay + Gus draw L F L and veto: exactly F F L remain, no reshuffle,
    and day 13's President (Gus) draws those three. His government vetoes too: 0 cards left, so
    the 10 cards of the discard pile are reshuffled (fixed: L F F F F F F L L L), and the tracker,
    at 2 after two allowed vetoes, plays the new top card (L) at dawn."""
    g = five_fascist_by_top_deck(reshuffles=[list("LFFFFFFLLL")])
    elect(g, "Ann")                                    # day 11 (exempt): Eve + Ann
    legislate(g, "F", "L"); end_night(g)               # Eve drew L F L
    assert (g.day, g.presidential_candidate, g.liberal_policies) == (12, "Fay", 2)
    assert len(g.deck) == 6 and len(g.discards) == 4
    elect(g, "Gus")                                    # day 12: Fay + Gus
    assert g.hand == ["L", "F", "L"]
    act(g, "Fay", "discard", card="F"); act(g, "Gus", "veto"); act(g, "Fay", "veto_response", allow=True)
    assert len(g.deck) == 3 and len(g.discards) == 7 and g.tracker == 1
    assert kinds(g, "reshuffled") == [] and ("reshuffles", list("LFFFFFFLLL")) not in g.chance.record
    end_night(g)
    dawn = g.log[-1].data
    assert dawn["veto"] is True and "reshuffled" not in dawn
    assert (g.day, g.presidential_candidate) == (13, "Gus")
    assert g.summary()["deck_size"] == 3 and g.summary()["discard_size"] == 7
    elect(g, "Ann")                                    # day 13: Gus + Ann
    assert g.hand == ["F", "F", "L"] and g.deck == []
    act(g, "Gus", "discard", card="F"); act(g, "Ann", "veto"); act(g, "Gus", "veto_response", allow=True)
    assert g.chance.record[-1] == ("reshuffles", list("LFFFFFFLLL"))
    assert len(g.deck) == 10 and g.discards == [] and g.tracker == 2
    end_night(g)
    report = kinds(g, "night_report")[-1].data
    assert report["reshuffled"] is True and report["veto"] is True
    top = kinds(g, "policy_enacted")[-1].data
    assert top["top_deck"] is True and top["card"] == "L"
    assert (g.liberal_policies, g.fascist_policies, g.tracker, len(g.deck)) == (3, 5, 0, 9)
    assert (g.day, g.presidential_candidate) == (14, "Ann")


# --- what players are told about the tracker after a veto ---------------------------------------
@pytest.mark.parametrize("veto_fails, en, de", [
    (True, "The election tracker moved one step.", "Der Wahlzähler rückt um ein Feld vor."),
    (False, "This government was elected, so the election tracker went back to 0.",
     "Diese Regierung war gewählt, also steht der Wahlzähler wieder auf 0."),
])
def test_the_veto_is_told_with_what_it_does_to_the_tracker(veto_fails, en, de):
    """The veto's announcement and the veto choices say what the option makes of the tracker."""
    from hiddenrole.engine.narration import narrator
    g = five_fascist_by_top_deck({"veto_counts_as_failed_election": veto_fails})
    elect(g, "Gus")                                    # day 11: Eve + Gus
    act(g, "Eve", "discard", card="F")
    gus = narrator(g, "Gus")
    veto = gus.prompt(g.view("Gus"), g.legal_actions("Gus"))["choices"][-1]
    assert veto["label"] == "Ask for a veto"
    assert veto["explain"].endswith("moves." if veto_fails else "goes back to 0.")
    act(g, "Gus", "veto")
    asked = narrator(g, "Eve").prompt(g.view("Eve"), g.legal_actions("Eve"))["explain"]
    assert ("election tracker moves;" if veto_fails else "election tracker goes back to 0;") in asked
    act(g, "Eve", "veto_response", allow=True)
    data = {"president": "Eve", "chancellor": "Gus"}
    assert narrator(g, None).event("vetoed", data)[-1] == en
    assert narrator(g, None, "de").event("vetoed", data)[-1] == de
