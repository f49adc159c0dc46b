"""The engine contract: what every game is, and what the server, bots and lab may ask of it.

A game is a pure, deterministic state machine::

    options + player names + chance outcomes + actions/timeouts  ->  the same state, every time

* :meth:`Game.to_act` says who the current step waits for (several players at once for a
  simultaneous vote); :meth:`Game.legal_actions` lists what a player may do now.
* :meth:`Game.apply` takes one action (a JSON object ``{"player": NAME, "action": KIND, ...}``)
  and returns the events it caused; :meth:`Game.timeout` passes the current deadline and
  applies the phase's documented defaults. The engine keeps no clock: :meth:`Game.timers`
  reports nominal durations in seconds and the server owns time.
* Every event has a visibility. :meth:`Game.view` is a player's information state, built
  only from what that player may know; it is plain JSON data.
* Illegal input raises :class:`~hiddenrole.engine.errors.IllegalAction` and changes nothing.
* Every random event is a chance outcome drawn through :attr:`Game.chance`.
"""

from __future__ import annotations

import importlib
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any, ClassVar, NoReturn

from mypy_extensions import mypyc_attr

from .chance import Chance
from .errors import BadSetup, IllegalAction
from .events import Event, Result
from .frozen import FrozenDict
from .observer import Observer, Reader, Selection
from .options import OptionSet
from .seating import seated_before
from .steps import Step, Steps

Action = dict[str, Any]

MAX_NAME_LENGTH = 40
# Unicode categories refused in names: control, format (zero-width...), surrogate, private
# use, unassigned, line and paragraph separators
_INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


ZERO_WIDTH_JOINER = 0x200D
#: the emoji tag characters of a subdivision flag (digits and small letters, U+E0030-E0039,
#: U+E0061-E007A) and the cancel tag that ends one (U+E007F), after a black flag U+1F3F4
EMOJI_TAGS = frozenset([*range(0xE0030, 0xE003A), *range(0xE0061, 0xE007B)])
CANCEL_TAG = 0xE007F
BLACK_FLAG = 0x1F3F4
_SKIN_TONES = range(0x1F3FB, 0x1F400)  # the emoji modifiers (Fitzpatrick types)


def _emoji_before(name: str, i: int) -> bool:
    """Whether an emoji ends just before position ``i``: a symbol (So), a skin tone, or either
    followed by the emoji presentation selector U+FE0F."""
    if i > 1 and ord(name[i - 1]) == 0xFE0F:
        i -= 1
    if i < 1:
        return False
    c = name[i - 1]
    return unicodedata.category(c) == "So" or ord(c) in _SKIN_TONES


def emoji_joins(name: str) -> frozenset[int]:
    """The positions in ``name`` of the invisible format characters that belong to an emoji
    sequence and are not fillers: a zero width joiner between two emoji (a woman technologist
    is U+1F469 U+200D U+1F4BB; a skin tone or U+FE0F may come between the first emoji and the
    joiner) and the tags of a subdivision flag (Scotland's is U+1F3F4, the tag letters
    U+E0067 U+E0062 U+E0073 U+E0063 U+E0074, the cancel tag U+E007F). A joiner anywhere else
    (between letters, at either end, two in a row) is not one of them."""
    out: set[int] = set()
    n = len(name)
    i = 0
    while i < n:
        c = ord(name[i])
        if c == ZERO_WIDTH_JOINER and i + 1 < n and _emoji_before(name, i) \
                and unicodedata.category(name[i + 1]) == "So":
            out.add(i)
        elif c == BLACK_FLAG:
            j = i + 1
            while j < n and ord(name[j]) in EMOJI_TAGS:
                j += 1
            if j > i + 1 and j < n and ord(name[j]) == CANCEL_TAG:
                out.update(range(i + 1, j + 1))
                i = j
        i += 1
    return frozenset(out)


def name_key(name: str) -> str:
    """The form in which two player names are compared: NFKC-normalised and case-folded, so
    "Alice", "alice" and full-width "Ａｌｉｃｅ" are the same name."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_player_name(name: Any) -> None:
    """Validate one player name: a string of 1 to 40 characters, no leading or trailing
    spaces, no invisible or control characters (but the joiners and tags of emoji sequences,
    :func:`emoji_joins`), at least one letter or digit.

    Raises:
        BadSetup: naming the name and what is wrong with it.
    """
    if not isinstance(name, str) or not name.strip():
        raise BadSetup(f"player name {name!r} must be a non-empty string")
    if len(name) > MAX_NAME_LENGTH:
        raise BadSetup(f"player name {name[:20]!r}... is longer than {MAX_NAME_LENGTH} characters")
    if name != name.strip():
        raise BadSetup(f"player name {name!r} has leading or trailing spaces")
    joins = emoji_joins(name)  # the joiners and tags of emoji sequences are part of what shows
    bad = next((c for i, c in enumerate(name) if unicodedata.category(c) in _INVISIBLE and i not in joins), None)
    if bad is not None:
        raise BadSetup(f"player name {name!r} contains the invisible or control character U+{ord(bad):04X}")
    if not any(unicodedata.category(c)[0] in "LN" for c in name):
        raise BadSetup(f"player name {name!r} needs at least one letter or digit")


def check_player_names(players: Any, title: str, min_players: int, max_players: int) -> tuple[str, ...]:
    """Validate a game's player names and count; returns them as a tuple.

    Args:
        players: the names in seat order (a list or tuple of strings).
        title: the game's title, for the message.
        min_players, max_players: the allowed count (inclusive).

    Raises:
        BadSetup: not a list of names, a bad name (:func:`check_player_name`), two names the same
            by :func:`name_key` (ignoring case and width), or a count out of range.
    """
    if isinstance(players, (str, bytes, Mapping, AbstractSet)):  # unordered or not names: no seat order
        raise BadSetup("players must be a list of names, in seat order")
    try:
        names = tuple(players)
    except TypeError:
        raise BadSetup("players must be a list of names") from None
    seen = set()
    for p in names:
        check_player_name(p)
        key = name_key(p)
        if key in seen:
            raise BadSetup(f"player name {p!r} is used twice")
        seen.add(key)
    if not min_players <= len(names) <= max_players:
        raise BadSetup(f"{title} needs {min_players} to {max_players} players, got {len(names)}")
    return names


def without_statements(actions: list[Action]) -> list[Action]:
    """``actions`` (legal actions, the statements listed last) without the statements
    (:data:`STATEMENTS`), in the same order; the list itself when it holds none."""
    if actions and actions[-1].get("action") in STATEMENTS:
        return [a for a in actions if a.get("action") not in STATEMENTS]
    return actions


@dataclass(frozen=True)
class Timer:
    """A running deadline of the current phase.

    Attributes:
        key: identifies this timer instance (e.g. ``"night-3"`` or ``"night-3/discard"``);
            the server starts the timer the first time it sees the key and keeps its start
            time while the key stays listed, so a 4-minute night keeps its end while its
            2-minute private steps come and go.
        seconds: the nominal length in seconds (a float in every game and build), counted
            from when the key first appeared.
    """

    key: str
    seconds: float


#: Action kinds that are statements, not moves (a Secret Hitler claim): a game may list them,
#: last, among a player's legal actions while the player may make one, but they never move
#: the game on (the step still waits for the same players). The random bot leaves them out.
STATEMENTS: frozenset[str] = frozenset({"claim"})


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled build: games outside it subclass Game
class Game(ABC):
    """Base class of every game's rules engine.

    Subclasses set the class attributes, implement the abstract methods, and change state
    only after validating an action completely (so an :class:`IllegalAction` leaves the
    state unchanged). They record what happens with :meth:`emit`.

    Args:
        players: the players' names in seat order (unique, non-empty, at most 40 characters).
        options: game options by name (see :attr:`OPTIONS`); missing ones take their defaults.
        seed: seeds every chance outcome that is not fixed.
        chance: chance outcomes fixed by a script or host, by kind (see each game's docs).

    Raises:
        BadSetup: a player count outside ``min_players .. max_players``, bad names, or a
            fixed chance outcome of a kind the game does not have (:attr:`CHANCE_KINDS`).
        BadOption: an unknown option or a bad option value.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: The most characters (code points, Python's ``len``) one post of the thread may have,
    #: as the game's post action checks it (``None``: the game declares no limit).
    max_post: ClassVar[int | None] = None
    sides: ClassVar[tuple[str, ...]]
    OPTIONS: ClassVar[OptionSet]
    #: The chance outcome kinds a script or host may fix (``None``: not declared, unchecked).
    CHANCE_KINDS: ClassVar[frozenset[str] | None] = None
    #: The kinds among them drawn again and again (reshuffles, timeout defaults...): fixed as
    #: a list of outcomes used in turn, which the constructor checks is a list.
    CHANCE_SEQUENCES: ClassVar[frozenset[str]] = frozenset()
    #: Every kind of event the game emits (a contract test checks each emitted event's kind
    #: is listed): the narrator's list of what it must be able to tell.
    EVENT_KINDS: ClassVar[frozenset[str]] = frozenset()
    #: Event kind -> the fields of its events that may hold lists or dicts (every other field
    #: is a scalar; a contract test checks each emitted event of a listed kind): the shared
    #: JSON form of such an event (:func:`~hiddenrole.engine.events.shared_form`) is made without looking at its
    #: other fields. A kind not listed is looked at field by field.
    EVENT_SHAPES: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: True when :meth:`legal_actions` returns a new list of new JSON-native dicts at every
    #: call, sharing nothing with the game (a contract test checks it): callers may then keep
    #: and change them, and the play loop hands them to bots without copying them. False
    #: (the default): the list may be shared with the game's state (a fast path), read-only.
    LEGAL_ACTIONS_FRESH: ClassVar[bool] = False
    #: True when every action :meth:`legal_actions` lists is read-only
    #: (:class:`~hiddenrole.engine.frozen.FrozenDict`, its lists
    #: :class:`~hiddenrole.engine.frozen.FrozenList`; a contract test checks it): the play
    #: loop then gives a bot its own copy of the list only, the actions in it shared.
    LEGAL_ACTIONS_READ_ONLY: ClassVar[bool] = False
    #: The game's steps as data (:class:`~hiddenrole.engine.steps.Steps`: who acts at each step,
    #: the kinds it takes and their keys, its deadline's default, the next step): the engine
    #: checks every action's kind, keys and turn against it, once, before :meth:`_apply`.
    #: ``None``: the game checks its actions itself (test games).
    STEPS: ClassVar[Steps | None] = None
    #: The game's observer class as ``"module:Class"`` (:mod:`hiddenrole.engine.observer`);
    #: ``None``: the game builds its views itself by overriding :meth:`view`.
    OBSERVER: ClassVar[str | None] = None
    #: The game's narrator class as ``"module:Class"`` (:mod:`hiddenrole.engine.narration`):
    #: every event kind told in plain words, for a viewer, in a language.
    NARRATOR: ClassVar[str | None] = None
    #: The function that labels the game's statements after it, as ``"module:function"``
    #: (called with the game; see :meth:`truth_labels`); ``None``: nothing to label.
    TRUTH: ClassVar[str | None] = None

    def __init__(
        self,
        players: Any,  # names in seat order (a list or tuple of str): checked by check_players
        options: Mapping[str, Any] | None = None,
        *,
        seed: Any = 0,  # an int, str or bytes: checked below (BadSetup)
        chance: Mapping[str, Any] | None = None,
    ) -> None:
        # arguments come from scripts, hosts and exports: checked here, not by their annotations
        # (the compiled build would raise a bare TypeError for a wrong type)
        self.players: tuple[str, ...] = self.check_players(players)
        self._seated = frozenset(self.players)
        self.options: dict[str, Any] = self.OPTIONS.resolve(options)
        if isinstance(seed, bool) or not isinstance(seed, (int, str, bytes)):
            raise BadSetup(f"the seed must be a whole number or a string, not {seed!r}")
        self.seed = seed
        if chance is not None and not isinstance(chance, Mapping):
            raise BadSetup("chance outcomes must be an object of kind: outcome")
        if chance and self.CHANCE_KINDS is not None:
            unknown: list[Any] = sorted(map(str, set(chance) - self.CHANCE_KINDS))
            if unknown:
                raise BadSetup(f"unknown chance kind {unknown[0]!r} (known: {', '.join(sorted(self.CHANCE_KINDS))})")
        fixed: Mapping[Any, Any] = chance or {}
        for kind in sorted(self.CHANCE_SEQUENCES.intersection(fixed)):
            if not isinstance(fixed[kind], list):
                raise BadSetup(f"chance {kind!r} must be a list of outcomes, used in turn")
        self.chance = Chance(seed, chance)
        self.log: list[Event] = []
        # the step's listed actions, as data apply() reads without a call into the game: each
        # one is legal now by definition (see _apply_listed); empty (the default): every action
        # takes the full checks
        self.listed: list[Action] = []
        self._steps = self.STEPS  # the declaration apply() checks each action against (read once)
        # each event's shared JSON form (events.shared_form), made by the first observer that
        # hands the event out, for all of them (None until then): a cache, not state
        self.event_forms: list[FrozenDict | None] = []
        # the events of some kinds, picked out once for every reader of those kinds
        # (observer.Selection, by set of kinds): a cache, not state
        self.selections: dict[frozenset[str], Selection] = {}
        self.setup()

    # ----------------------------------------------------------------- set-up
    @classmethod
    def check_players(cls, players: Sequence[str]) -> tuple[str, ...]:
        """Validate the player names (:func:`check_player_name`, all different by :func:`name_key`)
        and their count (``min_players .. max_players``); returns them as a tuple. A seat order
        some game has seated (:func:`~hiddenrole.engine.seating.seated_before`) is not checked again.

        Raises:
            BadSetup: naming the problem (count out of range, a bad name, a duplicate).
        """
        names = seated_before(players)  # a seat order some game has seated: checked then
        if names is not None and cls.min_players <= len(names) <= cls.max_players:
            return names
        return check_player_names(players, cls.title, cls.min_players, cls.max_players)

    @abstractmethod
    def setup(self) -> None:
        """Deal and prepare the first phase (draws the opening chance outcomes)."""

    # ------------------------------------------------------------ the questions
    @property
    @abstractmethod
    def phase(self) -> str:
        """The current phase's name (``"day"``, ``"night"``, ``"over"``...)."""

    @abstractmethod
    def to_act(self) -> tuple[str, ...]:
        """The players the current step waits for, in seat order.

        Empty when the step waits only for its deadline (a turbo day after everyone voted,
        a night whose actions are done) or when the game is over: then only
        :meth:`timeout` moves the game on. A player may have legal actions without being
        listed (changing a vote already cast).
        """

    @abstractmethod
    def legal_actions(self, player: str) -> list[Action]:
        """Every concrete action ``player`` may take now (empty when none).

        Free-text posts are not listed; :meth:`can_post` says whether the player may post.
        """

    def legal_moves(self, player: str) -> list[Action]:
        """:meth:`legal_actions` without the statements (:data:`STATEMENTS`: a claim says
        something but moves nothing on), in the same order: what a bot that never makes a
        statement is offered. A game that lists statements may answer without building them.
        """
        return without_statements(self.legal_actions(player))

    @classmethod
    def lists_statements(cls) -> bool:
        """Whether :meth:`legal_actions` may list statements (:data:`STATEMENTS`): a game that
        declares its steps says so by its kinds; one that does not may."""
        steps = cls.STEPS
        return steps is None or not STATEMENTS.isdisjoint(steps.kinds)

    def offered_to(self, player: str, makes_statements: bool) -> list[Action]:
        """What a bot playing ``player`` is offered: :meth:`legal_actions`, or :meth:`legal_moves`
        to a bot that never makes a statement (``Bot.MAKES_STATEMENTS`` false)."""
        return self.legal_actions(player) if makes_statements else self.legal_moves(player)

    @abstractmethod
    def side_of(self, player: str) -> str:
        """The side (one of :attr:`sides`) ``player`` plays for now: what the result's
        outcomes are judged by. The lab seats bots per side with it; it is never shown to a
        player (it is the secret a hidden-role game is about).

        Raises:
            KeyError: ``player`` is not seated.
        """

    @abstractmethod
    def timers(self) -> list[Timer]:
        """The deadlines running now (empty when the phase has none, e.g. untimed pace)."""

    #: True once the game has ended; nothing can happen after that. A plain attribute (play
    #: loops read it after every step), set only by :meth:`finish`.
    is_over: bool = False
    #: The :class:`Result` once the game is over, else ``None`` (set by :meth:`finish`).
    result: Result | None = None
    #: The current step's name among :attr:`STEPS` (a game that declares its steps keeps it: a
    #: plain attribute, read by the engine at every action).
    step: str = ""

    def finish(self, result: Result) -> None:
        """End the game with ``result``: :attr:`is_over` becomes true and every later action
        or timeout is refused."""
        self.result = result
        self.is_over = True

    def can_post(self, player: str) -> bool:
        """Whether ``player`` may post in the public thread now (default: while the game runs)."""
        return player in self.players and not self.is_over

    # ---------------------------------------------------------------- changes
    def apply(self, action: Mapping[str, Any], trust_listed: bool = True) -> list[Event]:
        """Apply one player's action and return the events it caused.

        Args:
            action: ``{"player": NAME, "action": KIND, ...parameters}``.
            trust_listed: an action equal to one of the step's listed actions (``listed``, kept
                by the game: see :meth:`_apply_listed`) is carried out without further checks;
                ``False``: every check, even for such an action (:meth:`apply_checked`).

        Raises:
            IllegalAction: the action is malformed, out of turn or against the rules; its
                message names the player, the action and the reason. Nothing changed.
        """
        if action in self.listed and trust_listed and (type(action) is FrozenDict or type(action) is dict):
            # the listed-action path: an action equal to one of the step's listed actions
            # (``self.listed``, data the game keeps) is legal by definition; it is carried out
            # at once, with one call into the game (a JSON object as listed or as parsed: never
            # an object whose own ``==`` could claim to equal a listed action). Anything else is
            # checked piece by piece, naming the fault.
            return self._apply_listed(action)
        # exact type checks first: this runs at every step of every simulated game
        cls = type(action)
        if cls is not dict and cls is not FrozenDict and not isinstance(action, Mapping):
            raise IllegalAction(None, action, "an action must be a JSON object")
        player = action.get("player")
        if type(player) is not str or player not in self._seated:
            raise IllegalAction(player if isinstance(player, str) else None, action, "unknown player")
        kind = action.get("action")
        if type(kind) is not str:
            raise IllegalAction(player, action, "missing the action kind")
        if self.is_over:
            raise IllegalAction(player, action, "the game is over")
        steps = self._steps
        if steps is not None:  # the declaration (engine/steps.py): the kind, its keys, the turn
            entry = steps.at[self.step].get(kind)  # the kinds this step takes, and those taken any time
            if entry is None:
                self._refuse_kind(player, kind, action, steps)
            spec, waits = entry
            # no key the kind does not take; then either every key it may take (the usual case:
            # counted), or, for a kind with optional keys, every key it always takes
            if not spec.allowed.issuperset(action) or (
                    len(action) != spec.size and (spec.exact or not spec.fits(action))):
                raise IllegalAction(player, action, spec.bad_keys(action))
            if waits and player not in self.to_act():
                raise IllegalAction(player, action, self.refusal(player, kind, steps.steps[self.step]))
        log = self.log
        start = len(log)
        self._apply(player, kind, action)
        return log[start:]

    def apply_checked(self, action: Mapping[str, Any]) -> list[Event]:
        """:meth:`apply` with every check, even for a listed action (the listed-action path
        skipped): what a game that trusts its listed actions must do the same way.

        Raises:
            IllegalAction: as :meth:`apply`.
        """
        return self.apply(action, trust_listed=False)

    def _refuse_kind(self, player: str, kind: str, action: Mapping[str, Any], steps: Steps) -> NoReturn:
        """Refuse an action whose kind the current step does not take: naming the kind if the game
        has none such, else its keys if they are wrong, else why not now (:meth:`refusal`)."""
        spec = steps.kinds.get(kind)
        if spec is None:
            raise IllegalAction(player, action, steps.unknown_kind(kind))
        if not spec.allowed.issuperset(action) or not spec.fits(action):
            raise IllegalAction(player, action, spec.bad_keys(action))
        raise IllegalAction(player, action, self.refusal(player, kind, steps.steps[self.step]))

    def refusal(self, player: str, kind: str, step: Step) -> str:
        """Why ``player`` may not take an action of ``kind`` at ``step`` (one line): ``kind`` is
        not one ``step`` takes, or ``player`` is not one it waits for. Games word their own."""
        if kind not in step.kinds:
            doing = " or ".join(step.order) if step.order else "wait for the deadline"
            return f"nobody may {kind} now: it is the time to {doing} ({step.name!r})"
        return f"it is not your turn: the game waits for {step.who}"

    def cards(self) -> dict[str, int]:
        """The game's cards wherever they are (deck, discards, hands, the table): card -> how
        many. Constant from the deal to the end (a contract test checks it); ``{}`` for a game
        without cards. Reveals nothing to anyone: for tests and the Mod."""
        return {}

    def timeout(self) -> list[Event]:
        """Pass the current deadline: the step's missing actions get their documented defaults.

        Raises:
            IllegalAction: the game is over.
        """
        if self.is_over:
            raise IllegalAction(None, {"timeout": True}, "the game is over")
        log = self.log
        start = len(log)
        self._timeout()
        return log[start:]

    @abstractmethod
    def _apply(self, player: str, kind: str, action: Mapping[str, Any]) -> None:
        """Validate completely, then change state and :meth:`emit` events."""

    def _apply_listed(self, action: Mapping[str, Any]) -> list[Event]:
        """Carry out ``action``, one of the step's listed actions (so legal: no check needed;
        its player and kind are read from it only when needed: reading a read-only dict costs).

        The listed actions are data the game keeps in ``self.listed`` (a list, read at every
        action without a call into the game): each one that :meth:`legal_actions` lists for its
        player now, not necessarily all of them (McCarthyism's: the step's actor's, or the first
        waiting voter's two votes), and none once the game is over. A game that fills it
        implements this method, which must do what :meth:`_apply` does with the same action (a
        contract test plays every game both ways) and returns the events it caused (the log's
        new tail, as :meth:`apply` does); the default takes the full path."""
        log = self.log
        start = len(log)
        self._apply(action["player"], action["action"], action)
        return log[start:]

    @abstractmethod
    def _timeout(self) -> None:
        """Apply the current phase's timeout defaults (chance outcomes where random)."""

    def emit(self, kind: str, to: Iterable[str] | None = None, **data: Any) -> Event:
        """Append an event to the log. ``to=None`` is public; a set of names is private to them
        (a frozenset, e.g. a prebuilt one-player audience, is used as it is)."""
        log = self.log
        if to is not None and type(to) is not frozenset:
            to = frozenset(to)
        event = Event(len(log), kind, data, to)
        log.append(event)
        return event

    # ------------------------------------------------------------------ views
    def observer(self, viewer: str | None, kinds: frozenset[str] | None = None) -> Observer:
        """A new :class:`~hiddenrole.engine.observer.Observer` of this game for ``viewer`` (a
        seated player's name, ``None`` for a spectator, :data:`~hiddenrole.engine.observer.MOD`);
        with ``kinds`` (a frozenset of event kinds, e.g. a bot's ``READS``), a
        :class:`~hiddenrole.engine.observer.Reader` that hands out the events of those kinds only.

        Raises:
            IllegalAction: ``viewer`` is not seated.
        """
        if kinds is not None:
            return Reader(self, viewer, kinds)
        return observer_class(type(self))(self, viewer)

    def events_for(self, player: str | None) -> list[dict[str, Any]]:
        """The events ``player`` may see (``None``: a spectator, public events only), as JSON,
        numbered ``0, 1, 2, ...`` in the player's own order: the log positions would show,
        by their gaps, how many private events other players received and when."""
        return Observer(self, player).new_events()

    def view(self, player: str | None) -> dict[str, Any]:
        """``player``'s information state as plain JSON data (``None``: a spectator).

        Keys every game provides: ``game``, ``player``, ``phase``, ``over``, ``players``,
        ``board`` (public state), ``private`` (what this player knows beyond it, ``{}`` for
        a spectator), ``events`` (those visible to the player), ``result`` (once over).
        Before the end it contains nothing the player may not know. Built by the game's
        observer (:meth:`observer`); a game without one overrides this method.

        Raises:
            IllegalAction: an unknown player.
        """
        if self.OBSERVER is None:
            raise NotImplementedError(f"{type(self).__name__} declares no OBSERVER and does not override view()")
        return self.observer(player).view()

    def summary(self) -> dict[str, Any]:
        """The public summary (no secrets), printed at the end of a script: built by the game's
        observer (:meth:`Observer.summary`); a game without one overrides this method."""
        if self.OBSERVER is None:
            raise NotImplementedError(f"{type(self).__name__} declares no OBSERVER and does not override summary()")
        return self.observer(None).summary()

    def reveal(self) -> dict[str, Any]:
        """Everything, for after the game: the public summary, every event with its audience,
        the seed, every chance outcome and the statements' truth labels (:meth:`truth_labels`).
        Raises :class:`IllegalAction` before the end."""
        if not self.is_over:
            raise IllegalAction(None, {"reveal": True}, "secrets are revealed only after the game")
        return {
            "game": self.name,
            "players": list(self.players),
            "options": dict(self.options),
            "seed": self.seed,
            "summary": self.summary(),
            "result": self.result.to_json() if self.result else None,
            "events": [e.to_json(reveal=True) for e in self.log],
            "chance": [[k, v] for k, v in self.chance.record],
            "truth": self.truth_labels(),
        }

    def truth_labels(self) -> list[dict[str, Any]]:
        """After the game: each statement whose truth the engine knows (a Secret Hitler claim,
        a Shady Agents interrogation answer), labelled ``"true": True/False`` against the
        engine's record, as the game's :attr:`TRUTH` function gives them (each documents its
        entries); ``[]`` without one. Reveals secrets."""
        if self.TRUTH is None:
            return []
        module, _, name = self.TRUTH.partition(":")
        labels: list[dict[str, Any]] = getattr(importlib.import_module(module), name)(self)
        return labels

    def base_view(self, player: str | None) -> dict[str, Any]:
        """The keys of :meth:`view` every game shares; games add ``board`` and ``private``."""
        if player is not None and player not in self.players:
            raise IllegalAction(player, {"view": player}, "unknown player")
        return {
            "game": self.name,
            "player": player,
            "phase": self.phase,
            "over": self.is_over,
            "players": list(self.players),
            "events": self.events_for(player),
            "result": self.result.to_json() if self.result else None,
        }


_observer_classes: dict[type, type[Observer]] = {}


def observer_class(game: type[Game]) -> type[Observer]:
    """The observer class a game class declares (``OBSERVER``, imported once), or
    :class:`~hiddenrole.engine.observer.Observer` for a game that builds its own views."""
    cls = _observer_classes.get(game)
    if cls is None:
        target = game.OBSERVER
        if target is None:
            cls = Observer
        else:
            module, _, name = target.partition(":")
            cls = getattr(importlib.import_module(module), name)
        _observer_classes[game] = cls
    return cls


def field_of(player: str, action: Mapping[str, Any], key: str, kind: type | tuple[type, ...] = str) -> Any:
    """Read a required parameter of an action, or raise :class:`IllegalAction` naming it."""
    if key not in action:
        raise IllegalAction(player, action, f"missing {key!r}")
    value = action[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise IllegalAction(player, action, f"{key!r} must be a {names}")
    return value
