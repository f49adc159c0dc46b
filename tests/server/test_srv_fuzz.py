"""A protocol fuzz test (hypothesis): every kind of client message, well-formed or not,
with any fields and values, and text that is not JSON at all. The server answers each
with exactly one ``error``, ``ack``, ``pong`` or ``snapshot``, never fails inside
(``server_error``), keeps the connection open, and changes nothing when it answers with
an error: the log, the seats and the thread stay as they were and nobody is sent an update.
"""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from hiddenrole.server import ManualClock, Moderator, Store, create_app
from hiddenrole.server.guard import Limits

pytestmark = pytest.mark.usefixtures("council")

NAMES = ["Ann", "Bob", "Cid", "Dee"]
# the fuzz sends far more than a person could: the rates are tested elsewhere
UNLIMITED = Limits(seat_messages="1000000/second", address_messages="1000000/second",
                   flood_strikes="1000000/second", posts="1000000/second")

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)
names = st.sampled_from(NAMES + ["Zed", "", "ann", None, 5])
actions = st.one_of(
    st.fixed_dictionaries({"action": st.sampled_from(["vote", "post", "dance", ""]), "target": names}),
    st.fixed_dictionaries({"action": st.just("post"), "text": st.text(max_size=30)}),
    st.fixed_dictionaries({"action": st.just("vote"), "target": names, "player": names}),
    st.dictionaries(st.text(max_size=8), json_values, max_size=4),
    json_values)
ids = st.none() | st.integers() | st.text(max_size=70) | st.lists(st.integers(), max_size=3)


@st.composite
def messages(draw, tokens: list[str]) -> str:
    """One client message as the text of a frame (a hello may carry one of ``tokens``)."""
    kind = draw(st.sampled_from(["hello", "action", "post", "resync", "ping", "lang", "control", "other", "raw"]))
    if kind == "raw":  # not a message at all
        return draw(st.one_of(st.text(max_size=40), st.sampled_from(
            ["[" * 30000, "{" * 3000, "1e99999", '{"type": NaN}', "null", "x" * (64 * 1024 + 1),
             '{"type": "ping", "id": "\\ud800"}', '{"type": "post", "text": "\\u202eevil"}'])))
    message: dict = {"type": draw(st.text(max_size=10)) if kind == "other" else kind}
    if draw(st.booleans()):
        message["id"] = draw(ids)
    if kind == "hello":
        message.update(draw(st.fixed_dictionaries({}, optional={
            "token": st.sampled_from(tokens) | st.text(max_size=10), "spectator": json_values, "protocol": st.sampled_from([1, 2, "2", None])})))
    elif kind == "action":
        message["action"] = draw(actions)
    elif kind == "post":
        message["text"] = draw(st.one_of(st.text(max_size=60), json_values))
    elif kind == "lang":
        message["lang"] = draw(st.sampled_from(["de", "en", "de-AT", "xx"]) | json_values)
    elif kind == "control":  # Ann is not the host: every control is refused
        message["control"] = draw(st.sampled_from(["pause", "resume", "extend", "skip", "void", "host", "kick",
                                                   "replace", "dance"]) | json_values)
        message.update(draw(st.fixed_dictionaries({}, optional={
            "seconds": json_values, "name": names, "by": st.sampled_from(["bot", "substitute", 1]),
            "reason": json_values, "spectator": json_values})))
    if draw(st.integers(0, 4)) == 0:  # a field the message does not take
        message[draw(st.text(min_size=1, max_size=8))] = draw(json_values)
    return json.dumps(message)


def test_every_client_message_gets_one_answer_and_an_error_changes_nothing(tmp_path):
    mod = Moderator(Store(f"sqlite+aiosqlite:///{tmp_path}/fuzz.db"), ManualClock())
    app = create_app(moderator=mod, limits=UNLIMITED)
    probes = itertools.count()
    with TestClient(app) as client:
        made = client.post("/api/tables", json={"game": "council", "pace": "untimed"}).json()
        code = made["code"]
        tokens = {n: client.post(f"/api/tables/{code}/join", json={"name": n}).json()["token"] for n in NAMES}
        assert client.post(f"/api/tables/{code}/start",
                           headers={"Authorization": f"Bearer {made['host_token']}"}).status_code == 200
        table = next(iter(mod.tables.values()))

        def fingerprint():
            return (len(table.log), table.version, table.thread_bytes, table.row.status,
                    [(s.name, s.row.bot_kind, s.row.token_hash) for s in table.seats])

        with client.websocket_connect(f"/ws/{code}") as ann, client.websocket_connect(f"/ws/{code}") as bob:
            ann.send_json({"type": "hello", "token": tokens["Ann"]})
            assert ann.receive_json()["type"] == "snapshot"
            bob.send_json({"type": "hello", "token": tokens["Bob"]})
            assert bob.receive_json()["type"] == "snapshot"

            def answers(ws, text):
                """Send ``text``, then a ping: every frame up to its answer."""
                probe = f"probe {next(probes)}"
                ws.send_text(text)
                ws.send_json({"type": "ping", "id": probe})
                frames = []
                while True:
                    frame = ws.receive_json()
                    if frame.get("id") == probe:  # a pong, or (before a hello) not_authenticated
                        assert frame["type"] == "pong" or frame["code"] == "not_authenticated", frame
                        return frames
                    frames.append(frame)

            answers(ann, json.dumps({"type": "ping"}))  # Bob's arrival, told to Ann
            answers(bob, json.dumps({"type": "ping"}))

            newcomer = [client.websocket_connect(f"/ws/{code}").__enter__()]  # a connection yet to say hello

            @settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
            @given(message=messages(list(tokens.values())))
            def check(message):
                before = fingerprint()
                hello = message.startswith('{"type": "hello"')
                frames = answers(newcomer[0] if hello else ann, message)
                seen_by_bob = answers(bob, json.dumps({"type": "ping"}))
                replies = [f for f in frames if f["type"] in ("error", "ack", "pong", "snapshot")]
                assert len(replies) == 1, (message, frames)
                reply = replies[0]
                if reply["type"] == "error":
                    assert reply["code"] != "server_error", (message, reply)
                    assert len(reply["message"]) <= 300 and "\n" not in reply["message"]
                    assert fingerprint() == before, message  # nothing changed...
                    assert [f for f in frames if f["type"] == "update"] == [], (message, frames)  # ...and nobody was told
                    assert [f for f in seen_by_bob if f["type"] == "update"] == []
                if reply["type"] != "snapshot":
                    assert all(f["type"] == "update" for f in frames if f is not reply)
                elif hello:  # a seat or a spectator joined: the next hello goes to a new connection
                    newcomer[0].__exit__(None, None, None)
                    newcomer[0] = client.websocket_connect(f"/ws/{code}").__enter__()
                    answers(ann, json.dumps({"type": "ping"}))  # the arrival and departure, told to Ann
                    answers(bob, json.dumps({"type": "ping"}))

            check()
            newcomer[0].__exit__(None, None, None)
