"""Unit tests of the server's parts: pace, names, the rate limits, the scheduler (property)."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hiddenrole.engine import BadOption, game_class
from hiddenrole.server import ManualClock, Scheduler
from hiddenrole.server.moderator import check_name
from hiddenrole.server.pace import BadPace, check_pace, game_options
from hiddenrole.server.guard import ClockStorage, Guard, Limits
from hiddenrole.server.table import TableError


def test_pace_validation():
    assert check_pace("turbo", None) == ("turbo", 1.0)
    assert check_pace("fast", 4) == ("fast", 4.0)
    assert check_pace("untimed", None) == ("untimed", 1.0)
    for pace, factor, text in [("untimed", 99, "only the fast pace"), ("turbo", 5, "only the fast pace"),("fast", None, "needs a number"), ("fast", 1, "more than 1"),
                               ("fast", True, "needs a number"), ("fast", 10**6, "at most"),
                               ("slow", None, "must be one of")]:
        with pytest.raises(BadPace, match=text):
            check_pace(pace, factor)


def test_check_pace_refuses_in_the_persons_words_where_it_tests():
    # the sentence comes with the refusal itself (no second test of the conditions to pick it)
    for pace, factor, en, de in [
        ("slow", None, "“Pace” must be one of: turbo, fast, untimed.", "„Tempo“ muss eines davon sein: turbo, fast, untimed."),
        ("turbo", 5, "Only the fast pace takes a “Speed-up factor”.", "Nur das schnelle Tempo hat einen „Beschleunigungsfaktor“."),
        ("fast", "4", "The fast pace needs a number as its “Speed-up factor”: every duration is divided by it.",
         "Das schnelle Tempo braucht eine Zahl als „Beschleunigungsfaktor“: Jede Dauer wird durch sie geteilt."),
        ("fast", 0.5, "“Speed-up factor” must be more than 1 and at most 10000.",
         "„Beschleunigungsfaktor“ muss größer als 1 und höchstens 10000 sein."),
    ]:
        with pytest.raises(BadPace) as caught:
            check_pace(pace, factor)
        refusal = caught.value.refusal
        assert (refusal.code, refusal.status, refusal.told("en"), refusal.told("de")) == ("bad_pace", 400, en, de)


def test_untimed_pace_picks_each_games_untimed_options(council):
    opts = game_class("council").OPTIONS
    assert game_options(opts, {}, "untimed")["pace"] == "untimed"
    assert game_options(opts, {"pace": "turbo"}, "untimed")["pace"] == "turbo"  # the host's choice stands
    assert game_options(opts, {}, "turbo")["pace"] == "turbo"
    with pytest.raises(BadOption, match="vote_seconds"):
        game_options(opts, {"vote_seconds": "soon"}, "untimed")
    with pytest.raises(BadOption, match="options must be an object"):
        game_options(opts, ["pace"], "turbo")


@pytest.mark.parametrize("game,expect", [
    ("secret-hitler", {"pace": "untimed"}),
    ("mccarthyism", {"turn_seconds": 0, "vote_seconds": 0}),
    ("shady-agents", {"turn_seconds": 0, "answer_seconds": 0}),
])
def test_untimed_pace_on_the_real_games(game, expect):
    from hiddenrole.engine import available_games

    if game not in available_games():
        pytest.skip(f"{game} has not landed yet")
    resolved = game_options(game_class(game).OPTIONS, {}, "untimed")
    assert {k: resolved.get(k) for k in expect} == expect


def test_display_names():
    assert check_name("  Ann   Lee ") == "Ann Lee"
    for bad in ["", "   ", None, 5, "x" * 41]:
        with pytest.raises(TableError) as info:
            check_name(bad)
        assert info.value.code == "bad_name"



@pytest.mark.parametrize("name", ["Mod", "MOD", "the  Mod", "Моd", "Moderator", "You", "Yоu", "Du", "Nobody"])
def test_a_name_that_reads_as_the_mod_or_the_reader_is_refused(name):
    # "Mod" (or its Cyrillic look-alike) could post as the Mod; "You" would read as every reader
    with pytest.raises(TableError) as err:
        check_name(name)
    assert err.value.code == "bad_name" and "mistaken for the Mod or for the reader" in str(err.value)


@pytest.mark.parametrize("name", ["Modest", "Youssef", "Dua", "Model T"])
def test_names_that_only_begin_like_a_reserved_word_are_fine(name):
    assert check_name(name) == name

def test_message_rate_is_per_seat_and_per_address_on_the_injected_clock():
    """20 messages a second per seat (all its connections), 60 per address: counted on the
    server's clock, in a moving window of one second."""
    clock = ManualClock(100.0)
    guard = Guard(clock)
    seat = ("table1", "Ann")
    assert [guard.message("1.2.3.4", seat) for _ in range(20)] == [True] * 20
    assert guard.message("1.2.3.4", seat) is False  # the 21st within the second, whatever the connection
    assert guard.message("1.2.3.4", ("table1", "Bob")) is True  # another seat at the same address
    clock.advance(0.999)
    assert guard.message("5.6.7.8", seat) is False  # the seat's limit follows it to any address
    clock.advance(0.002)
    assert guard.message("5.6.7.8", seat) is True
    other = Guard(ManualClock(0.0))
    assert sum(other.message("9.9.9.9", None) for _ in range(70)) == 60  # per address, before any hello


def test_flood_strikes_and_rest_rates_say_when_to_retry():
    clock = ManualClock(1000.0)
    guard = Guard(clock, Limits(flood_strikes="3/minute", creates="2/minute;3/hour"))
    assert [guard.strike(7) for _ in range(4)] == [False, False, False, True]
    assert guard.strike(8) is False  # per connection
    assert guard.hit("creates", "a") is None and guard.hit("creates", "a") is None
    assert guard.hit("creates", "a") == 60.0  # the minute's window ends 60 s after the first
    clock.advance(59.5)
    assert guard.hit("creates", "a") == 1.0  # rounded up: never "retry in 0 seconds"
    clock.advance(1)
    assert guard.hit("creates", "a") is None  # the third of the hour
    clock.advance(61)
    assert guard.hit("creates", "a") == 3479.0  # the hour's window ends at 1000 + 3600: ceil(4600 - 1121.5)
    assert guard.hit("creates", "b") is None  # per address


def test_connections_per_address_are_counted_and_released():
    guard = Guard(ManualClock(), Limits(connections_per_address=2))
    assert [guard.open("a"), guard.open("a"), guard.open("a"), guard.open("b")] == [True, True, False, True]
    guard.close("a")
    assert guard.open("a") is True
    for _ in range(2):
        guard.close("a")
    guard.close("b")
    assert not guard.per_address  # nothing left behind for addresses that left


def test_rate_storage_forgets_clients_whose_window_passed():
    clock = ManualClock(0.0)
    guard = Guard(clock)
    for i in range(ClockStorage.SWEEP_EVERY - 1):
        guard.message(f"10.0.{i // 256}.{i % 256}", None)
    assert len(guard.storage.windows) == ClockStorage.SWEEP_EVERY - 1
    clock.advance(2)
    guard.message("10.1.0.1", None)  # the sweep: every window but this one ended
    assert len(guard.storage.windows) == 1


@given(st.lists(st.tuples(st.sampled_from("abcd"), st.one_of(st.none(), st.floats(0, 100))), max_size=25),
       st.floats(0, 120))
def test_scheduler_fires_each_tables_last_deadline_once_in_time_order(sets, advance):
    """Whatever the sequence of set/clear calls, exactly the tables whose last deadline is
    due fire, once each, in deadline order; replaced deadlines never fire."""
    async def main():
        t0 = 1000.0
        clock = ManualClock(t0)
        fired = []

        async def fire(table_id, now):
            fired.append(table_id)

        sched = Scheduler(clock, fire)
        sched.start()
        last = {}
        for table_id, at in sets:
            sched.set(table_id, None if at is None else t0 + 1 + at)
            last[table_id] = None if at is None else t0 + 1 + at
        for _ in range(5):
            await asyncio.sleep(0)
        assert fired == []
        clock.advance(1 + advance)
        for _ in range(50):
            await asyncio.sleep(0)
        due = sorted((at, t) for t, at in last.items() if at is not None and at <= clock.now())
        assert sorted(fired) == sorted(t for _, t in due)
        assert [last[t] for t in fired] == sorted(last[t] for t in fired)
        await sched.stop()

    asyncio.run(main())


def test_the_deadline_shown_reveals_no_private_step():
    """A player who may act sees the earliest deadline; the others (and spectators) see the
    phase's end only, never a private step's timer (a key with "/")."""
    from hiddenrole.engine import Timer
    from hiddenrole.server.store import TableRow
    from hiddenrole.server.table import LiveTable

    class Night:
        is_over = False

        def __init__(self, timers):
            self._timers = timers

        def timers(self):
            return self._timers

        def legal_actions(self, player):
            return [{"action": "discard"}] if player == "Pres" else []

    row = TableRow("t", "C", "g", {}, "fast", 2.0, "random", "running", "h", 0.0, "1", "s", "c")
    table = LiveTable(row, [], store=None, clock=ManualClock(0.0), on_deadline=lambda *_: None)
    table.game = Night([Timer("night-1", 240), Timer("night-1/discard", 120)])
    table.timer_starts = {"night-1": 1000.0, "night-1/discard": 1100.0}
    assert table.deadlines() == {"night-1": 1120.0, "night-1/discard": 1160.0}
    assert table.deadline_for("Pres") == 1120.0
    assert table.deadline_for("Chan") == 1120.0 and table.deadline_for(None) == 1120.0
    table.game = Night([Timer("night-0/nominate", 120)])  # only a private step runs
    table.timer_starts = {"night-0/nominate": 1000.0}
    assert table.deadline_for("Pres") == 1060.0
    assert table.deadline_for("Chan") is None and table.deadline_for(None) is None


def test_every_mccarthyism_player_sees_the_clock():
    """McCarthyism's steps are public (everyone sees who acts): a player who is not acting and a
    spectator see the acting player's deadline (fresh-user trial 13: only the actor saw a clock)."""
    from hiddenrole.games.mccarthyism import McCarthyism
    from hiddenrole.server.store import TableRow
    from hiddenrole.server.table import LiveTable

    row = TableRow("t", "C", "mccarthyism", {}, "fast", 2.0, "random", "running", "h", 0.0, "1", "s", "c")
    table = LiveTable(row, [], store=None, clock=ManualClock(0.0), on_deadline=lambda *_: None)
    game = McCarthyism(["Ann", "Bob", "Cid", "Dee"], {"turn_seconds": 120}, seed=1)
    table.game = game
    (actor,) = game.to_act()
    (timer,) = game.timers()
    table.timer_starts = {timer.key: 1000.0}
    others = [p for p in ("Ann", "Bob", "Cid", "Dee") if p != actor]
    assert table.deadline_for(actor) == 1060.0  # 120 s at the fast pace's factor 2
    assert [table.deadline_for(p) for p in others] == [1060.0, 1060.0, 1060.0]
    assert table.deadline_for(None) == 1060.0
