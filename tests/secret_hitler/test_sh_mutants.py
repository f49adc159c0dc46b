"""Cases found by mutation testing (`make mutation`, docs/testing.md): each expected outcome
is written by hand from the rules and rulings, never computed by the engine."""

from __future__ import annotations

import pytest
from sh_helpers import NAMES, act, elect, end_night, fail, legislate, new, night0

from hiddenrole.engine import MOD, IllegalAction
from hiddenrole.games.secret_hitler.claims import claim_choices
from hiddenrole.games.secret_hitler.narration import SecretHitlerNarrator


def test_the_night_report_before_a_dawn_top_deck_is_the_mods_post():
    # turbo, 7 players: night 0 enacts L; 10 failed elections top-deck 5 F (days 2-10);
    # day 11 Eve + Ann fail (tracker 1), day 12 Fay + Gus are elected and Fay allows Gus's
    # veto (tracker 2): at dawn the Mod posts the night's report, then the top card (L)
    g = new(7, prefix="LFF" + "FFFFF" + "LFL" + "LFL", picks=["Bob"])
    night0(g, ("Bob", "Cat"), "F", "L")
    for _ in range(10):
        fail(g)
    assert (g.fascist_policies, g.day, g.presidential_candidate) == (5, 11, "Eve")
    fail(g, "Ann")
    elect(g, "Gus")
    act(g, "Fay", "discard", card="F")
    act(g, "Gus", "veto")
    act(g, "Fay", "veto_response", allow=True)
    end_night(g)
    night_report, top_deck, day_start = g.log[-3:]
    assert night_report.kind == "night_report" and night_report.public
    assert night_report.data["by"] == "Mod" and night_report.data["night"] == 12 and night_report.data["veto"] is True
    assert top_deck.kind == "policy_enacted" and top_deck.data["by"] == "Mod"
    assert (top_deck.data["card"], top_deck.data["top_deck"]) == ("L", True)
    assert day_start.data == {"by": "Mod", "day": 13, "presidential_candidate": "Gus"}


def test_a_bold_text_of_two_digits_and_spaces_is_a_mistyped_votecode():
    from hiddenrole.games.secret_hitler.votecodes import malformed_codes

    # "mostly digits" counts the digits among the characters other than spaces
    assert malformed_codes("I vote **1   2** today") == ["1   2"]
    assert malformed_codes("**4 12** and **Day 3**") == ["4 12"]


def test_the_policy_announced_before_a_kill_that_ends_the_game_carries_the_board_counts():
    # turbo, 5 players: night 0 enacts L; Bob + Ann, Cat + Bob, Dan + Ann enact F1-F3; Eve +
    # Bob enact F4 and Chancellor Bob kills Eve (Hitler): the night's policy is announced at
    # once, with the board (1 Liberal, 4 Fascist policies), then the kill, then the end
    g = new(5, prefix="FFL" * 5, picks=["Cat"])
    night0(g, ("Cat", "Dan"), "F", "L")
    for chancellor in ("Ann", "Bob", "Ann"):
        elect(g, chancellor)
        legislate(g, "F", "F")
        end_night(g)
    assert g.presidential_candidate == "Eve"
    elect(g, "Bob")
    legislate(g, "F", "F")
    act(g, "Bob", "execute", target="Eve")
    policy, kill, over = g.log[-3:]
    assert (policy.kind, kill.kind, over.kind) == ("policy_enacted", "executive_action", "game_over")
    assert policy.data == {"by": "Mod", "card": "F", "top_deck": False, "liberal_policies": 1, "fascist_policies": 4}
    assert kill.data == {"by": "Mod", "power": "execute", "player": "Bob", "target": "Eve"}
    assert (over.data["winner"], over.data["reason"]) == ("liberals", "hitler_killed")


def test_the_presidential_candidates_vote_is_a_post_marked_p_and_posts_sit_at_their_place_in_the_log():
    # turbo, 7 players: day 1 Bob (Presidential Candidate) nominates Dan and votes yes with
    # the shorthand: a public post of his bold code, marked "P"; Cat posts a text; every
    # event's seq is its position in the log, the posts' included
    g = new(7, picks=["Bob"])
    night0(g, ("Bob", "Cat"), "F")
    assert (g.day, g.presidential_candidate) == (1, "Bob")
    act(g, "Bob", "nominate", target="Dan")
    act(g, "Bob", "vote", vote="yes")
    act(g, "Cat", "post", text="Dan is fine")
    post, cats = [e for e in g.log if e.kind == "post"]
    assert post.public and post.data["player"] == "Bob" and post.data["mark"] == "P"
    assert cats.public and (cats.data["player"], cats.data["text"]) == ("Cat", "Dan is fine")
    assert post.data["text"].startswith("**") and post.data["text"].endswith("**")
    assert [e.seq for e in g.log] == list(range(len(g.log)))


def test_a_day_without_a_nomination_by_the_deadline_is_announced_by_the_mod():
    g = new(7, picks=["Bob"])
    night0(g, ("Bob", "Cat"), "F")
    g.timeout()  # day 1: Bob nominates nobody
    assert [e.data for e in g.log if e.kind == "no_nomination"] == [{"by": "Mod", "day": 1, "by_timeout": True}]


def test_after_a_refused_veto_the_chancellors_second_enact_has_its_own_timer():
    # the same table as above to night 12 (5 Fascist policies: veto unlocked); Gus asks for
    # a veto, Fay refuses: Gus must enact, on a new 2-minute timer "enact_again" (a fresh
    # deadline, not the first enact's)
    g = new(7, prefix="LFF" + "FFFFF" + "LFL" + "LFL", picks=["Bob"])
    night0(g, ("Bob", "Cat"), "F", "L")
    for _ in range(10):
        fail(g)
    fail(g, "Ann")
    elect(g, "Gus")
    act(g, "Fay", "discard", card="F")
    assert [(t.key, t.seconds) for t in g.timers()] == [("night-12", 240.0), ("night-12/enact", 120.0)]
    act(g, "Gus", "veto")
    act(g, "Fay", "veto_response", allow=False)
    assert [(t.key, t.seconds) for t in g.timers()] == [("night-12", 240.0), ("night-12/enact_again", 120.0)]


def test_an_enact_out_of_turn_is_refused_naming_who_tried():
    # night 0: Ann (President) nominates Bob and Cat and discards; Bob (the Mod's pick)
    # enacts; Dan trying it is refused, and the refusal names Dan
    g = new(7, picks=["Bob"])
    act(g, "Ann", "nominate", targets=["Bob", "Cat"])
    act(g, "Ann", "discard", card="F")
    with pytest.raises(IllegalAction, match=r"^Dan: illegal action .*only Bob may enact a policy now"):
        act(g, "Dan", "enact", card="F")


def test_a_veto_out_of_turn_is_refused_with_the_action_tried():
    # the same table as above to night 12 (veto unlocked): while Chancellor Gus is to enact,
    # President Fay asking for the veto is refused; the refusal carries her action as given
    g = new(7, prefix="LFF" + "FFFFF" + "LFL" + "LFL", picks=["Bob"])
    night0(g, ("Bob", "Cat"), "F", "L")
    for _ in range(10):
        fail(g)
    fail(g, "Ann")
    elect(g, "Gus")
    act(g, "Fay", "discard", card="F")
    with pytest.raises(IllegalAction, match=r"^Fay: illegal action .*veto.*: only Gus may veto now") as info:
        act(g, "Fay", "veto")
    assert info.value.action == {"player": "Fay", "action": "veto"}


def after_day_one():
    """Turbo, 7 players: night 0 Ann and Bob enact L; day 1 Bob (President) draws F, F, L,
    discards F and passes F, L; Cat (Chancellor) enacts F."""
    g = new(7, prefix="LFF" + "FFL" * 4, picks=["Bob"])
    night0(g, ("Bob", "Cat"), "F", "L")
    elect(g, "Cat")
    legislate(g, "F", "F")
    return g


def test_a_claim_that_leaves_out_the_fascist_policy_enacted_is_refused_naming_it():
    # day 1 Bob (President) drew F, F, L and passed F, L; Cat enacted F: a claim whose
    # policies passed or received leave out a Fascist policy is refused, naming it
    g = after_day_one()
    with pytest.raises(IllegalAction, match="the government enacted a Fascist policy: the two policies passed "
                                            "must include it"):
        act(g, "Bob", "claim", **{"as": "president", "drew": "FLL", "passed": "LL"})
    with pytest.raises(IllegalAction, match="you enacted a Fascist policy: the two policies received must include it"):
        act(g, "Cat", "claim", **{"as": "chancellor", "got": "LL"})


def test_an_investigators_claim_choices_name_the_party_in_words():
    # day 2 Cat and Dan enact F (the second Fascist policy at 7 players): Chancellor Dan
    # investigates Eve; his prompt offers both parties as claims, in words
    g = after_day_one()
    end_night(g)
    elect(g, "Dan")
    legislate(g, "F", "F")
    act(g, "Dan", "investigate", target="Eve")
    en = SecretHitlerNarrator(NAMES[:7], g.options, MOD, "en")
    labels = [c["label"] for c in claim_choices(en, g.legal_actions("Dan"))]
    assert labels[-2:] == ["Claim: the player you investigated is Liberal",
                           "Claim: the player you investigated is Fascist"]


def test_night_zeros_two_nominations_are_a_pm_to_the_mod_that_only_the_president_is_told():
    # turbo night 0: "the President must PM the Mod his 2 nominations for Chancellor": the
    # event is the President's alone (and the Mod's), not the table's
    g = new(7, prefix="LFF", picks=["Cat"])
    act(g, "Ann", "nominate", targets=["Bob", "Cat"])
    (nominations,) = [e for e in g.log if e.kind == "nominations"]
    assert not nominations.public and nominations.to == frozenset({"Ann"})
    assert nominations.data == {"targets": ["Bob", "Cat"]}


def test_each_player_is_told_their_role_and_party_membership_at_the_deal():
    # 7 players: Ann, Bob, Dan, Gus Liberals; Cat, Fay Fascists; Eve Hitler, whose party
    # membership is Fascist ("Hitler comes up as 'Fascist'"); each is told in private
    g = new(7)
    told = {p: (e.data["role"], e.data["allegiance"])
            for e in g.log if e.kind == "role" for p in e.to}
    assert told == {"Ann": ("liberal", "liberal"), "Bob": ("liberal", "liberal"), "Cat": ("fascist", "fascist"),
                    "Dan": ("liberal", "liberal"), "Eve": ("hitler", "fascist"), "Fay": ("fascist", "fascist"),
                    "Gus": ("liberal", "liberal")}
