"""Shady Agents told in plain words (docs/rules/shady-agents.md): one function per event kind,
the phase, what the deadline does, and the prompts (what a move, an interrogation and the
spy code are).

Public events are told by names, the same for every viewer; private ones speak to their
reader ("Anna gave you a medical kit.") or, for the Mod, name the reader.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.narration import N_, Narrator

Data = dict[str, Any]

_TOOL = {"bullet": N_("a bullet"), "medkit": N_("a medical kit"), "nothing": N_("nothing")}
_ROLE = {"operative": N_("a law-abiding operative"), "deserter": N_("a corrupt deserter")}
_SIDE = {"operatives": N_("The law-abiding operatives"), "deserters": N_("The corrupt deserters")}
#: the interrogation cards' questions, by card id (the engine's English text is their source)
QUESTIONS = {
    "medkit_to": N_("Who gets your medical kit?"),
    "bullet_to": N_("Who gets your bullet?"),
    "nearer_after_you": N_("Which of your tools goes to the player seated nearer after you (clockwise)?"),
    "nearer_before_you": N_("Which of your tools goes to the player seated nearer before you (counter-clockwise)?"),
    "nearer_you": N_("Which of your tools goes to the player seated nearer to you, counting seats either way?"),
    "nearer_after_caller": N_("Which of your tools goes to the player seated nearer after the caller "
                              "(the caller counts as nearest)?"),
    "nearer_before_caller": N_("Which of your tools goes to the player seated nearer before the caller "
                               "(the caller counts as nearest)?"),
    "nearer_caller": N_("Which of your tools goes to the player seated nearer to the caller, counting seats "
                        "either way (the caller counts as nearest)?"),
    "earlier_in_round_one": N_("Which of your tools goes to the player who plays earlier in round 1?"),
    "nearer_first_player": N_("Which of your tools goes to the player seated nearer to the first player, "
                              "counting seats either way (the first player counts as nearest)?"),
    "parted_first": N_("Which of your tools do you give away or discard first?"),
}
_ANSWER = {
    "both": N_("both, at once to the same player"), "discarded": N_("nobody: it is discarded"),
    "bullet": N_("my bullet"), "medkit": N_("my medical kit"),
}
#: what "my bullet" and "my medical kit" claim on each "which of your tools" card, in full:
#: the card asks where the answerer's tools go (past or future), never which one they hold
CLAIMS: dict[str, dict[str, str]] = {
    "nearer_after_you": {
        "bullet": N_("my bullet goes to a player seated nearer after me (clockwise) than my medical kit does"),
        "medkit": N_("my medical kit goes to a player seated nearer after me (clockwise) than my bullet does")},
    "nearer_before_you": {
        "bullet": N_("my bullet goes to a player seated nearer before me (counter-clockwise) than my medical kit does"),
        "medkit": N_("my medical kit goes to a player seated nearer before me (counter-clockwise) than my bullet does")},
    "nearer_you": {
        "bullet": N_("my bullet goes to a player seated nearer to me than my medical kit does"),
        "medkit": N_("my medical kit goes to a player seated nearer to me than my bullet does")},
    "nearer_after_caller": {
        "bullet": N_("my bullet goes to a player seated nearer after the caller than my medical kit does"),
        "medkit": N_("my medical kit goes to a player seated nearer after the caller than my bullet does")},
    "nearer_before_caller": {
        "bullet": N_("my bullet goes to a player seated nearer before the caller than my medical kit does"),
        "medkit": N_("my medical kit goes to a player seated nearer before the caller than my bullet does")},
    "nearer_caller": {
        "bullet": N_("my bullet goes to a player seated nearer to the caller than my medical kit does"),
        "medkit": N_("my medical kit goes to a player seated nearer to the caller than my bullet does")},
    "earlier_in_round_one": {
        "bullet": N_("my bullet goes to a player who plays earlier in round 1 than the receiver of my medical kit"),
        "medkit": N_("my medical kit goes to a player who plays earlier in round 1 than the receiver of my bullet")},
    "nearer_first_player": {
        "bullet": N_("my bullet goes to a player seated nearer to the first player than my medical kit does"),
        "medkit": N_("my medical kit goes to a player seated nearer to the first player than my bullet does")},
    "parted_first": {
        "bullet": N_("I part with my bullet before my medical kit"),
        "medkit": N_("I part with my medical kit before my bullet")},
}


def tool(n: Narrator, name: Any) -> str:
    """A tool in words: ``"medkit"`` -> ``"a medical kit"``."""
    return n._(_TOOL.get(name, "nothing"))


def question(n: Narrator, card: Any, english: Any = None) -> str:
    """An interrogation card's question in the narrator's language."""
    if card in QUESTIONS:
        return n._(QUESTIONS[card])
    return str(english or "")


def answer(n: Narrator, value: Any, card: Any = None) -> str:
    """An answer id in words: ``"medkit"`` -> ``"my medical kit"``, ``"discarded"`` ->
    ``"nobody: it is discarded"``; a player's name is itself. With the ``card`` it answers,
    a tool says what it claims on that card: ``"medkit"`` to ``"nearer_caller"`` -> ``"my
    medical kit goes to a player seated nearer to the caller than my bullet does"``."""
    text = str(value)
    claims = CLAIMS.get(str(card))
    if claims is not None and text in claims:
        return n._(claims[text])
    if text in _ANSWER:
        return n._(_ANSWER[text])
    return text


def role(n: Narrator, d: Data, to: Any) -> list[str]:
    r = n._(_ROLE.get(d.get("role", ""), "a law-abiding operative"))
    if d.get("role") == "deserter":
        code = n.mine(to, N_("Your spy code: you must lie when you answer an interrogation."),
                      N_("{reader}'s spy code: lie when answering an interrogation."))
    else:
        code = n.mine(to, N_("Your spy code: you must tell the truth when you answer an interrogation."),
                      N_("{reader}'s spy code: tell the truth when answering an interrogation."))
    return [n.mine(to, N_("You are {role}."), N_("{reader} is {role}."), role=r), code]


def revealed_card(n: Narrator, d: Data, to: Any) -> list[str]:
    side = n._(_SIDE.get(d.get("side", ""), "The law-abiding operatives"))
    return [n._("With an odd number of players one role card was revealed: {role}.").format(
        role=n._(_ROLE.get(d.get("role", ""), "a law-abiding operative"))),
        n._("{side} get one bonus point at the end, for the smaller team.").format(side=side)]


def deck(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n._("The Mod shuffled the interrogation cards: {count} cards.").format(count=len(d.get("order") or ()))]


def first_player(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n._("{player} is the first player; round 1 goes {order}.").format(
        player=d.get("player"), order=", ".join(d.get("order") or ()))]


def give(n: Narrator, d: Data, to: Any) -> list[str]:
    out = [n._("{giver} gave {receiver} a tool face down.").format(giver=d.get("giver"), receiver=d.get("receiver"))]
    if d.get("by_timeout"):
        out.insert(0, n._("Time ran out, so the Mod gave a tool of {giver}'s at random.").format(giver=d.get("giver")))
    return out


def tool_event(n: Narrator, d: Data, to: Any) -> list[str]:
    giver, receiver, t = d.get("giver"), d.get("receiver"), tool(n, d.get("tool"))
    viewer = n.viewer
    if n.private_for_viewer(to) and viewer == receiver:
        return [n._("{giver} gave you {tool}.").format(giver=giver, tool=t)]
    if n.private_for_viewer(to) and viewer == giver:
        return [n._("You gave {receiver} {tool}.").format(receiver=receiver, tool=t)]
    return [n._("The tool {giver} gave {receiver} was {tool}.").format(giver=giver, receiver=receiver, tool=t)]


def discard(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n.mine(to, N_("You discarded {tool} face down to call an interrogation."),
                   N_("{reader} discarded {tool} face down to call an interrogation."), tool=tool(n, d.get("tool")))]


def interrogation(n: Narrator, d: Data, to: Any) -> list[str]:
    q = question(n, d.get("card"), d.get("question"))
    if d.get("discarded"):
        first = n._("{caller} discarded a tool face down and called interrogation {number}: “{question}”")
    else:
        first = n._("{caller} called interrogation {number}: “{question}”")
    return [first.format(caller=d.get("caller"), number=d.get("number"), question=q),
            n._("Everyone answers in turn, the caller last: law-abiding operatives tell the truth, corrupt deserters lie.")]


def answer_event(n: Narrator, d: Data, to: Any) -> list[str]:
    out = []
    if d.get("by_timeout"):
        out.append(n._("Time ran out, so the Mod answered for {player} at random.").format(player=d.get("player")))
    if "text" in d:
        out.append(n._("{player} answered: “{text}”").format(player=d.get("player"), text=d.get("text")))
    else:
        out.append(n._("{player} answered: {answer}.").format(player=d.get("player"), answer=answer(n, d.get("answer"), d.get("card"))))
    return out


def post(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n._("{player} wrote: “{text}”").format(player=d.get("player"), text=d.get("text"))]


def round_two(n: Narrator, d: Data, to: Any) -> list[str]:
    return [n._("Round 2 begins: everyone gives their remaining tool, in reverse order: {order}.").format(
        order=", ".join(d.get("order") or ())),
        n._("There are no more interrogations.")]


def reveal(n: Narrator, d: Data, to: Any) -> list[str]:
    roles: Mapping[str, str] = d.get("roles") or {}
    operatives = [p for p, r in roles.items() if r == "operative"]
    deserters = [p for p, r in roles.items() if r != "operative"]
    out = [n._("Every role card and tool is turned over."),
           n._("The law-abiding operatives were {names}.").format(names=n.list(operatives) or n._("nobody")),
           n._("The corrupt deserters were {names}.").format(names=n.list(deserters) or n._("nobody"))]
    for g in d.get("gifts") or ():
        out.append(n._("{giver} gave {receiver} {tool} in round {round}.").format(
            giver=g.get("giver"), receiver=g.get("receiver"), tool=tool(n, g.get("tool")), round=g.get("round")))
    for p, t in (d.get("discards") or {}).items():
        out.append(n._("{player} discarded {tool}.").format(player=p, tool=tool(n, t)))
    return out


def verdict(n: Narrator, d: Data) -> str:
    """The result in one sentence: who won and on what, with the numbers (``d`` is the
    ``game_over`` event's data: ``winner``, ``reason``, ``scores`` and ``medkits`` per side).

    Rule: "Das Team mit der höchsten Punktzahl gewinnt. [...] Bei einem Unentschieden gewinnt
    das Team mit den meisten MEDIKITs." -- the score decides, then the medical kits, else a draw.
    """
    scores = d.get("scores") or {}
    kits = d.get("medkits") or {}
    winner = d.get("winner")
    other = "deserters" if winner == "operatives" else "operatives"

    def points(count: int) -> str:
        return n.ngettext("{count} point", "{count} points", abs(count)).format(count=signed(count))

    def medkits(count: int) -> str:
        return n.ngettext("{count} medical kit", "{count} medical kits", count).format(count=count)

    if winner is None:
        score, k = int(scores.get("operatives", 0)), int(kits.get("operatives", 0))
        return n._("The game is a draw: both sides scored {points} and received {kits} each.").format(
            points=points(score), kits=medkits(k))
    side = n._(_SIDE.get(winner, "The law-abiding operatives"))
    if d.get("reason") == "more_medical_kits":
        return n._("{side} won on the tie-break: both sides scored {points}, and they received {kits}, "
                   "the other side {other_kits}.").format(
            side=side, points=points(int(scores.get(winner, 0))), kits=medkits(int(kits.get(winner, 0))),
            other_kits=medkits(int(kits.get(other, 0))))
    return n._("{side} won on points: {score} to {other}.").format(
        side=side, score=signed(int(scores.get(winner, 0))), other=signed(int(scores.get(other, 0))))


def signed(count: int) -> str:
    """A score as shown: a negative one with the minus sign "−" (U+2212), not a hyphen: -2 -> "−2"."""
    return f"\u2212{-count}" if count < 0 else str(count)


def game_over(n: Narrator, d: Data, to: Any) -> list[str]:
    scores = d.get("scores") or {}
    kits = d.get("medkits") or {}
    bullets = d.get("bullets") or {}
    bonus = d.get("bonus") or {}
    out = [verdict(n, d)]
    for key, name in (("operatives", N_("The law-abiding operatives")), ("deserters", N_("The corrupt deserters"))):
        kit_count, bullet_count = int(kits.get(key, 0)), int(bullets.get(key, 0))
        score = int(scores.get(key, 0))
        out.append(n._("{side} scored {points}: {kits}, minus {bullets}, plus {bonus} bonus.").format(
            side=n._(name), points=n.ngettext("{count} point", "{count} points", abs(score)).format(count=signed(score)),
            kits=n.ngettext("{count} medical kit", "{count} medical kits", kit_count).format(count=kit_count),
            bullets=n.ngettext("{count} bullet", "{count} bullets", bullet_count).format(count=bullet_count),
            bonus=bonus.get(key, 0)))
    return out


EVENTS = {
    "role": role, "revealed_card": revealed_card, "deck": deck, "first_player": first_player, "give": give,
    "tool": tool_event, "discard": discard, "interrogation": interrogation, "answer": answer_event,
    "post": post, "round_two": round_two, "reveal": reveal, "game_over": game_over,
}


class ShadyAgentsNarrator(Narrator):
    """Shady Agents' narrator (``ShadyAgents.NARRATOR``)."""

    RULES_SUMMARY = (
        N_('Shady Agents is for 4 to 10 players. The law-abiding operatives always tell the truth; the corrupt deserters always lie. Nobody knows who is on their side.'),
        N_('Each player holds a bullet and a medical kit. Every medical kit a player receives gives their side a point; every bullet costs their side a point.'),
        N_("Round 1: one after another, each player either gives one tool face down to another player, or discards a tool to call an interrogation: everyone answers the card's question, truthfully or with a lie, as their side demands."),
        N_('Round 2: in reverse order, everyone hands out their remaining tool; the first player gives both at once.'),
        N_('At the end all roles and tools are revealed and the points counted. The side with more points wins; on a tie, the side with more medical kits.'),
    )
    EVENTS = EVENTS
    OPTION_LABELS = {
        "enforce_statements": (N_("The spy code is enforced"), {True: N_("Yes"), False: N_("No")}),
        "first_player_may_discard": (N_("The first player may give up a tool to call an interrogation"),
                                     {True: N_("Yes"), False: N_("No")}),
        "turn_seconds": (N_("Seconds for each turn"), {}),
        "answer_seconds": (N_("Seconds for each answer"), {}),
    }

    def phase(self, view: Mapping[str, Any]) -> str:
        _ = self._
        if view.get("over"):
            return _("The game is over.")
        phase = view.get("phase")
        b = view.get("board") or {}
        if phase == "interrogation":
            card = b.get("current_card") or {}
            return _("Interrogation by {caller}: everyone answers in turn.").format(caller=card.get("caller"))
        if phase == "round_2":
            return _("Round 2: everyone gives their remaining tool.")
        return _("Round 1: each player gives a tool or calls an interrogation.")

    def doing(self, view: Mapping[str, Any], names: str, count: int) -> str | None:
        _, phase = self._, view.get("phase")
        if phase == "interrogation":
            return _("Waiting for {names} to answer the interrogation.").format(names=names)
        if phase == "round_2":
            return _("Waiting for {names} to give their remaining tool.").format(names=names)
        return _("Waiting for {names} to give a tool or call an interrogation.").format(names=names)

    def deadline_note(self, view: Mapping[str, Any]) -> str | None:
        _ = self._
        if view.get("phase") == "interrogation":
            return _("When time runs out, the Mod gives an answer the spy code allows, at random.")
        return _("When time runs out, the Mod gives one of the player's tools to a random other player.")

    def prompt(self, view: Mapping[str, Any], legal: list[Mapping[str, Any]]) -> dict[str, Any] | None:
        _ = self._
        kinds = {a.get("action") for a in legal}
        choices: list[dict[str, Any]] = []
        if "answer" in kinds:
            b = view.get("board") or {}
            card = b.get("current_card") or {}
            p = view.get("private") or {}
            q = question(self, card.get("card"), card.get("question"))
            title = _("Answer the interrogation: “{question}”").format(question=q)
            if not self.options.get("enforce_statements", True):
                if p.get("side") == "deserters":
                    explain = _("You are a corrupt deserter: your spy code says you must lie. The Mod does not check it: "
                                "pick an answer or write your own.")
                else:
                    explain = _("You are a law-abiding operative: your spy code says you must tell the truth. The Mod does "
                                "not check it: pick an answer or write your own.")
            elif p.get("side") == "deserters":
                explain = _("You are a corrupt deserter: your spy code says you must lie. The card asks where your tools "
                            "go, not which one you hold. Only answers that are false, or that your later moves can still "
                            "make false, are offered; once you answer, your later moves must keep it false.")
            else:
                explain = _("You are a law-abiding operative: your spy code says you must tell the truth. The card asks "
                            "where your tools go, not which one you hold. Only answers that are true, or that your later "
                            "moves can still make true, are offered; once you answer, your later moves must keep it true.")
            choices = [{"action": i, "label": answer(self, a.get("answer"), card.get("card")), "explain": None}
                       for i, a in enumerate(legal)]
            return {"title": title, "explain": explain, "choices": choices}
        if "give_both" in kinds:
            title = _("Give both your tools: the bullet to one player and the medical kit to another.")
            explain = _("This ends the game: then every role and tool is revealed and the scores are counted.")
            choices = [{"action": i, "label": _("The bullet to {bullet}, the medical kit to {medkit}").format(
                bullet=a.get("bullet"), medkit=a.get("medkit")), "explain": None} for i, a in enumerate(legal)]
            return {"title": title, "explain": explain, "choices": choices}
        if "give" in kinds or "interrogate" in kinds:
            held = (view.get("private") or {}).get("holding") or ()
            if "interrogate" in kinds:
                title = _("Your move: give a tool face down, or call an interrogation.")
            elif len(held) > 1:  # round 1: only the spy code takes the interrogation away
                title = _("Your move: give one of your tools face down. You cannot call an interrogation now: it "
                          "would break an answer you gave.")
            else:
                title = _("Give your remaining tool face down.")
            explain = _("A medical kit gives the receiver's team a point, a bullet costs it one; only the receiver sees which "
                        "it was.")
            # only the spy code narrows whom a tool may go to: say so, naming who is missing
            others = [q for q in self.players if q != self.viewer]
            for t in ("bullet", "medkit"):
                targets = {a.get("target") for a in legal if a.get("action") == "give" and a.get("tool") == t}
                missing = [q for q in others if q not in targets]
                if targets and missing:
                    explain += " " + _("{names} cannot get {tool} from you: that would break an answer you gave in an "
                                       "interrogation (your answers are promises your moves must keep to the end of the "
                                       "game).").format(names=self.list(missing), tool=tool(self, t))
                elif not targets and t in held:
                    explain += " " + _("You cannot give {tool} to anyone now: that would break an answer you gave in an "
                                       "interrogation (your answers are promises your moves must keep to the end of the "
                                       "game).").format(tool=tool(self, t))
            for i, a in enumerate(legal):
                if a.get("action") == "give":
                    choices.append({"action": i, "label": _("Give {tool} to {name}").format(
                        tool=tool(self, a.get("tool")), name=a.get("target")), "explain": None})
                elif a.get("discard"):
                    choices.append({"action": i, "label": _("Discard {tool} and call an interrogation").format(
                        tool=tool(self, a.get("discard"))), "explain": _(
                        "You give up that tool face down; everyone must answer the next interrogation card.")})
                else:
                    choices.append({"action": i, "label": _("Call an interrogation"), "explain": _(
                        "As the first player you keep both tools; everyone must answer the next interrogation card.")})
            return {"title": title, "explain": explain, "choices": choices}
        return None
