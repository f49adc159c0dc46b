"""Structured claims (claimbook.py): who may claim what and for how long, the refusals, how a
claim is told and posted, the claim tracker, and the truth labels. Every expected value is
written by hand from the scripted deck: night 0 Ann draws L, F, F, discards F, passes L, F to
Bob, who enacts L; day 1 Bob and Cat draw F, F, L, pass F, L, Cat enacts F; day 2 Cat and Dan
the same, Dan enacts F and, as the turbo Chancellor, investigates."""

from __future__ import annotations

import pytest

from hiddenrole.bots.base import Observation
from hiddenrole.bots.secret_hitler import SecretHitlerBot
from hiddenrole.engine import MOD, IllegalAction
from hiddenrole.games.secret_hitler.claims import claim_choices
from hiddenrole.games.secret_hitler.narration import SecretHitlerNarrator
from sh_helpers import NAMES, act, elect, end_night, fail, fingerprint, legislate, moves, new, night0


def seven():
    g = new(7, prefix="LFF" + "FFL" * 4, picks=["Bob"])
    night0(g, ("Bob", "Cat"), "F", "L")  # Ann President, Bob Chancellor, L enacted
    return g


def claims(g, player):
    return [a for a in g.legal_actions(player) if a["action"] == "claim"]


def claim(g, player, **fields):
    return act(g, player, "claim", **fields)


def test_after_the_session_the_president_and_chancellor_are_offered_the_claims_that_fit_the_record():
    g = seven()
    assert g.step == "nominate" and g.to_act() == ("Bob",)
    # L was enacted: every claim passes or receives a Liberal policy
    assert claims(g, "Ann") == [
        {"player": "Ann", "action": "claim", "as": "president", "drew": "FFL", "passed": "FL"},
        {"player": "Ann", "action": "claim", "as": "president", "drew": "FLL", "passed": "FL"},
        {"player": "Ann", "action": "claim", "as": "president", "drew": "FLL", "passed": "LL"},
        {"player": "Ann", "action": "claim", "as": "president", "drew": "LLL", "passed": "LL"},
    ]
    assert claims(g, "Bob") == [{"player": "Bob", "action": "claim", "as": "chancellor", "got": "FL"},
                                {"player": "Bob", "action": "claim", "as": "chancellor", "got": "LL"}]
    assert claims(g, "Cat") == []
    # the claims come after the step's moves, which stay as they were
    assert g.legal_actions("Bob")[-2:] == claims(g, "Bob") and moves(g, "Bob")[0]["action"] == "nominate"


def test_the_claim_choices_are_labelled_with_the_cards_in_words():
    # the prompt lists Ann's claims as choices, numbered by their place in her legal actions
    g = seven()
    en = SecretHitlerNarrator(NAMES[:7], g.options, MOD, "en")
    legal = g.legal_actions("Ann")
    labels = [c["label"] for c in claim_choices(en, legal)]
    assert labels[:2] == ["Claim: as President you drew Fascist, Fascist, Liberal and passed Fascist, Liberal",
                          "Claim: as President you drew Fascist, Liberal, Liberal and passed Fascist, Liberal"]
    assert [c["action"] for c in claim_choices(en, legal)][:1] == [len(legal) - 4]


def test_a_claim_is_a_public_event_told_in_words_and_a_thread_post_and_moves_nothing_on():
    g = seven()
    waiting, step = g.to_act(), g.step
    claim(g, "Ann", **{"as": "president", "drew": "LFF", "passed": "LF"})  # any order of letters
    e = g.log[-1]
    assert e.kind == "claim" and e.public
    assert e.data == {"player": "Ann", "as": "president", "government": 1, "president": "Ann", "chancellor": "Bob",
                      "drew": "FFL", "passed": "FL"}
    assert g.to_act() == waiting and g.step == step
    en = SecretHitlerNarrator(NAMES[:7], g.options, MOD, "en")
    assert en.event("claim", e.data) == [
        "Ann claims: as President they drew Fascist, Fascist, Liberal and passed Fascist, Liberal to the Chancellor."]
    de = SecretHitlerNarrator(NAMES[:7], g.options, MOD, "de")
    assert de.event("claim", e.data)[0].startswith("Ann behauptet, als Präsident ")
    claim(g, "Bob", **{"as": "chancellor", "got": "LL"})
    assert en.event("claim", g.log[-1].data) == ["Bob claims: as Chancellor they got Liberal, Liberal."]
    assert de.event("claim", g.log[-1].data) == ["Bob behauptet, als Kanzler Liberal, Liberal bekommen zu haben."]
    thread = g.view("Cat")["board"]["thread"]
    assert [(p["by"], p["text"]) for p in thread[-2:]] == [
        ("Ann", "I claim: as President I drew Fascist, Fascist, Liberal and passed Fascist, Liberal to the Chancellor."),
        ("Bob", "I claim: as Chancellor I got Liberal, Liberal."),
    ]


def test_one_claim_per_role_per_government_and_the_truth_labels():
    g = seven()
    claim(g, "Ann", **{"as": "president", "drew": "FFL", "passed": "FL"})  # the truth
    claim(g, "Bob", **{"as": "chancellor", "got": "LL"})  # a lie: Bob got F, L
    assert claims(g, "Ann") == [] and claims(g, "Bob") == []
    before = fingerprint(g)
    with pytest.raises(IllegalAction, match="already made it"):
        claim(g, "Ann", **{"as": "president", "drew": "FLL", "passed": "LL"})
    assert fingerprint(g) == before
    assert g.truth_labels() == [
        {"player": "Ann", "as": "president", "government": 1, "claimed": {"drew": "FFL", "passed": "FL"},
         "actual": {"drew": "FFL", "passed": "FL"}, "true": True},
        {"player": "Bob", "as": "chancellor", "government": 1, "claimed": {"got": "LL"}, "actual": {"got": "FL"},
         "true": False},
    ]


@pytest.mark.parametrize("player, fields, why", [
    ("Cat", {"as": "president", "drew": "FFL", "passed": "FL"}, "no claim to make as president"),
    ("Ann", {"as": "chancellor", "got": "FL"}, "no claim to make as chancellor"),
    ("Bob", {"as": "investigator", "party": "liberal"}, "no claim to make as investigator"),
    ("Ann", {"as": "king", "drew": "FFL"}, "'as' must be one of president, chancellor, investigator"),
    ("Ann", {"drew": "FFL", "passed": "FL"}, "'as' must be one of"),
    ("Ann", {"as": "president", "drew": "FFFF", "passed": "FL"}, "'drew' names the three policies drawn"),
    ("Ann", {"as": "president", "drew": "FFX", "passed": "FL"}, "each L or F"),
    ("Ann", {"as": "president", "drew": ["F", "F", "L"], "passed": "FL"}, "'drew' names"),
    ("Ann", {"as": "president", "drew": "FFL"}, "'passed' names the two policies passed"),
    ("Ann", {"as": "president", "drew": "FFL", "passed": "LL"}, r"must be among the three drawn \(FFL\)"),
    ("Ann", {"as": "president", "drew": "FFF", "passed": "FF"}, "enacted a Liberal policy: the two policies passed"),
    ("Ann", {"as": "president", "drew": "FFL", "passed": "FL", "got": "FL"}, "a President's claim takes drew and passed"),
    ("Ann", {"as": "president", "drew": "FFL", "passed": "FL", "mood": "sure"}, "unknown key 'mood' in a 'claim' action"),
    ("Bob", {"as": "chancellor", "got": "FF"}, "you enacted a Liberal policy"),
    ("Bob", {"as": "chancellor", "got": "F"}, "'got' names the two policies received"),
])
def test_a_bad_claim_is_refused_in_one_line_and_changes_nothing(player, fields, why):
    g = seven()
    before = fingerprint(g)
    with pytest.raises(IllegalAction, match=why) as info:
        claim(g, player, **fields)
    assert "\n" not in str(info.value)
    assert fingerprint(g) == before


def test_the_claims_close_when_the_next_president_draws():
    g = seven()
    claim(g, "Bob", **{"as": "chancellor", "got": "FL"})
    elect(g, "Cat")  # Bob and Cat elected: Bob draws
    assert g.step == "discard" and claims(g, "Ann") == []
    with pytest.raises(IllegalAction, match="until the next President draws"):
        claim(g, "Ann", **{"as": "president", "drew": "FFL", "passed": "FL"})
    legislate(g, "F", "F")  # Bob passes F, L; Cat enacts F
    assert [a["got"] for a in claims(g, "Cat")] == ["FF", "FL"]
    assert [(a["drew"], a["passed"]) for a in claims(g, "Bob")] == [("FFF", "FF"), ("FFL", "FF"), ("FFL", "FL"),
                                                                    ("FLL", "FL")]


def test_an_investigator_claims_the_party_seen_and_a_lie_is_labelled_false():
    g = seven()
    elect(g, "Cat"); legislate(g, "F", "F"); end_night(g)  # F1: no power at 7
    elect(g, "Dan"); legislate(g, "F", "F")  # F2: Chancellor Dan investigates
    assert claims(g, "Dan") == [{"player": "Dan", "action": "claim", "as": "chancellor", "got": "FF"},
                                {"player": "Dan", "action": "claim", "as": "chancellor", "got": "FL"}]
    act(g, "Dan", "investigate", target="Eve")  # Eve is Hitler: seen as Fascist
    assert claims(g, "Dan")[-2:] == [{"player": "Dan", "action": "claim", "as": "investigator", "party": "liberal"},
                                     {"player": "Dan", "action": "claim", "as": "investigator", "party": "fascist"}]
    with pytest.raises(IllegalAction, match="'party' must be liberal or fascist"):
        claim(g, "Dan", **{"as": "investigator", "party": "hitler"})
    claim(g, "Dan", **{"as": "investigator", "party": "liberal"})
    assert g.log[-1].data == {"player": "Dan", "as": "investigator", "government": 3, "president": "Cat",
                              "chancellor": "Dan", "target": "Eve", "party": "liberal"}
    # told with the investigated player and the party claimed (not the party seen)
    en = SecretHitlerNarrator(NAMES[:7], g.options, MOD, "en")
    assert en.event("claim", g.log[-1].data) == [
        "Dan claims: they investigated Eve and saw the party membership Liberal."]
    assert g.truth_labels() == [
        {"player": "Dan", "as": "investigator", "government": 3, "claimed": {"target": "Eve", "party": "liberal"},
         "actual": {"target": "Eve", "party": "fascist"}, "true": False},
    ]


def test_the_claim_tracker_shows_every_government_and_keeps_a_turbo_night_secret():
    g = seven()
    claim(g, "Ann", **{"as": "president", "drew": "FFL", "passed": "FL"})
    elect(g, "Cat")
    legislate(g, "F", "F")  # night 1: Cat enacted F, announced at dawn
    claim(g, "Cat", **{"as": "chancellor", "got": "FF"})
    night = g.view("Eve")["board"]["claim_tracker"]
    assert night == [
        {"government": 1, "day": 0, "president": "Ann", "chancellor": "Bob", "enacted": "L",
         "claims": {"president": {"drew": "FFL", "passed": "FL"}}},
        {"government": 2, "day": 1, "president": "Bob", "chancellor": "Cat", "enacted": None,
         "claims": {"chancellor": {"got": "FF"}}},
    ]
    end_night(g)
    assert g.view("Eve")["board"]["claim_tracker"][1]["enacted"] == "F"


def test_a_liberal_rule_bot_claims_the_truth():
    # Ann (a Liberal) is night 0's President and a rule bot: she draws L, F, F and passes L, F
    g = new(7, prefix="LFF" + "FFL" * 4, picks=["Bob"])
    bot = SecretHitlerBot("Ann", 3)
    act(g, "Ann", "nominate", targets=["Bob", "Cat"])
    discard = bot.choose(Observation("Ann", g.legal_actions("Ann"), g.view("Ann")))
    assert discard == {"player": "Ann", "action": "discard", "card": "F"}
    g.apply(discard)
    act(g, "Bob", "enact", card="L")
    act(g, "Bob", "nominate", target="Cat")
    made = bot.choose(Observation("Ann", g.legal_actions("Ann"), g.view("Ann")))
    assert made == {"player": "Ann", "action": "claim", "as": "president", "drew": "FFL", "passed": "FL"}
    g.apply(made)
    assert g.truth_labels()[0]["true"] is True


def test_a_fascist_rule_bot_covers_a_fascist_policy_with_a_claim_that_fits_the_record():
    # Cat (a Fascist) is day 1's Chancellor: she gets F, L from Bob and enacts F, then says F, F
    g = seven()
    bot = SecretHitlerBot("Cat", 3)
    elect(g, "Cat")
    legislate(g, "F", "F")
    end_night(g)
    act(g, "Cat", "nominate", target="Dan")
    made = bot.choose(Observation("Cat", g.legal_actions("Cat"), g.view("Cat")))
    assert made == {"player": "Cat", "action": "claim", "as": "chancellor", "got": "FF"}
    g.apply(made)
    assert g.truth_labels() == [{"player": "Cat", "as": "chancellor", "government": 2, "claimed": {"got": "FF"},
                                 "actual": {"got": "FL"}, "true": False}]


def scores_after(bob_says: str) -> tuple[float, float]:
    """A Liberal rule bot's suspicion of Ann and Bob after Ann claims the truth and Bob says
    he got ``bob_says``."""
    g = seven()
    claim(g, "Ann", **{"as": "president", "drew": "FFL", "passed": "FL"})
    claim(g, "Bob", **{"as": "chancellor", "got": bob_says})
    act(g, "Bob", "nominate", target="Cat")
    bot = SecretHitlerBot("Dan", 3)  # a Liberal
    assert bot.choose(Observation("Dan", g.legal_actions("Dan"), g.view("Dan")))["action"] == "vote"
    return bot.score("Ann"), bot.score("Bob")


def test_a_rule_bot_distrusts_a_government_whose_claims_conflict():
    ann, bob = scores_after("FL")
    assert scores_after("LL") == (ann + 2.0, bob + 2.0)  # one of them lies


def test_a_special_election_leaves_the_claims_open_until_the_next_president_draws():
    """"How long": each claim stays open until the next government's President draws; the
    special election moves the presidency, it closes no claim (issue 13)."""
    g = seven()
    elect(g, "Cat"); legislate(g, "F", "F"); end_night(g)  # Bob: F1
    elect(g, "Dan"); legislate(g, "F", "F"); act(g, "Dan", "investigate", target="Ann"); end_night(g)  # Cat: F2
    elect(g, "Fay"); legislate(g, "F", "F")  # Dan drew F, F, L and passed F, L; Fay enacted F: F3
    president = [("FFF", "FF"), ("FFL", "FF"), ("FFL", "FL"), ("FLL", "FL")]
    assert g.power == "special_election"
    assert [(a["drew"], a["passed"]) for a in claims(g, "Dan")] == president
    assert [a["got"] for a in claims(g, "Fay")] == ["FF", "FL"]
    act(g, "Dan", "special_election", target="Bob")
    end_night(g)  # day 4: Bob is the Presidential Candidate
    assert g.presidential_candidate == "Bob" and g.power is None
    assert [(a["drew"], a["passed"]) for a in claims(g, "Dan")] == president
    assert [a["got"] for a in claims(g, "Fay")] == ["FF", "FL"]
    fail(g, "Cat")  # Bob's government is not elected: nobody drew
    assert [(a["drew"], a["passed"]) for a in claims(g, "Dan")] == president
    claim(g, "Dan", **{"as": "president", "drew": "FFL", "passed": "FL"})  # the truth, after the power
    assert g.log[-1].data == {"player": "Dan", "as": "president", "government": 4, "president": "Dan",
                              "chancellor": "Fay", "drew": "FFL", "passed": "FL"}
    assert claims(g, "Fay") == [{"player": "Fay", "action": "claim", "as": "chancellor", "got": "FF"},
                                {"player": "Fay", "action": "claim", "as": "chancellor", "got": "FL"}]
    elect(g, "Ann")  # Eve (after Dan, who called the special election) and Ann: Eve draws
    assert g.step == "discard" and claims(g, "Fay") == []
    with pytest.raises(IllegalAction, match="until the next President draws"):
        claim(g, "Fay", **{"as": "chancellor", "got": "FL"})
