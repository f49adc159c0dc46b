"""The Mod's clock: deadlines from the engine's timers, an injected clock, restarts."""

from __future__ import annotations

import asyncio

import pytest
from srv_helpers import running_server

from hiddenrole.server import ManualClock, Moderator, Scheduler, Store
from hiddenrole.server.clock import iso

# a deadline the server fails to pass (a wrong comparison, a scheduler that spins) must fail
# these tests, not hang the run: each waits for its conditions at most 5 s (settle), and the
# whole test at most 60 s (pytest-timeout; each takes under 8 s on a loaded machine)
pytestmark = [pytest.mark.usefixtures("council"), pytest.mark.timeout(60)]
T0 = 1_800_000_000.0


def run(coro):
    return asyncio.run(coro)


async def settle(cond=None, timeout: float = 5.0):
    """Let the server work (real time: the store writes in a thread) until ``cond()`` holds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    if cond is None:
        await asyncio.sleep(0.05)
        return
    while not cond():
        assert loop.time() < end, "condition not reached"
        await asyncio.sleep(0.005)


def test_scheduler_sleeps_until_the_earliest_deadline_and_replaced_ones_do_nothing():
    async def main():
        clock = ManualClock(T0)
        fired = []

        async def settle():
            for _ in range(10):
                await asyncio.sleep(0)

        async def fire(table_id, now):
            fired.append((table_id, now))

        sched = Scheduler(clock, fire)
        sched.start()
        sched.set("a", T0 + 10)
        sched.set("b", T0 + 5)
        sched.set("c", T0 + 7)
        sched.set("c", T0 + 20)  # replaced: the old deadline does nothing
        sched.set("d", T0 + 1)
        sched.set("d", None)  # cleared
        await asyncio.sleep(0.01)
        assert fired == []
        clock.advance(6)
        await settle()
        assert fired == [("b", T0 + 6)]
        clock.advance(2)  # T0+8: c's old deadline (T0+7) is stale
        await settle()
        assert fired == [("b", T0 + 6)]
        clock.advance(30)
        await settle()
        assert [t for t, _ in fired] == ["b", "a", "c"]
        sched.set("e", T0 - 100)  # already overdue: fires at once
        await settle()
        assert fired[-1][0] == "e"
        await sched.stop()

    run(main())


def test_a_deadline_that_fires_without_moving_does_not_starve_the_server():
    """A table whose deadline fires but stays due (a broken comparison: it registers the same
    deadline again) must not take the event loop for itself: the rest of the server (here one
    other task) still runs, so a test of it fails on its own conditions instead of hanging."""
    async def main():
        clock = ManualClock(T0)
        sched: Scheduler

        async def fire(table_id, now):
            sched.set(table_id, now)  # still due: the scheduler will call again at once

        sched = Scheduler(clock, fire)
        sched.start()
        sched.set("stuck", T0)
        other_ran = asyncio.Event()

        async def other():
            other_ran.set()

        asyncio.get_running_loop().create_task(other())
        await other_ran.wait()  # without the scheduler's yield, this never comes back
        assert sched.fired >= 1
        await sched.stop()

    run(main())


def _mod(url, clock):
    return Moderator(Store(url), clock)


def test_deadlines_follow_timer_keys_and_the_fast_factor(tmp_path):
    async def main():
        clock = ManualClock(T0)
        async with running_server(f"sqlite:///{tmp_path}/a.db", clock=clock) as srv:
            # fast x10: the 60 s vote lasts 6 s, the 30 s dusk 3 s
            made = await srv.create(game="council", pace="fast", factor=10, host_name="Ann", bots=2)
            code = made["code"]
            ann = await srv.ws(code, made["seat"]["token"])
            await ann.recv()
            await srv.start(code, made["host_token"])
            up = await ann.until(lambda f: f["type"] == "update" and f["state"]["status"] == "running")
            assert up["state"]["deadline"] == iso(T0 + 6)
            table = srv.moderator.tables[made["table"]["id"]]
            await settle(lambda: table.game.to_act() == ("Ann",) and not table.lock.locked())  # the bots voted at once; the deadline keeps its start
            clock.advance(3)
            await settle()
            assert table.deadlines() == {"vote-1": T0 + 6}
            await ann.drain(0.02)
            assert ann.state["deadline"] == iso(T0 + 6)
            clock.advance(3)  # the deadline: Ann's vote is drawn at random, the dusk starts
            await settle(lambda: table.game.phase != "vote" and not table.lock.locked())
            await ann.drain(0.05)
            events = [e for f in ann.frames if f["type"] == "update" for e in f["events"]]
            assert {"kind": "voted", "player": "Ann", "by_timeout": True}.items() <= next(
                e for e in events if e["kind"] == "voted" and e["player"] == "Ann").items()
            if table.game.is_over:
                return
            assert table.game.phase == "dusk" and table.deadlines() == {"dusk-1": T0 + 9}
            assert ann.state["deadline"] == iso(T0 + 9)
            # nobody acts at dusk: an action now is out of turn, and changes nothing
            await ann.send({"type": "action", "id": 9, "action": {"action": "vote", "target": "Bot 1"}})
            err = await ann.until(lambda f: f["type"] in ("error", "ack"))
            assert err["code"] == "out_of_turn" and "no vote is open" in err["message"]
            assert table.game.phase == "dusk"
            clock.advance(2.9)
            await settle()
            assert table.game.phase == "dusk"
            clock.advance(0.1)
            await settle(lambda: table.game.phase == "vote" and not table.lock.locked())
            assert table.game.phase == "vote" and table.deadlines() == {"vote-2": T0 + 15}

    run(main())


def test_untimed_pace_has_no_deadline_and_never_waits_for_nobody(tmp_path):
    async def main():
        clock = ManualClock(T0)
        async with running_server(f"sqlite:///{tmp_path}/a.db", clock=clock) as srv:
            made = await srv.create(game="council", pace="untimed", options={"pace": "turbo"}, bots=7)
            code = made["code"]
            await srv.start(code, made["host_token"])
            table = srv.moderator.tables[made["table"]["id"]]
            # the host kept the game's timed rounds, but the untimed pace has no deadlines:
            # dusks (waiting for nobody) end at once and the bots play the game to its end
            await settle(lambda: table.game.is_over and not table.lock.locked())
            assert table.game.is_over and table.deadlines() == {}
            tallies = sum(e.kind == "tally" for e in table.game.log)
            # every dusk (after each tally but the last) was passed at once by a logged timeout
            assert sum(e.kind == "timeout" for e in table.log) == tallies - 1
            assert srv.moderator.scheduler.deadline(table.id) is None

    run(main())


def test_a_restart_rebuilds_the_game_and_honours_the_running_deadline(tmp_path):
    url = f"sqlite:///{tmp_path}/a.db"

    async def main():
        clock = ManualClock(T0)
        async with running_server(url, clock=clock) as srv:
            made = await srv.create(game="council", pace="turbo", host_name="Ann", bots=3)
            code = made["code"]
            ann = await srv.ws(code, made["seat"]["token"])
            await ann.recv()
            await srv.start(code, made["host_token"])
            table = srv.moderator.tables[made["table"]["id"]]
            await settle(lambda: table.game.to_act() == ("Ann",) and not table.lock.locked())
            clock.advance(20)
            await ann.send({"type": "post", "id": 1, "text": "I trust Bot 2"})
            await ann.until(lambda f: f["type"] == "ack")
            table = srv.moderator.tables[made["table"]["id"]]
            before = table.game.view("Ann")
            deadlines = table.deadlines()
            assert deadlines == {"vote-1": T0 + 60}
        # the server is down for 25 s, then restarts: the vote still ends at T0+60
        clock.advance(25)
        async with running_server(url, clock=clock) as srv:
            table = await srv.moderator.table(code)
            assert table.game.view("Ann") == before
            assert table.deadlines() == deadlines
            assert srv.moderator.scheduler.deadline(table.id) == T0 + 60
            ann = await srv.ws(code, made["seat"]["token"])
            snap = await ann.recv()
            assert snap["state"]["deadline"] == iso(T0 + 60)
            assert [e["text"] for e in snap["events"] if e["kind"] == "post"] == ["I trust Bot 2"]
            clock.advance(14.9)
            await settle()
            assert table.game.to_act() == ("Ann",)
        # down again past the deadline: the overdue deadline fires on start-up
        clock.advance(100)
        async with running_server(url, clock=clock) as srv:
            table = await srv.moderator.table(code)
            await settle(lambda: table.log[-1].kind == "timeout")
            assert table.game.to_act() == ()
            assert table.log[-1].at == clock.now(), [(e.kind, e.data) for e in table.log]
            if not table.game.is_over:  # the dusk's timer starts at the restart
                assert table.deadlines() == {"dusk-1": clock.now() + 30}

    run(main())


def test_an_action_after_its_deadline_is_judged_after_the_deadline_passes(tmp_path):
    """Even when the scheduler has not fired yet (stopped here), a due deadline passes
    before a late action is judged, and everyone is told about it."""
    async def main():
        clock = ManualClock(T0)
        async with running_server(f"sqlite:///{tmp_path}/a.db", clock=clock) as srv:
            made = await srv.create(game="council", pace="turbo", host_name="Ann", bots=3)
            code = made["code"]
            ann = await srv.ws(code, made["seat"]["token"])
            await ann.recv()
            await srv.start(code, made["host_token"])
            table = srv.moderator.tables[made["table"]["id"]]
            await settle(lambda: table.game.to_act() == ("Ann",) and not table.lock.locked())
            await ann.drain(0.05)
            target = ann.state["legal_actions"][0]
            await srv.moderator.scheduler.stop()
            clock.advance(61)  # the vote's deadline (60 s) has passed; nothing fired it
            await ann.send({"type": "action", "id": 1, "action": target})
            err = await ann.until(lambda f: f["type"] in ("ack", "error"))
            assert err["type"] == "error" and err["code"] in ("out_of_turn", "game_over")
            assert table.log[-1].kind == "timeout" and table.log[-1].data == {"key": "vote-1", "missed": ["Ann"]}
            # the update telling Ann about the timeout came before the error
            upd = [f for f in ann.frames if f["type"] == "update" and any(
                e["kind"] == "voted" and e.get("by_timeout") for e in f["events"])]
            assert upd and upd[-1]["seq"] < err["seq"]

    run(main())
