"""A live table: its seats, its game rebuilt from the log, its deadlines, bots and connections.

Every change goes through :class:`LiveTable` under its lock, in this order: validate with
the engine (an illegal action raises and changes nothing), append the entry to the store
(committed), then put what changed into the outbox of each connection it concerns
(:class:`~.outbox.Outbox`: the protocol layer sends it; the table never calls into a
connection) and register the next deadline. Rebuilding a
table replays its log through the engine, timers included: a timer starts at the time of
the log entry after which its key first appeared, so a restarted server honours the
remaining time of a running deadline.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..bots.base import Bot, Observation, bot_class, bot_kinds
from ..engine import MOD, Game, IllegalAction, Observer, derive_seed, game_class, name_key, new_game
from ..engine.narration import N_, narrator, translations
from ..engine.observer import copy_json
from .audit import EXPORT_FORMAT, void_result
from .clock import Clock, iso
from .errors import TableError, told_refusal
from .notices import is_notice, notice_of, told
from .refusals import action_refusal
from .store import LogEntry, SeatRow, Store, TableRow
from .stream import Broadcast, Feed, NarrationCache
from .tokens import new_token, token_hash

if TYPE_CHECKING:
    from .outbox import Outbox

log = logging.getLogger("hiddenrole.server")

MAX_AUTO_TIMEOUTS = 10_000
# the players' posts of one game, as JSON text (escapes included), at most: a snapshot holds
# every post twice (event and thread post), so this bounds a snapshot near 1 MiB plus the events
MAX_THREAD_BYTES = 512 * 1024
AWAY_AFTER = 20.0  # seconds without a connection before a seat shows "away"
HOST_AWAY_AFTER = 120.0  # seconds the host may be away during a game before the role passes on
HOST_RETRY = 5.0  # seconds before asking again who may take over from an absent host
HOST_TAKEOVER_AFTER = 120.0  # seconds the host must be away before any seated player may take the role
MAX_EXTEND = 24 * 3600.0  # the most seconds one extension may add or take


def best_bot_kind(game: str) -> str:
    """The best bot the project has for ``game``: a game-specific kind if one is registered, else ``"random"``
    (never a kind for every game, such as ``llm``, which needs a language model's endpoint)."""
    better = bot_kinds(game, own=True)
    return better[0] if better else "random"
def post_size(action: Mapping[str, Any]) -> int:
    """A post action's size as JSON text (its ``text`` with escapes, in bytes); 0 for any
    other action."""
    text = action.get("text")
    if action.get("action") != "post" or not isinstance(text, str):
        return 0
    return len(json.dumps(text))


@dataclass
class Seat:
    """A seat at a live table (the stored :class:`SeatRow` plus presence).

    Attributes:
        connections: the player's open connections.
        away_since: when the last one closed (epoch seconds; ``None`` while connected).
        away: whether the seat shows "away" (no connection for :data:`AWAY_AFTER` seconds).
        stand_in: a bot plays the seat because its player missed deadlines; the player
            takes it back by coming back (their token still works).
        replaced: the host gave the seat to a bot for good (the token stopped working).
        substitutes: how many times the host handed the seat to a new person.
    """

    row: SeatRow
    connections: int = 0
    away_since: float | None = None
    away: bool = False
    stand_in: bool = False
    replaced: bool = False
    substitutes: int = 0

    @property
    def name(self) -> str:
        return self.row.name

    @property
    def is_bot(self) -> bool:
        return self.row.bot_kind is not None

    @property
    def presence(self) -> str:
        """``"present"``, ``"away"``, ``"bot"`` (played by a bot: a bot seat, or a stand-in
        while its player is absent) or ``"replaced"`` (given to a bot for good by the host)."""
        if self.replaced and self.is_bot:
            return "replaced"
        if self.is_bot:
            return "bot"
        return "away" if self.away else "present"

    def to_json(self) -> dict[str, Any]:
        """Public facts about the seat: name, whether a bot plays it, whether it is connected,
        its presence (:attr:`presence`), how many substitutes took it, and ``bot_seat`` when a
        bot holds it from the start (:attr:`bot_seat`)."""
        out = {"name": self.name, "bot": self.is_bot, "connected": self.is_bot or self.connections > 0,
               "presence": self.presence}
        if self.substitutes:
            out["substitutes"] = self.substitutes
        if self.bot_seat:
            out["bot_seat"] = True
        return out

    @property
    def bot_seat(self) -> bool:
        """Whether a bot holds the seat from the start (no person ever played it: not a
        stand-in, not given to a bot by the host, not taken by a substitute)."""
        return self.is_bot and not self.stand_in and not self.replaced


class LiveTable:
    """One table in memory.

    Args:
        row: the stored table.
        seats: its stored seats in seat order.
        store: where entries are appended.
        clock: the server's clock.
        on_deadline: called with ``(table_id, at)`` whenever the table's next deadline
            changes (``at`` in epoch seconds, or ``None``): the scheduler's ``set``.
        bot_delay: seconds a bot waits before acting (0 in tests).
    """

    def __init__(self, row: TableRow, seats: list[SeatRow], store: Store, clock: Clock,
                 on_deadline: Callable[[str, float | None], None], bot_delay: float = 0.0) -> None:
        self.row = row
        self.seats = [Seat(s) for s in seats]
        self.store = store
        self.clock = clock
        self.set_deadline = on_deadline
        self.bot_delay = bot_delay
        self.game: Game | None = None
        self.log: list[LogEntry] = []
        self.timer_starts: dict[str, float] = {}
        self.lock = asyncio.Lock()
        self.connections: set[Outbox] = set()  # the outboxes of the connections that said hello
        self.feeds: dict[str | None, Feed] = {}  # each connected viewer's feed (None: the spectators)
        self.narration_cache = NarrationCache()  # the public events' narration, per language
        self._replay_counts: list[int] | None = None  # events after each log entry, once over
        self.version = 0  # counts the changes of the game's state (log entries, rebuilds)
        self.sent_version = 0  # the version the connections were last sent
        self.turn = 0  # counts the broadcasts
        self.bots: dict[str, Bot] = {}
        self.bot_observers: dict[str, Observer] = {}  # each view-reading bot's own observer
        self._bot_task: asyncio.Task | None = None
        self._tasks: set[asyncio.Task] = set()
        self._reveal: tuple[dict[str, Any], str] | None = None
        self.closed = False
        self.max_thread_bytes = MAX_THREAD_BYTES
        self.thread_bytes = 0  # the players' posts of the game so far, as JSON text
        # the Mod's state, rebuilt from the log with the game
        self.paused_at: float | None = None  # when the running pause began (epoch seconds)
        self.void_reason: str | None = None  # why the host voided the game
        self.host: str | None = row.host_seat  # the seat that holds the host role, if a player holds it
        # the host token works until the role passes to a player (a role taken over in the lobby
        # leaves the stored hash empty, which no token has)
        self.host_token_live = bool(row.host_token_hash)
        self.missed: dict[str, int] = {}  # each seat's missed deadlines in a row
        self.claims: dict[str, str] = {}  # a substitute link's claim hash -> the seat it opens
        self.used_claims: set[str] = set()
        self.notices: list[dict[str, Any]] = []  # the table's public events so far
        self.notice_at: list[int] = []  # each notice's place: the game log's length when it came
        self.host_connections = 0  # connections that said hello with the host token
        # whether one ever did (stored: it survives a restart); a seatless host who never did keeps the role
        self.host_token_seen = row.host_seen
        # a watched host is away until a connection of theirs comes (counted from now, as a seat's absence)
        watched = row.host_seat is not None or row.host_seen and self.host_token_live
        self.host_away_since: float | None = clock.now() if watched else None
        self.spectators = 0  # the spectators' connections counted so far (each gets a number)
        self.away_after = AWAY_AFTER
        self.host_away_after = HOST_AWAY_AFTER
        self.host_takeover_after = HOST_TAKEOVER_AFTER
        self.takeover_told = False  # whether the connections were told the takeover offer is open
        for seat in self.seats:
            if not seat.is_bot:
                seat.away_since = clock.now()

    # ---------------------------------------------------------------- facts
    @property
    def id(self) -> str:
        return self.row.id

    @property
    def status(self) -> str:
        return self.row.status

    def seat(self, name: str) -> Seat | None:
        """The seat named ``name``, or ``None``. Names are unique ignoring case, so an exact
        match comes first, then one ignoring case (the host may type "bob" for "Bob")."""
        exact = next((s for s in self.seats if s.name == name), None)
        if exact is not None:
            return exact
        key = name_key(name)
        return next((s for s in self.seats if name_key(s.name) == key), None)

    def seat_with_token(self, token: str | None) -> Seat | None:
        """The seat whose token is ``token`` (a seat token, not yet hashed), or ``None``."""
        if not token:
            return None
        digest = token_hash(token)
        return next((s for s in self.seats if s.row.token_hash == digest), None)

    def deadlines(self) -> dict[str, float]:
        """The running deadlines by timer key, in epoch seconds (none when untimed, over or paused)."""
        if self.paused_at is not None:
            return {}
        return self.timed_deadlines()

    def timed_deadlines(self) -> dict[str, float]:
        """The deadlines by timer key as the clock would have them if it ran now (during a
        pause: where they stood when it began)."""
        if self.game is None or self.game.is_over or self.row.pace == "untimed":
            return {}
        factor = self.row.factor
        return {t.key: self.timer_starts[t.key] + t.seconds / factor
                for t in self.game.timers() if t.key in self.timer_starts}

    def next_deadline(self) -> float | None:
        """The earliest running deadline (epoch seconds), or ``None``."""
        d = self.deadlines()
        return min(d.values()) if d else None

    def next_wake(self) -> float | None:
        """When the table must next look at the clock (epoch seconds), or ``None``: the
        earliest running deadline, a seat turning "away", the host's absence running out."""
        if self.row.status not in ("running", "lobby"):
            return None
        times = [at for at in (self.next_deadline(),) if at is not None]
        times += [s.away_since + self.away_after for s in self.seats
                  if s.away_since is not None and not s.away and not s.is_bot]
        if self.host_away_since is not None and self.row.status == "running":
            times.append(self.host_away_since + self.host_away_after)
        takeover = self.takeover_at()
        if takeover is not None and takeover > self.clock.now():  # the offer opens: told to everyone
            times.append(takeover)
        return min(times) if times else None

    def takeover_at(self) -> float | None:
        """When any seated player may take the host role (the host away for
        :attr:`host_takeover_after` seconds, before or during the game), or ``None`` while the
        host is present (or not watched: a seatless host who never said hello as the host)."""
        if self.host_away_since is None or self.row.status not in ("lobby", "running"):
            return None
        return self.host_away_since + self.host_takeover_after

    def takeover_open(self) -> bool:
        """Whether a seated player may take the host role now (:meth:`takeover_at` has come)."""
        at = self.takeover_at()
        return at is not None and self.clock.now() >= at

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    def is_host_seat(self, player: str | None) -> bool:
        """Whether ``player`` (a seat name) holds the host role."""
        return player is not None and self.host is not None and name_key(player) == name_key(self.host)

    def deadline_for(self, player: str | None, deadlines: dict[str, float] | None = None,
                     may_act: bool | None = None) -> float | None:
        """The deadline shown to ``player`` (epoch seconds, or ``None``).

        A player who may act now sees the earliest running deadline. Everyone else sees
        the end of the phase: the latest deadline among the phase's own timers, whose
        keys have no ``"/"`` (a key with a ``"/"``, such as ``"night-3/discard"``, is a
        private step's timer by the engine's convention). So nobody learns from the
        clock when another player's private step began or ended.

        Args:
            deadlines: :meth:`deadlines`, if already computed.
            may_act: whether ``player`` has legal actions, if already known.
        """
        d = self.deadlines() if deadlines is None else deadlines
        if not d:
            return None
        if may_act is None:
            may_act = player is not None and self.game is not None and bool(self.game.legal_actions(player))
        if player is not None and may_act:
            return min(d.values())
        phase = [at for key, at in d.items() if "/" not in key]
        return max(phase) if phase else None

    def public_info(self) -> dict[str, Any]:
        """The table as anyone may see it: code, game, options, pace, seats, status, commitment."""
        cls = game_class(self.row.game)
        info = {
            "id": self.row.id,
            "code": self.row.code,
            "game": self.row.game,
            "title": cls.title,
            "min_players": cls.min_players,
            "max_players": cls.max_players,
            "options": self.row.options,
            "pace": self.row.pace,
            "factor": self.row.factor,
            "bot_kind": self.row.bot_kind,
            "status": self.row.status,
            "seats": [s.to_json() for s in self.seats],
            "created_at": iso(self.row.created_at),
            "commitment": self.row.commitment if self.row.status in ("running", "over") else None,
            "host": self.host,
            "listed": self.row.listed,
            "missed_limit": self.row.missed_limit,
            "paused": self.paused,
        }
        if self.row.next_code is not None:
            info["next"] = self.row.next_code  # the table made to play again
        if self.row.status == "over":
            info["seed"] = int(self.row.seed)
            info["salt"] = self.row.salt
        return info

    # -------------------------------------------------------------- rebuild
    def _update_timers(self, at: float) -> None:
        if self.game is None or self.game.is_over:
            self.timer_starts = {}
            return
        keys = [t.key for t in self.game.timers()]
        self.timer_starts = {k: self.timer_starts.get(k, at) for k in keys}

    def rebuild(self, entries: list[LogEntry]) -> None:
        """Replay the stored log through the engine (the game's live state, timers included).

        Raises:
            HiddenRoleError: the engine rejects a stored entry (a corrupt log).
        """
        self.game = None
        self.log = []
        self.timer_starts = {}
        self.bots = {}
        self.bot_observers = {}
        self._reveal = None
        self.thread_bytes = 0
        self.paused_at = None
        self.void_reason = None
        self.host = self.row.host_seat
        self.host_token_live = bool(self.row.host_token_hash)
        self.missed = {}
        self.claims = {}
        self.used_claims = set()
        self.notices = []
        self.notice_at = []
        for entry in entries:
            self.replay(entry)
            self.log.append(entry)
            self._note(entry)
        for s in self.seats:
            if s.is_bot:
                self._make_bot(s)
        # a new game object: every viewer's feed starts again, each connection with a snapshot
        self.version += 1
        self.sent_version = self.version
        self.feeds = {}
        for conn in list(self.connections):
            conn.feed = None
            if conn.joined:
                conn.snapshot(self)

    def replay(self, entry: LogEntry) -> None:
        """Apply one stored entry to the game and the Mod's state, as when the log is read back
        (nothing is stored, nobody is told: :meth:`rebuild`, and a replay's shadow table)."""
        data = entry.data
        if entry.kind == "start":
            self.game = new_game(self.row.game, data["players"], data["options"], seed=int(data["seed"]))
        elif entry.kind == "action":
            assert self.game is not None
            self.game.apply(data["action"])
            self.thread_bytes += post_size(data["action"])
            player = data["action"].get("player")
            if player in self.missed and data["action"].get("action") != "post":
                self.missed[player] = 0
        elif entry.kind == "timeout":
            assert self.game is not None
            self.game.timeout()
            for name in data.get("missed", ()):
                self.missed[name] = self.missed.get(name, 0) + 1
        else:
            self._replay_table(entry)
        self._update_timers(entry.at)

    def _replay_table(self, entry: LogEntry) -> None:
        """Apply one of the Mod's entries (the caller stores it; the seat rows are stored with it)."""
        data, at = entry.data, entry.at
        seat = self.seat(data["name"]) if isinstance(data.get("name"), str) else None
        kind = entry.kind
        if kind == "replace" and seat is not None:
            seat.row.bot_kind = data["bot_kind"]
            seat.row.token_hash = None
            seat.replaced, seat.stand_in = True, False
        elif kind == "bot" and seat is not None:
            seat.row.bot_kind = data["bot_kind"]
            seat.stand_in = True
        elif kind == "return" and seat is not None:
            seat.row.bot_kind = None
            seat.stand_in = False
            self.missed[seat.name] = 0
        elif kind == "substitute" and seat is not None:
            seat.row.token_hash = None
            self.claims[data["claim"]] = seat.name
        elif kind == "claim" and seat is not None:
            claim = data["claim"]
            self.claims.pop(claim, None)
            self.used_claims.add(claim)
            seat.row.bot_kind = None  # the seat's new token hash is in its stored row
            seat.stand_in = seat.replaced = False
            seat.substitutes += 1
            self.missed[seat.name] = 0
        elif kind == "pause":
            self.paused_at = at
        elif kind == "resume":
            began = self.paused_at if self.paused_at is not None else at
            # each running timer gets back the time the pause took from it (one that
            # appeared during the pause starts now)
            self.timer_starts = {k: (start + at - began if start <= began else at)
                                 for k, start in self.timer_starts.items()}
            self.paused_at = None
        elif kind == "extend":
            self.timer_starts = {k: start + data["seconds"] for k, start in self.timer_starts.items()}
        elif kind == "void":
            assert self.game is not None
            self.game.finish(void_result(self.game.players, data["reason"]))
            self.void_reason = data["reason"]
            self.paused_at = None
        elif kind == "host":
            self.host = data["name"]
            self.host_token_live = False

    def notices_in(self, lang: str, indices: Sequence[int] = ()) -> list[dict[str, Any]]:
        """The table's notices so far, each with its sentence in ``lang`` and its place in a
        viewer's feed: ``pos``, how many of the viewer's events came before it.

        Args:
            lang: the language of the sentences.
            indices: the game log positions of the events the viewer sees, ascending (the
                snapshot's; empty before the game).
        """
        return [{**told(n, lang), "pos": bisect_left(indices, at)} for n, at in zip(self.notices, self.notice_at)]

    def _note(self, entry: LogEntry) -> dict[str, Any] | None:
        """Record the notice of a table event (returns it), or ``None`` for a game entry."""
        if not is_notice(entry.kind, entry.data):
            return None
        notice = notice_of(len(self.notices), entry.kind, entry.data, entry.at, untimed=self.row.pace == "untimed")
        self.notices.append(notice)
        self.notice_at.append(len(self.game.log) if self.game is not None else 0)
        return notice

    def _make_bot(self, seat: Seat) -> None:
        cls = bot_class(seat.row.bot_kind or "random", self.row.game)
        self.bots[seat.name] = cls(seat.name, derive_seed("server-bot", self.row.id, seat.name) & 0x7FFFFFFF)
        self.bot_observers.pop(seat.name, None)  # a new bot starts with every event so far

    # --------------------------------------------------------------- changes
    async def _append(self, kind: str, data: dict[str, Any], at: float, *, seat: SeatRow | None = None,
                      status: str | None = None) -> None:
        """Store an entry the engine has just accepted; on a store failure, rebuild from the store."""
        entry = LogEntry(len(self.log), kind, data, at)
        if self.game is not None and self.game.is_over:
            status = "over"
        try:
            await self.store.append(self.id, entry, seat=seat, status=status)
        except Exception:
            log.exception("table %s: could not store entry %d; rebuilding from the store", self.id, entry.seq)
            self.rebuild(await self.store.log_of(self.id))
            raise TableError("store_failed", N_("The server could not save this, so nothing changed: try again."), 503) from None
        self.log.append(entry)
        self.version += 1
        if status:
            self.row.status = status
        if kind == "action":
            player = data["action"].get("player")
            if player in self.missed and data["action"].get("action") != "post":
                self.missed[player] = 0
        elif kind == "timeout":
            for name in data.get("missed", ()):
                self.missed[name] = self.missed.get(name, 0) + 1
        elif kind != "start":
            self._replay_table(entry)
        self._update_timers(at)
        notice = self._note(entry)
        if notice is not None:
            for conn in list(self.connections):
                conn.notice(told(notice, conn.lang))

    async def start(self, seed: int, options: Mapping[str, Any]) -> None:
        """Start the game with the seated players (the caller holds the lock).

        Raises:
            BadSetup: the engine refuses the players (count, names).
        """
        now = self.clock.now()
        players = [s.name for s in self.seats]
        game = new_game(self.row.game, players, options, seed=seed)
        self.game = game
        try:
            await self._append("start", {"players": players, "options": dict(options), "seed": str(seed)}, now,
                               status="running")
        except Exception:
            self.game = None
            raise
        for s in self.seats:
            if s.is_bot:
                self._make_bot(s)
        self.seen_host()
        await self._changed()

    def _check_running(self) -> Game:
        if self.row.status == "lobby":
            raise TableError("not_started", N_("The game has not started yet."))
        if self.game is None or self.row.status != "running" or self.game.is_over:
            raise TableError("game_over", N_("The game is over."))
        return self.game

    async def act(self, player: str, action: Mapping[str, Any]) -> None:
        """Apply ``player``'s action (a JSON object; ``"player"`` is filled in or must match).

        A post is ``{"action": "post", "text": ...}`` and is refused when the game's
        ``can_post`` says so (e.g. a dead player). Due deadlines are passed first, so an
        action that arrives after its deadline is judged in the next phase.

        Raises:
            TableError: the table is not running, the seat is played by a bot, or the
                action is illegal (``code="illegal_action"`` or ``"out_of_turn"``; the
                message names what was wrong). Nothing changed.
        """
        async with self.lock:
            game = self._check_running()
            seat = self.seat(player)
            if seat is None:
                raise TableError("unknown_player", f"{player!r} has no seat at this table")
            if seat.is_bot and not seat.stand_in:
                raise TableError("seat_replaced", N_("{name}’s seat is now played by a bot."), name=player)
            if self.paused and (not isinstance(action, Mapping) or action.get("action") != "post"):
                raise TableError("paused", N_("The game is paused: you can post, but moves wait until the host resumes it."))
            before = len(self.log)
            try:
                await self._fire_due()
                if seat.stand_in:  # the player is back: the seat is theirs from this decision on
                    await self._take_back(seat)
                if game.is_over:
                    raise TableError("game_over", N_("The game ended before your move arrived."))
                await self._apply_action(player, action)
            except TableError:
                if len(self.log) != before:  # a deadline passed first: tell everyone about it
                    await self._changed()
                raise
            await self._changed()

    async def _apply_action(self, player: str, action: Mapping[str, Any]) -> None:
        game = self.game
        assert game is not None
        if not isinstance(action, Mapping):
            raise TableError("illegal_action", "an action must be a JSON object", 400)
        given = action.get("player", player)
        if given != player:
            raise TableError("illegal_action", f"you are {player!r}: you cannot act for {given!r}", 403)
        action = {**action, "player": player}
        kind = action.get("action")
        if kind == "post" and not game.can_post(player):
            raise TableError("illegal_action", N_("You may not post now."))
        size = post_size(action)
        if size and self.thread_bytes + size > self.max_thread_bytes:
            raise TableError("thread_full", N_("This game’s thread is full ({size} KiB of posts): no more posts can be "
                                               "added in this game."), size=self.max_thread_bytes // 1024)
        known = self.action_keys(kind)
        if known is not None:
            extra = sorted(str(k) for k in action if k not in known)
            if extra:
                raise TableError("bad_message", f"unknown field{'s' if len(extra) > 1 else ''} {', '.join(extra)} "
                                                f"in a {kind!r} action (it takes {', '.join(sorted(known))})", 400)
        try:
            game.apply(action)
        except IllegalAction as exc:
            code = "illegal_action"
            if kind != "post" and not game.legal_actions(player):
                code = "out_of_turn"
            message, params = action_refusal(game, player, action, exc, code == "out_of_turn")
            raise TableError(code, message, 400, **params) from None
        if known is not None:  # stored exactly as validated: the keys the engine takes, nothing else
            action = {k: v for k, v in action.items() if k in known}
        await self._append("action", {"action": action}, self.clock.now())
        self.thread_bytes += size

    def action_keys(self, kind: Any) -> frozenset[str] | None:
        """The fields an action of ``kind`` may carry (``player``, ``action`` and its parameters),
        as the game declares them (``Game.STEPS``, the engine's one declaration of each kind's
        keys); ``None`` for a kind the game does not have, or a game that declares no steps (the
        engine then refuses it, naming why)."""
        assert self.game is not None
        steps = self.game.STEPS
        return None if steps is None else steps.keys_of(kind)

    async def _fire_due(self) -> None:
        """Pass every deadline that is due (the caller holds the lock); nothing while paused.

        A player the game still waited for when a phase's deadline passed missed it
        (``"missed"`` in the timeout's entry; a private step's deadline, whose key has a
        ``"/"``, is not counted, so nobody learns who had one). After the table's
        ``missed_limit`` missed deadlines in a row (0: never), a bot of the game's best kind
        plays the seat until its player comes back.
        """
        now = self.clock.now()
        for _ in range(MAX_AUTO_TIMEOUTS):
            game = self.game
            if game is None or game.is_over or self.paused:
                return
            d = self.deadlines()
            due = [k for k, at in d.items() if at <= now]
            stuck = not d and not game.to_act()
            if not due and not stuck:
                return
            key = min(due, key=d.__getitem__) if due else None
            missed = []
            if key is not None and "/" not in key:
                missed = [p for p in game.to_act() if (s := self.seat(p)) is not None and not s.is_bot]
            game.timeout()
            data: dict[str, Any] = {"key": key}
            if missed:
                data["missed"] = missed
            await self._append("timeout", data, now)
            await self._stand_in_bots(missed, now)
        raise RuntimeError(f"table {self.id}: the game does not move on after {MAX_AUTO_TIMEOUTS} timeouts")

    async def _stand_in_bots(self, names: list[str], now: float) -> None:
        limit = self.row.missed_limit
        if limit <= 0 or self.game is None or self.game.is_over:
            return
        for name in names:
            seat = self.seat(name)
            if seat is None or seat.is_bot or self.missed.get(name, 0) < limit:
                continue
            kind = best_bot_kind(self.row.game)
            row = SeatRow(**{**seat.row.__dict__, "bot_kind": kind})
            await self._append("bot", {"name": seat.name, "bot_kind": kind, "missed": self.missed[name]}, now,
                               seat=row)
            seat.row = row
            self._make_bot(seat)

    async def _take_back(self, seat: Seat) -> None:
        """The player of a seat a stand-in bot plays is back (the caller holds the lock)."""
        row = SeatRow(**{**seat.row.__dict__, "bot_kind": None})
        await self._append("return", {"name": seat.name}, self.clock.now(), seat=row)
        seat.row = row
        self.bots.pop(seat.name, None)
        self.bot_observers.pop(seat.name, None)

    async def on_deadline(self, now: float) -> None:
        """The scheduler's call: pass the deadline if it is still due (stale ones do nothing),
        mark seats away, pass the host role on if the host is away too long."""
        async with self.lock:
            if self.row.status == "lobby" and (self._mark_away(self.clock.now()) | self._takeover_opened()):
                self.broadcast()
            if self.row.status != "running":
                self.set_deadline(self.id, self.next_wake())
                return
            now = self.clock.now()
            before = len(self.log)
            await self._fire_due()
            shown = self._mark_away(now) | self._takeover_opened()
            await self._host_away(now)
            if len(self.log) != before:
                await self._changed()
            else:
                if shown:
                    self.broadcast()
                self.set_deadline(self.id, self.next_wake())

    def _mark_away(self, now: float) -> bool:
        """Mark "away" the seats without a connection for :attr:`away_after` seconds; whether any changed."""
        changed = False
        for seat in self.seats:
            if (seat.away_since is not None and not seat.away and not seat.is_bot
                    and now - seat.away_since >= self.away_after):
                seat.away = True
                changed = True
        return changed

    def _takeover_opened(self) -> bool:
        """Whether the host-takeover offer opened since the connections were last told (it is
        in the state from then on: :class:`~.stream.Broadcast`)."""
        opened = self.takeover_open()
        changed = opened and not self.takeover_told
        self.takeover_told = opened
        return changed

    def host_present(self) -> bool:
        """Whether the host has a connection open (their seat's, or one that said hello with the host token)."""
        if self.host is not None:
            seat = self.seat(self.host)
            if seat is not None and seat.connections > 0:
                return True
        return self.host_token_live and self.host_connections > 0

    def seen_host(self) -> None:
        """The host was just heard from (a connection, a request): their absence starts again.
        A host without a seat who never connected with the host token is not watched (a
        client that cannot say it is the host would lose the role)."""
        watched = self.host is not None or self.host_token_seen
        self.host_away_since = None if self.host_present() or not watched else self.clock.now()

    async def _host_away(self, now: float) -> bool:
        """Pass the host role to the next present player (in seat order after the host) when
        the host has been away :attr:`host_away_after` seconds during the game."""
        if self.host_away_since is None or now - self.host_away_since < self.host_away_after:
            return False
        if self.row.status != "running":
            return False
        start = 0
        if self.host is not None and (seat := self.seat(self.host)) is not None:
            start = self.seats.index(seat) + 1
        order = self.seats[start:] + self.seats[:start]
        heir = next((s for s in order if not s.is_bot and s.connections > 0 and not self.is_host_seat(s.name)), None)
        if heir is None:  # nobody present to take it: the host keeps it, and it is asked again soon
            self.host_away_since = now - self.host_away_after + HOST_RETRY
            return False
        await self._append("host", {"name": heir.name, "reason": "away"}, now)
        self.host_away_since = None
        return True

    async def replace_by_bot(self, name: str, bot_kind: str) -> None:
        """Hand ``name``'s seat to a bot of ``bot_kind`` during the game (the player's token stops working).

        Raises:
            TableError: not running, no such seat, already a bot, or the player is connected.
        """
        async with self.lock:
            self._check_running()
            seat = self.seat(name)
            if seat is None:
                raise TableError("unknown_player", N_("No seat is named “{name}”."), 404, name=name)
            name = seat.name  # as seated (the host may have typed it in another case)
            if seat.is_bot:
                raise TableError("already_bot", N_("{name}’s seat is already played by a bot."), name=name)
            if seat.connections:
                raise TableError("not_absent", N_("{name} is connected: only an absent player’s seat can be handed on."), name=name)
            row = SeatRow(**{**seat.row.__dict__, "token_hash": None, "bot_kind": bot_kind})
            await self._append("replace", {"name": name, "bot_kind": bot_kind}, self.clock.now(), seat=row)
            seat.row = row
            self._make_bot(seat)
            for conn in list(self.connections):
                if conn.player == name:
                    conn.revoke("seat_replaced", told_refusal(N_("The host gave your seat to a bot: you are watching now."), conn.lang))
            await self._changed()

    # ----------------------------------------------------- the lobby's seats
    async def move_host_seat(self, name: str | None, *, taken: bool = False) -> None:
        """Before the game, the host role moves to seat ``name`` (``None``: no seat holds it,
        the host token alone), stored in the table's row, which keeps it across a restart.
        ``taken``: a player took the role over, so the host token no longer holds it (its
        stored hash emptied, which no token has). The caller holds the lock."""
        fields: dict[str, Any] = {"host_seat": name}
        if taken:
            fields["host_token_hash"] = ""
        await self.store.set_table_fields(self.id, **fields)
        self.row.host_seat = self.host = name
        if taken:
            self.row.host_token_hash, self.host_token_live = "", False

    async def remove_seat(self, seat: Seat, reason: str, sentence: str) -> None:
        """Remove ``seat`` before the game (the player left, or the host sent them away): the
        seat is deleted, a host role held through it stays with the host token alone, and
        each of the seat's connections is closed with the error ``reason`` and ``sentence``
        (an ``N_`` text, told in the connection's language), so the token stops working and
        the page watches on. Everyone is told. The caller holds the lock and checked the lobby."""
        await self.store.remove_seat(self.id, seat.row.position)
        self.seats.remove(seat)
        if self.row.host_seat == seat.name:
            await self.move_host_seat(None)
        for conn in list(self.connections):
            if conn.player == seat.name:
                conn.revoke(reason, told_refusal(sentence, conn.lang))
                self.connections.discard(conn)
        self.broadcast()

    async def rename_seat(self, seat: Seat, new: str) -> None:
        """Give ``seat`` the display name ``new`` before the game (the caller checked the name,
        holds the lock and checked the lobby): a host role held through the seat and the seat's
        connections follow it. Everyone is told."""
        old = seat.name
        await self.store.rename_seat(self.id, seat.row.position, new)
        seat.row.name = new
        if self.row.host_seat == old:
            await self.move_host_seat(new)
        for conn in self.connections:
            if conn.player == old:
                conn.player = new
        self.broadcast()

    # ------------------------------------------------------- the Mod's controls
    def _check_game(self) -> Game:
        """The running game, or the error a control on a table without one gets."""
        if self.void_reason is not None:
            raise TableError("voided", N_("The game was already voided."))
        return self._check_running()

    async def pause(self) -> None:
        """Stop every clock (the host's control); actions wait, posts go on.

        Raises:
            TableError: ``not_started``, ``game_over``, ``voided``, ``already_paused``.
        """
        async with self.lock:
            self._check_game()
            if self.paused:
                raise TableError("already_paused", N_("The game is already paused."))
            await self._append("pause", {}, self.clock.now())
            await self._changed()

    async def resume(self) -> None:
        """Run the clocks again: each deadline gets back the time the pause took.

        Raises:
            TableError: ``not_started``, ``game_over``, ``voided``, ``not_paused``.
        """
        async with self.lock:
            self._check_game()
            if self.paused_at is None:
                raise TableError("not_paused", N_("The game is not paused."))
            now = self.clock.now()
            await self._append("resume", {"paused": round(now - self.paused_at, 3)}, now)
            await self._changed()

    async def extend(self, seconds: Any) -> None:
        """Move every running deadline of the phase by ``seconds`` (seconds of real time;
        negative shortens; a shortened deadline must stay in the future: use skip to end it).

        Raises:
            TableError: ``bad_seconds``, ``no_deadline`` (untimed, or no timer runs),
                ``not_started``, ``game_over``, ``voided``.
        """
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not math.isfinite(seconds) \
                or seconds == 0 or abs(seconds) > MAX_EXTEND:
            raise TableError("bad_seconds", f"seconds must be a number other than 0, at most {MAX_EXTEND:g} "
                                            "either way (negative shortens the deadline)", 400)
        async with self.lock:
            self._check_game()
            deadlines = self.timed_deadlines()
            if not deadlines:
                raise TableError("no_deadline", N_("No deadline is running now, so there is none to change."))
            now = self.clock.now()
            left = min(deadlines.values()) - (self.paused_at if self.paused_at is not None else now)
            if seconds < 0 and left + seconds <= 0:
                raise TableError("bad_seconds", N_("The current deadline has {left} seconds left: shorten it by less, or "
                                                   "end the step now."), 400, left=f"{left:g}")
            await self._append("extend", {"seconds": seconds}, now)
            await self._changed()

    async def skip(self) -> None:
        """End the current step now: the engine's ``timeout()`` gives the missing choices the
        rules' defaults (logged as a timeout with ``"skip": true``; nobody missed it).

        Raises:
            TableError: ``paused`` (resume first), ``not_started``, ``game_over``, ``voided``.
        """
        async with self.lock:
            game = self._check_game()
            if self.paused:
                raise TableError("paused", N_("The game is paused: resume it before ending the current step."))
            now = self.clock.now()
            deadlines = self.deadlines()
            key = min(deadlines, key=deadlines.__getitem__) if deadlines else None
            game.timeout()
            await self._append("timeout", {"key": key, "skip": True}, now)
            await self._changed()

    async def void(self, reason: Any) -> None:
        """End the game without a winner (every player's outcome a draw), for ``reason``.

        Raises:
            TableError: ``bad_reason`` (empty, over 200 characters, control characters),
                ``voided`` (already), ``game_over``, ``not_started``.
        """
        if not isinstance(reason, str) or not reason.strip():
            raise TableError("bad_reason", N_("Say why the game is voided (a short text)."), 400)
        reason = " ".join(reason.split())
        if len(reason) > 200:
            raise TableError("bad_reason", N_("A reason has at most 200 characters: shorten it."), 400)
        async with self.lock:
            self._check_game()
            await self._append("void", {"reason": reason}, self.clock.now(), status="over")
            await self._changed()

    async def pass_host(self, name: Any) -> None:
        """Give the host role to the player of seat ``name`` (the old host's token or seat
        loses it).

        Raises:
            TableError: ``unknown_player``, ``bad_host`` (a bot's seat, or already the host),
                ``not_started``, ``game_over``, ``voided``.
        """
        async with self.lock:
            self._check_game()
            seat = self.seat(name) if isinstance(name, str) else None
            if seat is None:
                raise TableError("unknown_player", N_("No seat is named “{name}”."), 404, name=name)
            if seat.is_bot:
                raise TableError("bad_host", N_("{name}’s seat is played by a bot: a bot cannot be the host."), name=seat.name)
            if self.is_host_seat(seat.name):
                raise TableError("bad_host", N_("{name} is already the host."), name=seat.name)
            await self._append("host", {"name": seat.name, "reason": "passed"}, self.clock.now())
            self.seen_host()
            await self._changed()

    async def take_host(self, player: str) -> None:
        """``player`` (a seated person) takes the host role over from a host who has been away
        :attr:`host_takeover_after` seconds (before or during the game): everyone is told who
        is host now; the old host token, or seat, no longer holds the role. Before the game the
        table's row keeps it (its host seat; the host token's hash emptied), during the game
        the log (a ``host`` entry, reason ``taken``): either survives a restart.

        Raises:
            TableError: ``unknown_player``, ``bad_host`` (a bot's seat, or already the host),
                ``host_here`` (the host is connected), ``host_unseen`` (a seatless host
                who never said hello as the host: not timed), ``host_away_briefly`` (not away long
                enough yet), ``game_over``.
        """
        async with self.lock:
            if self.row.status not in ("lobby", "running") or self.game is not None and self.game.is_over:
                raise TableError("game_over", N_("The game is over."))
            seat = self.seat(player)
            if seat is None:
                raise TableError("unknown_player", N_("Only a seated player can take over as host."), 403)
            if seat.is_bot:
                raise TableError("bad_host", N_("{name}’s seat is played by a bot: a bot cannot be the host."), name=seat.name)
            if self.is_host_seat(seat.name):
                raise TableError("bad_host", N_("{name} is already the host."), name=seat.name)
            now = self.clock.now()
            at = self.takeover_at()
            if at is None and not self.host_present():  # a seatless host who never said hello as the host
                raise TableError("host_unseen", N_("The host has no seat and has not opened this table since the "
                                                   "server started, so the server cannot tell whether they are away: "
                                                   "nobody can take over as host."))
            if at is None:
                raise TableError("host_here", N_("The host is here, so nobody can take over: ask the host to hand the "
                                                 "role over."))
            if now < at:
                raise TableError("host_away_briefly", N_("The host has been away for only {away} seconds: you can take "
                                                         "over as host in {left} seconds."),
                                 away=f"{now - self.host_away_since:.0f}", left=f"{math.ceil(at - now):.0f}")
            if self.row.status == "lobby":
                await self.move_host_seat(seat.name, taken=True)
                notice = notice_of(len(self.notices), "host", {"name": seat.name, "reason": "taken"}, now)
                self.notices.append(notice)
                self.notice_at.append(0)
                for conn in list(self.connections):
                    conn.notice(told(notice, conn.lang))
            else:
                await self._append("host", {"name": seat.name, "reason": "taken"}, now)
            self.seen_host()
            self.takeover_told = False
            if self.row.status == "lobby":
                self.broadcast()
                self.set_deadline(self.id, self.next_wake())
            else:
                await self._changed()

    async def substitute(self, name: Any) -> tuple[str, str]:
        """Hand seat ``name`` to a new person: the seat's token stops working at once and a
        one-time claim (the substitute link's secret) is made. Returns ``(seat name, claim)``.

        Raises:
            TableError: ``unknown_player``, ``bot_seat`` (a bot holds the seat from the start:
                there is no person to hand over from), ``not_started``, ``game_over``, ``voided``.
        """
        async with self.lock:
            self._check_game()
            seat = self.seat(name) if isinstance(name, str) else None
            if seat is None:
                raise TableError("unknown_player", N_("No seat is named “{name}”."), 404, name=name)
            if seat.bot_seat:
                raise TableError("bot_seat", N_("{name}’s seat has been a bot’s from the start: only a person’s seat can "
                                                "be handed to a new person."), 409, name=seat.name)
            claim = new_token()
            row = SeatRow(**{**seat.row.__dict__, "token_hash": None})
            now = self.clock.now()
            await self._append("substitute", {"name": seat.name, "claim": token_hash(claim)}, now, seat=row)
            seat.row = row
            for conn in list(self.connections):
                if conn.player == seat.name:
                    conn.revoke("substituted", told_refusal(N_("The host handed your seat to another player: you are watching now."),
                                                            conn.lang))
            await self._changed()
            return seat.name, claim

    async def claim(self, claim: Any, own_name: Any = None) -> tuple[str, str]:
        """Take the seat a substitute link opens; returns ``(seat name, the new seat token)``.
        ``own_name``: given as the seat's own name (any case or width), the seat's player is back
        (the notice says so) rather than a substitute.

        Raises:
            TableError: ``claim_used`` (the link was used already), ``bad_claim`` (unknown),
                ``game_over``, ``voided``.
        """
        digest = token_hash(claim) if isinstance(claim, str) else ""
        async with self.lock:
            if digest in self.used_claims:
                raise TableError("claim_used", N_("This substitute link was already used: ask the host for a new one."))
            name = self.claims.get(digest)
            if name is None:
                raise TableError("bad_claim", N_("This substitute link is not valid: ask the host for a new one."), 403)
            self._check_game()
            seat = self.seat(name)
            assert seat is not None
            token = new_token()
            row = SeatRow(**{**seat.row.__dict__, "token_hash": token_hash(token), "bot_kind": None})
            data: dict[str, Any] = {"name": seat.name, "claim": digest}
            if isinstance(own_name, str) and name_key(" ".join(own_name.split())) == name_key(seat.name):
                data["back"] = True  # the seat's own player, on a new device
            await self._append("claim", data, self.clock.now(), seat=row)
            seat.row = row
            self.bots.pop(seat.name, None)
            self.bot_observers.pop(seat.name, None)
            await self._changed()
            return seat.name, token

    async def kick_spectator(self, number: Any) -> None:
        """Close spectator ``number``'s connection (the numbers the state's ``spectators`` lists).

        Raises:
            TableError: ``unknown_spectator``.
        """
        async with self.lock:
            conn = next((c for c in self.connections if c.player is None and not c.host and not c.closing
                         and isinstance(number, int) and c.spectator == number), None)
            if conn is None:
                raise TableError("unknown_spectator", N_("No spectator number {number} is watching."), 404, number=number)
            if self.row.status == "running":
                await self._append("kick", {"spectator": number}, self.clock.now())
            conn.revoke("kicked", told_refusal(N_("The host sent you away from this table."), conn.lang))
            self.connections.discard(conn)
            self.broadcast()

    def spectator_numbers(self) -> list[int]:
        """The numbers of the spectators watching now."""
        return sorted(c.spectator for c in self.connections
                      if c.player is None and not c.host and not c.closing and c.spectator)

    # ------------------------------------------------------------ presence
    async def connect(self, conn: Outbox) -> None:
        """Attach a connection that said hello (the caller holds the lock): send its snapshot;
        a seat that was away is back; a seat a stand-in bot plays is its player's again."""
        self.flush()
        seat = self.seat(conn.player) if conn.player is not None else None
        if seat is not None and seat.stand_in and self.row.status == "running":
            await self._take_back(seat)
            await self._changed()
        if seat is not None:
            seat.connections += 1
            seat.away_since = None
            seat.away = False
        elif conn.host:
            if not self.host_token_seen:  # stored: after a restart the host's absence is still counted
                await self.store.set_table_fields(self.id, host_seen=True)
                self.host_token_seen = self.row.host_seen = True
            self.host_connections += 1
        else:
            self.spectators += 1
            conn.spectator = self.spectators
        self.seen_host()
        self.connections.add(conn)
        conn.joined = True
        conn.snapshot(self)
        if seat is None or seat.connections == 1:
            self.broadcast()  # a seat is back, a spectator's number joins the list, or the host is back
        self.set_deadline(self.id, self.next_wake())

    def disconnect(self, conn: Outbox) -> None:
        """Detach a closed connection; when it was the player's last, the seat shows "away"
        after :attr:`away_after` seconds (told to the others under the lock, after any change
        in progress)."""
        if conn not in self.connections:
            return
        self.connections.discard(conn)
        self.detach(conn)
        seat = self.seat(conn.player) if conn.player is not None else None
        if seat is not None and seat.connections > 0:
            seat.connections -= 1
            if seat.connections == 0:
                seat.away_since = self.clock.now()
        elif conn.host and self.host_connections > 0:
            self.host_connections -= 1
        self.seen_host()
        task = asyncio.get_running_loop().create_task(self._presence_changed())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _presence_changed(self) -> None:
        async with self.lock:
            self.broadcast()
            self.set_deadline(self.id, self.next_wake())

    def halt(self) -> None:
        """Stop the table's bots for good (the table leaves this process's memory)."""
        self.closed = True
        if self._bot_task is not None:
            self._bot_task.cancel()

    # ---------------------------------------------------------------- feeds
    def attach(self, conn: Outbox) -> tuple[Feed, bool]:
        """Give ``conn`` its viewer's feed of the current game (made if none); returns the
        feed and whether it was made now."""
        assert self.game is not None
        viewer = conn.player
        feed = conn.feed
        if feed is not None and feed.game is self.game and self.feeds.get(viewer) is feed:
            return feed, False
        self.detach(conn)
        feed = self.feeds.get(viewer)
        if feed is not None and (feed.game is not self.game or not feed.current()):
            feed = None  # nobody followed it (its connections fell behind or are closing): start again
        fresh = feed is None
        if feed is None:
            feed = self.feeds[viewer] = Feed(self.game, viewer)
            feed.born = self.turn
        feed.connections += 1
        conn.feed = feed
        return feed, fresh

    def detach(self, conn: Outbox) -> None:
        """Take ``conn`` off its feed; a feed nobody holds is dropped (it would fall behind)."""
        feed = conn.feed
        if feed is None:
            return
        conn.feed = None
        feed.connections -= 1
        if feed.connections <= 0 and self.feeds.get(feed.viewer) is feed:
            del self.feeds[feed.viewer]

    # -------------------------------------------------------- after a change
    async def _changed(self) -> None:
        """Pass deadlines that nothing waits for, tell the connections, set the next deadline, wake the bots."""
        await self._fire_due()
        self.broadcast()
        self.set_deadline(self.id, self.next_wake())
        self.poke_bots()

    def broadcast(self) -> None:
        """Send every connection what changed for it (nothing when nothing it may see
        changed): the facts shared by all are computed once (:class:`Broadcast`), each
        viewer's feed is advanced once for all of the viewer's connections."""
        self.turn += 1
        shared = Broadcast(self, self.turn)
        for conn in list(self.connections):
            conn.push_update(self, shared)
        self.sent_version = self.version

    def flush(self) -> None:
        """Broadcast the changes not sent yet, if any (before a snapshot: a new connection's
        snapshot and its viewer's feed must start from the same point)."""
        if self.sent_version != self.version:
            self.broadcast()

    def revealed(self) -> dict[str, Any]:
        """The finished game's reveal (:func:`reveal_of`), made once."""
        return self._reveal_pair()[0]

    def reveal_body(self) -> str:
        """``{"reveal": ...}`` as JSON text, made once for every connection."""
        return self._reveal_pair()[1]

    def _reveal_pair(self) -> tuple[dict[str, Any], str]:
        if self._reveal is None:
            reveal = reveal_of(self)
            self._reveal = (reveal, json.dumps({"reveal": reveal}, separators=(",", ":")))
        return self._reveal

    def poke_bots(self) -> None:
        """Start the bots' task if a bot must act."""
        if self._bot_task is None or self._bot_task.done():
            if self._bot_waiting() is not None:
                self._bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    def _bot_waiting(self) -> str | None:
        game = self.game
        if game is None or game.is_over or self.row.status != "running" or not self.bots or self.paused:
            return None
        return next((p for p in game.to_act() if p in self.bots), None)

    async def _run_bots(self) -> None:
        while not self.closed:
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            else:
                await asyncio.sleep(0)
            async with self.lock:
                player = self._bot_waiting()
                if player is None:
                    return
                game = self.game
                assert game is not None
                bot = self.bots[player]
                try:
                    await self._fire_due()
                    if self._bot_waiting() != player:
                        await self._changed()
                        continue
                    if bot.needs_view:
                        # as the lab gives it (lab/play.py): its own copy of the legal actions,
                        # the events new to it and its information state through its own observer
                        observer = self.bot_observers.get(player)
                        if observer is None:
                            observer = self.bot_observers[player] = game.observer(player)
                        observation = Observation(player, copy_json(game.offered_to(player, bot.MAKES_STATEMENTS)),
                                                  None, observer.new_events(), observer)
                    else:
                        observation = Observation(player, game.offered_to(player, bot.MAKES_STATEMENTS))
                    # a broken bot must not stall the table: it plays a random legal action instead
                    try:
                        action = bot.choose(observation)
                    except Exception as exc:
                        log.error("table %s: bot %s (%s) failed: %r; playing a random legal action",
                                  self.id, player, type(bot).__name__, exc)
                        action = bot.rng.choice(game.legal_actions(player))
                    try:
                        await self._apply_action(player, action)
                    except TableError as exc:
                        if exc.code == "store_failed":
                            raise
                        log.error("table %s: bot %s chose an illegal action: %s", self.id, player, exc)
                        await self._apply_action(player, bot.rng.choice(game.legal_actions(player)))
                except TableError as exc:
                    log.error("table %s: bot %s failed: %s", self.id, player, exc)
                    return
                await self._changed()

    # ---------------------------------------------------------------- export
    def export(self) -> dict[str, Any]:
        """The finished game as one JSON export (see docs/protocol.md, "Export").

        Raises:
            TableError: the game is not over yet.
        """
        game = self.game
        if game is None or not game.is_over:
            raise TableError("not_over", N_("A game can be exported only after it is over."))
        start = self.log[0]
        return {
            "format": EXPORT_FORMAT,
            "game": self.row.game,
            "table": self.row.code,
            "players": start.data["players"],
            "options": start.data["options"],
            "pace": self.row.pace,
            "factor": self.row.factor,
            "seed": int(self.row.seed),
            "salt": self.row.salt,
            "commitment": self.row.commitment,
            "started_at": iso(start.at),
            "entries": [{"seq": e.seq, "kind": e.kind, "at": iso(e.at), **e.data} for e in self.log[1:]],
            "chance": [[k, v] for k, v in game.chance.record],
            "result": game.result.to_json() if game.result else None,
            "summary": game.summary(),
            "events": [e.to_json(reveal=True) for e in game.log],
            "truth": game.truth_labels(),
        }

    def replay_step(self, step: int, lang: str | None = None) -> dict[str, Any]:
        """The finished game after its first ``step`` log entries (0 = just started), for a
        step-by-step replay: everything, revealed. With ``lang`` (a language of the
        narration), each event carries its ``narration`` as the Mod tells it (every event
        revealed, private ones naming their reader), and ``told`` says what this step did in
        sentences (its events' narration; a table notice such as a pause); without ``lang``
        ``told`` is empty. ``event_counts[k]`` is how many events there are after step ``k``
        (the replay's jumps to a day or turn).

        Raises:
            TableError: the game is not over, or ``step`` is out of range.
        """
        game = self.game
        if game is None or not game.is_over:
            raise TableError("not_over", N_("A game can be replayed only after it is over."))
        total = len(self.log) - 1
        if not 0 <= step <= total:
            raise TableError("bad_step", f"step must be between 0 and {total}", 400)
        shadow = LiveTable(self.row, [SeatRow(**s.row.__dict__) for s in self.seats], self.store, self.clock,
                           lambda *_: None)
        for entry in self.log[: step + 1]:
            shadow.replay(entry)
        g = shadow.game
        assert g is not None
        entry = self.log[step]
        events = [e.to_json(reveal=True) for e in g.log]
        # what this step did, in sentences: the narration of the events it added, and the
        # table's notice when it is the Mod's own entry (a pause, a missed deadline)
        said: list[str] = []
        if lang is not None and type(g).NARRATOR is not None:
            teller = narrator(g, MOD, lang)
            for e in events:
                e["narration"] = teller.event_json(e)
            before = self._event_counts()[step - 1] if step else 0
            for e in events[before:]:
                said.extend(e["narration"])
        if lang is not None and is_notice(entry.kind, entry.data):
            said.append(told(notice_of(0, entry.kind, entry.data, entry.at, untimed=self.row.pace == "untimed"),
                             lang)["text"])
        return {
            "step": step,
            "steps": total,
            "entry": {"seq": entry.seq, "kind": entry.kind, "at": iso(entry.at), **entry.data},
            "phase": g.phase,
            "summary": g.summary(),
            "view": g.view(None),
            "events": events,
            "event_counts": self._event_counts(),
            "told": said,
        }

    def _event_counts(self) -> list[int]:
        """How many events the finished game has after each of its log entries (made once)."""
        if self._replay_counts is None:
            shadow = LiveTable(self.row, [SeatRow(**s.row.__dict__) for s in self.seats], self.store, self.clock,
                               lambda *_: None)
            counts = []
            for entry in self.log:
                shadow.replay(entry)
                counts.append(len(shadow.game.log) if shadow.game is not None else 0)
            self._replay_counts = counts
        return self._replay_counts


def reveal_of(table: LiveTable) -> dict[str, Any]:
    """Everything about a finished game: the engine's ``reveal()`` plus seed (a number, and
    as ``seed_text`` its decimal text for clients whose numbers are doubles), salt and
    commitment (made anew; :meth:`LiveTable.revealed` keeps one for the connections)."""
    assert table.game is not None
    out = table.game.reveal()
    out["seed"] = int(table.row.seed)
    # the seed as text too: a browser reads JSON numbers as doubles, exact only up to 2**53,
    # and a seed shown rounded would not match the commitment
    out["seed_text"] = str(int(table.row.seed))
    out["salt"] = table.row.salt
    out["commitment"] = table.row.commitment
    return out


def player_state(table: LiveTable, player: str | None) -> dict[str, Any]:
    """What ``player`` (``None``: a spectator) may know now, except the events: the state a
    snapshot carries (for the REST API; the caller holds the table's lock).

    Keys: ``status``, ``seats`` (public), and once the game started ``view`` (the player's
    observer's snapshot), ``legal_actions``, ``can_post``, ``waiting`` (whether the game
    waits for this player) and ``deadline`` (ISO UTC; left out when there is none: like
    every ``null`` member, see :mod:`.mergepatch`).
    """
    table.flush()
    shared = Broadcast(table, table.turn)
    game = table.game
    if game is None:
        return shared.lobby
    feed = table.feeds.get(player)
    if feed is None:
        feed = Feed(game, player)
    return feed.state_now(table, shared)
