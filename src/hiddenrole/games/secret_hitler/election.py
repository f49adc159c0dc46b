"""The day: the vote and its tally, the election tracker, the dawn and the new day.

"All players vote in the thread by posting their votecode in bold before the deadline"
(turbo: a vote is a post, votecodes.py judges each bold code) or vote directly (official);
"the Mod announces this fact and how each player actually voted"; a ticket voted down moves
the election tracker. Each function takes the game (:class:`~.state.SecretHitlerState`) and works
through its public attributes and methods.
"""

from __future__ import annotations

from typing import Any

from ...engine import Event
from . import roles as R
from . import session
from .state import SecretHitlerState
from .votecodes import PAIRS, attempt_reason, bold_codes, judge_code, mistaken_codes, vote_attempt


NOMINATE = "nominate"
VOTE = "vote"


def post_vote(game: SecretHitlerState, p: str, v: str, i: int) -> None:
    """A turbo vote ``v`` ("yes"/"no"; ``i`` 0/1): shorthand for ``p`` posting their own code
    of today in bold, counted at once (the vote ends at its deadline, or, untimed, when every
    living player has voted)."""
    code = game.votecodes[p][game.pair][i]
    if p == game.presidential_candidate:
        data = {"player": p, "text": f"**{code}**", "mark": "P"}
    elif p == game.chancellor_candidate:
        data = {"player": p, "text": f"**{code}**", "mark": "C"}
    else:
        data = {"player": p, "text": f"**{code}**"}
    log = game.log
    log.append(Event(len(log), "post", data, None))
    count_vote(game, p, v)


def count_vote(game: SecretHitlerState, p: str, v: str) -> None:
    """``p``'s vote ``v`` counts (it replaces an earlier one); the vote ends when every living
    player has voted, unless a turbo deadline ends it."""
    game.votes[p] = v
    waiting = game.waiting
    if p in waiting:
        game.waiting = rest = waiting[1:] if waiting[0] == p else tuple([q for q in waiting if q != p])
        game.listed = game.living_votes[rest[0]] if rest else []  # the next voter's two votes
        if not rest and not (game.turbo and game.timed):
            end_vote(game)


def post(game: SecretHitlerState, p: str, text: str) -> None:
    """``p``'s post in the thread; in the turbo rules each bold code in it is a vote, judged
    in turn, and the codes the poster got wrong are pointed out in private."""
    post_event(game, p, text)
    if game.turbo:
        for code in bold_codes(text):
            if not game.is_over:
                post_code(game, p, code)
        if not game.is_over:
            post_mistakes(game, p, text)


def post_event(game: SecretHitlerState, p: str, text: str) -> None:
    """The public ``post`` event, marked P or C on the day's candidates' posts (turbo)."""
    data: dict[str, Any] = {"player": p, "text": text}
    if game.turbo and game.phase_name == "day":
        if p == game.presidential_candidate:
            data["mark"] = "P"
        elif p == game.chancellor_candidate:
            data["mark"] = "C"
    game.log.append(Event(len(game.log), "post", data, None))


def post_mistakes(game: SecretHitlerState, p: str, text: str) -> None:
    """Votecodes the poster got wrong count for nothing, and the poster is told why in
    private: bold text with digits that is not a 3-digit code (``**41**``), and one of
    the poster's own codes posted without bold (``412``); while a vote is open, a whole post
    that reads like a vote but is no bold code (``ja``, ``12a``, ``412`` unbolded: the
    ``vote_ignored`` event's ``code`` is then the post's text). While a vote is open the
    event carries the poster's codes of today (``yes``, ``no``), so the hint can say what to
    post instead."""
    today = todays_codes(game, p)
    mistakes = mistaken_codes(game.code_owner, p, text)
    if not mistakes and today:
        attempt = vote_attempt(text)
        if attempt is not None:
            mistakes = [(attempt, attempt_reason(attempt))]
    for code, reason in mistakes:
        game.emit("vote_ignored", to=game.only[p], code=code, reason=reason, **today)


def todays_codes(game: SecretHitlerState, p: str) -> dict[str, int]:
    """``{"yes", "no"}``: ``p``'s codes of today while a vote is open (in the day, a Chancellor
    Candidate named), else ``{}``."""
    if game.phase_name != "day" or game.step != VOTE or p not in game.votecodes:
        return {}
    yes, no = game.votecodes[p][game.pair]
    return {"yes": yes, "no": no}


def post_code(game: SecretHitlerState, p: str, code: int) -> None:
    """A bold code in a post: the last valid code by the deadline counts; anything else
    counts for nothing and the poster is told why in private (votecodes.judge_code)."""
    vote, reason = judge_code(game.code_owner, p, code, game.day, game.phase_name == "day", game.step == VOTE)
    if reason:
        game.emit("vote_ignored", to=game.only[p], code=code, reason=reason, **todays_codes(game, p))
        return
    count_vote(game, p, vote)


def end_vote(game: SecretHitlerState) -> None:
    """The tally: "the Mod announces this fact and how each player actually voted"."""
    votes = game.votes
    living = game.living
    table = {p: votes.get(p, "no vote") for p in living}
    cast = list(table.values())
    yes = cast.count("yes")
    no = cast.count("no")
    passed = yes > no if game.cast_rule else 2 * yes > len(living)
    pc, cc = game.presidential_candidate, game.chancellor_candidate
    assert pc is not None and cc is not None  # a vote follows a nomination
    log = game.log
    log.append(Event(len(log), "vote_result", {
        "by": "Mod", "day": game.day, "president": pc, "chancellor": cc,
        "votes": table, "yes": yes, "no": no, "passed": passed}, None))
    game.wait_for_nobody()
    if not passed:
        failed_election(game)
        return
    game.president, game.chancellor = pc, cc
    game.limit_president, game.limit_chancellor = pc, cc
    game.chaos_exempt = False
    if game.fascist_policies >= R.HITLER_ZONE and game.roles[cc] == R.HITLER:
        game.end_game("fascists", "hitler_elected")
        return
    game.phase_name = "night" if game.turbo else "legislative"
    game.report = {}
    session.draw_three(game, pc)


def failed_election(game: SecretHitlerState) -> None:
    """A ticket voted down (or no Chancellor Candidate named): the tracker moves.

    Ruling 11: in the turbo rules the exemption after a top-deck is for "the next
    Presidential Candidate" only, so once that candidate's election failed the last elected
    President and Chancellor are term-limited again; the official rules' "term-limits are
    forgotten" lasts until a government is elected."""
    if game.chaos_exempt:
        game.chaos_exempt = False
        game.limit_president, game.limit_chancellor = game.president, game.chancellor
    game.tracker += 1
    if game.tracker >= game.tracker_limit:
        session.top_deck(game)
        if game.is_over:
            return
    start_day(game)


def dawn(game: SecretHitlerState) -> None:
    """"The Mod opens the thread announcing which policy was played and what action was
    taken": the night's report, after a top-deck if the election tracker is full, then the
    new day."""
    report = game.report
    game.report = {}
    game.night_secret = False
    if game.tracker >= game.tracker_limit:
        session.top_deck(game, report)
        if game.is_over:
            return
    start_day(game, report)


def start_day(game: SecretHitlerState, report: dict[str, Any] | None = None) -> None:
    """"The new Presidential Candidate is the next name in the opening post player list"
    (ruling 7: after a special election the rotation resumes after the caller)."""
    game.day += 1
    game.phase_name = "day" if game.turbo else "election"
    alive = game.alive
    order = game.order
    if game.special_candidate is not None:
        pc = game.special_candidate
        game.special_candidate = None
    else:
        size = len(order)
        i = game.last_regular
        while True:
            i = (i + 1) % size
            if order[i] in alive:
                break
        game.last_regular = i
        pc = order[i]
    game.presidential_candidate = pc
    game.chancellor_candidate = None
    game.votes = {}
    day = game.day
    game.pair = (day - 1) % PAIRS
    data: dict[str, Any] = {"by": "Mod", "day": day, "presidential_candidate": pc}
    if report:
        data.update(report)
    if game.turbo and day == 1:
        data["chancellor"] = game.chancellor
    log = game.log
    log.append(Event(len(log), "day_start", data, None))
    # the legal nominations: the eligible chancellors (ruling 4), as the candidate's cached actions
    mine = game.lists.nominate[pc]
    game.eligible = eligible = {q: mine[q] for q in game.eligible_chancellors()}
    game.set_step(NOMINATE, pc, list(eligible.values()))
