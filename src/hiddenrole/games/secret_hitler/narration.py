"""Secret Hitler told in plain words (docs/rules/secret-hitler.md): one function per event
kind, the phase, what the deadline does, and the prompts.

Public events are told by names, the same for every viewer; private ones speak to their
reader ("You drew Fascist, Fascist, Liberal.") or, for the Mod, name the reader.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.narration import N_, Narrator
from .claims import claim, claim_choices, claim_made, party_in_words
from .claims import policies_in_words as _cards
from .claims import policy_in_words as _policy
from .narration_votes import vote_ignored
from .options import TRACKER_LIMIT, TURBO

Data = dict[str, Any]

_ROLE = {"liberal": N_("a Liberal"), "fascist": N_("a Fascist"), "hitler": N_("Hitler")}
_SIDE = {"liberals": N_("The Liberals"), "fascists": N_("The Fascists")}
_REASON = {
    "five_liberal_policies": N_("five Liberal policies were enacted."),
    "six_fascist_policies": N_("six Fascist policies were enacted."),
    "hitler_elected": N_("Hitler was elected Chancellor after three Fascist policies."),
    "hitler_killed": N_("Hitler was executed."),
}
_POWER = {
    "peek": N_("peek at the top three policies"),
    "investigate": N_("investigate a player's party membership"),
    "special_election": N_("call a special election"),
    "execute": N_("execute a player"),
}


def _tracker_limit(n: Narrator) -> int:
    return TRACKER_LIMIT.get(n.options.get("variant", TURBO), TRACKER_LIMIT[TURBO])


def _by_timeout(n: Narrator, d: Data) -> list[str]:
    return [n._("Time ran out, so the Mod chose at random.")] if d.get("by_timeout") else []


# ------------------------------------------------------------------ the deal
def player_list(n: Narrator, d: Data, to: Any) -> list[str]:
    order = list(d.get("order", ()))
    return [n._("The Mod posted the player list: {names}.").format(names=", ".join(order)),
            n._("{name} is at the top of the list.").format(name=d.get("president", order[0] if order else ""))]


def role(n: Narrator, d: Data, to: Any) -> list[str]:
    role_name = n._(_ROLE.get(d.get("role", ""), "a Liberal"))
    out = [n.mine(to, N_("You are {role}."), N_("{reader} is {role}."), role=role_name)]
    roles = d.get("roles")
    if roles:
        readers = to or frozenset()
        fascists = [p for p, r in roles.items() if r == "fascist" and p not in readers]
        hitler = [p for p, r in roles.items() if r == "hitler" and p not in readers]
        if fascists and hitler:
            out.append(n.mine(to, N_("You know the other Fascists: {fascists}; Hitler is {hitler}."),
                              N_("{reader} knows the other Fascists: {fascists}; Hitler is {hitler}."),
                              fascists=n.list(fascists), hitler=n.list(hitler)))
        elif hitler:
            out.append(n.mine(to, N_("You know who Hitler is: {hitler}."), N_("{reader} knows who Hitler is: {hitler}."),
                              hitler=n.list(hitler)))
        elif fascists:
            out.append(n.mine(to, N_("You know the Fascists: {fascists}."), N_("{reader} knows the Fascists: {fascists}."),
                              fascists=n.list(fascists)))
    if d.get("votecodes"):
        out.append(n.mine(to, N_("You received your votecodes: a yes code and a no code for each day."),
                          N_("{reader} received their votecodes: a yes code and a no code for each day.")))
    return out


def deck(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n._("The Mod shuffled the policy deck, top first: {cards}.").format(cards=_cards(n, d.get("cards")))]


# ------------------------------------------------------------------ nominations
def nominations(n: Narrator, d: Data, to: Any) -> list[str]:
    names = n.list(d.get("targets", ()))
    out = _by_timeout(n, d)
    out.append(n.mine(to, N_("You nominated {names}: the Mod picks one of them at random as Chancellor."),
                      N_("{reader} nominated {names}: the Mod picks one of them at random as Chancellor."),
                      names=names))
    return out


def nominated(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n._("{president} nominated {chancellor} as Chancellor Candidate.").format(
        president=d.get("president"), chancellor=d.get("chancellor"))]


def no_nomination(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n._("Day {day} ended without a Chancellor Candidate: the election failed and the election "
                "tracker moved one step.").format(day=d.get("day"))]


# ------------------------------------------------------------------ the thread and votes
def post(n: Narrator, d: Data, to: Any) -> list[str]:
    claimed = claim(n, d.get("player"), d.get("text"))
    if claimed is not None:
        return [claimed]
    mark = d.get("mark")
    if mark == "P":
        return [n._("{player} (Presidential Candidate) wrote: “{text}”").format(player=d.get("player"), text=d.get("text"))]
    if mark == "C":
        return [n._("{player} (Chancellor Candidate) wrote: “{text}”").format(player=d.get("player"), text=d.get("text"))]
    return [n._("{player} wrote: “{text}”").format(player=d.get("player"), text=d.get("text"))]


def voted(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n._("{player} has voted.").format(player=d.get("player"))]


def vote_result(n: Narrator, d: Data, to: Any) -> list[str]:
    values = {"president": d.get("president"), "chancellor": d.get("chancellor"), "yes": d.get("yes"), "no": d.get("no")}
    if d.get("passed"):
        out = [n._("{president} and {chancellor} were elected: {yes} yes, {no} no.").format(**values)]
    else:
        out = [n._("The ticket of {president} and {chancellor} was rejected: {yes} yes, {no} no.").format(**values)]
    votes: Mapping[str, str] = d.get("votes") or {}
    yes = [p for p, v in votes.items() if v == "yes"]
    no = [p for p, v in votes.items() if v == "no"]
    none = [p for p, v in votes.items() if v not in ("yes", "no")]
    if yes:
        out.append(n._("Ja! from {names}.").format(names=n.list(yes)))
    if no:
        out.append(n._("Nein! from {names}.").format(names=n.list(no)))
    if none:
        out.append(n._("No vote from {names}.").format(names=n.list(none)))
    return out


# ------------------------------------------------------------------ the legislative session
def policies_drawn(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n.mine(to, N_("You drew {cards}."), N_("{reader} drew {cards}."), cards=_cards(n, d.get("cards")))]


def discarded(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n.mine(to, N_("Time ran out, so the Mod discarded a {card} policy of yours at random."),
                   N_("Time ran out, so the Mod discarded a {card} policy of {reader}'s at random."),
                   card=_policy(n, d.get("card")))]


def policies_passed(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n.mine(to, N_("{president} passed you {cards}."), N_("{president} passed {cards} to {reader}."),
                   president=d.get("president"), cards=_cards(n, d.get("cards")))]


def enacted(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n.mine(to, N_("Time ran out, so the Mod enacted a {card} policy of yours at random."),
                   N_("Time ran out, so the Mod enacted a {card} policy of {reader}'s at random."),
                   card=_policy(n, d.get("card")))]


def veto_requested(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n._("The Chancellor asked the President to veto this agenda.")]


def veto_answered(n: Narrator, d: Data, to: Any) -> list[str]:
    out = [n._("Time ran out, so the veto was refused.")] if d.get("by_timeout") else []
    if d.get("allow"):
        out.append(n._("The President allowed the veto: both policies are discarded."))
    elif not d.get("by_timeout"):
        out.append(n._("The President refused the veto: the Chancellor must enact one of the two policies."))
    else:
        out.append(n._("The Chancellor must enact one of the two policies."))
    return out


def vetoed(n: Narrator, d: Data, to: Any) -> list[str]:
    out = [n._("{president} and {chancellor} vetoed their agenda: both policies were discarded.").format(
        president=d.get("president"), chancellor=d.get("chancellor"))]
    if n.options.get("veto_counts_as_failed_election", True):
        out.append(n._("The election tracker moved one step."))
    else:  # ruling 5: an elected government ends the streak of failed elections
        out.append(n._("This government was elected, so the election tracker went back to 0."))
    return out


def _board_sentence(n: Narrator, d: Data) -> str:
    return n._("The board now shows {liberal} of 5 Liberal and {fascist} of 6 Fascist policies.").format(
        liberal=d.get("liberal_policies"), fascist=d.get("fascist_policies"))


def policy_enacted(n: Narrator, d: Data, to: Any) -> list[str]:
    card = _policy(n, d.get("card"))
    if d.get("top_deck"):
        first = n._("The Mod enacted the top policy ({card}): the election tracker had reached {limit}. "
                    "Its power is not used.").format(card=card, limit=_tracker_limit(n))
    else:
        first = n._("A {card} policy was enacted.").format(card=card)
    return [first, _board_sentence(n, d)]


def reshuffled(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n._("Fewer than three policies were left, so the discards were shuffled back in: the deck has "
                "{count} policies.").format(count=d.get("deck_size"))]


# ------------------------------------------------------------------ powers
def peek(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n.mine(to, N_("You peeked at the top three policies: {cards}."),
                   N_("{reader} peeked at the top three policies: {cards}."), cards=_cards(n, d.get("cards")))]


def investigation(n: Narrator, d: Data, to: Any) -> list[str]:
    party = party_in_words(n, d.get("allegiance", "liberal"))
    out = []
    if d.get("by_timeout"):
        out.append(n._("Time ran out, so the Mod chose {target} at random.").format(target=d.get("target")))
    out.append(n.mine(to, N_("You investigated {target}: their party membership is {party}."),
                      N_("{reader} investigated {target}: their party membership is {party}."),
                      target=d.get("target"), party=party))
    return out


def special_election_chosen(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n.mine(to, N_("Time ran out, so the Mod chose {target} as the next Presidential Candidate for you at random."),
                   N_("Time ran out, so the Mod chose {target} as the next Presidential Candidate for {reader} at random."),
                   target=d.get("target"))]


def execution_chosen(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n.mine(to, N_("Time ran out, so the Mod chose {target} for you at random: {target} is executed."),
                   N_("Time ran out, so the Mod chose {target} for {reader} at random: {target} is executed."),
                   target=d.get("target"))]


def _action(n: Narrator, a: Mapping[str, Any]) -> str:
    player, target, power = a.get("player"), a.get("target"), a.get("power", "")
    if a.get("skipped"):
        return n._("{player} could not {power}: nobody could be chosen.").format(
            player=player, power=n._(_POWER.get(power, "investigate a player's party membership")))
    if power == "peek":
        return n._("{player} peeked at the top three policies.").format(player=player)
    if power == "investigate":
        return n._("{player} investigated {target}'s party membership.").format(player=player, target=target)
    if power == "special_election":
        return n._("{player} called a special election: {target} is the next Presidential Candidate.").format(
            player=player, target=target)
    return n._("{player} executed {target}.").format(player=player, target=target)


def executive_action(n: Narrator, d: Data, to: Any) -> list[str]:
    return [_action(n, d)]


# ------------------------------------------------------------------ dawn, days, the end
def _night_facts(n: Narrator, d: Data) -> list[str]:
    out = []
    if d.get("chancellor"):
        out.append(n._("The Mod picked {name} as night 0's Chancellor.").format(name=d["chancellor"]))
    if d.get("policy"):
        out.append(n._("A {card} policy was enacted in the night.").format(card=_policy(n, d["policy"])))
    if d.get("veto"):
        out.append(n._("The government vetoed its agenda in the night: both policies were discarded."))
    if d.get("action"):
        out.append(_action(n, d["action"]))
    if d.get("reshuffled"):
        out.append(n._("The discards were shuffled back into the deck."))
    return out


def night_report(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n._("Dawn after night {night}.").format(night=d.get("night"))] + _night_facts(n, d)


def day_start(n: Narrator, d: Data, to: Any) -> list[str]:
    if n.options.get("variant") == "official":
        out = [n._("Election round {day} begins.").format(day=d.get("day"))]
    else:
        out = [n._("Day {day} begins.").format(day=d.get("day"))]
    out += _night_facts(n, d)
    out.append(n._("{name} is the Presidential Candidate.").format(name=d.get("presidential_candidate")))
    return out


def game_over(n: Narrator, d: Data, to: Any) -> list[str]:
    side = n._(_SIDE.get(d.get("winner", ""), "The Liberals"))
    reason = n._(_REASON.get(d.get("reason", ""), "five Liberal policies were enacted."))
    out = [n._("{side} won: {reason}").format(side=side, reason=reason)]
    roles: Mapping[str, str] = d.get("roles") or {}
    if roles:
        out.append(n._("The roles: {roles}.").format(roles=n.list(
            [n._("{name} was {role}").format(name=p, role=n._(_ROLE.get(r, "a Liberal"))) for p, r in roles.items()])))
    return out


EVENTS = {
    "player_list": player_list, "role": role, "deck": deck,
    "nominations": nominations, "nominated": nominated, "no_nomination": no_nomination,
    "post": post, "voted": voted, "vote_ignored": vote_ignored, "vote_result": vote_result,
    "policies_drawn": policies_drawn, "discarded": discarded, "policies_passed": policies_passed,
    "enacted": enacted, "veto_requested": veto_requested, "veto_answered": veto_answered, "vetoed": vetoed,
    "policy_enacted": policy_enacted, "reshuffled": reshuffled,
    "peek": peek, "investigation": investigation, "special_election_chosen": special_election_chosen,
    "execution_chosen": execution_chosen, "executive_action": executive_action,
    "night_report": night_report, "day_start": day_start, "game_over": game_over, "claim": claim_made,
}


class SecretHitlerNarrator(Narrator):
    """Secret Hitler's narrator (``SecretHitler.NARRATOR``)."""

    RULES_SUMMARY = (
        N_('Secret Hitler is for 5 to 10 players. Most are Liberals; a few are Fascists, and one of them is Hitler. The Fascists know each other; with 7 or more players Hitler does not know them.'),
        N_('The Liberals win with 5 Liberal policies or by executing Hitler. The Fascists win with 6 Fascist policies, or by electing Hitler Chancellor once 3 Fascist policies are enacted.'),
        N_('Each round the Presidential Candidate nominates a Chancellor Candidate and everyone votes yes or no. A failed vote moves the election tracker on; when it is full, the top policy is enacted.'),
        N_('An elected President draws three policies and discards one in secret; the Chancellor enacts one of the other two. Nobody else sees the cards, so claims about them may be lies.'),
        N_("Some Fascist policies give the President a power: investigate a player's party, peek at the next three policies, choose the next President, or execute a player."),
    )
    EVENTS = EVENTS
    OPTION_LABELS = {
        "variant": (N_("Rules"), {"turbo": N_("Turbo forum game"), "official": N_("Official board game")}),
        "pace": (N_("Deadlines"), {"turbo": N_("The turbo deadlines"), "untimed": N_("No deadlines")}),
        "power_holder": (N_("Who uses the powers"), {
            "turbo": N_("The Chancellor investigates and executes, the President peeks and calls special elections"),
            "president": N_("The President uses every power")}),
        "pass_rule": (N_("When a ticket passes"), {
            "living_majority": N_("More than half of the living players vote yes"),
            "votes_cast": N_("More yes than no votes are cast")}),
        "veto_counts_as_failed_election": (N_("An allowed veto moves the election tracker"),
                                           {True: N_("Yes"), False: N_("No")}),
        "investigate_once": (N_("Each player can be investigated only once"), {True: N_("Yes"), False: N_("No")}),
    }

    def phase(self, view: Mapping[str, Any]) -> str:
        _ = self._
        if view.get("over"):
            return _("The game is over.")
        b = view.get("board") or {}
        step, day = b.get("step"), b.get("day")
        pc, cc = b.get("presidential_candidate"), b.get("chancellor_candidate")
        if day == 0:
            return _("Night 0: the President nominates two players, then the first government passes a policy in secret.")
        when = _("Election round {day}").format(day=day) if self.options.get("variant") == "official" \
            else _("Day {day}").format(day=day)
        if step == "nominate":
            return _("{when}: {name} is choosing a Chancellor Candidate.").format(when=when, name=pc)
        if step == "vote":
            return _("{when}: the vote on {president} as President and {chancellor} as Chancellor.").format(
                when=when, president=pc, chancellor=cc)
        if step in ("night", "night_end") or view.get("phase") == "night":
            return _("Night {day}: the government is at work in secret; the Mod reports at dawn.").format(day=day)
        if step == "power":
            return _("{when}: a presidential power is being used.").format(when=when)
        return _("{when}: the legislative session.").format(when=when)

    def doing(self, view: Mapping[str, Any], names: str, count: int) -> str | None:
        _, step = self._, (view.get("board") or {}).get("step")
        if step == "vote":
            return self.ngettext("Waiting for {names} to vote.", "Waiting for {names} to vote.", count).format(names=names)
        if step in ("night", "night_end") or view.get("phase") == "night":
            return self.ngettext("Waiting for {names} to finish the secret work of the night.",
                                 "Waiting for {names} to finish the secret work of the night.", count).format(names=names)
        said = {"nominate": _("Waiting for {names} to choose a Chancellor Candidate."),
                "nominate_pair": _("Waiting for {names} to nominate two players."),
                "discard": _("Waiting for {names} to discard a policy."),
                "enact": _("Waiting for {names} to enact a policy."),
                "veto": _("Waiting for {names} to answer the veto."),
                "power": _("Waiting for {names} to use a presidential power.")}.get(step or "")
        return said.format(names=names) if said else None

    def deadline_note(self, view: Mapping[str, Any]) -> str | None:
        _ = self._
        b = view.get("board") or {}
        step = b.get("step")
        if step == "nominate":
            return _("If no Chancellor Candidate is named in time, the election fails and the election tracker moves.")
        if step == "vote":
            return _("When the day ends the votes are counted; a player without a vote counts as not voting yes.")
        if step == "nominate_pair":
            return _("If the President does not nominate in time, the Mod picks two players at random.")
        if step in ("discard", "enact"):
            return _("If time runs out, the Mod picks the policy at random.")
        if step == "veto":
            return _("If the President does not answer in time, the veto is refused.")
        if step == "power":
            return _("If time runs out, the Mod picks the player at random.")
        if step in ("night", "night_end"):
            return _("When the night ends, the Mod announces what happened.")
        return None

    def prompt(self, view: Mapping[str, Any], legal: list[Mapping[str, Any]]) -> dict[str, Any] | None:
        """The step's choices, then the claims (listed last: a choice's number is its place in ``legal``)."""
        claims = claim_choices(self, legal)
        out = self._step_prompt(view, legal[:len(legal) - len(claims)]) if len(claims) < len(legal) else None
        if not claims:
            return out
        out = out or {"title": self._("You may claim what you saw."), "explain": None, "choices": []}
        return {**out, "choices": list(out["choices"]) + claims}

    def _step_prompt(self, view: Mapping[str, Any], legal: list[Mapping[str, Any]]) -> dict[str, Any] | None:
        _ = self._
        b = view.get("board") or {}
        p = view.get("private") or {}
        kind = legal[0].get("action")
        choices: list[dict[str, Any]] = []
        title, explain = "", None
        if kind == "nominate" and "targets" in legal[0]:
            title = _("Night 0: nominate two players as possible Chancellors.")
            explain = _("The Mod picks one of your two at random to be Chancellor; the others learn who it was at dawn.")
            choices = [{"action": i, "label": self.list(a["targets"]), "explain": None} for i, a in enumerate(legal)]
        elif kind == "nominate":
            title = _("Choose your Chancellor Candidate.")
            explain = _("Everyone then votes on you as President with this Chancellor.")
            choices = [{"action": i, "label": _("Nominate {name}").format(name=a["target"]), "explain": None}
                       for i, a in enumerate(legal)]
        elif kind == "vote":
            pc, cc = b.get("presidential_candidate"), b.get("chancellor_candidate")
            title = _("Vote on the ticket: {president} as President and {chancellor} as Chancellor.").format(
                president=pc, chancellor=cc)
            limit = b.get("tracker_limit", _tracker_limit(self))
            explain = _("If the ticket fails, the election tracker moves to {next} of {limit}; at {limit} the top "
                        "policy is enacted.").format(next=int(b.get("election_tracker", 0)) + 1, limit=limit)
            if int(b.get("fascist_policies", 0)) >= 3:
                explain += " " + _("Three Fascist policies are down: if {chancellor} is Hitler and is elected, "
                                   "the Fascists win.").format(chancellor=cc)
            codes = p.get("todays_codes") or {}
            for i, a in enumerate(legal):
                if a.get("vote") == "yes":
                    label, what = _("Ja! (yes)"), _("{president} and {chancellor} form the government if the ticket passes.")
                    code = codes.get("yes")
                else:
                    label, what = _("Nein! (no)"), _("You vote against this government.")
                    code = codes.get("no")
                what = what.format(president=pc, chancellor=cc)
                if code is not None:
                    what += " " + _("This posts your code {code} in bold.").format(code=code)
                choices.append({"action": i, "label": label, "explain": what})
        elif kind == "discard":
            title = _("Discard one of your three policies.")
            explain = _("The other two go to the Chancellor, who enacts one of them.")
            choices = [{"action": i, "label": _("Discard a {card} policy").format(card=_policy(self, a.get("card"))),
                        "explain": None} for i, a in enumerate(legal)]
        elif kind in ("enact", "veto"):
            title = _("Enact one of your two policies.")
            explain = _("The policy you enact goes on the board; the other is discarded.")
            for i, a in enumerate(legal):
                if a.get("action") == "veto":
                    if self.options.get("veto_counts_as_failed_election", True):
                        why = _("If the President allows it, both policies are discarded and the election tracker moves.")
                    else:
                        why = _("If the President allows it, both policies are discarded and the election tracker "
                                "goes back to 0.")
                    choices.append({"action": i, "label": _("Ask for a veto"), "explain": why})
                else:
                    choices.append({"action": i, "label": _("Enact a {card} policy").format(
                        card=_policy(self, a.get("card"))), "explain": None})
        elif kind == "veto_response":
            title = _("The Chancellor asks to veto this agenda.")
            if self.options.get("veto_counts_as_failed_election", True):
                explain = _("If you allow it, both policies are discarded and the election tracker moves; if you "
                            "refuse, the Chancellor must enact one.")
            else:
                explain = _("If you allow it, both policies are discarded and the election tracker goes back to 0; "
                            "if you refuse, the Chancellor must enact one.")
            choices = [{"action": i, "label": _("Allow the veto") if a.get("allow") else _("Refuse the veto"),
                        "explain": None} for i, a in enumerate(legal)]
        elif kind == "investigate":
            title = _("Investigate a player's party membership.")
            explain = _("The Mod tells you alone whether they are Liberal or Fascist (Hitler shows as Fascist).")
            choices = [{"action": i, "label": _("Investigate {name}").format(name=a["target"]), "explain": None}
                       for i, a in enumerate(legal)]
        elif kind == "special_election":
            title = _("Call a special election: choose the next Presidential Candidate.")
            explain = _("After that election the usual order goes on after you.")
            choices = [{"action": i, "label": _("Make {name} Presidential Candidate").format(name=a["target"]),
                        "explain": None} for i, a in enumerate(legal)]
        elif kind == "execute":
            title = _("Execute a player.")
            explain = _("They leave the game at once and may no longer post or vote; if they are Hitler, the Liberals win.")
            choices = [{"action": i, "label": _("Execute {name}").format(name=a["target"]), "explain": None}
                       for i, a in enumerate(legal)]
        else:
            return None
        return {"title": title, "explain": explain, "choices": choices}
