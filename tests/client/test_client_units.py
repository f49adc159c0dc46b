"""The client's own copy of the merge patch agrees with the server's (RFC 7386), and the
reconnection backoff grows as documented."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from hiddenrole.client import backoff, merge_patch
from hiddenrole.server.mergepatch import apply, diff, strip_nulls

scalars = st.none() | st.booleans() | st.integers() | st.text(max_size=5)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=3), inner, max_size=3), max_leaves=12)
objects = st.dictionaries(st.text(max_size=3), json_values, max_size=4)


@given(objects, json_values)
def test_merge_patch_is_the_servers(target, patch):
    assert merge_patch(target, patch) == apply(target, patch)


@given(objects, objects)
def test_a_servers_diff_patched_by_the_client_gives_the_new_state(old, new):
    old, new = strip_nulls(old), strip_nulls(new)
    assert merge_patch(old, diff(old, new)) == new


def test_merge_patch_by_hand():
    state = {"view": {"board": {"voted": ["Ann"], "step": "vote"}, "over": False}, "deadline": "x"}
    patch = {"view": {"board": {"voted": ["Ann", "Ben"]}}, "deadline": None}
    assert merge_patch(state, patch) == {"view": {"board": {"voted": ["Ann", "Ben"], "step": "vote"}, "over": False}}
    assert state["deadline"] == "x"  # the target is not changed


def test_backoff_doubles_up_to_five_seconds():
    assert [backoff(i) for i in range(8)] == [0.1, 0.2, 0.4, 0.8, 1.6, 3.2, 5.0, 5.0]
    assert backoff(10_000) == 5.0
