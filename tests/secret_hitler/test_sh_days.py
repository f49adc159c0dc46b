"""Election days: nominations, term limits, votes and the tally, failed elections, top-decks,
day lengths and the turbo/untimed pace."""

import pytest

from hiddenrole.engine import IllegalAction
from sh_helpers import act, elect, end_night, fail, fingerprint, legislate, moves, new, night0


def day1(n=7, options=None, prefix="LFF", **chance):
    """Night 0 with Ann President, Bob picked Chancellor enacting L; day 1 with Bob as candidate."""
    chance.setdefault("picks", ["Bob"])
    g = new(n, options, prefix=prefix, **chance)
    night0(g, ("Bob", "Cat"), "F", "L")
    return g


def test_presidential_candidate_is_the_next_name_and_names_an_eligible_chancellor():
    """ "The new Presidential Candidate is the next name in the opening post player list, who
    names a Chancellor Candidate by choosing a player who was neither the last President nor the
    last Chancellor"."""
    g = day1()
    assert g.presidential_candidate == "Bob" and g.to_act() == ("Bob",)
    assert g.eligible_chancellors() == ["Cat", "Dan", "Eve", "Fay", "Gus"]
    for target, why in (("Ann", "term-limited"), ("Bob", "Presidential Candidate"), ("Zed", "not eligible")):
        before = fingerprint(g)
        with pytest.raises(IllegalAction, match=why):
            act(g, "Bob", "nominate", target=target)
        assert fingerprint(g) == before
    for stray in (None, ["Cat", "Dan"], "Cat"):  # a day's nomination takes 'target' only
        before = fingerprint(g)
        with pytest.raises(IllegalAction, match="not 'targets'"):
            act(g, "Bob", "nominate", target="Cat", targets=stray)
        assert fingerprint(g) == before


def test_five_player_game_only_the_last_chancellor_is_ineligible():
    """ "*In 5-player games, only the last Chancellor is ineligible." """
    g = new(5, prefix="LFF", picks=["Cat"])
    night0(g, ("Cat", "Dan"), "F", "L")  # Ann President, Cat Chancellor
    assert g.presidential_candidate == "Bob"
    assert g.eligible_chancellors() == ["Ann", "Dan", "Eve"]


def test_five_living_players_in_a_seven_player_game():
    """Ruling 4: "5-player games" means 5 or fewer living players: with 5 living players in a
    7-player game only the last Chancellor is ineligible. Also: a special election resumes the
    rotation after its caller, and the dead cannot be nominated."""
    roles = {"Ann": "liberal", "Bob": "liberal", "Cat": "fascist", "Dan": "liberal", "Eve": "fascist",
             "Fay": "hitler", "Gus": "liberal"}
    g = new(7, prefix="LLF" + "FFF" * 3 + "FLL", picks=["Bob"], roles=roles,
            reshuffles=[list("FFFFFFFLLLLL")])
    night0(g, ("Bob", "Cat"), "L", "L")
    elect(g, "Cat"); legislate(g, "F", "F"); end_night(g)                                    # F1
    elect(g, "Dan"); legislate(g, "F", "F"); act(g, "Dan", "investigate", target="Ann"); end_night(g)  # F2
    elect(g, "Eve"); legislate(g, "F", "F"); act(g, "Dan", "special_election", target="Gus"); end_night(g)  # F3
    assert g.presidential_candidate == "Gus"
    elect(g, "Ann"); legislate(g, "L", "F"); act(g, "Ann", "execute", target="Bob"); end_night(g)  # F4
    assert ("reshuffles", list("FFFFFFFLLLLL")) in g.chance.record
    assert g.presidential_candidate == "Eve"  # after Dan, who called the special election
    assert "Bob" not in g.eligible_chancellors()  # dead
    with pytest.raises(IllegalAction, match="dead"):
        act(g, "Eve", "nominate", target="Bob")
    elect(g, "Dan"); legislate(g, "F", "F")                                                   # F5
    act(g, "Dan", "execute", target="Cat"); end_night(g)
    assert len(g.alive) == 5 and g.summary()["alive"] == ["Ann", "Dan", "Eve", "Fay", "Gus"]
    assert g.presidential_candidate == "Fay"
    # last elected: Eve President, Dan Chancellor; with 5 living only Dan is ineligible
    assert g.eligible_chancellors() == ["Ann", "Eve", "Gus"]


def test_everyone_votes_and_the_tally_shows_how_each_player_actually_voted():
    g = day1()
    act(g, "Bob", "nominate", target="Cat")
    assert g.step == "vote" and g.to_act() == ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")
    for p, v in zip(["Ann", "Bob", "Cat", "Dan"], ["yes", "no", "yes", "yes"]):
        act(g, p, "vote", vote=v)
    assert g.to_act() == ("Eve", "Fay", "Gus")
    g.timeout()  # Eve, Fay, Gus posted no code
    result = [e for e in g.log if e.kind == "vote_result"][-1]
    assert result.public
    assert result.data["votes"] == {"Ann": "yes", "Bob": "no", "Cat": "yes", "Dan": "yes",
                                    "Eve": "no vote", "Fay": "no vote", "Gus": "no vote"}
    assert result.data["passed"] is False  # 3 yes of 7 living is not a majority (ruling 3)


@pytest.mark.parametrize("yes, passed", [(3, False), (4, True), (7, True), (0, False)])
def test_majority_of_living_players(yes, passed):
    """Ruling 3: strictly more than half of the living players voted yes."""
    g = day1()
    voters = g.order[:yes]
    elect(g, "Cat", yes=voters)
    assert (g.step == "discard") is passed


def test_tie_fails_with_six_living():
    g = day1(n=6, prefix="LFF")
    elect(g, "Cat", yes=["Ann", "Bob", "Cat"])
    assert g.step == "nominate" and g.tracker == 1


def test_votes_cast_rule_counts_only_votes_cast():
    g = day1(options={"pass_rule": "votes_cast"})
    act(g, "Bob", "nominate", target="Cat")
    for p in ("Ann", "Bob", "Cat"):
        act(g, p, "vote", vote="yes")
    act(g, "Dan", "vote", vote="no")
    g.timeout()
    assert g.step == "discard"  # 3 yes > 1 no


def test_turbo_day_ends_only_at_its_deadline_and_votes_may_change():
    g = day1()
    act(g, "Bob", "nominate", target="Cat")
    for p in g.order:
        act(g, p, "vote", vote="yes")
    assert g.to_act() == () and g.step == "vote"  # waits for the deadline
    assert moves(g, "Ann") == [{"player": "Ann", "action": "vote", "vote": "yes"},
                                      {"player": "Ann", "action": "vote", "vote": "no"}]
    for p in ("Ann", "Bob", "Cat", "Dan"):
        act(g, p, "vote", vote="no")  # "Players may change their mind"
    g.timeout()
    assert [e for e in g.log if e.kind == "vote_result"][-1].data["yes"] == 3
    assert g.step == "nominate" and g.tracker == 1


def test_untimed_day_ends_when_every_living_player_has_voted():
    g = day1(options={"pace": "untimed"})
    assert g.timers() == []
    act(g, "Bob", "nominate", target="Cat")
    for p in g.order:
        act(g, p, "vote", vote="yes")
    assert g.step == "discard"
    legislate(g, "F", "F")
    assert g.step == "nominate" and g.day == 2  # a night ends as soon as its steps are done


def test_timers_day_length_and_night():
    g = day1()
    assert [(t.key, t.seconds) for t in g.timers()] == [("day-1", 840)]
    elect(g, "Cat")
    assert [(t.key, t.seconds) for t in g.timers()] == [("night-1", 240), ("night-1/discard", 120)]
    act(g, "Bob", "discard", card="F")
    assert [(t.key, t.seconds) for t in g.timers()] == [("night-1", 240), ("night-1/enact", 120)]
    act(g, "Cat", "enact", card="F")
    # "it is then night for 4 minutes": the night waits for its end even when its actions are done
    assert g.step == "night_end" and g.to_act() == () and [t.key for t in g.timers()] == ["night-1"]
    g.timeout()
    assert [(t.key, t.seconds) for t in g.timers()] == [("day-2", 780)]


def test_failed_election_skips_night_and_moves_the_tracker():
    """ "If the presidential ticket is voted "no" ..., we skip night to move straight to the next day"."""
    g = day1()
    fail(g, "Cat")
    assert g.phase == "day" and g.day == 2 and g.tracker == 1 and g.presidential_candidate == "Cat"
    assert g.summary()["election_tracker"] == 1


def test_two_failed_elections_top_deck_without_power_and_forget_term_limits():
    """ "After 2 consecutive elections with no majority support ..., the next policy card in the
    deck is played WITHOUT its powers (if any), and the next Presidential Candidate ... may choose
    a player for Chancellor Candidate regardless of whether the Chancellor Candidate was the last
    President or Chancellor." """
    g = day1(prefix="LFF" + "F")  # night 0: L; F#1 (top-deck) would have no power at 7 anyway
    g2 = day1(n=9, prefix="LFF" + "F")  # at 9 players the 1st F would examine an identity
    for game in (g, g2):
        fail(game, "Cat")
        fail(game)
        top = [e for e in game.log if e.kind == "policy_enacted"][-1]
        assert top.public and top.data["top_deck"] is True and top.data["card"] == "F"
        assert game.fascist_policies == 1 and game.tracker == 0
        assert game.step == "nominate"  # no power
        pc = game.presidential_candidate
        assert "Ann" in game.eligible_chancellors() and "Bob" in game.eligible_chancellors()
        assert pc == "Dan"


def test_official_variant_tops_deck_after_three_failures():
    g = new(7, {"variant": "official"}, prefix="LLL" + "LLL")
    fail(g); fail(g)
    assert g.tracker == 2 and g.fascist_policies + g.liberal_policies == 0
    fail(g)
    assert g.liberal_policies == 1 and g.tracker == 0


def test_day_timeout_without_nomination_is_a_failed_election():
    """Ruling 9: a day that ends with no Chancellor Candidate named is a failed election."""
    g = day1()
    g.timeout()
    assert g.tracker == 1 and g.day == 2
    assert [e for e in g.log if e.kind == "no_nomination"][-1].data["by_timeout"] is True


def test_passed_election_sets_term_limits_of_the_elected():
    g = day1()
    elect(g, "Dan")
    legislate(g, "F", "F"); end_night(g)
    assert g.presidential_candidate == "Cat"
    assert g.eligible_chancellors() == ["Ann", "Eve", "Fay", "Gus"]  # Bob (President), Dan (Chancellor) out


def test_term_limits_are_of_the_last_elected_not_the_last_nominated():
    g = day1()
    fail(g, "Cat")  # Bob + Cat rejected
    # Cat is now candidate; last elected is still Ann/Bob
    assert "Bob" not in g.eligible_chancellors() and "Ann" not in g.eligible_chancellors()
    assert "Dan" in g.eligible_chancellors()


def test_turbo_enactment_is_announced_at_dawn_not_during_the_night():
    g = day1()
    elect(g, "Cat")
    legislate(g, "F", "F")
    assert g.fascist_policies == 1
    for p in (None, "Ann", "Dan"):
        assert g.view(p)["board"]["fascist_policies"] == 0
    assert g.summary()["fascist_policies"] == 0
    end_night(g)
    assert g.summary()["fascist_policies"] == 1
    dawn = g.log[-1]
    assert dawn.kind == "day_start" and dawn.data["policy"] == "F" and "chancellor" not in dawn.data
