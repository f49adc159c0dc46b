"""McCarthyism told in plain words (docs/rules/mccarthyism.md): one function per event kind,
the phase, what the deadline does, and the prompts (with the vote thresholds and the risk of
calling for the end).

Public events are told by names, the same for every viewer; private ones speak to their
reader ("Your role card is Commie.") or, for the Mod, name the reader.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.narration import N_, Narrator
from .narration_snitch import snitch_prompt

Data = dict[str, Any]

#: card -> (its name, its rule in plain words)
CARD_TEXT: dict[str, tuple[str, str]] = {
    "confess_to_the_feds": (N_("Confess to the Feds"), N_(
        "You show your role card to everyone. If you are blacklisted you can never be snitch again; if not, "
        "you can be snitch exactly one more time.")),
    "escape_to_the_reds": (N_("Escape to the Reds"), N_(
        "You leave the game at once: you are blacklisted for good, your role stays secret and you can never "
        "be snitch again.")),
    "deep_research": (N_("Deep research"), N_("You look at every card left in the action deck.")),
    "double_agent": (N_("Double agent"), N_(
        "You take the double agent token: you play for the opposite of your role card until someone else "
        "takes the token.")),
    "lemme_see_what_you_got_there": (N_("Lemme see what you got there"), N_(
        "You look at the role card of the player to your right.")),
    "you_seem_suspicious": (N_("You seem suspicious"), N_("You look at the role card of a player you choose.")),
    "i_know_a_guy": (N_("I know a guy"), N_("You whitelist a blacklisted player of your choice (yourself too).")),
    "super_snitch": (N_("Super snitch"), N_("You blacklist a player of your choice, without a vote.")),
    "loose_lips": (N_("Loose lips"), N_("Everyone looks at the role card of the player to their right.")),
    "commies_take_over": (N_("Commies take over"), N_("Commies and loyal Americans switch sides for the rest of the game.")),
    "something_to_say": (N_("You look like you have something to say"), N_(
        "A player you choose draws two action cards and must play one of them.")),
    "too_much_to_drink": (N_("I think we've both had too much to drink"), N_(
        "You swap role cards with a player you choose and see your new card; they are not told.")),
}
#: card -> its rule told about the player who played it, for the public "played" event (every
#: viewer reads the same sentence, so the card's own second-person text would speak to the wrong
#: reader): ``{player}`` is the player's name.
PLAYED_RULE: dict[str, str] = {
    "confess_to_the_feds": N_(
        "{player} shows their role card to everyone. If {player} is blacklisted, they can never be snitch again; "
        "if not, they can be snitch exactly one more time."),
    "escape_to_the_reds": N_(
        "{player} leaves the game at once: blacklisted for good, their role stays secret and they can never be "
        "snitch again."),
    "deep_research": N_("{player} looks at every card left in the action deck."),
    "double_agent": N_(
        "{player} takes the double agent token and plays for the opposite of their role card until someone else "
        "takes the token."),
    "lemme_see_what_you_got_there": N_("{player} looks at the role card of the player to their right."),
    "you_seem_suspicious": N_("{player} looks at the role card of a player of their choice."),
    "i_know_a_guy": N_("{player} whitelists a blacklisted player of their choice (themselves too)."),
    "super_snitch": N_("{player} blacklists a player of their choice, without a vote."),
    "loose_lips": N_("Everyone looks at the role card of the player to their right."),
    "commies_take_over": N_("Commies and loyal Americans switch sides for the rest of the game."),
    "something_to_say": N_("A player of {player}'s choice draws two action cards and must play one of them."),
    "too_much_to_drink": N_(
        "{player} swaps role cards with a player of their choice and sees their new card; that player is not told."),
}
_ROLE = {"commie": N_("Commie"), "american": N_("loyal American")}
_SIDE = {"commies": N_("The Commies"), "americans": N_("The loyal Americans")}


def card_name(n: Narrator, card: Any) -> str:
    """A card's name in the narrator's language."""
    return n._(CARD_TEXT[card][0]) if card in CARD_TEXT else n._("an action card")


def card_rule(n: Narrator, card: Any) -> str:
    """A card's rule in plain words, in the narrator's language."""
    return n._(CARD_TEXT[card][1]) if card in CARD_TEXT else ""


def played_rule(n: Narrator, card: Any, player: Any) -> str:
    """A card's rule told about the player who played it (third person), in the narrator's language."""
    return n._(PLAYED_RULE[card]).format(player=player) if card in PLAYED_RULE else ""


def _role(n: Narrator, card: Any) -> str:
    return n._(_ROLE.get(card, "loyal American"))


def _cards(n: Narrator, cards: Any) -> str:
    """Card names in the language's quotation marks: “Super snitch”, „Superspitzel“."""
    quoted = n._("“{card}”")
    return ", ".join(quoted.format(card=card_name(n, c)) for c in cards or ())


def setup(n: Narrator, d: Data, to: Any) -> list[str]:
    if "commie_cards" in d:  # the pool deal: the number of Commies is secret
        first = n._("The game begins with {count} players, dealt from a pool of {commies} Commie and {americans} "
                    "loyal American role cards: nobody knows how many Commies are at the table.").format(
            count=len(d.get("players", ())), commies=d.get("commie_cards"), americans=d.get("american_cards"))
    else:
        first = n.ngettext("The game begins with {count} players: {commies} Commie and {americans} loyal Americans.",
                   "The game begins with {count} players: {commies} Commies and {americans} loyal Americans.",
                   int(d.get("commies") or 0)).format(
            count=len(d.get("players", ())), commies=d.get("commies"), americans=d.get("americans"))
    return [
        first,
        n.ngettext("{name} holds the snitch token first; everyone is snitch once.",
                   "{name} holds the snitch token first; everyone is snitch {turns} times.",
                   int(d.get("turns_per_player") or 0)).format(name=d.get("first_snitch"), turns=d.get("turns_per_player")),
        n.ngettext("A whitelisted player cannot be chosen for {turns} turn.",
                   "A whitelisted player cannot be chosen for {turns} turns.",
                   int(d.get("whitelist_protection_turns") or 0)).format(turns=d.get("whitelist_protection_turns")),
    ]


def deck(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n._("The Mod shuffled the action deck, top first: {cards}.").format(cards=_cards(n, d.get("cards")))]


def role(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n.mine(to, N_("Your role card is {role}."), N_("{reader}'s role card is {role}."),
                   role=_role(n, d.get("card")))]


def commies(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n._("The Commies know each other: {names}.").format(names=n.list(d.get("commies", ())))]


def turn(n: Narrator, d: Data, to: Any) -> list[str]:
    out = [n._("Turn {turn}: {name} is the snitch.").format(turn=d.get("turn"), name=d.get("snitch"))]
    if d.get("blacklisted"):
        out.append(n._("{name} is blacklisted, so must snitch on two players.").format(name=d.get("snitch")))
    return out


def skipped(n: Narrator, d: Data, to: Any) -> list[str]:
    step, player = d.get("step"), d.get("player")
    if step == "snitch_pair":
        return [n._("{player} could not snitch on anyone: nobody can be chosen.").format(player=player)]
    if step == "draw":
        return [n._("{player} could not draw: no action card is left.").format(player=player)]
    return [n._("{player}'s “{card}” had no effect: nobody could be chosen.").format(
        player=player, card=card_name(n, step))]


def timeout(n: Narrator, d: Data, to: Any) -> list[str]:
    step, player = d.get("step"), d.get("player")
    if step == "vote":
        count = int(d.get("missing_votes", 0))
        return [n.ngettext("Time ran out: {count} missing vote counts as no.",
                           "Time ran out: {count} missing votes count as no.", count).format(count=count)]
    if step == "snitching":
        return [n._("Time ran out: {player} passes.").format(player=player)]
    if step == "reveal":
        return [n._("Time ran out: {player} keeps the card and plays nothing.").format(player=player)]
    return [n._("Time ran out: the Mod chooses for {player} at random.").format(player=player)]


def post(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n._("{player} wrote: “{text}”").format(player=d.get("player"), text=d.get("text"))]


def snitched(n: Narrator, d: Data, to: Any) -> list[str]:
    if "targets" in d:
        names = n.list(d.get("targets") or ())
        return [n._("{snitch} snitched on {names}: everyone not blacklisted votes on blacklisting them.").format(
            snitch=d.get("snitch"), names=names)]
    return [n._("{snitch} snitched on {target}: everyone not blacklisted votes on blacklisting {target}.").format(
        snitch=d.get("snitch"), target=d.get("target"))]


def end_called(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n._("{snitch} called for the end of the game: everyone not blacklisted votes, and with two thirds "
                "yes the game ends now.").format(snitch=d.get("snitch"))]


def passed(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n._("{snitch} passed: no vote this turn.").format(snitch=d.get("snitch"))]


def _votes(n: Narrator, votes: Mapping[str, str]) -> list[str]:
    yes = [p for p, v in votes.items() if v == "yes"]
    no = [p for p, v in votes.items() if v != "yes"]
    out = []
    if yes:
        out.append(n._("Yes from {names}.").format(names=n.list(yes)))
    if no:
        out.append(n._("No from {names}.").format(names=n.list(no)))
    return out


def votes(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n._("The secret votes were recorded for the Mod.")] + _votes(n, d.get("votes") or {})


def vote_result(n: Narrator, d: Data, to: Any) -> list[str]:
    values = {"yes": d.get("yes"), "no": d.get("no"), "voters": d.get("voters"),
              "names": n.list(d.get("targets") or ())}
    if d.get("motion") == "end_game":
        if d.get("passed"):
            text = n._("The vote to end the game passed: {yes} yes, {no} no (two thirds of {voters} voters needed).")
        else:
            text = n._("The vote to end the game failed: {yes} yes, {no} no (two thirds of {voters} voters needed).")
    elif d.get("passed"):
        text = n._("The vote to blacklist {names} passed: {yes} yes, {no} no (one third of {voters} voters needed).")
    else:
        text = n._("The vote to blacklist {names} failed: {yes} yes, {no} no (one third of {voters} voters needed).")
    out = [text.format(**values)]
    if d.get("votes"):
        out += _votes(n, d["votes"])
    return out


def blacklisted(n: Narrator, d: Data, to: Any) -> list[str]:
    if d.get("by") == "super_snitch":
        return [n._("{player} is blacklisted by “{card}”.").format(player=d.get("player"), card=card_name(n, "super_snitch"))]
    return [n._("{player} is blacklisted.").format(player=d.get("player"))]


def whitelisted(n: Narrator, d: Data, to: Any) -> list[str]:
    values = {"player": d.get("player"), "turn": d.get("protected_through_turn")}
    if d.get("by") == "pair_vote":
        return [n._("{player} is whitelisted for snitching on two players who were blacklisted, and cannot be chosen "
                    "through turn {turn}.").format(**values)]
    return [n._("{player} is whitelisted by “{card}” and cannot be chosen through turn {turn}.").format(
        card=card_name(n, "i_know_a_guy"), **values)]


def escaped(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n._("{player} escaped to the Reds: blacklisted for good and never snitch again.").format(
        player=d.get("player"))]


def drew(n: Narrator, d: Data, to: Any) -> list[str]:
    if int(d.get("count", 1)) >= 2:
        return [n._("{player} drew two action cards and must play one.").format(player=d.get("player"))]
    return [n._("{player} drew an action card.").format(player=d.get("player"))]


def hand(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n.mine(to, N_("You drew {cards}."), N_("{reader} drew {cards}."), cards=_cards(n, d.get("cards")))]


def reshuffled(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n._("The discards were shuffled into a new action deck of {count} cards.").format(count=d.get("cards"))]


def played(n: Narrator, d: Data, to: Any) -> list[str]:
    card = d.get("card")
    out = [n._("{player} played “{card}”: {rule}").format(player=d.get("player"), card=card_name(n, card),
                                                           rule=played_rule(n, card, d.get("player")))]
    if d.get("discarded"):
        out.append(n._("The other card was discarded."))
    return out


def declined(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n._("{player} did not play the card drawn.").format(player=d.get("player"))]


def confessed(n: Narrator, d: Data, to: Any) -> list[str]:
    out = [n._("{player} confessed to the Feds: their role card is {role}.").format(
        player=d.get("player"), role=_role(n, d.get("card")))]
    if d.get("snitch_turns_left"):
        out.append(n._("They can be snitch one more time."))
    elif d.get("blacklisted"):
        out.append(n._("They are blacklisted, so they can never be snitch again."))
    else:  # ruling 2: never more turns as snitch than the game allows
        out.append(n._("They can never be snitch again: the game has no turns as snitch left for them."))
    return out


def deep_research(n: Narrator, d: Data, to: Any) -> list[str]:
    if d.get("in_order"):
        return [n.mine(to, N_("You looked at the action deck, in draw order: {cards}."),
                       N_("{reader} looked at the action deck, in draw order: {cards}."), cards=_cards(n, d.get("cards")))]
    return [n.mine(to, N_("You looked at the cards left in the action deck: {cards}."),
                   N_("{reader} looked at the cards left in the action deck: {cards}."), cards=_cards(n, d.get("cards")))]


def double_agent(n: Narrator, d: Data, to: Any) -> list[str]:
    out = [n._("{player} took the double agent token and now plays for the opposite of their role card.").format(
        player=d.get("player"))]
    if d.get("previous") and d.get("previous") != d.get("player"):
        out.append(n._("{player} is no longer the double agent.").format(player=d.get("previous")))
    return out


def looked(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n._("{player} looked at {target}'s role card.").format(player=d.get("player"), target=d.get("target"))]


def saw_role(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n.mine(to, N_("You saw {target}'s role card: {role} (by “{card}”)."),
                   N_("{reader} saw {target}'s role card: {role} (by “{card}”)."),
                   target=d.get("target"), role=_role(n, d.get("card")), card=card_name(n, d.get("how")))]


def takeover(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n._("{player} played “{card}”: Commies and loyal Americans switch sides for the rest of the game.").format(
        player=d.get("player"), card=card_name(n, "commies_take_over"))]


def must_say_something(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n._("{player} chose {target}, who must draw two action cards and play one.").format(
        player=d.get("player"), target=d.get("target"))]


def swapped(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n.mine(to, N_("You swapped role cards with {target}: yours is now {role}; {target} now holds {gave} and was not told."),
                   N_("{reader} swapped role cards with {target}: theirs is now {role}; {target} now holds {gave} and was not told."),
                   target=d.get("target"), role=_role(n, d.get("card")), gave=_role(n, d.get("gave")))]


def game_over(n: Narrator, d: Data, to: Any) -> list[str]:
    if d.get("winner") is None:
        out = [n._("Nobody won: every player was blacklisted.")]
    else:
        side = n._(_SIDE.get(d.get("winner", ""), "The Commies"))
        if d.get("winner") == "commies":
            why = n._("not every Commie was blacklisted.")
        else:
            why = n._("every Commie was blacklisted.")
        out = [n._("{side} won: {why}").format(side=side, why=why)]
    if d.get("reason") == "end_vote":
        out.append(n._("The table voted to end the game."))
    else:
        out.append(n._("Every player had their turns as snitch."))
    allegiances: Mapping[str, str] = d.get("allegiances") or {}
    commie_names = [p for p, a in allegiances.items() if a == "commie"]
    if commie_names:
        out.append(n._("The Commies at the end were {names}.").format(names=n.list(commie_names)))
    black = d.get("blacklisted") or []
    if black:
        out.append(n._("Blacklisted at the end were {names}.").format(names=n.list(black)))
    return out


EVENTS = {
    "setup": setup, "deck": deck, "role": role, "commies": commies, "turn": turn, "skipped": skipped,
    "timeout": timeout, "post": post, "snitched": snitched, "end_called": end_called, "passed": passed,
    "votes": votes, "vote_result": vote_result, "blacklisted": blacklisted, "whitelisted": whitelisted,
    "escaped": escaped, "drew": drew, "hand": hand, "reshuffled": reshuffled, "played": played,
    "declined": declined, "confessed": confessed, "deep_research": deep_research, "double_agent": double_agent,
    "looked": looked, "saw_role": saw_role, "takeover": takeover, "must_say_something": must_say_something,
    "swapped": swapped, "game_over": game_over,
}


class McCarthyismNarrator(Narrator):
    """McCarthyism's narrator (``McCarthyism.NARRATOR``)."""

    RULES_SUMMARY = (
        N_('McCarthyism is for a large group. About a third of the players are Commies, who know each other; everyone else is a loyal American. Nobody shows evidence: you play on intuition.'),
        N_('Each turn the snitch token moves one seat on. A snitch who is not blacklisted snitches on a player, calls for the end of the game, or passes; then draws an action card and may play it.'),
        N_('Snitching starts a vote, secret unless the table chose votes by name: with a third of the players who are not blacklisted saying yes, the player is blacklisted. Ending the game needs two thirds.'),
        N_('A blacklisted snitch must name two players; if the vote passes, both are blacklisted and the snitch is whitelisted (protected for some turns). Then they draw two cards and must play one.'),
        N_('The game ends after a successful end vote or when everyone has had their turns. If any Commie is not blacklisted, the Commies win; otherwise the Americans who are not blacklisted win.'),
    )
    EVENTS = EVENTS
    OPTION_LABELS = {
        "deal": (N_("How roles are dealt"), {"pool": N_("From a pool: the number of Commies is secret"),
                                             "fixed": N_("A fixed number of Commies, announced")}),
        "commie_count": (N_("Commies (fixed deal)"), {}),
        "whitelist_protection_turns": (N_("Turns a whitelisted player is protected"), {}),
        "turns_per_player": (N_("Turns as snitch per player"), {}),
        "deep_research_in_order": (N_("Deep research shows the draw order"), {True: N_("Yes"), False: N_("No")}),
        "reveal_votes": (N_("Votes are shown by name"), {True: N_("Yes"), False: N_("No")}),
        "reshuffle_discards": (N_("Reshuffle the discards into a new deck"), {True: N_("Yes"), False: N_("No")}),
        "turn_seconds": (N_("Seconds for each choice"), {}),
        "vote_seconds": (N_("Seconds for each vote"), {}),
    }

    def phase(self, view: Mapping[str, Any]) -> str:
        _ = self._
        if view.get("over"):
            return _("The game is over.")
        b = view.get("board") or {}
        step, t, snitch = b.get("step"), b.get("turn"), b.get("snitch")
        if step == "snitching":
            return _("Turn {turn}: {name}, the snitch, snitches on someone, calls for the end or passes.").format(turn=t, name=snitch)
        if step == "snitch_pair":
            return _("Turn {turn}: {name}, a blacklisted snitch, names two players.").format(turn=t, name=snitch)
        if step == "vote":
            vote = b.get("vote") or {}
            named = bool(self.options.get("reveal_votes"))
            if vote.get("motion") == "end_game":
                return (_("Turn {turn}: the vote by name on ending the game.") if named
                        else _("Turn {turn}: the secret vote on ending the game.")).format(turn=t)
            return (_("Turn {turn}: the vote by name on blacklisting {names}.") if named
                    else _("Turn {turn}: the secret vote on blacklisting {names}.")).format(
                turn=t, names=self.list(vote.get("targets") or ()))
        if step == "reveal":
            return _("Turn {turn}: {name} drew an action card and may play it.").format(turn=t, name=snitch)
        if step == "forced_play":
            return _("Turn {turn}: two action cards were drawn; one must be played.").format(turn=t)
        if step == "card_target":
            return _("Turn {turn}: a card's player chooses a player.").format(turn=t)
        return _("Turn {turn}.").format(turn=t)

    def doing(self, view: Mapping[str, Any], names: str, count: int) -> str | None:
        _, step = self._, (view.get("board") or {}).get("step")
        if step == "vote":
            return self.ngettext("Waiting for {names} to vote.", "Waiting for {names} to vote.", count).format(names=names)
        said = {"snitching": _("Waiting for {names} to snitch on someone, call for the end or pass."),
                "snitch_pair": _("Waiting for {names} to name two players."),
                "reveal": _("Waiting for {names} to decide whether to play the card drawn."),
                "forced_play": _("Waiting for {names} to play one of the two cards drawn."),
                "card_target": _("Waiting for {names} to choose a player for the card.")}.get(step or "")
        return said.format(names=names) if said else None

    def deadline_note(self, view: Mapping[str, Any]) -> str | None:
        _ = self._
        step = (view.get("board") or {}).get("step")
        if step == "vote":
            return _("When time runs out, a missing vote counts as no.")
        if step == "snitching":
            return _("When time runs out, the snitch passes.")
        if step == "reveal":
            return _("When time runs out, the card is not played.")
        if step in ("snitch_pair", "forced_play", "card_target"):
            return _("When time runs out, the Mod chooses at random.")
        return None

    def prompt(self, view: Mapping[str, Any], legal: list[Mapping[str, Any]]) -> dict[str, Any] | None:
        _ = self._
        b = view.get("board") or {}
        kinds = {a.get("action") for a in legal}
        choices: list[dict[str, Any]] = []
        free = [p for p in (view.get("players") or ()) if p not in (b.get("blacklisted") or ())]
        voters = len(free)
        need_black = -(-voters // 3)  # one third, rounded up
        need_end = -(-2 * voters // 3)
        named = bool(self.options.get("reveal_votes"))  # the table's option: one truth with the board
        snitch = snitch_prompt(self, legal, named, voters, need_black, need_end)
        if snitch is not None:
            return snitch
        if "vote" in kinds:
            vote = b.get("vote") or {}
            how = _("Who voted what is shown after the count.") if named else _("Only the counts are announced.")
            if vote.get("motion") == "end_game":
                title = _("Vote by name: end the game now?") if named else _("Secret vote: end the game now?")
                explain = _("The game ends if at least {need} of the {voters} voters say yes; then the Commies win if any "
                            "Commie is not blacklisted, else the players who are not blacklisted win.").format(
                                need=need_end, voters=voters) + " " + how
                yes_text = _("Vote to end the game now.")
            else:
                targets = list(vote.get("targets") or ())
                names = self.list(targets)
                title = (_("Vote by name: blacklist {names}?") if named else _("Secret vote: blacklist {names}?")).format(names=names)
                explain = self.ngettext("{names} is blacklisted if at least {need} of the {voters} voters say yes.",
                                        "{names} are blacklisted if at least {need} of the {voters} voters say yes.",
                                        len(targets)).format(names=names, need=need_black, voters=voters) + " " + how
                yes_text = _("Vote to blacklist.")
            for i, a in enumerate(legal):
                if a.get("vote") == "yes":
                    choices.append({"action": i, "label": _("Vote yes"), "explain": yes_text})
                else:
                    choices.append({"action": i, "label": _("Vote no"), "explain": None})
        elif "play" in kinds or "decline" in kinds:
            forced = "decline" not in kinds
            title = _("Play one of your two action cards.") if forced else _("Play the action card you drew, or keep it.")
            explain = _("Each card says what it does.")
            for i, a in enumerate(legal):
                if a.get("action") == "play":
                    choices.append({"action": i, "label": _("Play “{card}”").format(card=card_name(self, a.get("card"))),
                                    "explain": card_rule(self, a.get("card"))})
                else:
                    choices.append({"action": i, "label": _("Play nothing"), "explain": _("The card is discarded unplayed.")})
        elif "choose" in kinds:
            card = b.get("card_in_play")
            title = _("Choose a player for “{card}”.").format(card=card_name(self, card))
            explain = card_rule(self, card)
            choices = [{"action": i, "label": _("Choose {name}").format(name=a.get("target")), "explain": None}
                       for i, a in enumerate(legal)]
        else:
            return None
        return {"title": title, "explain": explain, "choices": choices}
