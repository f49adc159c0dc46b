"""JSON merge patches (RFC 7386): the examples of the RFC, and diff/apply round trips."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hiddenrole.server.mergepatch import apply, diff, same, strip_nulls

# RFC 7386, appendix A: (target, patch, result)
RFC_EXAMPLES = [
    ({"a": "b"}, {"a": "c"}, {"a": "c"}),
    ({"a": "b"}, {"b": "c"}, {"a": "b", "b": "c"}),
    ({"a": "b"}, {"a": None}, {}),
    ({"a": "b", "b": "c"}, {"a": None}, {"b": "c"}),
    ({"a": ["b"]}, {"a": "c"}, {"a": "c"}),
    ({"a": "c"}, {"a": ["b"]}, {"a": ["b"]}),
    ({"a": {"b": "c"}}, {"a": {"b": "d", "c": None}}, {"a": {"b": "d"}}),
    ({"a": [{"b": "c"}]}, {"a": [1]}, {"a": [1]}),
    (["a", "b"], ["c", "d"], ["c", "d"]),
    ({"a": "b"}, ["c"], ["c"]),
    ({"a": "foo"}, None, None),
    ({"a": "foo"}, "bar", "bar"),
    ({"e": None}, {"a": 1}, {"e": None, "a": 1}),
    ([1, 2], {"a": "b", "c": None}, {"a": "b"}),
    ({}, {"a": {"bb": {"ccc": None}}}, {"a": {"bb": {}}}),
]


@pytest.mark.parametrize("target,patch,result", RFC_EXAMPLES)
def test_apply_gives_the_rfcs_results_and_changes_nothing_given(target, patch, result):
    before = copy.deepcopy((target, patch))
    assert apply(target, patch) == result
    assert (target, patch) == before


def test_apply_shares_what_the_patch_leaves_alone():
    board = {"players": ["Ann", "Bob"]}
    target = {"view": {"board": board, "phase": "day"}, "seats": [1]}
    out = apply(target, {"view": {"phase": "night"}})
    assert out == {"view": {"board": board, "phase": "night"}, "seats": [1]}
    assert out["view"]["board"] is board and out["seats"] is target["seats"]
    assert target["view"]["phase"] == "day"


def test_diff_sends_only_changed_fields():
    old = {"status": "running", "seats": [{"name": "Ann"}], "view": {"phase": "vote", "board": {"round": 1, "voted": []}},
           "deadline": "2027-01-01T00:00:00.000Z"}
    new = {"status": "running", "seats": [{"name": "Ann"}], "view": {"phase": "vote", "board": {"round": 1, "voted": ["Ann"]}},
           "deadline": None, "waiting": False}
    assert diff(old, new) == {"view": {"board": {"voted": ["Ann"]}}, "deadline": None, "waiting": False}
    assert diff(old, old) == {}
    assert diff({"a": 1}, {}) == {"a": None}  # a key that is gone is removed


def test_null_members_are_left_out_of_states_and_patches():
    # RFC 7386 cannot set null: a null member is sent as an absent key
    assert strip_nulls({"a": None, "b": {"c": None, "d": [None, {"e": None}]}}) == {"b": {"d": [None, {"e": None}]}}
    plain = {"a": 1, "b": {"c": [None]}}
    assert strip_nulls(plain) is plain  # nothing to leave out: the same object
    assert diff({"a": 1}, {"a": 1, "b": None}) == {}  # a new null member: nothing to send
    assert diff({}, {"a": {"b": None, "c": 2}}) == {"a": {"c": 2}}


def test_json_types_that_python_holds_equal_still_differ():
    assert not same(1, True) and not same(1, 1.0) and not same([0], [False])
    assert not same({"a": [{"b": 1}]}, {"a": [{"b": 1.0}]})
    assert same({"a": [1, {"b": "x"}]}, {"a": [1, {"b": "x"}]})
    assert diff({"a": 1}, {"a": True}) == {"a": True}
    assert diff({"a": [1]}, {"a": [1.0]}) == {"a": [1.0]}


json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from([0.5, 1.0]),
                         st.sampled_from(["", "a", "b"]))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from("abcd"), inner, max_size=4)), max_leaves=12)
json_objects = st.dictionaries(st.sampled_from("abcd"), json_values, max_size=4)


@given(json_objects, json_objects)
def test_applying_the_diff_gives_the_new_state(old, new):
    old = strip_nulls(old)  # a state as sent: no null members
    patch = diff(old, new)
    wire = json.loads(json.dumps(patch))  # what the client gets
    got = apply(old, wire)

    def as_json(value):  # JSON text, keys sorted: 1, 1.0 and true differ, key order does not
        return json.dumps(value, sort_keys=True)

    assert as_json(got) == as_json(strip_nulls(new)), (old, new, patch, got)
    if repr(strip_nulls(old)) == repr(strip_nulls(new)):  # the same JSON text: nothing to send
        assert patch == {}
