"""The event stream of a live table (docs/protocol.md): a snapshot, then updates that carry
only the new events, the new thread posts and a merge patch of what changed; one feed per
viewer shared by its connections; a client that does not read gets a snapshot, never a
backlog; the table's bots read the stream through their own observers.

These tests drive a :class:`LiveTable` in this process (a store in memory, WebSockets that
record what they are sent), so every frame is checked exactly, with no timing involved."""

from __future__ import annotations

import asyncio
import json

import pytest
from srv_helpers import running_server

from hiddenrole.bots.base import Bot
from hiddenrole.engine import game_class
from hiddenrole.engine.observer import Observer
from hiddenrole.engine.narration import narrator
from hiddenrole.server import ManualClock
from hiddenrole.server.mergepatch import apply, strip_nulls
from hiddenrole.server.outbox import Outbox
from hiddenrole.server.protocol import PROTOCOL, Connection
from hiddenrole.server.store import LogEntry, SeatRow, TableRow
from hiddenrole.server.stream import number_posts
from hiddenrole.server.table import LiveTable, TableError

NAMES = ["Ann", "Bob", "Cid", "Dee"]


class MemoryStore:
    """The store's ``append`` and ``log_of``, in memory; ``fail`` makes the next append raise."""

    def __init__(self) -> None:
        self.entries: list[LogEntry] = []
        self.fail = False

    async def append(self, game_id, entry, *, seat=None, status=None) -> None:
        if self.fail:
            self.fail = False
            raise OSError("disk full")
        self.entries.append(entry)

    async def log_of(self, game_id):
        return list(self.entries)


class Socket:
    """A WebSocket whose client reads only while :attr:`reading` is set (and takes a
    snapshot only while :attr:`snapshots` is set)."""

    def __init__(self) -> None:
        self.frames: list[dict] = []
        self.sizes: list[int] = []
        self.reading = asyncio.Event()
        self.reading.set()
        self.snapshots = asyncio.Event()
        self.snapshots.set()
        self.closed: int | None = None

    async def send_text(self, text: str) -> None:
        await self.reading.wait()
        if text.startswith('{"type":"snapshot"'):
            await self.snapshots.wait()
        self.sizes.append(len(text.encode("utf-8")))
        self.frames.append(json.loads(text))

    async def close(self, code: int = 1000) -> None:
        self.closed = code


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


class Viewer:
    """One connection to the table and the state its client holds (snapshot + patches)."""

    def __init__(self, table: LiveTable, player: str | None) -> None:
        self.ws = Socket()
        self.link = Connection(self.ws)
        self.conn = self.link.outbox  # the connection as the table sees it
        self.conn.player = player
        self.conn.table = table
        self.task = asyncio.get_running_loop().create_task(self.link.writer())
        self.read = 0

    def new_frames(self) -> list[dict]:
        out = self.ws.frames[self.read:]
        self.read = len(self.ws.frames)
        return out

    def client_state(self):
        """What a client holds after every frame so far: state, events, thread posts."""
        state, events, thread = None, [], []
        for f in self.ws.frames:
            if f["type"] == "snapshot":
                state, events, thread = f["state"], list(f["events"]), list(f["thread"])
            elif f["type"] == "update":
                state = apply(state, f["patch"])
                events += f["events"]
                thread += f["thread"]
        return state, events, thread


async def council_table(game="council", names=NAMES, bots=(), viewers=(*NAMES, None), options=None, seed=5,
                        before_bots=None):
    """A running table of ``game`` in this process with a :class:`Viewer` per name in
    ``viewers`` (``None``: a spectator); ``before_bots(table)`` is called as the game starts,
    before any bot acts."""
    row = TableRow("t1", "ABCDEF", game, {}, "untimed", 1.0, "random", "lobby", "h", 0.0, str(seed), "s", "c")
    seats = [SeatRow("t1", i, n, None if n in bots else "x", "random" if n in bots else None, 0.0)
             for i, n in enumerate(names)]
    store = MemoryStore()
    table = LiveTable(row, seats, store, ManualClock(), lambda *_: None)
    out = [Viewer(table, v) for v in viewers]
    async with table.lock:
        for v in out:
            await table.connect(v.conn)
    async with table.lock:
        await table.start(seed, options if options is not None else {"pace": "untimed"})
        if before_bots is not None:
            before_bots(table)
    await settle()
    return table, store, out


def truth(table: LiveTable, player, told=True):
    """What ``player`` may know now, from a fresh observer: state view, events (each with its
    narration, as the server sends them, unless ``told`` is false), thread posts."""
    observer = table.game.observer(player)
    events = observer.new_events()
    teller = narrator(table.game, player)  # every event the server sends carries its narration
    out = [dict(e, narration=teller.event_json(e)) for e in events] if told else events
    return strip_nulls(observer.snapshot()), out, number_posts(observer.thread(events), 0)


def test_a_snapshot_then_updates_with_only_new_events_thread_posts_and_changed_fields(council):
    async def main():
        table, _, (ann, bob, cid, dee, spec) = await council_table()
        snap = ann.ws.frames[0]
        assert snap["type"] == "snapshot" and snap["protocol"] == PROTOCOL == 2
        assert snap["state"] == {"status": "lobby", "seats": snap["state"]["seats"]}
        assert snap["events"] == [] and snap["thread"] == []
        for v in (ann, bob, cid, dee, spec):  # the start: one update with every event so far, the whole new state
            started = [f for f in v.new_frames() if f["type"] == "update"][-1]
            view, events, _ = truth(table, v.conn.player)
            assert started["events"] == events and started["thread"] == []
            assert started["patch"]["status"] == "running" and started["patch"]["view"] == view

        await table.act("Ann", {"action": "post", "text": "I trust Bob"})
        await settle()
        for v in (ann, bob, cid, dee, spec):
            (f,) = v.new_frames()
            post = {"seq": len(truth(table, v.conn.player)[1]) - 1, "kind": "post", "player": "Ann",
                    "text": "I trust Bob", "narration": ["Ann wrote: “I trust Bob”"]}
            # a post changes no field of Council's state: the patch is empty
            assert f == {"type": "update", "seq": f["seq"], "events": [post],
                         "thread": [{"seq": 0, "by": "Ann", "text": "I trust Bob"}], "patch": {}}

        await table.act("Bob", {"action": "vote", "target": "Ann"})
        await settle()
        (mine,) = bob.new_frames()
        assert [e["kind"] for e in mine["events"]] == ["voted", "ballot"] and mine["thread"] == []
        told = mine["patch"].pop("narration")  # Bob's prompt is gone, and he is waited for no more
        assert told["prompt"] is None and "Bob" not in told["waiting_for"]
        assert mine["patch"] == {"view": {"board": {"voted": ["Bob"]}, "private": {"ballot": "Ann"}},
                                 "legal_actions": [], "waiting": False}
        (theirs,) = ann.new_frames()
        assert theirs["events"] == [{"seq": theirs["events"][0]["seq"], "kind": "voted", "player": "Bob",
                                     "by_timeout": False, "narration": ["Bob has voted."]}]
        assert theirs["patch"].pop("narration")["waiting_for"] == "You, Cid, and Dee"
        assert theirs["patch"] == {"view": {"board": {"voted": ["Bob"]}}}

        for v in (ann, bob, cid, dee, spec):  # what each client holds is exactly what it may know
            state, events, thread = v.client_state()
            view, all_events, all_posts = truth(table, v.conn.player)
            assert state["view"] == view and events == all_events and thread == all_posts

    asyncio.run(main())


def test_a_null_member_travels_as_a_removed_key(council):
    async def main():
        table, _, viewers = await council_table(viewers=("Ann",), seed=0)
        assert table.game.traitor != "Bob"
        for name, target in (("Ann", "Bob"), ("Bob", "Cid"), ("Cid", "Bob"), ("Dee", "Bob")):
            await table.act(name, {"action": "vote", "target": target})
        await settle()
        # Bob is exiled, the next round starts: Ann's ballot is null again
        last = viewers[0].ws.frames[-1]
        assert last["patch"]["view"]["private"] == {"ballot": None}
        state, _, _ = viewers[0].client_state()
        assert "ballot" not in state["view"]["private"]  # a missing key reads as null
        assert state["view"] == truth(table, "Ann")[0]

    asyncio.run(main())


def test_a_viewer_is_computed_once_per_broadcast_for_all_its_connections(council, monkeypatch):
    from srv_game import Council

    made = []

    class Counting(Observer):  # an interpreted subclass: the compiled build's Observer is native
        def snapshot(self):
            made.append(self.viewer)
            return super().snapshot()

    monkeypatch.setattr(Council, "observer", lambda self, viewer: Counting(self, viewer))

    async def main():
        table, _, viewers = await council_table(viewers=("Ann", "Ann", "Ann", None, None, "Bob"))
        made.clear()
        await table.act("Cid", {"action": "vote", "target": "Dee"})
        await settle()
        assert sorted(made, key=str) == ["Ann", "Bob", None]  # one snapshot per viewer, not per connection
        texts = {}
        for v in viewers:
            (f,) = [f for f in v.ws.frames if f["type"] == "update"][-1:]
            f.pop("seq")
            texts.setdefault(v.conn.player, []).append(json.dumps(f))
        assert len(set(texts["Ann"])) == 1 and len(texts["Ann"]) == 3
        assert len(set(texts[None])) == 1 and len(texts[None]) == 2

    asyncio.run(main())


def test_a_client_that_does_not_read_gets_a_fresh_snapshot_never_a_backlog(council):
    async def main():
        table, _, (ann, bob) = await council_table(viewers=("Ann", "Bob"))
        conn = bob.conn
        conn.max_backlog_messages, conn.max_backlog_bytes = 6, 2_000
        bob.ws.reading.clear()  # Bob's client stops reading
        before = len(bob.ws.frames)
        for i in range(60):
            await table.act("Ann", {"action": "post", "text": f"post {i:03d} " + "x" * 100})
            await settle()
            # the backlog never outgrows its bounds (the writer holds at most one message more)
            assert len(conn.queue) <= 6 and conn.queued_bytes <= 2_000
        assert conn.resyncs >= 1 and conn.behind
        assert len(bob.ws.frames) == before and len(ann.ws.frames) > 60  # Ann reads on
        bob.ws.reading.set()
        await settle()
        frames = bob.ws.frames[before:]
        # the message the writer held, maybe a few queued after the last drop, then the snapshot
        snapshots = [f for f in frames if f["type"] == "snapshot"]
        assert len(snapshots) == 1 and len(frames) <= 2 + 6
        snap = snapshots[0]
        view, events, posts = truth(table, "Bob")
        assert snap["state"]["view"] == view and snap["events"] == events and snap["thread"] == posts
        assert [p["text"][:8] for p in snap["thread"]][-1] == "post 059"
        assert not conn.behind
        # and the stream carries on from the snapshot
        await table.act("Ann", {"action": "post", "text": "after"})
        await settle()
        last = bob.ws.frames[-1]
        assert last["type"] == "update" and last["seq"] == snap["seq"] + 1
        assert last["thread"] == [{"seq": len(posts), "by": "Ann", "text": "after"}]
        state, events, thread = bob.client_state()
        assert (state["view"], events, thread) == truth(table, "Bob")

    asyncio.run(main())


def test_a_client_behind_again_before_taking_its_snapshot_is_closed_with_1013(council):
    """The first time over its bound a client gets a snapshot for its backlog; over it again
    while that snapshot still waits in its queue, it is closed (1013, try again later) with
    an error saying so, and nothing more is queued for it."""
    async def main():
        table, _, (ann, bob) = await council_table(viewers=("Ann", "Bob"))
        conn = bob.conn
        conn.max_backlog_messages, conn.max_backlog_bytes = 4, 100_000
        bob.ws.reading.clear()  # Bob's client stops reading: his writer holds one message
        i = 0
        while conn.resyncs == 0:
            await table.act("Ann", {"action": "post", "text": f"post {i}"})
            await settle()
            i += 1
        assert conn.behind and not conn.closing
        # Bob reads again but does not take the snapshot that replaced his backlog
        bob.ws.snapshots.clear()
        bob.ws.reading.set()
        await settle()
        assert conn.catch_up is not None and not conn.queue and not conn.behind
        for j in range(5):  # four more and the queue is over its bound again
            await table.act("Ann", {"action": "post", "text": f"again {j}"})
            await settle()
        assert conn.closing and conn.close_code == 1013
        assert list(conn.queue)[0].startswith('{"type":"error"') and len(conn.queue) == 2  # the error, the close
        assert conn.queued_bytes == len(conn.queue[0])
        bob.ws.snapshots.set()
        await settle()
        assert bob.ws.closed == 1013
        err = bob.ws.frames[-1]
        assert err["code"] == "too_slow" and err["message"] == ("your connection fell behind twice: "
                                                                "reconnect for a fresh snapshot")
        assert conn not in [c for c in table.connections if not c.closing]

    asyncio.run(main())


def test_the_process_wide_budget_drops_the_backlog_of_a_client_that_does_not_read(council):
    """All the connections' queues together stay under ``max_queued_bytes``: the one that
    would pass it with a non-empty queue is dropped to a snapshot; a client that keeps up
    (an empty queue) is never dropped."""
    async def main():
        table, _, (ann, bob, cid) = await council_table(viewers=("Ann", "Bob", "Cid"))
        start = Outbox.all_queued_bytes
        for v in (ann, bob, cid):
            v.conn.max_queued_bytes = start + 3_000
        bob.ws.reading.clear()
        cid.ws.reading.clear()
        for i in range(40):
            await table.act("Ann", {"action": "post", "text": f"post {i:02d} " + "y" * 50})
            await settle()
            assert Outbox.all_queued_bytes - start <= 3_000
        assert bob.conn.resyncs >= 1 and cid.conn.resyncs >= 1 and ann.conn.resyncs == 0
        bob.ws.reading.set()
        cid.ws.reading.set()
        await settle()
        for v in (ann, bob, cid):
            state, events, thread = v.client_state()
            assert (state["view"], events, thread) == truth(table, v.conn.player)

    asyncio.run(main())


def test_a_store_failure_rebuilds_the_game_and_sends_each_connection_a_snapshot(council):
    async def main():
        table, store, (ann, spec) = await council_table(viewers=("Ann", None))
        await table.act("Ann", {"action": "post", "text": "kept"})
        await settle()
        old_game = table.game
        store.fail = True
        with pytest.raises(TableError) as info:
            await table.act("Ann", {"action": "post", "text": "lost"})
        assert info.value.code == "store_failed"
        await settle()
        assert table.game is not old_game
        for v in (ann, spec):
            snap = v.ws.frames[-1]
            assert snap["type"] == "snapshot"
            assert [p["text"] for p in snap["thread"]] == ["kept"]
            assert (snap["state"]["view"], snap["events"], snap["thread"]) == truth(table, v.conn.player)
        await table.act("Ann", {"action": "post", "text": "again"})
        await settle()
        for v in (ann, spec):
            state, events, thread = v.client_state()
            assert [p["text"] for p in thread] == ["kept", "again"]
            assert (state["view"], events, thread) == truth(table, v.conn.player)

    asyncio.run(main())


class Recorder(Bot):
    """A view-reading bot that keeps what it is given and votes for the first target."""

    kind = "recorder"

    def __init__(self, player: str, table: LiveTable) -> None:
        super().__init__(player, seed=1)
        self.table = table
        self.seen: list[dict] = []
        self.decisions = 0

    def choose(self, observation):
        game = self.table.game
        assert observation.legal_actions == game.legal_actions(self.player)
        assert all(a is not b for a, b in zip(observation.legal_actions, game.legal_actions(self.player)))
        expected = game.view(self.player)
        expected.pop("events")
        assert observation.view == expected  # the observer's snapshot, built when read
        self.seen += observation.events
        self.decisions += 1
        return observation.legal_actions[0]


def test_the_tables_bots_are_handed_their_new_events_through_their_own_observer(council):
    async def main():
        names = ["Ann", "Bot 1", "Bot 2", "Bot 3", "Bot 4"]
        recorders = {}

        def seat_recorders(table):
            recorders.update({p: Recorder(p, table) for p in names[1:]})
            table.bots.update(recorders)

        table, _, (ann,) = await council_table(names=names, bots=names[1:], viewers=("Ann",), seed=2,
                                               before_bots=seat_recorders)
        for _ in range(3):
            if table.game.is_over:
                break
            await table.act("Ann", {"action": "vote", "target": table.game.legal_actions("Ann")[0]["target"]})
            for _ in range(50):
                await settle()
        for p, bot in recorders.items():
            assert bot.decisions >= 2  # later decisions get only what is new
            # each event once, in order, numbered 0, 1, 2... across the decisions
            assert [e["seq"] for e in bot.seen] == list(range(len(bot.seen)))
            assert bot.seen == truth(table, p, told=False)[1][: len(bot.seen)]

    asyncio.run(main())


def _post_sizes(table, viewer, points, posters):
    async def run():
        sizes = {}
        for i in range(max(points) + 1):
            poster = next(p for p in posters(i) if table.game.can_post(p))
            before = len(viewer.ws.sizes)
            await table.act(poster, {"action": "post", "text": f"post {i:04d} by {poster}"})
            await settle()
            if i in points:
                assert len(viewer.ws.sizes) == before + 1
                sizes[i] = viewer.ws.sizes[-1]
        return sizes
    return run()


def test_one_updates_size_does_not_grow_with_the_thread(council):
    """Bytes, not seconds: the update a post causes is as large after 500 posts as after 20."""
    async def main():
        table, _, (ann, bob, spec) = await council_table(viewers=("Ann", "Bob", None))
        for v in (bob, spec):
            sizes = await _post_sizes(table, v, (20, 500), lambda i: [NAMES[i % 4]])
            # the same post but for numbers one digit longer (event seq, thread seq, message seq)
            assert 0 <= sizes[500] - sizes[20] <= 6, sizes

    asyncio.run(main())


@pytest.mark.skipif(game_class("secret-hitler").OBSERVER is None,
                    reason="Secret Hitler's observer has not landed: its board still carries the thread")
def test_secret_hitlers_update_size_does_not_grow_with_the_thread():
    async def main():
        names = [f"P{i}" for i in range(1, 8)]
        table, _, viewers = await council_table("secret-hitler", names=names, viewers=(*names, None), seed=3)
        for v in (viewers[0], viewers[-1]):
            sizes = await _post_sizes(table, v, (20, 500), lambda i: names[i % 7:] + names[:i % 7])
            assert abs(sizes[500] - sizes[20]) <= 12, sizes

    asyncio.run(main())


def test_a_hello_for_another_protocol_version_is_refused(tmp_path, council):
    async def main():
        async with running_server(f"sqlite:///{tmp_path}/p.db") as srv:
            made = await srv.create(game="council", pace="untimed")
            ws = await srv.ws(made["code"], hello=False)
            for bad in (1, "2", 2.0, True, None):
                await ws.send({"type": "hello", "spectator": True, "protocol": bad})
                err = await ws.recv()
                assert err["type"] == "error" and err["code"] == "bad_protocol", err
                assert err["message"] == "This page does not speak the server's protocol (protocol 2): reload it."
            await ws.send({"type": "hello", "spectator": True, "protocol": 2})
            snap = await ws.recv()
            assert snap["type"] == "snapshot" and snap["protocol"] == 2

    asyncio.run(main())
