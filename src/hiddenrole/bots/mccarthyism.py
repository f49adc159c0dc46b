"""A rule-based McCarthyism bot: Commies protect Commies and push Americans; Americans
snitch on the players whose votes and plays were suspicious; sensible card play.

The rulebook's end: "If even a single commie is not blacklisted at the end, then all the
commies win ... If all commies are blacklisted, then the remaining non-blacklisted players
win." And a blacklisting passes with "1/3 or more of the non-blacklisted players".

* **An American** keeps a suspicion per player: certain for roles it was shown (a
  confession, "Lemme see", "You seem suspicious", "Loose lips", a drink swap); raised for a
  snitch who accuses a known American, for a caller of the end while a known Commie is free,
  for a player named by a blacklisted snitch known to be a Commie (who "must choose as many
  commies as possible"), and, when the votes are revealed, for votes that shielded a known
  Commie or struck a known American. It snitches on the most suspect player it may choose,
  votes to blacklist anyone it does not know to be an American, calls (and votes for) the
  end only once it knows every Commie is blacklisted.
* **A Commie** knows the Commies (it woke up with them). It snitches on Americans (the ones
  it knows first), votes against blacklisting a Commie and for blacklisting an American,
  calls the end and votes for it while a Commie is free, whitelists a blacklisted Commie
  with "I know a guy", and never confesses nor escapes when it may decline.

Both decline the cards that would change whose side they are on (Double Agent, Commies take
over, the drink swap) and play the information cards; a forced play takes the least harmful
card.
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from ..engine import Action
from .base import Bot, Observation
from .common import EventCursor, best, find, new_events, of_kind

COMMIE, AMERICAN = "commie", "american"
_FLIP = {COMMIE: AMERICAN, AMERICAN: COMMIE}

CONFESS = "confess_to_the_feds"
ESCAPE = "escape_to_the_reds"

#: Card preference when the bot may play or must play one (higher first), per allegiance.
#: Cards valued below 0 are declined when declining is allowed.
CARD_VALUE: dict[str, dict[str, float]] = {
    AMERICAN: {
        "super_snitch": 5, "you_seem_suspicious": 4, "lemme_see_what_you_got_there": 4, "loose_lips": 3,
        "something_to_say": 3, "i_know_a_guy": 2, "deep_research": 1, CONFESS: 0.5, ESCAPE: -3,
        "double_agent": -2, "commies_take_over": -2, "too_much_to_drink": -2,
    },
    COMMIE: {
        "i_know_a_guy": 5, "super_snitch": 4, "something_to_say": 3, "you_seem_suspicious": 2,
        "lemme_see_what_you_got_there": 2, "deep_research": 1, "loose_lips": -1, CONFESS: -1.5,
        ESCAPE: -4, "double_agent": -2, "commies_take_over": -2, "too_much_to_drink": -2,
    },
}


# compiled build: a subclass of a class open to interpreted subclasses must be open too,
# or mypyc runs its __init__ twice
@mypyc_attr(allow_interpreted_subclasses=True)
class McCarthyismBot(Bot):
    """The rule-based McCarthyism bot (kind ``"rule"``).

    Memory (from its own observations only): the allegiances it knows (its own, the
    Commies it saw at the start, roles shown to it or confessed), a suspicion score per
    player, and the card in play it chose.
    """

    kind = "rule"

    def __init__(self, player: str, seed: int = 0, rng: Any = None) -> None:
        super().__init__(player, seed, rng)
        self.cursor = EventCursor()
        self.suspicion: dict[str, float] = {}
        self.cards: dict[str, str] = {}  # player -> role card last seen (mine included)
        self.double_agent: str | None = None
        self.takeover = False

    # ------------------------------------------------------------ knowledge
    def allegiance(self, p: str) -> str | None:
        """``p``'s allegiance as far as I know (ruling 1: the card, flipped by the double agent
        token and again by "Commies take over"), or ``None``."""
        card = self.cards.get(p)
        if card is None:
            return None
        if (p == self.double_agent) is not self.takeover:
            return _FLIP[card]
        return card

    @property
    def mine(self) -> str:
        """My own allegiance (``"commie"`` or ``"american"``)."""
        return self.allegiance(self.player) or AMERICAN

    def commie_chance(self, p: str, board: dict[str, Any]) -> float:
        """How likely (0..1, a score) I think ``p`` is a Commie now."""
        known = self.allegiance(p)
        if known is not None:
            return 1.0 if known == COMMIE else 0.0
        n = max(len(board.get("turns_had") or {}) or 1, 1)
        base = board.get("commie_count", n // 3) / n
        return min(0.99, max(0.01, base + 0.1 * self.suspicion.get(p, 0.0)))

    def _bump(self, p: str | None, amount: float) -> None:
        if p and p != self.player:
            self.suspicion[p] = self.suspicion.get(p, 0.0) + amount

    def _read(self, view: dict[str, Any], events: list[dict[str, Any]]) -> None:
        private = view.get("private", {})
        for e in events:
            kind = e["kind"]
            if kind == "role":
                self.cards[self.player] = e.get("card", self.cards.get(self.player, AMERICAN))
            elif kind == "commies":
                for p in e["commies"]:
                    self.cards[p] = COMMIE
            elif kind == "confessed":
                self.cards[e["player"]] = e["card"]
            elif kind == "saw_role":
                self.cards[e["target"]] = e["card"]
            elif kind == "swapped":
                self.cards[self.player] = e["card"]
                self.cards[e["target"]] = e["gave"]
            elif kind == "double_agent":
                self.double_agent = e["player"]
            elif kind == "takeover":
                self.takeover = True
            elif kind == "snitched" and "targets" in e:
                self._pair(e)
            elif kind == "snitched":
                if self.allegiance(e["target"]) == AMERICAN:
                    self._bump(e["snitch"], 2.0)
                elif self.allegiance(e["target"]) == COMMIE:
                    self._bump(e["snitch"], -1.0)
            elif kind == "end_called":
                self._bump(e["snitch"], 1.0)
            elif kind == "vote_result" and isinstance(e.get("votes"), dict):
                self._weigh_votes(e)
        # the engine's own summary of what I know is authoritative on role cards
        card = (private.get("role_card") or {}).get("card")
        if card:
            self.cards[self.player] = card
        for p in private.get("commies_at_start") or []:
            self.cards.setdefault(p, COMMIE)
        for p, seen in (private.get("seen_roles") or {}).items():
            self.cards[p] = seen["card"]
        board = view.get("board", {})
        self.double_agent = board.get("double_agent", self.double_agent)
        self.takeover = bool(board.get("commies_take_over", self.takeover))

    def _pair(self, e: dict[str, Any]) -> None:
        snitch, targets = e.get("snitch"), e.get("targets") or []
        if self.allegiance(snitch or "") == COMMIE:
            for t in targets:
                self._bump(t, 5.0)  # "he must choose as many commies as possible"
        else:
            for t in targets:
                self._bump(t, 0.5)

    def _weigh_votes(self, e: dict[str, Any]) -> None:
        """Revealed votes (option ``reveal_votes``): shielding a Commie or striking an American."""
        targets = e.get("targets") or []
        motion = e.get("motion")
        for voter, vote in e["votes"].items():
            if motion == "end_game":
                continue
            for t in targets:
                side = self.allegiance(t)
                if side == COMMIE and vote == "no" or side == AMERICAN and vote == "yes":
                    self._bump(voter, 1.0)
                elif side is not None:
                    self._bump(voter, -0.5)

    def _all_commies_blacklisted(self, board: dict[str, Any]) -> bool:
        """True when I know that every Commie is blacklisted: every free player is a known American."""
        black = set(board.get("blacklisted") or [])
        for p in board.get("turns_had") or {}:
            if p not in black and self.allegiance(p) != AMERICAN:
                return False
        return True

    def _commie_free(self, board: dict[str, Any]) -> bool:
        black = set(board.get("blacklisted") or [])
        return any(self.allegiance(p) == COMMIE and p not in black for p in board.get("turns_had") or {})

    # ------------------------------------------------------------ deciding
    def choose(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions``."""
        view = observation.view or {}
        self._read(view, new_events(observation, self.cursor))
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        board = view.get("board", {})
        kinds = {a.get("action") for a in legal}
        if "vote" in kinds:
            return self._vote(legal, board)
        if kinds & {"snitch", "call_end", "pass"}:
            return self._snitch(legal, board)
        if "snitch_pair" in kinds:
            return self._snitch_pair(legal, board)
        if kinds & {"play", "decline"}:
            return self._play(legal)
        if "choose" in kinds:
            return self._target(legal, board)
        return self.rng.choice(legal)

    def _suspect(self, p: str, board: dict[str, Any]) -> float:
        return self.commie_chance(p, board)

    def _vote(self, legal: list[Action], board: dict[str, Any]) -> Action:
        vote = board.get("vote") or {}
        motion, targets = vote.get("motion"), vote.get("targets") or []
        if motion == "end_game":
            yes = self._commie_free(board) if self.mine == COMMIE else self._all_commies_blacklisted(board)
        elif self.mine == COMMIE:
            # protect Commies, push Americans
            yes = all(self.allegiance(t) != COMMIE for t in targets)
        else:
            # blacklist anyone not known to be an American: every Commie must end up blacklisted
            yes = any(self.allegiance(t) != AMERICAN for t in targets)
        return find(legal, "vote", vote="yes" if yes else "no") or legal[0]

    def _snitch(self, legal: list[Action], board: dict[str, Any]) -> Action:
        snitches = of_kind(legal, "snitch")
        call, skip = find(legal, "call_end"), find(legal, "pass")
        if self.mine == COMMIE:
            if call is not None and self._commie_free(board) and self.rng.below(2) == 0:
                return call
            americans = [a for a in snitches if self.allegiance(a["target"]) != COMMIE]
            if americans:
                return best(americans, lambda a: -self._suspect(a["target"], board), self.rng)
            return skip or call or legal[0]
        if call is not None and self._all_commies_blacklisted(board):
            return call
        suspects = [a for a in snitches if self.allegiance(a["target"]) != AMERICAN]
        if suspects:
            return best(suspects, lambda a: self._suspect(a["target"], board), self.rng)
        return skip or legal[0]

    def _snitch_pair(self, legal: list[Action], board: dict[str, Any]) -> Action:
        sign = -1.0 if self.mine == COMMIE else 1.0  # the engine already forces a Commie's Commies
        return best(legal, lambda a: sign * sum(self._suspect(t, board) for t in a["targets"]), self.rng)

    def _play(self, legal: list[Action]) -> Action:
        values = CARD_VALUE[self.mine]
        plays = of_kind(legal, "play")
        decline = find(legal, "decline")
        choice = best(plays, lambda a: values.get(a["card"], 0.0), self.rng) if plays else None
        if choice is None or decline is not None and values.get(choice["card"], 0.0) < 0:
            return decline or legal[0]
        return choice

    def _target(self, legal: list[Action], board: dict[str, Any]) -> Action:
        card = board.get("card_in_play")
        commie = self.mine == COMMIE
        black = set(board.get("blacklisted") or [])

        def value(a: Action) -> float:
            t = a["target"]
            c = self._suspect(t, board)
            if card == "i_know_a_guy":  # whitelist a friend
                return (c if commie else -c) + (0.5 if t == self.player else 0.0)
            if card in ("you_seem_suspicious",):  # look at the least known
                return -abs(c - 0.5) if self.allegiance(t) is None else -1.0
            if card in ("super_snitch", "something_to_say"):  # strike an enemy
                return (-c if commie else c) - (1.0 if t in black else 0.0)
            return -c if commie else c
        return best(legal, value, self.rng)
