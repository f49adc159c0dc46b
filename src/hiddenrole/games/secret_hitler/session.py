"""The legislative session: "The Mod PMs the President the first 3 policy cards in the deck",
the President discards one, the Chancellor enacts one of the two (or vetoes, from the 5th
Fascist policy); the policy's count, the win and the power; the top-deck after the election
tracker fills; the reshuffle (ruling 6).

Each function takes the game (:class:`~.state.SecretHitlerState`) and works through its public
attributes and methods.
"""

from __future__ import annotations

from typing import Any

from ...engine import Event
from . import powers
from . import roles as R
from .announcements import announce, emit_report
from .deal import check_reshuffle
from .state import SecretHitlerState


DISCARD = "discard"
ENACT = "enact"
MOD: frozenset[str] = frozenset()  # Mod-only events (the deck order)


def draw_three(game: SecretHitlerState, president: str) -> None:
    """"The Mod PMs the President the next 3 policy cards in the deck" (a turbo night's facts
    stay secret from here until dawn); the President discards next."""
    deck = game.deck
    game.hand = hand = [deck.pop(), deck.pop(), deck.pop()]
    log = game.log
    log.append(Event(len(log), "policies_drawn", {"cards": list(hand)}, game.only[president]))
    game.claim_book.drawn(president, game.chancellor if game.day else None, hand, game.day)
    if game.turbo:
        game.publish()
        game.night_secret = True
    game.set_step(DISCARD, president, game.lists.cards(president, "discard", hand))


def discard(game: SecretHitlerState, card: str, pick: str | None, by_timeout: bool) -> None:
    """The President "must PM the Mod the 2 policy cards he wants to pass on to the
    Chancellor": ``card`` is discarded (``pick``: night 0's Chancellor, randed by the Mod)."""
    hand = game.hand
    hand.remove(card)
    game.discards.append(card)
    president = game.actor
    assert president is not None  # the discarding President
    if by_timeout:
        game.emit("discarded", to=game.only[president], card=card, by_timeout=True)
    if pick is not None:
        game.chancellor = game.limit_chancellor = pick
        game.limit_president = president
    chancellor = game.chancellor
    assert chancellor is not None  # elected, or picked by the Mod on night 0
    game.veto_refused = False
    game.claim_book.passed(chancellor, hand)
    log = game.log
    log.append(Event(len(log), "policies_passed", {"president": president, "cards": list(hand)},
                     game.only[chancellor]))
    enact_step(game, chancellor)


def enact_step(game: SecretHitlerState, chancellor: str) -> None:
    """The Chancellor's step: enact one of the two cards, or veto after the 5th Fascist policy."""
    legal = game.lists.cards(chancellor, "enact", game.hand)
    if game.fascist_policies >= R.VETO_AT and not game.veto_refused:
        legal = legal + [game.lists.target(chancellor, "veto", "")]
    game.set_step(ENACT, chancellor, legal)


def enact(game: SecretHitlerState, card: str, by_timeout: bool) -> None:
    """The Chancellor "must PM the Mod which policy card he wants to play": ``card`` is
    played, the other discarded."""
    hand = game.hand
    hand.remove(card)
    game.discards.extend(hand)
    game.hand = []
    if by_timeout:
        assert game.actor is not None  # the enacting Chancellor
        game.emit("enacted", to=game.only[game.actor], card=card, by_timeout=True)
    game.claim_book.session_over(card, game.alive)
    enact_policy(game, card, False)


def veto_response(game: SecretHitlerState, allow: bool, by_timeout: bool) -> None:
    """"If the President forbids the Chancellor's veto, the Chancellor must implement one of
    the two policies just as before. However, if the President allows the Chancellor's veto,
    both policies are discarded" (ruling 5: the election tracker moves, or resets)."""
    president = game.actor
    chancellor = game.chancellor
    assert president is not None and chancellor is not None  # the session's President and Chancellor
    data: dict[str, Any] = {"allow": allow}
    if by_timeout:
        data["by_timeout"] = True
    game.emit("veto_answered", to=(president, chancellor), **data)
    if not allow:
        # "the Chancellor must implement one of the two policies just as before"
        game.veto_refused = True
        enact_step(game, chancellor)
        return
    # "both policies are discarded"
    game.claim_book.session_over("veto", game.alive)
    game.discards.extend(game.hand)
    game.hand = []
    if game.veto_fails:
        game.tracker += 1  # ruling 5
    else:
        # "2 consecutive elections with no majority support": this government was elected
        # (majority yes), so it ends the streak of failed elections
        game.tracker = 0
    announce(game, "veto", True)
    reshuffle_if_needed(game)
    game.end_session()


def enact_policy(game: SecretHitlerState, card: str, top_deck: bool) -> None:
    """A policy is played: count it, reset the tracker, check the win, reshuffle (ruling 6),
    then the power of a Fascist policy enacted by a government."""
    if card == R.L:
        game.liberal_policies += 1
    else:
        game.fascist_policies += 1
    game.tracker = 0
    secret = game.night_secret and not top_deck
    over = game.liberal_policies >= R.LIBERAL_WIN or game.fascist_policies >= R.FASCIST_WIN
    if secret and not over:
        game.report["policy"] = card
    else:
        log = game.log
        log.append(Event(len(log), "policy_enacted", {
            "by": "Mod", "card": card, "top_deck": top_deck,
            "liberal_policies": game.liberal_policies, "fascist_policies": game.fascist_policies}, None))
    if over:
        if game.liberal_policies >= R.LIBERAL_WIN:
            game.end_game("liberals", "five_liberal_policies")
        else:
            game.end_game("fascists", "six_fascist_policies")
        return
    if len(game.deck) < 3:
        reshuffle_if_needed(game)
    if top_deck:
        return  # "played WITHOUT its powers"
    power = game.powers[game.fascist_policies - 1] if card == R.F else None
    if power is None:
        game.end_session()
    else:
        powers.start(game, power)


def top_deck(game: SecretHitlerState, report: dict[str, Any] | None = None) -> None:
    """"After 2 consecutive elections with no majority support ..., the next policy card in
    the deck is played WITHOUT its powers" (3 in the official rules); term limits are
    lifted: for the next nomination only in the turbo rules, until a government is elected
    in the official rules (ruling 11)."""
    if report:
        emit_report(game, report)
        report.clear()
    card = game.deck.pop()
    game.limit_president = game.limit_chancellor = None
    game.chaos_exempt = game.turbo
    enact_policy(game, card, True)


def reshuffle_if_needed(game: SecretHitlerState) -> None:
    """Ruling 6: "If we run out of policy cards, the discards are shuffled and returned to
    the deck" as soon as fewer than 3 remain (chance "reshuffles", a deck top first)."""
    if len(game.deck) >= 3:
        return
    pool = game.deck[::-1] + game.discards
    new = game.chance.outcome("reshuffles", lambda r: r.shuffled(pool), check_reshuffle(pool), sequence=True)
    game.deck = new[::-1]
    game.discards = []
    log = game.log
    log.append(Event(len(log), "deck", {"cards": new}, MOD))
    if game.night_secret:
        game.report["reshuffled"] = True
    else:
        log.append(Event(len(log), "reshuffled", {"by": "Mod", "deck_size": len(new)}, None))


def policy_cards(game: SecretHitlerState) -> dict[str, int]:
    """The 17 policy cards wherever they are: the deck, the discards, the hand of a session and
    the policies enacted on the board: ``{"L": ..., "F": ...}``."""
    cards = {R.L: game.liberal_policies, R.F: game.fascist_policies}
    for card in game.deck + game.discards + game.hand:
        cards[card] += 1
    return cards
