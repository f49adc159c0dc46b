"""Views and the thread: the board, private knowledge, and the thread as forum posts."""

import json

from hiddenrole.games.secret_hitler.thread import mod_text
from sh_helpers import act, elect, end_night, fail, legislate, new, night0, vote


def test_thread_holds_player_posts_with_marks_and_the_mods_announcements():
    g = new(7, prefix="LFF", picks=["Bob"])
    night0(g, ("Bob", "Cat"), "F", "L")
    act(g, "Bob", "post", text="P hello P")
    act(g, "Bob", "nominate", target="Cat")
    act(g, "Cat", "post", text="C vote yes C")
    for p in g.order:
        act(g, p, "vote", vote="yes")
    g.timeout()
    thread = g.view(None)["board"]["thread"]
    by = [(post["by"], post.get("mark")) for post in thread]
    assert by[0] == ("Mod", None)  # the player list
    assert ("Bob", "P") in by and ("Cat", "C") in by
    texts = [post["text"] for post in thread if post["by"] == "Mod"]
    assert texts[0].startswith("Player list: Ann, Bob")
    assert any("picked Bob as Chancellor" in t and "Liberal policy" in t and "day 1" in t for t in texts)
    assert any(t.startswith("The ticket Bob / Cat passed (7 yes, 0 no)") for t in texts)
    assert any(post["text"] == "I name Cat as Chancellor Candidate." for post in thread)
    # the thread is public: the same for everyone
    assert g.view("Ann")["board"]["thread"] == thread


def test_board_and_private_keys():
    g = new(7, prefix="LFF", picks=["Bob"])
    night0(g, ("Bob", "Cat"), "F", "L")
    elect(g, "Cat")
    view = g.view("Bob")
    json.dumps(view)
    board = view["board"]
    for key in ("phase", "day", "liberal_policies", "fascist_policies", "election_tracker", "president",
                "chancellor", "presidential_candidate", "alive", "deck_size", "discard_size", "winner",
                "reason", "step", "player_list", "dead", "chancellor_candidate", "veto_unlocked", "powers",
                "thread"):
        assert key in board
    assert view["private"]["hand"] == g.hand and len(g.hand) == 3
    assert "hand" not in g.view("Cat")["private"]
    legislate(g, "F", "F")
    assert g.step == "night_end" and g.view("Ann")["board"]["step"] == "night"
    end_night(g)
    assert g.view(None)["private"] == {} and g.view(None)["player"] is None


def test_mod_text_covers_every_announcement_kind():
    samples = [
        {"kind": "no_nomination", "day": 3},
        {"kind": "reshuffled", "deck_size": 12},
        {"kind": "vetoed", "president": "Ann", "chancellor": "Bob"},
        {"kind": "executive_action", "power": "execute", "player": "Ann", "target": "Bob"},
        {"kind": "night_report", "night": 2, "veto": True},
        {"kind": "game_over", "winner": "liberals", "reason": "hitler_killed", "roles": {"Ann": "hitler"}},
    ]
    texts = [mod_text(s) for s in samples]
    assert "day 3" in texts[0] and "12 cards" in texts[1] and "vetoed" in texts[2]
    assert texts[3] == "Ann killed Bob." and "vetoed" in texts[4] and "Liberals win" in texts[5]


def limits(g) -> tuple[list[str], bool]:
    board = g.view(None)["board"]
    return board["term_limited"], board["term_limits_lifted"]


def test_the_board_says_who_is_term_limited_and_when_a_top_deck_lifted_it_turbo():
    """Ruling 4 and 11 on the board (issue 13: a player shown as "Chancellor Candidate" and
    "last Chancellor" at once): the last elected President and Chancellor are term-limited
    until the top-deck; the exempt candidate's ticket with the last Chancellor shows them
    lifted; once it fails they are limited again."""
    g = new(7, prefix="LFF" + "F", picks=["Bob"])
    assert limits(g) == ([], False)                    # night 0: its government is at work
    night0(g, ("Bob", "Cat"), "F", "L")                # Ann + Bob (the Mod's pick)
    assert limits(g) == (["Ann", "Bob"], False)
    fail(g, "Cat")
    fail(g, "Dan")                                     # the top-deck: Dan is exempt
    assert limits(g) == ([], True)
    act(g, "Dan", "nominate", target="Bob")            # the last Chancellor, named
    board = g.view("Cat")["board"]
    assert (board["chancellor_candidate"], board["chancellor"], board["term_limited"], board["term_limits_lifted"]) \
        == ("Bob", "Bob", [], True)
    vote(g, yes=())                                    # voted down: bound again
    assert limits(g) == (["Ann", "Bob"], False)


def test_the_board_names_the_term_limits_official_and_at_five_players():
    """Official rules: the limits stay lifted after the top-deck until a government is
    elected; with 5 players alive only the last Chancellor is term-limited."""
    g = new(7, {"variant": "official"}, prefix="FFF" + "F")
    assert limits(g) == ([], False)                    # nobody elected yet
    elect(g, "Bob")
    legislate(g, "F", "F")
    assert limits(g) == (["Ann", "Bob"], False)
    fail(g, "Cat"); fail(g, "Dan"); fail(g, "Eve")     # the top-deck
    assert limits(g) == ([], True)
    fail(g, "Ann")                                     # still lifted (official)
    assert limits(g) == ([], True)
    elect(g, "Ann")                                    # Fay + Ann
    assert limits(g) == (["Ann", "Fay"], False)

    five = new(5, {"variant": "official"}, prefix="LLL")
    elect(five, "Bob")
    legislate(five, "L", "L")
    assert limits(five) == (["Bob"], False)            # Ann, the last President, may be named
