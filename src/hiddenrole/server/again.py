"""A player's own lobby seat and the next game: leave the lobby, change one's name before the
start, and "Play again" once a game is over (docs/protocol.md, the tables' REST rows).

"Play again" makes a new table with the finished one's game, options, pace, bot kind,
listing and missed-deadline limit (and, if the host wishes, as many bot seats); the host's
seat, if the host holds the role through one, sits there at once. The finished table keeps
the new code (``next`` in its public info and in every viewer's state), stored, so everyone
who played or watched is offered the next game, also after a restart. The new table keeps
the names the last game's people played under for them until they come (their page joins
with their seat token of the finished table: one tap, no name to type); nobody else can take
such a name, nor one that looks like it (:meth:`~.moderator.Moderator.check_held`).
"""

from __future__ import annotations

from typing import Any

from ..engine.narration import N_
from .errors import TableError
from .moderator import Moderator, check_name
from .names import look_alike
from .refusals import field_words
from .table import LiveTable, Seat


def _seat_of(table: LiveTable, token: str | None) -> Seat:
    """The seat ``token`` holds at ``table``.

    Raises:
        TableError: ``bad_token`` (403): no seat of this table has that token.
    """
    seat = table.seat_with_token(token)
    if seat is None:
        raise TableError("bad_token", N_("The seat saved on this device is not known at this table."), 403)
    return seat


def _check_lobby(table: LiveTable) -> None:
    if table.row.status != "lobby":
        raise TableError("already_started", N_("The game has started: a name can no longer be changed, nor a seat "
                                               "left."))


async def leave(mod: Moderator, code: str, token: str | None) -> dict[str, Any]:
    """The player of ``token`` leaves the table before the start: the seat is removed and the
    token stops working (the page watches on). The host's own seat may leave too: the host
    token keeps the host's controls. Returns the table's public info.

    Raises:
        TableError: ``no_table``, ``bad_token``, ``already_started``.
    """
    table = await mod.table(code)
    async with table.lock:
        _check_lobby(table)
        await table.remove_seat(_seat_of(table, token), "left", N_("You left the table: you can still watch it."))
    return table.public_info()


async def rename(mod: Moderator, code: str, token: str | None, name: Any) -> dict[str, Any]:
    """The player of ``token`` changes their display name before the start, with the checks
    of a join (:func:`~.moderator.check_name`, and no name that is, or looks like, another
    seat's). Returns ``{"name", "table"}``.

    Raises:
        TableError: ``no_table``, ``bad_token``, ``already_started``, ``bad_name``, ``name_taken``,
            ``name_held`` (a name the table keeps for a player of the last game).
    """
    new = check_name(name)
    table = await mod.table(code)
    async with table.lock:
        _check_lobby(table)
        seat = _seat_of(table, token)
        await mod.check_held(table, new)  # a name kept for a player of the last game stays theirs
        others = [s.name for s in table.seats if s is not seat]
        other = look_alike(new, others)
        if other is not None:
            raise TableError("name_taken", N_("The name “{name}” looks too much like “{other}”, who is already at this "
                                              "table: choose another."), name=new, other=other)
        if new != seat.name:
            await table.rename_seat(seat, new)
    return {"name": new, "table": table.public_info()}


async def play_again(mod: Moderator, code: str, token: str | None, bots: Any = True) -> dict[str, Any]:
    """The host makes the next game's table from finished table ``code``: the same game,
    options, pace (and factor), bot kind, listing and missed-deadline limit; ``bots``: as
    many bot seats as bots held from the start (else none). A host who holds the role
    through a seat sits at the new table under that seat's name. The finished table keeps
    the new code (``next``), stored and told to everyone watching it.

    Returns what creating a table returns (``table``, ``host_token``, ``seat``).

    Raises:
        TableError: ``not_host``, ``not_over`` (the game is still on), ``again_made`` (the
            next game's table exists already: its code is named), ``bad_again`` (``bots`` is
            not true or false).
    """
    table = await mod.table(code)
    mod.check_host(table, token)
    if not isinstance(bots, bool):
        raise TableError("bad_again", N_("“{field}” must be yes or no (true or false)."), 400,
                         field=field_words("again_bots"))
    async with table.lock:
        if table.row.status != "over":
            raise TableError("not_over", N_("The game is not over yet: the next one can be set up once it has ended."))
        if table.row.next_code is not None:
            raise TableError("again_made", N_("The next game is already set up at table {code}."),
                             code=table.row.next_code)
        row = table.row
        host_seat = table.seat(table.host) if table.host is not None else None
        host_name = host_seat.name if host_seat is not None and not host_seat.replaced else None
        bot_seats = sum(1 for s in table.seats if s.bot_seat) if bots else 0
        out = await mod.create(row.game, row.options, row.pace, row.factor if row.pace == "fast" else None,
                               bot_seats, row.bot_kind, host_name, row.listed, row.missed_limit)
        await mod.store.set_table_fields(table.id, next_code=out["table"]["code"])
        row.next_code = out["table"]["code"]
        table.broadcast()
    return out
