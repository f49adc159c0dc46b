"""Votecodes in the thread: bold codes, the last valid code counts, wrong codes count for nothing
and the poster is told why in private; P/C marks; the dead cannot post."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hiddenrole.engine import IllegalAction, Rng
from hiddenrole.games.secret_hitler import SecretHitler
from hiddenrole.games.secret_hitler.votecodes import HIGH, LOW, PAIRS, draw_votecodes
from sh_helpers import act, fingerprint, new, night0


def day1_nominated():
    g = new(7, prefix="LFF", picks=["Bob"])
    night0(g, ("Bob", "Cat"), "F", "L")
    act(g, "Bob", "nominate", target="Cat")
    return g


def code(g, player, vote, day=None):
    yes, no = g.votecodes[player][(day or g.day) - 1]
    return yes if vote == "yes" else no


def ignored(g, player):
    return [e.data for e in g.log if e.kind == "vote_ignored" and e.to == frozenset({player})]


def test_bold_code_in_a_post_is_a_vote_in_both_formats():
    g = day1_nominated()
    act(g, "Ann", "post", text=f"I vote **{code(g, 'Ann', 'yes')}** for this ticket")
    act(g, "Dan", "post", text=f"[b]{code(g, 'Dan', 'no')}[/b]")
    act(g, "Eve", "post", text=f"[B] {code(g, 'Eve', 'yes')} [/B]")
    assert g.votes == {"Ann": "yes", "Dan": "no", "Eve": "yes"}
    assert "Ann" not in g.to_act() and "Dan" not in g.to_act()


def test_votes_are_what_the_code_means_not_what_the_post_says():
    """"Players may say they are voting one way while their votecode actually means they are
    voting the other way." """
    g = day1_nominated()
    act(g, "Ann", "post", text=f"Voting YES: **{code(g, 'Ann', 'no')}**")
    g.timeout()
    assert [e for e in g.log if e.kind == "vote_result"][-1].data["votes"]["Ann"] == "no"


def test_code_posted_twice_counts_once():
    g = day1_nominated()
    c = code(g, "Ann", "yes")
    act(g, "Ann", "post", text=f"**{c}**")
    act(g, "Ann", "post", text=f"again **{c}**")
    g.timeout()
    result = [e for e in g.log if e.kind == "vote_result"][-1].data
    assert result["votes"]["Ann"] == "yes" and result["yes"] == 1


def test_changed_vote_the_last_code_by_the_deadline_counts():
    """"Players may change their mind--the last vote by the deadline is what counts" """
    g = day1_nominated()
    act(g, "Ann", "post", text=f"**{code(g, 'Ann', 'yes')}**")
    act(g, "Ann", "post", text=f"changed my mind **{code(g, 'Ann', 'no')}**")
    act(g, "Bob", "post", text=f"**{code(g, 'Bob', 'no')}** then **{code(g, 'Bob', 'yes')}**")
    g.timeout()
    votes = [e for e in g.log if e.kind == "vote_result"][-1].data["votes"]
    assert votes["Ann"] == "no" and votes["Bob"] == "yes"


def test_another_players_code_counts_for_nothing_and_the_poster_is_told_privately():
    g = day1_nominated()
    act(g, "Ann", "post", text=f"**{code(g, 'Dan', 'yes')}**")
    assert "Ann" not in g.votes and "Dan" not in g.votes
    (why,) = ignored(g, "Ann")
    assert why["reason"].endswith("is not one of your votecodes")
    # the message does not tell whose code it was
    assert "Dan" not in why["reason"]
    assert why not in [e["reason"] for e in g.view("Dan")["events"] if e["kind"] == "vote_ignored"]


def test_a_code_of_another_day_counts_for_nothing():
    g = day1_nominated()
    act(g, "Ann", "post", text=f"**{code(g, 'Ann', 'yes', day=2)}**")
    assert "Ann" not in g.votes
    (why,) = ignored(g, "Ann")
    assert "day 2, not for day 1" in why["reason"]


def test_a_code_posted_after_the_deadline_counts_for_nothing():
    g = day1_nominated()
    for p in g.order:
        act(g, p, "vote", vote="yes")
    g.timeout()  # the deadline: the ticket passed, it is night 1
    before = [e for e in g.log if e.kind == "vote_result"][-1].data
    act(g, "Ann", "post", text=f"**{code(g, 'Ann', 'no', day=1)}**")
    (why,) = ignored(g, "Ann")
    assert "closed" in why["reason"]
    assert [e for e in g.log if e.kind == "vote_result"][-1].data == before
    # and on the next day, yesterday's code is another day's code
    act(g, "Bob", "discard", card="F"); act(g, "Cat", "enact", card="F"); g.timeout()
    assert g.day == 2
    act(g, "Ann", "post", text=f"**{code(g, 'Ann', 'no', day=1)}**")
    assert "day 1, not for day 2" in ignored(g, "Ann")[-1]["reason"]
    assert "Ann" not in g.votes


def test_a_code_before_the_nomination_counts_for_nothing():
    g = new(7, prefix="LFF", picks=["Bob"])
    night0(g, ("Bob", "Cat"), "F", "L")
    act(g, "Ann", "post", text=f"**{code(g, 'Ann', 'yes')}**")
    assert "no Chancellor Candidate" in ignored(g, "Ann")[-1]["reason"]
    assert g.votes == {}


def test_vote_action_is_a_post_of_ones_own_code():
    g = day1_nominated()
    act(g, "Dan", "vote", vote="no")
    post = g.log[-1]
    assert post.kind == "post" and post.public and post.data == {"player": "Dan", "text": f"**{code(g, 'Dan', 'no')}**"}


def test_candidates_posts_are_marked_p_and_c():
    """"who should begin and end all posts with a "P"" / "The Chancellor Candidate should begin
    and end all posts with "C"" """
    g = day1_nominated()
    act(g, "Bob", "post", text="vote for us")
    act(g, "Cat", "post", text="yes please")
    act(g, "Dan", "post", text="hmm")
    marks = [e.data.get("mark") for e in g.log[-3:]]
    assert marks == ["P", "C", None]


def test_posts_are_public_events_and_text_is_required():
    g = day1_nominated()
    act(g, "Eve", "post", text="hello")
    assert g.log[-1].public and g.log[-1].data["text"] == "hello"
    for bad in ({"text": ""}, {"text": 5}, {}, {"text": "x" * 6000}):
        before = fingerprint(g)
        with pytest.raises(IllegalAction):
            act(g, "Eve", "post", **bad)
        assert fingerprint(g) == before


def test_dead_players_cannot_post_or_vote():
    """"The killed player is dead just as in werewolf (no posting, etc)." """
    from sh_helpers import elect, end_night, legislate
    g = new(5, prefix="FFL" * 4, picks=["Cat"])
    night0(g, ("Cat", "Dan"), "F", "F")  # F1
    elect(g, "Dan"); legislate(g, "F", "F"); end_night(g)  # F2
    elect(g, "Ann"); legislate(g, "F", "F"); end_night(g)  # F3: peek
    elect(g, "Bob"); legislate(g, "F", "F")  # F4: Chancellor Bob kills Ann
    act(g, "Bob", "execute", target="Ann"); end_night(g)
    act(g, g.presidential_candidate, "nominate", target=g.eligible_chancellors()[0])
    assert not g.can_post("Ann") and g.legal_actions("Ann") == [] and "Ann" not in g.to_act()
    for action in ({"action": "post", "text": "boo"}, {"action": "vote", "vote": "yes"}):
        before = fingerprint(g)
        with pytest.raises(IllegalAction, match="dead"):
            g.apply({"player": "Ann", **action})
        assert fingerprint(g) == before


def test_codes_only_shown_to_their_owner():
    g = day1_nominated()
    assert g.view("Ann")["private"]["todays_codes"] == dict(zip(("yes", "no"), g.votecodes["Ann"][0]))
    assert "todays_codes" not in g.view(None)["private"]


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**64), st.integers(min_value=5, max_value=10))
def test_the_deal_is_20_pairs_each_of_distinct_3_digit_codes(seed, count):
    """"Each player has a list of 20 (more than needed) pairs of 3-digit votecodes"; codes are
    distinct in the game, so a pair's two codes differ and no code is anyone else's."""
    players = [f"P{i}" for i in range(count)]
    deal = draw_votecodes(Rng(seed), players)
    assert list(deal) == players
    codes = [c for p in players for pair in deal[p] for c in pair]
    assert all(len(deal[p]) == PAIRS and all(len(pair) == 2 for pair in deal[p]) for p in players)
    assert len(codes) == len(set(codes)) == 2 * PAIRS * count
    assert all(type(c) is int and LOW <= c <= HIGH for c in codes)


def test_the_deal_is_uniform_over_codes_and_seats():
    """Every code is equally likely in every seat: the first pair's yes code over 9,000 games
    and all of one player's 40 codes over 1,000 games (counts of 900 codes, within 6 sigma)."""
    players = [f"P{i}" for i in range(7)]
    first = [0] * 900
    last_seat = [0] * 900
    for seed in range(9000):
        deal = draw_votecodes(Rng(seed), players)
        first[deal["P0"][0][0] - LOW] += 1
        if seed < 1000:
            for pair in deal["P6"]:
                for c in pair:
                    last_seat[c - LOW] += 1
    for counts, mean in ((first, 10), (last_seat, 1000 * 40 / 900)):
        sigma = mean ** 0.5
        assert all(abs(c - mean) < 6 * sigma for c in counts), (min(counts), max(counts))
    # a chi-square statistic near its 899 degrees of freedom (mean 899, sd ~42)
    chi2 = sum((c - 10) ** 2 / 10 for c in first)
    assert 650 < chi2 < 1150, chi2


def test_the_deal_is_the_votecodes_chance_outcome_and_reproducible():
    a = SecretHitler([f"P{i}" for i in range(7)], seed=11)
    b = SecretHitler([f"P{i}" for i in range(7)], seed=11)
    assert a.votecodes == b.votecodes
    (drawn,) = [v for k, v in a.chance.record if k == "votecodes"]
    assert drawn == a.votecodes
    c = SecretHitler([f"P{i}" for i in range(7)], seed=12)
    assert c.votecodes != a.votecodes


def _below_many_reference(rng: Rng, n: int, k: int) -> list[int]:
    """Rng.below_many as first written (digit by digit), to pin the faster loop to it."""
    two53 = 1 << 53
    per = 1
    while n ** (per + 1) <= two53:
        per += 1
    span = n**per
    limit = two53 - (two53 % span)
    out: list[int] = []
    while len(out) < k:
        r = int(rng._random() * two53)
        if r >= limit:
            continue
        r %= span
        for _ in range(min(per, k - len(out))):
            r, digit = divmod(r, n)
            out.append(digit)
    return out


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=2**64),
       st.sampled_from([2, 3, 7, 900, 1000, 12345, 2**26 + 1, 2**40, 2**53 - 1, 2**53]),
       st.integers(min_value=0, max_value=400))
def test_below_many_draws_what_the_digit_by_digit_loop_drew(seed, n, k):
    """The engine's faster below_many loop (used by the deal) gives the same values and leaves
    the generator in the same state as the original loop."""
    fast, slow = Rng(seed), Rng(seed)
    assert fast.below_many(n, k) == _below_many_reference(slow, n, k)
    assert fast.below(1000) == slow.below(1000)


def test_a_mistyped_bold_code_counts_for_nothing_and_the_poster_is_told():
    """A code is 3 digits in bold: bold text that is mostly digits but not 3 of them is a
    mistyped code; it counts for nothing and the poster is told so in private."""
    g = day1_nominated()
    yes = code(g, "Ann", "yes")
    act(g, "Ann", "post", text=f"**{str(yes)[:2]}** oops [b]{yes}0[/b] and **Day 3** is emphasis")
    assert "Ann" not in g.votes
    assert [(w["code"], w["reason"]) for w in ignored(g, "Ann")] == [
        (str(yes)[:2], f"'{str(yes)[:2]}' is not a 3-digit votecode"),
        (f"{yes}0", f"'{yes}0' is not a 3-digit votecode"),
    ]


def test_an_own_code_posted_without_bold_counts_for_nothing_and_the_poster_is_told():
    """"posting their votecode in bold": one of the poster's own codes without bold is not a
    vote; the poster is told. Other 3-digit numbers are chat and pass silently."""
    g = day1_nominated()
    yes = code(g, "Ann", "yes")
    dans = code(g, "Dan", "yes")
    act(g, "Ann", "post", text=f"I vote {yes}, see you at 100, also {dans}")
    assert "Ann" not in g.votes
    no = code(g, "Ann", "no")
    assert ignored(g, "Ann") == [{"code": yes, "reason": f"{yes} is not in bold", "yes": yes, "no": no}]
    act(g, "Ann", "post", text=f"now **{yes}**")  # the same code in bold counts
    assert g.votes == {"Ann": "yes"} and len(ignored(g, "Ann")) == 1


@pytest.mark.parametrize("text", ["ja", "Nein!", "**ja**", "vote yes", "12a", "12", "**12a", "4123x"])
def test_a_post_that_reads_like_a_vote_tells_its_poster_what_to_post(text):
    """A whole post that looks like a vote but is no bold code ("ja", "12a", "12") counts for
    nothing, and its poster alone is told so, with today's codes."""
    g = day1_nominated()
    yes, no = g.votecodes["Ann"][0]
    act(g, "Ann", "post", text=text)
    assert "Ann" not in g.votes
    (hint,) = ignored(g, "Ann")
    assert hint["yes"] == yes and hint["no"] == no
    assert hint["reason"].endswith("is not a bold votecode")
    assert not [e for e in g.view("Dan")["events"] if e["kind"] == "vote_ignored"]


def test_someone_elses_code_posted_without_bold_is_pointed_out_to_the_poster():
    g = day1_nominated()
    dans = g.votecodes["Dan"][0][0]
    act(g, "Ann", "post", text=str(dans))
    (hint,) = ignored(g, "Ann")
    assert hint["code"] == str(dans) and hint["yes"] == g.votecodes["Ann"][0][0]


def test_a_wrong_bold_code_during_a_vote_comes_with_todays_codes():
    g = day1_nominated()
    act(g, "Ann", "post", text=f"**{code(g, 'Ann', 'yes', day=2)}**")
    (hint,) = ignored(g, "Ann")
    assert (hint["yes"], hint["no"]) == tuple(g.votecodes["Ann"][0])


@pytest.mark.parametrize("text", ["ja, I agree with Ben", "I think 12 is too many", "yes please", "hello"])
def test_chat_is_not_taken_for_a_vote_attempt(text):
    g = day1_nominated()
    act(g, "Ann", "post", text=text)
    assert ignored(g, "Ann") == []


def test_no_hint_when_no_vote_is_open():
    """Before the nomination a "ja" is chat: no vote is open."""
    g = new(7, prefix="LFF", picks=["Bob"])
    night0(g, ("Bob", "Cat"), "F", "L")
    act(g, "Ann", "post", text="ja")
    assert ignored(g, "Ann") == []
