"""Issue 15, point 6: no interrogation card ever forces a deserter into a lie the table can
see through.

Over random games (hypothesis), at every interrogation, for every deserter's answer: some
answer the engine allows the deserter is *covered*, that is, true in some way the
deserter's tools could have gone that fits everything public (the face-down gifts with
their givers, receivers and rounds, who discarded, who called, and every answer the
deserter gave before). Were the deserter an operative, that answer could be the truth, so
nobody can tell from it.

The public record and the cards' questions are read here on their own, from the
spectator's view and the questions' words, never through the engine's card code
(``interrogations.py``). Deserters play carefully, as the deck's design rule says a
deserter can: they answer and move as if their bullet and medical kit had swapped places.
The test checks that this is always possible (the engine allows each such answer and move)
and never exposes them. Operatives and the rest of the play are random.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from hiddenrole.engine import Rng
from hiddenrole.games.shady_agents import ShadyAgents

GONE = None  # the "receiver" of a discarded tool
BIG = 10**6


# ------------------------------------------------------------ the questions, read afresh
def steps_clockwise(n: int, start: int, end: int) -> int:
    k = 0
    while (start + k) % n != end:
        k += 1
    return k


def steps_counter_clockwise(n: int, start: int, end: int) -> int:
    return steps_clockwise(n, end, start)


def say(card: str, n: int, me: int, caller: int, first: int, names: list[str], world: dict[str, tuple]) -> str:
    """What ``card`` truthfully answers for seat ``me`` if its tools end as ``world``
    (``{"medkit": (receiver seat or GONE, round), "bullet": (...)}``)."""
    if card == "medkit_to" or card == "bullet_to":
        who = world["medkit" if card == "medkit_to" else "bullet"][0]
        return "discarded" if who is GONE else names[who]

    def place(seat: int | None, round_: int) -> tuple:
        if card == "parted_first":  # by time: the round, then (at once) the seat after me
            return (round_, 0 if seat is GONE else steps_clockwise(n, me, seat))
        if seat is GONE:  # reaches nobody: last
            return (BIG, round_)
        ref = {"nearer_after_you": me, "nearer_before_you": me, "nearer_you": me, "nearer_after_caller": caller,
               "nearer_before_caller": caller, "nearer_caller": caller, "earlier_in_round_one": first,
               "nearer_first_player": first}[card]
        after, before = steps_clockwise(n, ref, seat), steps_counter_clockwise(n, ref, seat)
        if card.startswith("nearer_after") or card == "earlier_in_round_one":
            return (after, round_)
        if card.startswith("nearer_before"):
            return (before, round_)
        return (min(after, before), after, round_)  # either way; as near: the one after first

    m, b = place(*world["medkit"]), place(*world["bullet"])
    return "medkit" if m < b else "bullet" if b < m else "both"


# ------------------------------------------------------------ the public record
def public_facts(view: dict[str, Any]) -> dict[str, Any]:
    """Per player, from the spectator's view only: their round-1 gift ``(receiver)``, whether
    they discarded, whether they called for free, their round-2 gifts, their answers."""
    board = view["board"]
    names = view["players"]
    seat = {p: i for i, p in enumerate(names)}
    facts: dict[str, dict[str, Any]] = {p: {"r1": None, "r2": [], "discarded": False, "free_call": False,
                                            "answers": []} for p in names}
    for g in board["gifts"]:
        if g["round"] == 1:
            facts[g["giver"]]["r1"] = seat[g["receiver"]]
        else:
            facts[g["giver"]]["r2"].append(seat[g["receiver"]])
    for p in board["discarded"]:
        facts[p]["discarded"] = True
    for rec in board["interrogations"]:
        if not rec["discarded"]:
            facts[rec["caller"]]["free_call"] = True
        for a in rec["answers"]:
            if "answer" in a:
                facts[a["player"]]["answers"].append((a["card"], seat[rec["caller"]], a["answer"]))
    return facts


def worlds(n: int, me: int, fact: dict[str, Any], first: bool) -> list[dict[str, tuple]]:
    """Every way ``me``'s two tools can end that fits the public facts about ``me``."""
    fates = [(q, r) for q in range(n) if q != me for r in (1, 2)] + [(GONE, 1)]
    out = []
    for m in fates:
        for b in fates:
            r1 = [f for f in (m, b) if f[1] == 1]
            if len(r1) > 1:
                continue  # one round-1 turn
            if fact["free_call"] and r1:
                continue
            if fact["r1"] is not None and r1 != [(fact["r1"], 1)]:
                continue
            if fact["discarded"] and r1 != [(GONE, 1)]:
                continue
            if not first and fact["r1"] is None and not fact["discarded"] and not r1:
                continue  # not played yet: one tool goes in round 1 (the first player may keep both)
            r2 = sorted(f[0] for f in (m, b) if f[1] == 2)
            if fact["r2"] and sorted(fact["r2"]) != r2:
                continue
            out.append({"medkit": m, "bullet": b})
    return out


def covering(view: dict[str, Any], me: str, extra: tuple[str, int, str] | None = None) -> list[dict[str, tuple]]:
    """The public worlds of ``me`` in which all ``me``'s answers (and ``extra``) are true."""
    names = view["players"]
    n, s = len(names), names.index(me)
    first = names.index(view["board"]["first_player"])
    fact = public_facts(view)[me]
    claims = fact["answers"] + ([extra] if extra else [])
    return [w for w in worlds(n, s, fact, s == first)
            if all(say(card, n, s, caller, first, names, w) == ans for card, caller, ans in claims)]


def swapped(w: dict[str, tuple]) -> dict[str, tuple]:
    return {"medkit": w["bullet"], "bullet": w["medkit"]}


def fits_the_truth(game: ShadyAgents, seat: int, w: dict[str, tuple]) -> bool:
    """Whether the tools of ``seat`` so far (the Mod's ledger) went as in ``w``."""
    real = {t: (r, rd) for t, r, rd in game.ledger.gave[seat]}
    if game.ledger.discarded[seat]:
        real[game.ledger.discarded[seat]] = (GONE, 1)
    return all(w[t] == fate for t, fate in real.items())


def swap_plans(game: ShadyAgents, view: dict[str, Any], me: str) -> list[dict[str, tuple]]:
    """The covering worlds ``w`` whose swap is how ``me``'s tools really went so far, with the
    two tools going to two different places: ``me`` can go on as in the swap of ``w``."""
    s = view["players"].index(me)
    return [w for w in covering(view, me) if w["medkit"][0] != w["bullet"][0]
            and fits_the_truth(game, s, swapped(w))]


def next_move(game: ShadyAgents, me: str, real: dict[str, tuple]) -> dict[str, Any]:
    """``me``'s next action if its tools end as ``real``."""
    names = game.players
    s = names.index(me)
    held = game.ledger.held[s]
    rnd = 1 if game.phase == "round_1" else 2
    now = [t for t in held if real[t][1] == rnd]
    if rnd == 1 and not now:
        return {"player": me, "action": "interrogate"}
    if rnd == 2 and len(now) == 2:
        return {"player": me, "action": "give_both", "bullet": names[real["bullet"][0]],
                "medkit": names[real["medkit"][0]]}
    (tool,) = now
    if real[tool][0] is GONE:
        return {"player": me, "action": "interrogate", "discard": tool}
    return {"player": me, "action": "give", "tool": tool, "target": names[real[tool][0]]}


def calls_first(actions: list[dict[str, Any]], rng: Rng) -> list[dict[str, Any]]:
    """Half the time only the interrogation calls among ``actions`` (if any): many cards drawn."""
    calls = [a for a in actions if a["action"] == "interrogate"]
    return calls if calls and rng.below(2) else actions


games = st.fixed_dictionaries({"n": st.integers(4, 10), "seed": st.integers(0, 2**32),
                               "may_discard": st.booleans()})


@settings(max_examples=60, deadline=None)
@given(games)
def test_every_card_leaves_every_deserter_a_lie_the_public_record_does_not_contradict(spec):
    n, seed = spec["n"], spec["seed"]
    names = [f"P{i}" for i in range(1, n + 1)]
    g = ShadyAgents(names, {"first_player_may_discard": spec["may_discard"], "turn_seconds": 0}, seed=seed)
    rng = Rng(seed)
    checked = 0
    while not g.is_over:
        p = g.to_act()[0]
        legal = g.legal_actions(p)
        deserter = g.role_of(p) == "deserter"
        if g.phase == "interrogation":
            view = g.view(None)
            card = view["board"]["current_card"]
            caller = names.index(card["caller"])
            allowed = [a["answer"] for a in legal]
            if deserter:
                # the property: some allowed lie is covered by the public record ...
                covered = [a for a in allowed if covering(view, p, (card["card"], caller, a))]
                assert covered, (card["card"], p)
                # ... and the careful deserter's swap lie is one of them
                plans = swap_plans(g, view, p)
                assert plans, p
                s, first = names.index(p), names.index(view["board"]["first_player"])
                lies = {say(card["card"], n, s, caller, first, names, w) for w in plans}
                assert lies <= set(allowed), (card["card"], p, lies, allowed)
                assert lies <= set(covered)
                checked += 1
                g.apply({"player": p, "action": "answer", "answer": rng.choice(sorted(lies))})
            else:
                g.apply(rng.choice(legal))
            continue
        if deserter:
            view = g.view(None)
            # a careful deserter moves as the swap of a covering world: always possible
            moves = [m for m in (next_move(g, p, swapped(w)) for w in swap_plans(g, view, p)) if m in legal]
            assert moves, p
            g.apply(rng.choice(calls_first(moves, rng)))
            continue
        g.apply(rng.choice(calls_first(legal, rng)))
    # every deserter stayed covered to the end, as the careful play promises
    final = g.view(None)
    for p in names:
        if g.role_of(p) == "deserter":
            assert covering(final, p), p
    # and every operative's answer came true, every deserter's false (read afresh)
    first = names.index(g.first_player)
    for rec in g.interrogations:
        caller = names.index(rec["caller"])
        for a in rec["answers"]:
            s = names.index(a["player"])
            real = {t: (r, rd) for t, r, rd in g.ledger.gave[s]}
            if g.ledger.discarded[s]:
                real[g.ledger.discarded[s]] = (GONE, 1)
            truth = say(a["card"], n, s, caller, first, names, real)
            assert (truth == a["answer"]) == (g.role_of(a["player"]) == "operative"), (a, truth)
    assert checked > 0 or not g.interrogations
