"""Bots that play like people (kind ``"human"``): the rule bots' reading of the game, with a
person's limits and a person's lies.

The rule bots (:mod:`.secret_hitler`, :mod:`.mccarthyism`, :mod:`.shady_agents`) play each
side's obvious strategy with a perfect memory, exact arithmetic and lies that never slip.
People do not: a table of people misreads some evidence, forgets old evidence, resolves a
quarrel between two players by whom it already trusted, and its liars build cover before
they strike. The human bots keep the rule bots' reading of the events and change the
decisions, on a few principles shared by every game:

* **Noisy trust** (``trust_noise``): every time a player judges someone (a vote, a
  nomination, a target), the suspicion it reads is off by a uniform error of up to
  ``trust_noise`` (in the rule bot's suspicion units: 1 is what one Fascist policy adds).
* **Bounded memory** (``memory``): suspicion fades by this factor at every new piece of
  public evidence (a government's policy, a vote); what a player saw with its own eyes (a
  role it was shown, a lie about its own cards) stays certain.
* **Plausible lies** (``lie_plausibility``): a liar tells the story the public facts make
  likely, and keeps its cover, with this probability; otherwise it plays its side's
  obvious move (as the rule bot does).

Secret Hitler adds the Fascists' table play, where people differ most from the rule bots
(docs/bots.md, "The human bots"). Every draw comes from the bot's seeded generator, so a game
replays exactly from its seed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mypy_extensions import mypyc_attr

from ..engine import Action
from .base import BotParam, Observation
from .common import best, find
from .mccarthyism import COMMIE, McCarthyismBot
from .secret_hitler import PROVEN, SecretHitlerBot
from .shady_agents import DESERTER, MEDKIT, ShadyAgentsBot

#: The principles every human bot takes (the same names and ranges in every game).
TRUST_NOISE = BotParam(
    "trust_noise", 5.0, 0.0, 10.0,
    "how far off a player's reading of someone can be (a uniform error; Secret Hitler: in suspicion "
    "units, 1 = what one Fascist policy adds; McCarthyism, Shady Agents: in fiftieths of a probability; 0: exact)",
)
MEMORY = BotParam(
    "memory", 0.6, 0.0, 1.0,
    "share of older suspicion kept at each new piece of evidence (1: never forgets)",
)
LIE_PLAUSIBILITY = BotParam(
    "lie_plausibility", 0.4, 0.0, 1.0,
    "chance that a liar keeps a plausible cover instead of the obvious move",
)

#: The most a trusted Chancellor's standing lowers the risk a Liberal sees in a ticket
#: (suspicion units: a Chancellor with two Liberal policies behind them, before fading).
TRUST_CREDIT = 2.0

#: A kill cannot be undone: the table weighs it together, and reads with this share of the noise.
KILL_CARE = 0.5

_SCALE = 1000  # probabilities and noise are drawn as integers below 2 * _SCALE (seeded generator)
_BATCH = 16  # draws taken from the shared generator at a time (one bot's, used in order)


def _params(specs: tuple[BotParam, ...], given: Mapping[str, float] | None) -> dict[str, float]:
    """The bot's parameter values: ``given`` (checked by ``check_bot_params``) over the defaults."""
    values = {spec.name: spec.default for spec in specs}
    if given:
        for name, value in given.items():
            if name in values:
                values[name] = float(value)
    return values


# ---------------------------------------------------------------------------- Secret Hitler
SH_PARAMS: tuple[BotParam, ...] = (
    TRUST_NOISE,
    MEMORY,
    LIE_PLAUSIBILITY,
    BotParam("vote_caution", 1.5, 0.0, 10.0,
             "suspicion a Liberal tolerates in a government before voting it down (the rule bot: 1.5)"),
    BotParam("hitler_caution", 2.75, 0.0, 10.0,
             "suspicion a Liberal adds to any Chancellor not proven liberal once 3 Fascist policies are down"),
    BotParam("association", 1.0, 0.0, 2.0,
             "share of a suspect's suspicion a Liberal passes on to the player the suspect nominates or "
             "declares liberal after an examination (guilt by association: how people look for Hitler)"),
    BotParam("hitler_hunt", 0.7, 0.0, 1.0,
             "chance a Liberal who may kill aims at the likeliest Hitler (the most suspect player not "
             "proven a Fascist: a proven one is most likely an ordinary Fascist) rather than a proven Fascist"),
    BotParam("conflict_rate", 0.9, 0.0, 1.0,
             "chance a Fascist Chancellor handed a Liberal and a Fascist policy enacts the Fascist one "
             "and claims two Fascist policies (a claim conflict), once a Fascist policy is down"),
    BotParam("coordination", 0.8, 0.0, 1.0,
             "chance a Fascist follows the team plan at a vote (yes for a partner, yes for Hitler after "
             "3 Fascist policies) rather than voting as a Liberal would"),
    BotParam("hitler_cover", 0.7, 0.0, 1.0,
             "chance Hitler (who knows nobody at 7+ players) plays a decision exactly as a Liberal would"),
)


@mypyc_attr(allow_interpreted_subclasses=True)
class HumanSecretHitlerBot(SecretHitlerBot):
    """Secret Hitler as a table of people plays it (kind ``"human"``); see :data:`SH_PARAMS`.

    What changes from the rule bot (:class:`SecretHitlerBot`), and why:

    * **Liberals judge with noise and forget** (``trust_noise``, ``memory``): a vote, a
      nomination and a target read each suspicion with a uniform error; suspicion fades as
      governments pass. A quarrel (the President's and the Chancellor's claims disagree) is
      settled as people settle it: the one already trusted less takes most of the blame.
    * **Fascists keep their cover** (``lie_plausibility``): a Fascist President paired with a
      Liberal Chancellor passes a Liberal policy while the Fascist track is short (the
      Liberals count on such a President); later they pass Fascist policies and tell the
      plausible story ("I drew three Fascist policies").
    * **Claim conflicts** (``conflict_rate``): a Fascist Chancellor handed a Liberal and a
      Fascist policy enacts the Fascist one and says they got two: a word against a word the
      other Liberals cannot check.
    * **Imperfect coordination** (``coordination``): a Fascist sometimes votes by its own
      read of the ticket instead of the team plan.
    * **Hitler's cover** (``hitler_cover``): Hitler, who knows nobody at 7 or more players,
      plays as a Liberal would, except now and then (a Fascist instinct: enacting a Fascist
      policy when handed a choice).
    * **Looking for Hitler** (``association``, ``hitler_caution``, ``hitler_hunt``): a
      suspect's nominee, or the player a suspect clears, becomes suspect; once 3 Fascist
      policies are down an untested Chancellor might be Hitler, except one already elected
      there without the game ending; a kill aims at the likeliest Hitler, read with half the
      noise (:data:`KILL_CARE`).
    * **Trust counts** (:data:`TRUST_CREDIT`): a trusted Chancellor offsets some doubt about
      the President.

    Args:
        player, seed, rng: as :class:`~hiddenrole.bots.base.Bot`.
        params: ``{name: number}`` for the parameters in :data:`SH_PARAMS` (others ignored).
    """

    #: every event kind (no reader): on the compiled build its decisions with a reader of the
    #: rule bot's kinds differed from those with every event (tests/engine/test_eng_stream.py),
    #: and a reader gains Secret Hitler nothing (docs/performance.md)
    READS = None

    summary = ("Plays like a table of people: noisy trust, fading memory, plausible lies, Fascists "
               "who build cover and start claim conflicts; calibrated on human Secret Hitler games "
               "(--bot-param changes how skilled the group is).")

    kind = "human"
    PARAMS = SH_PARAMS

    def __init__(self, player: str, seed: int = 0, rng: Any = None, params: Mapping[str, float] | None = None) -> None:
        super().__init__(player, seed, rng)
        p = _params(SH_PARAMS, params)
        self.noise = p["trust_noise"]
        self.memory = p["memory"]
        self.plausible = int(p["lie_plausibility"] * _SCALE)
        self.vote_caution = p["vote_caution"]
        self.hitler_caution = p["hitler_caution"]
        self.conflict_rate = int(p["conflict_rate"] * _SCALE)
        self.coordination = int(p["coordination"] * _SCALE)
        self.hitler_cover = int(p["hitler_cover"] * _SCALE)
        self.association = p["association"]
        self.hitler_hunt = int(p["hitler_hunt"] * _SCALE)
        self.not_hitler: set[str] = set()  # Chancellors elected in the Hitler zone (game went on)
        self.examined_fascist: set[str] = set()  # players I examined and found Fascist
        self._draws: list[int] = []  # seeded draws not used yet (see _draw)

    # ------------------------------------------------------------ a person's limits
    def _draw(self) -> int:
        """A uniform integer in ``0 .. 2 * _SCALE - 1`` from the shared seeded generator,
        drawn :data:`_BATCH` at a time (``Rng.below_many``: several per 53-bit draw)."""
        draws = self._draws
        if not draws:
            draws = self._draws = self.rng.below_many(2 * _SCALE, _BATCH)
        return draws.pop()

    def _chance(self, per_scale: int) -> bool:
        """True with probability ``per_scale / _SCALE`` (one seeded draw; none at 0 or certain)."""
        if per_scale <= 0:
            return False
        if per_scale >= _SCALE:
            return True
        return self._draw() < 2 * per_scale

    def noisy(self, p: str, care: float = 1.0) -> float:
        """My suspicion of ``p`` as I read it now: :meth:`score` off by a uniform error of up to
        ``trust_noise * care`` (certainties, a role I know or a proven liar, are read exactly)."""
        s = self.score(p)
        if self.noise <= 0.0 or s >= PROVEN / 2 or s <= -PROVEN / 2:
            return s
        return s + (self._draw() - _SCALE) * self.noise * care / _SCALE

    def _fade(self) -> None:
        """Older suspicion fades (``memory``); what I saw myself (±PROVEN) stays."""
        keep = self.memory
        if keep >= 1.0:
            return
        suspicion = self.suspicion
        for p, s in suspicion.items():
            if -PROVEN / 2 < s < PROVEN / 2:
                suspicion[p] = s * keep

    def _policy(self, card: str) -> None:
        self._fade()
        super()._policy(card)

    def _read(self, events: list[dict[str, Any]]) -> None:
        """As the rule bot, plus two things people do: guilt by association (a suspect's
        nominee takes on ``association`` of the suspect's suspicion, once per nomination),
        and the Hitler-zone deduction: a Chancellor elected once 3 Fascist policies are down,
        the game going on, is not Hitler ("electing Hitler as Chancellor" would have ended it).

        Both are read from what the rule bot keeps (its last ticket and government), so the
        events are walked once: a voter is asked at every election, so no two nominations or
        elections reach it together, and two in a row never name the same pair (the
        presidency moves on; a Chancellor is not elected twice running). Compared by value,
        not identity: the compiled build keeps a tuple attribute unboxed, so each read is a
        new object."""
        if self.plays_fascist:
            super()._read(events)
            return
        ticket, government, fascist_policies = self.ticket, self.government, self.fascist_policies
        super()._read(events)
        if self.ticket != ticket and self.association > 0.0:
            pres, chanc = self.ticket
            s = self.score(pres or "")
            if s > 0.0:
                self._bump(chanc, self.association * (s if s < PROVEN / 2 else 3.0))
        now = self.government
        if now != government and now is not None and now[1] and fascist_policies >= 3:
            self.not_hitler.add(now[1])

    def _queue(self, text: str) -> None:
        """As the rule bot (a claim to post); a Liberal who examined a Fascist keeps them as a
        Hitler suspect (Liberals tell the truth: their claim is what they saw)."""
        if not self.plays_fascist and text.startswith("claim investigate ") and text.endswith(" fascist"):
            self.examined_fascist.add(text.split()[2])
        super()._queue(text)

    def _claim(self, poster: str, text: str) -> None:
        """As the rule bot; a suspect who declares someone liberal after an examination makes
        that player suspect too (``association``): Fascists examine Hitler to clear him."""
        super()._claim(poster, text)
        share = self.association
        if share > 0.0 and not self.plays_fascist and poster != self.player and text.endswith(" liberal"):
            words = text.split()
            if len(words) >= 4 and words[1] == "investigate":
                s = self.score(poster)
                if s > 0.0:
                    self._bump(words[2], share * min(s, 3.0) + 1.0)  # undo the rule bot's -1, and more

    def _conflict(self, pres: str, chanc: str) -> None:
        """A quarrel I cannot check: the one I already trusted less (as I read them now) takes
        most of the blame (2), the other some (0.5); a Fascist who knows both blames as the
        rule bot does (it does not matter to its play)."""
        if self.plays_fascist:
            super()._conflict(pres, chanc)
            return
        if self.noisy(pres) >= self.noisy(chanc):
            self._bump(pres, 2.0)
            self._bump(chanc, 0.5)
        else:
            self._bump(chanc, 2.0)
            self._bump(pres, 0.5)

    @property
    def covering_hitler(self) -> bool:
        """True for a Hitler who knows nobody (7+ players): plays as a Liberal would."""
        return self.role == "hitler" and not self.plays_fascist

    # ------------------------------------------------------------ deciding
    def _nominee_score(self, p: str, fascist_policies: int) -> float:
        if self.plays_fascist:
            return super()._nominee_score(p, fascist_policies)
        risk = self.noisy(p)
        if fascist_policies >= 3 and p not in self.not_hitler and risk > -PROVEN / 2:
            risk += self.hitler_caution  # they might be Hitler
        return -risk

    def _yes_vote(self, pres: str | None, chanc: str | None, fas: int, observation: Observation) -> bool:
        if self.player in (pres, chanc):
            return True
        if self.plays_fascist and self._chance(self.coordination):
            return super()._yes_vote(pres, chanc, fas, observation)
        # a Liberal, Hitler, or a Fascist voting by its own read: trust by (noisy) suspicion
        pres_score = self.noisy(pres or "")
        chanc_score = self.noisy(chanc or "")
        # a Chancellor I trust offsets some doubt about the President ("they will play the
        # Liberal policy"): the Chancellor's trust counts, a President's does not
        risk = (pres_score if pres_score > 0.0 else 0.0) + max(chanc_score, -TRUST_CREDIT)
        if fas >= 3 and chanc_score > -PROVEN / 2 and chanc not in self.not_hitler:
            risk += self.hitler_caution  # the Chancellor might be Hitler
        threshold = self.vote_caution + (1.0 if self._tracker_full(observation) else 0.0)
        return risk < threshold

    def _discard(self, legal: list[Action]) -> Action:
        if self.plays_fascist:
            chanc = (self.government or ("", ""))[1]
            partner = self._team(chanc) == "fascist"
            if not partner and self.fascist_policies < 2 and "L" in self.hand and self._chance(self.plausible):
                # build cover: a Liberal policy from a President the Liberals will trust later
                return find(legal, "discard", card="F") or legal[0]
            return find(legal, "discard", card="L") or legal[0]
        if self.covering_hitler and not self._chance(self.hitler_cover):
            return find(legal, "discard", card="L") or legal[0]  # a Fascist instinct
        return find(legal, "discard", card="F") or legal[0]

    def _enact(self, legal: list[Action]) -> Action:
        hand = self.hand
        if self.plays_fascist:
            if "L" in hand and "F" in hand:
                pres = (self.government or ("", ""))[0]
                if self._team(pres) == "fascist":
                    return find(legal, "enact", card="F") or legal[0]
                # a Liberal President knows what they passed me: enacting F is a claim conflict
                if self.fascist_policies >= 1 and self._chance(self.conflict_rate):
                    return find(legal, "enact", card="F") or legal[0]
                return find(legal, "enact", card="L") or legal[0]
            return find(legal, "enact", card="F") or find(legal, "enact", card="L") or legal[0]
        if self.covering_hitler and "L" in hand and "F" in hand and not self._chance(self.hitler_cover):
            return find(legal, "enact", card="F") or legal[0]  # a Fascist instinct
        return super()._enact(legal)

    def _power(self, legal: list[Action], kind: str) -> Action:
        if self.plays_fascist:
            return super()._power(legal, kind)
        if kind == "special_election":
            return best(legal, lambda a: -self.noisy(a["target"]), self.rng)
        if kind == "investigate":
            def unknown_first(a: Action) -> float:
                s = self.noisy(a["target"])
                return s if abs(s) < PROVEN / 2 else -PROVEN
            return best(legal, unknown_first, self.rng)
        if kind == "execute" and self._chance(self.hitler_hunt):
            def likeliest_hitler(a: Action) -> float:
                t = a["target"]
                s = self.noisy(t, KILL_CARE)
                if t in self.not_hitler:
                    return s - PROVEN / 4  # elected in the Hitler zone: not Hitler
                if t in self.examined_fascist:
                    return 3.0  # of the Fascist party, and Hitler as likely as not to be among them
                return s if s < PROVEN / 2 else 0.0  # proven by their play: an ordinary Fascist
            return best(legal, likeliest_hitler, self.rng)
        return best(legal, lambda a: self.noisy(a["target"], KILL_CARE), self.rng)


# ---------------------------------------------------------------------------- McCarthyism
MC_PARAMS: tuple[BotParam, ...] = (TRUST_NOISE, MEMORY, LIE_PLAUSIBILITY)


@mypyc_attr(allow_interpreted_subclasses=True)
class HumanMcCarthyismBot(McCarthyismBot):
    """McCarthyism as people would play it (kind ``"human"``); no human games exist to
    calibrate it, so it applies the shared principles to the rule bot (:data:`MC_PARAMS`):

    * **noisy trust**: a snitch's target and a Commie's choice read each player's Commie
      chance off by up to ``trust_noise`` / 50 (the default 5: 0.1; the rule bot's chance moves
      0.1 per unit of suspicion); a card it saw is read exactly;
    * **bounded memory**: suspicion fades by ``memory`` at every vote's result (the rule bot's
      ``_read`` fades it, before it reads the batch of events; the rule bot's ``memory`` is 1);
    * **plausible lies**: a Commie does not call for the end while a Commie is free with
      chance ``lie_plausibility`` (calling it is what gives a Commie away): it snitches on an
      American instead, as an accuser would; otherwise it plays as the rule bot (calls half
      the time).

    Args:
        player, seed, rng: as :class:`~hiddenrole.bots.base.Bot`.
        params: ``{name: number}`` for the parameters in :data:`MC_PARAMS` (others ignored).
    """

    summary = ("Plays like people would: noisy trust, fading suspicion, plausible lies (no human games "
               "exist to calibrate it; --bot-param changes how skilled the group is).")

    kind = "human"
    PARAMS = MC_PARAMS

    def __init__(self, player: str, seed: int = 0, rng: Any = None, params: Mapping[str, float] | None = None) -> None:
        super().__init__(player, seed, rng)
        p = _params(MC_PARAMS, params)
        self.noise = p["trust_noise"] / 50.0
        self.memory = p["memory"]
        self.plausible = int(p["lie_plausibility"] * _SCALE)

    def commie_chance(self, p: str) -> float:
        """The rule bot's chance that ``p`` is a Commie, off by up to ``trust_noise`` / 50 (a
        player whose card I saw is read exactly)."""
        known = self.known.get(p)
        if known is not None:  # a card I saw: read exactly
            return 1.0 if known == COMMIE else 0.0
        c = min(0.99, max(0.01, self.base + 0.1 * self.suspicion.get(p, 0.0)))  # the rule bot's, inlined
        if self.noise <= 0.0:
            return c
        return c + (self.rng.below(2 * _SCALE + 1) - _SCALE) * self.noise / _SCALE

    def _most_suspect(self, actions: list[Action], sign: float) -> Action:
        """``best(actions, lambda a: sign * self.commie_chance(a["target"]), self.rng)`` (``sign``
        1 or -1) by my noisy reading, in one loop: the action on the most (``sign`` -1: the
        least) suspect target, ties broken at random."""
        chance = self.commie_chance
        top: list[Action] = []
        top_score = float("-inf")
        for a in actions:
            score = sign * chance(a["target"])
            if score > top_score:
                top, top_score = [a], score
            elif score == top_score:
                top.append(a)
        return top[0] if len(top) == 1 else self.rng.choice(top)

    def _snitch(self, legal: list[Action]) -> Action:
        if self.mine == COMMIE and self._commie_free() and self.rng.below(_SCALE) < self.plausible:
            # a plausible liar does not call for the end while nothing points to its team:
            # it snitches on an American as an accuser would
            americans = [a for a in legal if a.get("action") == "snitch" and self.known.get(a["target"]) != COMMIE]
            if americans:
                return self._most_suspect(americans, -1.0)
        return super()._snitch(legal)


# ---------------------------------------------------------------------------- Shady Agents
SA_PARAMS: tuple[BotParam, ...] = (TRUST_NOISE, LIE_PLAUSIBILITY)


@mypyc_attr(allow_interpreted_subclasses=True)
class HumanShadyAgentsBot(ShadyAgentsBot):
    """Shady Agents as people would play it (kind ``"human"``); no human games exist to
    calibrate it, so it applies the shared principles to the rule bot (:data:`SA_PARAMS`):

    * **noisy trust**: where the rule bot gives a tool to the player most likely on a side
      (from its exact set of worlds), a person's estimate is off by up to
      ``trust_noise`` / 50 in probability;
    * **plausible lies**: a deserter tells, with chance ``lie_plausibility``, the lie the
      public facts make most plausible (as the rule bot always does), else any lie it may.

    (It keeps every world it has heard of: its memory is the rule bot's.)

    Args:
        player, seed, rng: as :class:`~hiddenrole.bots.base.Bot`.
        params: ``{name: number}`` for the parameters in :data:`SA_PARAMS` (others ignored).
    """

    summary = ("Plays like people would: noisy trust, fading memory, plausible lies (no human games "
               "exist to calibrate it; --bot-param changes how skilled the group is).")

    kind = "human"
    PARAMS = SA_PARAMS

    def __init__(self, player: str, seed: int = 0, rng: Any = None, params: Mapping[str, float] | None = None) -> None:
        super().__init__(player, seed, rng)
        p = _params(SA_PARAMS, params)
        self.noise = p["trust_noise"] / 50.0
        self.plausible = int(p["lie_plausibility"] * _SCALE)

    def _value_table(self) -> dict[str, dict[str, float]]:
        """The rule bot's expected value of each tool for each player, as I read it now: each
        player's chance of being on my side off by up to ``trust_noise`` / 50 (a value moves
        twice as far: it is ``2 * chance - 1``)."""
        values = super()._value_table()
        noise = self.noise
        if noise <= 0.0:
            return values
        below = self.rng.below
        out: dict[str, dict[str, float]] = {}
        errors: dict[str, float] = {}
        for tool, by_player in values.items():
            row: dict[str, float] = {}
            for p, v in by_player.items():
                e = errors.get(p)
                if e is None:
                    e = errors[p] = 2.0 * (below(2 * _SCALE + 1) - _SCALE) * noise / _SCALE
                row[p] = v + e if tool == MEDKIT else v - e  # one misjudgement of p, both tools
            out[tool] = row
        return out

    def _answer(self, legal: list[Action]) -> Action:
        if self.role == DESERTER and self.enforced and self.plausible < _SCALE:
            answers = [a for a in legal if a.get("action") == "answer" and "answer" in a]
            if answers and self.rng.below(_SCALE) >= self.plausible:
                return self.rng.choice(answers)  # a lie, not the most plausible one
        return super()._answer(legal)
