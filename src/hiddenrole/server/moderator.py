"""The Mod: every table of this server process, the lobby operations and the scheduler.

One :class:`Moderator` per process owns the store, the clock and the scheduler. Tables
are kept in memory once used; on start-up every running game is rebuilt from its log and
its deadline registered (overdue ones fire at once).

With several processes on one PostgreSQL database (``serve --redis-url``), the moderator
is given :class:`~.lease.Leases`: it keeps in memory only the tables it holds the lease
of, refuses the others (:class:`Moved`, naming their owner, whom the cluster layer relays
to), takes over running tables whose owner stopped renewing (:meth:`Moderator.adopt`) and
lets go of tables whose lease another process took (:meth:`Moderator.drop`).
"""

from __future__ import annotations

import asyncio
import base64
import logging
import re
import secrets
from collections.abc import Mapping
from typing import Any

from ..bots.base import bot_kinds
from ..engine import BadOption, BadSetup, check_player_name, game_class, name_key
from ..engine.game import MAX_NAME_LENGTH
from ..engine.narration import N_
from .audit import commitment, new_salt, new_seed
from .clock import Clock, Scheduler
from .lease import Leases
from .names import look_alike, look_alike_keys, name_refusal
from .pace import BadPace, check_pace, game_options
from .errors import TableError
from .refusals import field_words, option_refusal, shown_code
from .store import SeatRow, Store, TableRow
from .table import LiveTable, Seat, best_bot_kind
from .tokens import new_token, token_hash

log = logging.getLogger("hiddenrole.server")

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no I, O, 0, 1
CODE_LENGTH = 6
LOBBY_TTL = 24 * 3600.0
PAGE_SIZE = 50  # GET /api/tables: tables per page by default, and at most
MAX_PAGE_SIZE = 100
IDLE_TTL = 600.0  # seconds a finished table stays in memory after its last change


__all__ = ["CONTROLS", "Moderator", "Moved", "best_bot_kind", "check_name"]
# the host's controls during a game and the fields each takes (docs/protocol.md, "The host's controls")
CONTROLS: dict[str, tuple[str, ...]] = {
    "pause": (), "resume": (), "extend": ("seconds",), "skip": (), "void": ("reason",),
    "host": ("name",), "replace": ("name", "by"), "kick": ("spectator",),
}
MAX_MISSED_LIMIT = 20
#: a join after the start, with what a player who lost their seat (a new phone) can do
JOIN_STARTED = N_("The game at this table has already started: no seat can be taken now. If you had a seat here and "
                  "lost it (a new phone, a cleared browser), ask the host to give it back: on the game page, under "
                  "Host, they press “Hand to a new person” next to your name and send you the link.")


BOT_NAME = re.compile(r"bot\s*\d+", re.IGNORECASE)  # the bots' names: "Bot 1", "Bot 2"...
#: names the pages and the narration use for someone else: a player named "Mod" could post as the
#: Mod, one named "You" would read as every reader ("You is choosing a Chancellor Candidate")
RESERVED_NAMES = frozenset({"mod", "the mod", "moderator", "you", "du", "host", "spectator", "nobody", "niemand"})
_RESERVED_KEYS = RESERVED_NAMES.union(*(look_alike_keys(n) for n in RESERVED_NAMES))


def _fields_in_words(names: Any) -> Any:
    """Request fields (``["seconds", "reason"]``) as a person names them, joined with commas, in
    the reader's language (a function of the language: :func:`~.errors.told_refusal`)."""
    words = [field_words(str(n)) for n in names]
    return lambda lang: ", ".join(w(lang) if callable(w) else w for w in words)


class Moved(TableError):
    """The table is run by another server process (``owner``, its name): this one may not
    load it. The cluster layer relays the request there; on its own a 503 ``moved``."""

    def __init__(self, owner: str) -> None:
        super().__init__("moved", N_("This table is busy on another server process right now: try again in a moment."), 503)
        self.owner = owner


def check_name(name: Any) -> str:
    """A human's display name: a non-empty string of at most 40 characters, trimmed, that the
    engine accepts as a player name, that does not look like a bot's name ("Bot 3", any case)
    and that :func:`.names.name_problem` accepts (one script, no fillers or bidi controls).

    Raises:
        TableError: ``bad_name`` (400) naming the problem.
    """
    if not isinstance(name, str) or not name.strip():
        raise TableError("bad_name", N_("Type a name to take a seat."), 400)
    name = " ".join(name.split())
    if len(name) > MAX_NAME_LENGTH:
        raise TableError("bad_name", N_("A name has at most {limit} characters: choose a shorter one."), 400,
                         limit=MAX_NAME_LENGTH)
    if any(BOT_NAME.fullmatch(k) for k in {name_key(name), *look_alike_keys(name)}):
        raise TableError("bad_name", N_("The name “{name}” is kept for bots (Bot 1, Bot 2 …): choose another."), 400,
                         name=name)
    if {name_key(name), *look_alike_keys(name)} & _RESERVED_KEYS:
        raise TableError("bad_name", N_("The name “{name}” would be mistaken for the Mod or for the reader: choose another."),
                         400, name=name)
    # bidi controls, blank fillers, stacked marks, mixed scripts (:mod:`.names`)
    problem = name_refusal(name)
    if problem is not None:
        raise TableError("bad_name", problem[0], 400, **problem[1])
    # the engine's own rules for a player name (invisible or control characters...)
    try:
        check_player_name(name)
    except BadSetup as exc:
        raise TableError("bad_name", N_("The name “{name}” holds characters that cannot be shown, or no letter or digit: "
                                       "choose another."), 400, name=name) from None
    return name


class Moderator:
    """The server's tables, over one store and one clock.

    Args:
        store: the (not yet opened) store.
        clock: the time source (inject a :class:`~hiddenrole.server.clock.ManualClock` in tests).
        bot_delay: seconds a bot waits before each action.
        lobby_ttl: seconds after which a table that never started expires.
        lease: several processes share the database: the leases of this process (made on
            the opened store by :meth:`start` when given as a factory ``store -> Leases``).
    """

    def __init__(self, store: Store, clock: Clock | None = None, *, bot_delay: float = 0.0,
                 lobby_ttl: float = LOBBY_TTL, lease: Leases | None = None) -> None:
        self.store = store
        self.lease = lease
        self.clock = clock or Clock()
        self.bot_delay = bot_delay
        self.lobby_ttl = lobby_ttl
        self.tables: dict[str, LiveTable] = {}
        self.codes: dict[str, str] = {}
        self.scheduler = Scheduler(self.clock, self._fire)
        self.link_base = ""  # the address others reach the server at ("" : links are relative)
        self._load_lock = asyncio.Lock()
        self._sweeper: asyncio.Task | None = None
        self._swept: list[str] = []  # forgotten tables whose leases are not released yet

    # --------------------------------------------------------------- lifecycle
    async def start(self) -> None:
        """Open the store (running its migrations), rebuild every running game, start the clock."""
        await self.store.open()
        if self.lease is None:
            for row in await self.store.tables_with_status("running"):
                await self._load(row)
        else:
            await self.adopt(poke=False)
        self.scheduler.start()
        for table in self.tables.values():
            table.poke_bots()
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def stop(self) -> None:
        """Stop the clock and the bots, and close the store."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        await self.scheduler.stop()
        for table in self.tables.values():
            table.halt()
        if self.lease is not None:  # the others take over at once instead of after the expiry
            try:
                await self.lease.release_all()
            except Exception as exc:  # the database went away: the leases expire on their own
                log.warning("could not release the table leases: %s", exc)
            await self.lease.close()
        await self.store.close()

    # ------------------------------------------------------------ several processes
    def owns(self, table_id: str) -> bool:
        """Whether this process may run ``table_id`` (always, without leases)."""
        return self.lease is None or self.lease.holds(table_id)

    async def adopt(self, *, poke: bool = True) -> int:
        """Take over the running tables whose owner stopped renewing its lease: each is
        rebuilt from its log (deadlines that passed meanwhile fire at once). Returns how
        many were taken (0 without leases)."""
        if self.lease is None:
            return 0
        taken = 0
        for table_id in await self.lease.orphans():
            if table_id in self.tables or await self.lease.take(table_id) != self.lease.owner:
                continue
            row = await self.store.get_table(table_id=table_id)
            if row is None:
                continue
            async with self._load_lock:
                old = self.tables.get(table_id)
                if old is None:
                    table = await self._load(row)
                    if poke:
                        table.poke_bots()
                    taken += 1
                    log.info("took over table %s (its owner stopped renewing its lease)", row.code)
        return taken

    def drop(self, table_id: str, why: str = "moved") -> None:
        """Let go of a table this process no longer owns (another process took its lease):
        its connections are closed with 1012 (the clients reconnect, reaching the new
        owner), its bots and deadline stop, and it leaves memory."""
        table = self.tables.pop(table_id, None)
        if table is None:
            return
        self.codes.pop(table.row.code, None)
        table.halt()
        self.scheduler.set(table_id, None)
        for conn in list(table.connections):
            conn.revoke(why, "the table moved to another server process: reconnecting", 1012)
        table.connections.clear()
        log.warning("table %s left this process (%s)", table.row.code, why)

    async def _load(self, row: TableRow) -> LiveTable:
        table = LiveTable(row, await self.store.seats_of(row.id), self.store, self.clock,
                          self.scheduler.set, bot_delay=self.bot_delay)
        if row.status in ("running", "over"):
            table.rebuild(await self.store.log_of(row.id))
        self.tables[row.id] = table
        self.codes[row.code] = row.id
        self.scheduler.set(row.id, table.next_wake())
        return table

    def sweep(self, idle: float = IDLE_TTL) -> int:
        """Forget (from memory only) the finished or expired tables nobody is connected to and
        that did not change for ``idle`` seconds; they are reloaded from the store when asked
        for. Returns how many were forgotten."""
        now = self.clock.now()
        gone = []
        for table_id, table in self.tables.items():
            last = table.log[-1].at if table.log else table.row.created_at
            if table.row.status in ("over", "expired") and not table.connections and now - last > idle:
                gone.append(table_id)
        for table_id in gone:
            table = self.tables.pop(table_id)
            self.codes.pop(table.row.code, None)
            table.closed = True
        self._swept.extend(gone)
        return len(gone)

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(60)
            self.sweep()
            if self.lease is not None and self._swept:
                # a forgotten table asked for again since is back in memory, its lease taken again: kept
                gone, self._swept = [t for t in self._swept if t not in self.tables], []
                try:
                    await self.lease.release(gone)
                except Exception as exc:
                    log.warning("could not release the leases of forgotten tables: %s", exc)

    async def _fire(self, table_id: str, now: float) -> None:
        table = self.tables.get(table_id)
        if table is not None:
            await table.on_deadline(now)

    async def table(self, code: str) -> LiveTable:
        """The table with join code ``code`` (case-insensitive), loaded from the store if needed.

        Raises:
            TableError: ``no_table`` (404) or ``table_expired`` (410, a lobby older than the TTL).
        """
        asked = code
        code = code.upper() if isinstance(code, str) and len(code) <= 16 else "?"  # "?": no table has it
        table_id = self.codes.get(code)
        table = self.tables.get(table_id) if table_id else None
        if table is None:
            async with self._load_lock:
                table_id = self.codes.get(code)
                table = self.tables.get(table_id) if table_id else None
                if table is None:
                    row = await self.store.get_table(code=code)
                    if row is None:
                        raise TableError("no_table", N_("There is no table with the code {code}: check the code, or ask the host for "
                                                        "the link."), 404, code=shown_code(asked))
                    if self.lease is not None:
                        owner = await self.lease.take(row.id)
                        if owner != self.lease.owner:
                            raise Moved(owner)
                    table = await self._load(row)
        if table.row.status == "lobby" and self.clock.now() - table.row.created_at > self.lobby_ttl:
            table.row.status = "expired"
            await self.store.set_status(table.id, "expired")
        if table.row.status == "expired":
            raise TableError("table_expired", N_("The table {code} has closed: its game did not start within {hours} hours. "
                                                 "Ask the host for a new table."), 410,
                             code=code, hours=f"{self.lobby_ttl / 3600:g}")
        return table

    async def player_of(self, table: LiveTable, token: str) -> str:
        """The seat name that ``token`` (a seat token) holds at ``table``.

        Raises:
            TableError: ``bad_token`` (unknown), ``wrong_table`` (a token of another table)
                or ``seat_replaced`` (the seat is now a bot's).
        """
        seat = table.seat_with_token(token)
        if seat is not None:
            return seat.name
        other = await self.store.seat_by_token(token_hash(token))
        if other is not None and other.table_id != table.id:
            raise TableError("wrong_table", N_("The seat saved on this device belongs to another table."), 403)
        if any(e.kind in ("replace", "substitute") for e in table.log) and other is None:
            raise TableError("bad_token", N_("Your seat is no longer yours: the host gave it to a bot or to another "
                                             "player."), 403)
        raise TableError("bad_token", N_("The seat saved on this device is not known at this table."), 403)

    def check_host(self, table: LiveTable, token: str | None) -> None:
        """Refuse unless ``token`` is the table's host token (while no player took the host
        role over) or the seat token of the player who holds the host role.

        Raises:
            TableError: ``not_host`` (403).
        """
        if not self.holds_host(table, token):
            raise TableError("not_host", N_("Only the host can do this."), 403)

    @staticmethod
    def holds_host(table: LiveTable, token: str | None) -> bool:
        """Whether ``token`` holds the host role now: the table's host token (while no player
        took the role over) or the seat token of the player who holds it."""
        if not token:
            return False
        digest = token_hash(token)
        if table.host_token_live and digest == table.row.host_token_hash:
            return True
        seat = table.seat(table.host) if table.host is not None else None
        return seat is not None and seat.row.token_hash == digest

    # ----------------------------------------------------------------- lobby
    async def create(self, game: Any, options: Mapping[str, Any] | None, pace: Any = "turbo",
                     factor: Any = None, bots: Any = 0, bot_kind: Any = None,
                     host_name: Any = None, listed: Any = False, missed_limit: Any = 2) -> dict[str, Any]:
        """Create a table.

        Args:
            game: a game name (``available_games()``).
            options: the game's options (validated through its ``OPTIONS``).
            pace: ``"turbo"``, ``"fast"`` (with ``factor``) or ``"untimed"``.
            factor: for ``fast``: every duration is divided by it (a number in (1, 10000]).
            bots: how many seats bots fill (count).
            bot_kind: the bot kind (default: the best the project has for the game).
            host_name: if given, the host also takes the first seat under this name.
            listed: whether the lobby lists the table (default: private, reached by code or link).
            missed_limit: after this many missed deadlines in a row a bot plays an absent
                player's seat until they come back (0: never; at most 20).

        Returns:
            ``{"table": public info, "host_token": ..., "seat": {"name", "token"} or None}``.

        Raises:
            TableError: ``bad_game``, ``bad_option``, ``bad_pace``, ``bad_bots``, ``bad_name``,
                ``bad_listed``, ``bad_missed_limit`` (400).
        """
        if not isinstance(listed, bool):
            raise TableError("bad_listed", N_("“{field}” must be yes or no (true or false)."), 400,
                             field=field_words("listed"))
        if isinstance(missed_limit, bool) or not isinstance(missed_limit, int) \
                or not 0 <= missed_limit <= MAX_MISSED_LIMIT:
            raise TableError("bad_missed_limit", N_("“{field}” must be a whole number from 0 (no bot ever steps in) "
                                                    "to {maximum}."), 400,
                             field=field_words("missed_limit"), maximum=MAX_MISSED_LIMIT)
        try:
            cls = game_class(game)
        except BadSetup as exc:
            raise TableError("bad_game", str(exc), 400) from None
        try:
            pace, factor = check_pace(pace, factor)
        except BadPace as exc:
            raise exc.refusal from None
        try:
            resolved = game_options(cls.OPTIONS, options, pace)
        except BadOption as exc:
            message, params = option_refusal(cls, exc)
            raise TableError("bad_option", message, 400, **params) from None
        kinds = bot_kinds(cls.name, waiting=False)  # an llm bot plays a served table as a remote agent
        if bot_kind is None:
            bot_kind = best_bot_kind(cls.name)
        elif bot_kind not in kinds:
            raise TableError("bad_bots", N_("{game} has no kind of bot called “{kind}”: choose one of {kinds}."), 400,
                             game=cls.title, kind=str(bot_kind), kinds=", ".join(kinds))
        seats_wanted = (1 if host_name is not None else 0)
        if isinstance(bots, bool) or not isinstance(bots, int) or bots < 0:
            raise TableError("bad_bots", N_("“{field}” must be a whole number of seats, 0 or more."), 400,
                             field=field_words("bots"))
        if bots + seats_wanted > cls.max_players:
            too_many = (N_("{game} seats at most {players} players: {bots} bots and the host are too many.")
                        if seats_wanted else N_("{game} seats at most {players} players: {bots} bots are too many."))
            raise TableError("bad_bots", too_many, 400, game=cls.title, players=cls.max_players, bots=bots)
        if host_name is not None:
            host_name = check_name(host_name)
        now = self.clock.now()
        host_token = new_token()
        seed, salt = new_seed(), new_salt()
        for _ in range(20):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.codes and await self.store.get_table(code=code) is None:
                break
        row = TableRow(id=secrets.token_hex(8), code=code, game=cls.name, options=resolved, pace=pace,
                       factor=factor, bot_kind=bot_kind, status="lobby", host_token_hash=token_hash(host_token),
                       created_at=now, seed=str(seed), salt=salt, commitment=commitment(seed, salt),
                       host_seat=host_name, listed=listed, missed_limit=missed_limit)
        await self.store.create_table(row)
        if self.lease is not None:  # a new table: its lease is free
            await self.lease.take(row.id)
        table = await self._load(row)
        seat = None
        async with table.lock:
            if host_name is not None:
                token = await self._add_seat(table, host_name, None)
                seat = {"name": host_name, "token": token}
            for _ in range(bots):
                await self._add_seat(table, self._bot_name(table), bot_kind)
        return {"table": table.public_info(), "host_token": host_token, "seat": seat}

    @staticmethod
    def _bot_name(table: LiveTable) -> str:
        i = 1
        while table.seat(f"Bot {i}") is not None or look_alike(f"Bot {i}", [s.name for s in table.seats]):
            i += 1
        return f"Bot {i}"

    async def _add_seat(self, table: LiveTable, name: str, bot_kind: str | None) -> str | None:
        cls = game_class(table.row.game)
        if len(table.seats) >= cls.max_players:
            raise TableError("table_full", N_("The table is full: all {seats} seats are taken."), seats=cls.max_players)
        if table.seat(name) is not None:
            raise TableError("name_taken", N_("The name “{name}” is already taken at this table: choose another."), name=name)
        other = look_alike(name, [s.name for s in table.seats])
        if other is not None:
            raise TableError("name_taken", N_("The name “{name}” looks too much like “{other}”, who is already at this "
                                              "table: choose another."), name=name, other=other)
        token = None if bot_kind else new_token()
        position = max((s.row.position for s in table.seats), default=-1) + 1
        row = SeatRow(table.id, position, name, token_hash(token) if token else None, bot_kind, self.clock.now())
        await self.store.add_seat(row)
        seat = Seat(row)
        if token is not None:  # "away" if the player does not connect soon
            seat.away_since = self.clock.now()
        table.seats.append(seat)
        table.broadcast()
        table.set_deadline(table.id, table.next_wake())
        return token

    async def _lobby(self, code: str) -> LiveTable:
        table = await self.table(code)
        if table.row.status != "lobby":
            raise TableError("already_started", N_("The game at this table has already started: no seat can be taken now."))
        return table

    async def held_names(self, table: LiveTable) -> tuple[LiveTable | None, list[str]]:
        """The names ``table`` keeps for the players of the game it was made after ("Play
        again"): the finished table and the names its people played under (not the bots' seats
        from the start, nor seats the host gave to a bot for good), less the names seated at
        ``table`` already. ``(None, [])`` for a table not made to play again."""
        before = await self.store.table_before(table.row.code)
        if before is None:
            return None, []
        try:
            last = await self.table(before.code)
        except TableError:  # gone meanwhile: nothing to keep
            return None, []
        seated = [s.name for s in table.seats]
        return last, [s.name for s in last.seats
                      if not s.bot_seat and not s.replaced and s.name not in seated and look_alike(s.name, seated) is None]

    async def check_held(self, table: LiveTable, name: str, token: str | None = None) -> None:
        """Refuse ``name`` at ``table`` when it is (or looks like) a name the table keeps for a
        player of the last game (:meth:`held_names`), unless ``token`` is that player's seat
        token at the finished table.

        Raises:
            TableError: ``name_held``.
        """
        last, held = await self.held_names(table)
        if not held:
            return
        other = name if name in held else look_alike(name, held)
        if other is None:
            return
        seat = last.seat_with_token(token) if last is not None else None
        if seat is None or seat.name != other:
            raise TableError("name_held", N_("The name “{name}” is kept for {other}, who played the last game at this "
                                             "table: choose another."), name=name, other=other)

    async def join(self, code: str, name: Any, token: str | None = None) -> dict[str, Any]:
        """Take a seat at a table that has not started under a display name (unique at the table).
        A table made to play again keeps the last game's players' names for them: such a name
        is taken with that player's seat token at the finished table (``token``; the name is
        not typed again, their page sends it).

        Returns ``{"name", "token", "table"}``; keep the token secret: it is the seat.

        Raises:
            TableError: ``no_table``, ``table_expired``, ``already_started``, ``table_full``,
                ``name_taken``, ``name_held`` or ``bad_name``.
        """
        name = check_name(name)
        table = await self.table(code)
        await self.check_held(table, name, token)
        async with table.lock:
            if table.row.status != "lobby":
                raise TableError("already_started", JOIN_STARTED)
            token = await self._add_seat(table, name, None)
        return {"name": name, "token": token, "table": table.public_info()}

    async def add_bots(self, code: str, host_token: str | None, count: Any) -> dict[str, Any]:
        """The host adds ``count`` bot seats before the start."""
        table = await self._lobby(code)
        self.check_host(table, host_token)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise TableError("bad_bots", N_("“{field}” must be a whole number of seats, 1 or more."), 400,
                             field=field_words("count"))
        max_players = game_class(table.row.game).max_players
        async with table.lock:
            if table.row.status != "lobby":
                raise TableError("already_started", N_("The game at this table has already started: no seat can be taken now."))
            free = max_players - len(table.seats)
            if count > free:  # all or nothing: no seat is added
                raise TableError("table_full", N_("Free seats: {free} of {seats}. {count} bots do not fit, so none was "
                                                  "added."), free=free, seats=max_players, count=count)
            for _ in range(count):
                await self._add_seat(table, self._bot_name(table), table.row.bot_kind)
        return table.public_info()

    async def kick(self, code: str, host_token: str | None, name: Any) -> dict[str, Any]:
        """The host removes a player (or bot) before the start; their token stops working."""
        table = await self._lobby(code)
        self.check_host(table, host_token)
        async with table.lock:
            seat = table.seat(name) if isinstance(name, str) else None  # case-insensitive
            if seat is None:
                raise TableError("unknown_player", N_("Nobody at this table is called “{name}”."), 404, name=str(name))
            await table.remove_seat(seat, "kicked", N_("The host removed you from the table: you can still watch."))
        return table.public_info()

    async def start_game(self, code: str, host_token: str | None) -> dict[str, Any]:
        """The host starts the game when the player count is legal; the seed's commitment is published.

        Raises:
            TableError: ``not_host``, ``bad_setup`` (player count).

        A repeated start (the host's double click) of a table that has started changes
        nothing and answers with the table, as the first start did.
        """
        table = await self.table(code)
        self.check_host(table, host_token)
        async with table.lock:
            if table.row.status != "lobby":
                return table.public_info()
            cls = game_class(table.row.game)
            if not cls.min_players <= len(table.seats) <= cls.max_players:
                raise TableError("bad_setup", N_("This game needs {low} to {high} players; seated now: {count}. "
                                                 "Wait for more players or add bots."), 400,
                                 low=cls.min_players, high=cls.max_players, count=len(table.seats))
            try:
                await table.start(int(table.row.seed), table.row.options)
            except (BadSetup, BadOption) as exc:
                raise TableError("bad_setup", str(exc), 400) from None
        return table.public_info()

    async def replace(self, code: str, host_token: str | None, name: Any) -> dict[str, Any]:
        """The host hands an absent player's seat to a bot during the game."""
        table = await self.table(code)
        self.check_host(table, host_token)
        await table.replace_by_bot(name if isinstance(name, str) else "", table.row.bot_kind)
        return table.public_info()

    async def control(self, table: LiveTable, control: Any, params: Mapping[str, Any]) -> dict[str, Any] | None:
        """Run one of the host's controls (the caller checked the host) with its ``params``;
        returns what the host must be given back (a substitute link's claim), else ``None``.

        Raises:
            TableError: ``bad_control`` (unknown, or fields it does not take), and each
                control's own errors (see :class:`LiveTable`).
        """
        if not isinstance(control, str) or control not in CONTROLS:
            raise TableError("bad_control", N_("“{control}” is not one of the host’s controls: {controls}."), 400,
                             control=str(control), controls=", ".join(CONTROLS))
        takes = CONTROLS[control]
        extra = sorted(str(k) for k in params if k not in takes)
        if extra:
            extras = _fields_in_words(extra)
            if takes:
                raise TableError("bad_control", N_("The host’s control “{control}” takes only: {takes}. It does not "
                                                   "take: {extra}."), 400,
                                 control=control, takes=_fields_in_words(takes), extra=extras)
            raise TableError("bad_control", N_("The host’s control “{control}” takes no fields. It does not take: "
                                               "{extra}."), 400,
                             control=control, extra=extras)
        table.seen_host()
        if control == "pause":
            await table.pause()
        elif control == "resume":
            await table.resume()
        elif control == "extend":
            await table.extend(params.get("seconds"))
        elif control == "skip":
            await table.skip()
        elif control == "void":
            await table.void(params.get("reason"))
        elif control == "host":
            await table.pass_host(params.get("name"))
        elif control == "kick":
            await table.kick_spectator(params.get("spectator"))
        elif control == "replace":
            by = params.get("by", "bot")
            name = params.get("name")
            if by == "bot":
                await table.replace_by_bot(name if isinstance(name, str) else "", table.row.bot_kind)
            elif by == "substitute":
                seat, claim = await table.substitute(name)
                return {"name": seat, "claim": claim, "link": substitute_link(self.link_base, table.row.code, claim, seat)}
            else:
                raise TableError("bad_control", N_("A seat is replaced by “bot” or by “substitute”, not by “{by}”."),
                                 400, by=str(by))
        return None

    async def take_host(self, table: LiveTable, player: str) -> None:
        """The seated ``player`` takes the host role over from a host who has been away long
        enough (:meth:`LiveTable.take_host`), before or during the game.

        Raises:
            TableError: see :meth:`LiveTable.take_host`.
        """
        await table.take_host(player)

    async def claim(self, code: str, claim: Any, name: Any = None) -> dict[str, Any]:
        """Take the seat a substitute link opens: returns ``{"name", "token", "table"}``.
        ``name``: the seat's own name when its player takes it back (told as "Hal is back").

        Raises:
            TableError: ``no_table``, ``claim_used``, ``bad_claim``, ``game_over``, ``voided``.
        """
        table = await self.table(code)
        name, token = await table.claim(claim, name)
        return {"name": name, "token": token, "table": table.public_info()}

    async def open_tables(self, cursor: str | None = None, limit: int = PAGE_SIZE) -> tuple[list[dict[str, Any]], str | None]:
        """One page of the listed tables waiting for players (not expired), newest first (a
        table is private unless its host chose to list it).

        Args:
            cursor: where the page starts: the ``next`` of the previous page (``None``: the first).
            limit: tables per page, 1 to :data:`MAX_PAGE_SIZE`.

        Returns:
            ``(tables' public info, next)``: ``next`` is the cursor of the following page,
            ``None`` on the last.

        Raises:
            TableError: ``bad_cursor`` (400) for a cursor this server did not give.
        """
        before = read_cursor(cursor) if cursor is not None else None
        rows = await self.store.tables_page("lobby", since=self.clock.now() - self.lobby_ttl, before=before,
                                            limit=limit + 1)
        out = []
        for row in rows[:limit]:
            table = self.tables.get(row.id)
            if table is None and self.lease is None:
                table = await self._load(row)
            elif table is None:  # run by another process: its stored seats, nothing loaded
                table = LiveTable(row, await self.store.seats_of(row.id), self.store, self.clock, lambda *_: None)
            out.append(table.public_info())
        last = rows[limit - 1] if len(rows) > limit else None
        return out, (make_cursor(last.created_at, last.id) if last is not None else None)


def substitute_link(base: str, code: str, claim: str, seat: str) -> str:
    """The one-time link that hands ``seat`` to a person: the claim, and the seat's name so
    the page can ask whether it is the seat's own player coming back."""
    from urllib.parse import quote

    return f"{base}/?join={code}&claim={claim}&seat={quote(seat, safe='')}"


def make_cursor(created_at: float, table_id: str) -> str:
    """An opaque page cursor: the last listed table's creation time and id, base64url."""
    return base64.urlsafe_b64encode(f"{created_at!r}/{table_id}".encode()).decode().rstrip("=")


def read_cursor(cursor: str) -> tuple[float, str]:
    """The ``(created_at, id)`` a :func:`make_cursor` cursor holds.

    Raises:
        TableError: ``bad_cursor`` (400): not a cursor this server gives.
    """
    try:
        at, table_id = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode().split("/")
        created_at = float(at)
        if not re.fullmatch(r"[0-9a-f]{1,32}", table_id) or created_at != created_at:
            raise ValueError
    except (ValueError, UnicodeDecodeError):
        raise TableError("bad_cursor", N_("The page cursor is not one this server gave: start again without one."),
                         400) from None
    return created_at, table_id
