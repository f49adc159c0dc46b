"""Names with emoji sequences (issue 13): the zero width joiner U+200D between emoji (families,
professions, a rainbow flag, a skin tone before the joiner), flags as regional-indicator
pairs, skin tones and a subdivision flag's tags are what a phone's keyboard types, and pass;
a joiner or tag anywhere else is an invisible character and is refused in one sentence, and
two names that differ only by a sequence's joiner or tags look alike. Every name is written
with its exact code points."""

from __future__ import annotations

import asyncio

import pytest
from srv_helpers import running_server

from hiddenrole.engine import BadSetup, check_player_name
from hiddenrole.server.moderator import check_name
from hiddenrole.server.names import look_alike, name_problem
from hiddenrole.server.table import TableError

pytestmark = pytest.mark.usefixtures("council")

FAMILY = "\U0001F468\u200D\U0001F469\u200D\U0001F467"  # man, ZWJ, woman, ZWJ, girl
HEALTH_WORKER = "\U0001F469\u200D\u2695\uFE0F"  # woman, ZWJ, staff of Aesculapius, emoji selector
TECHNOLOGIST = "\U0001F469\U0001F3FD\u200D\U0001F4BB"  # woman, medium skin tone, ZWJ, laptop
RAINBOW_FLAG = "\U0001F3F3\uFE0F\u200D\U0001F308"  # white flag, emoji selector, ZWJ, rainbow
HEART_ON_FIRE = "\u2764\uFE0F\u200D\U0001F525"
PEOPLE_HOLDING_HANDS = "\U0001F9D1\u200D\U0001F91D\u200D\U0001F9D1"
GERMAN_FLAG = "\U0001F1E9\U0001F1EA"  # regional indicators D and E
THUMBS_UP_DARK = "\U0001F44D\U0001F3FF"  # thumbs up, dark skin tone
# black flag, tags g b s c t, cancel tag
SCOTLAND = "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"


@pytest.mark.parametrize("name", [
    f"Ann {FAMILY}", f"Bea {HEALTH_WORKER}", f"Cid {TECHNOLOGIST}", f"Dee {RAINBOW_FLAG}", f"Eli {HEART_ON_FIRE}",
    f"{PEOPLE_HOLDING_HANDS} Fay", f"Gus {GERMAN_FLAG}", f"Hal {THUMBS_UP_DARK}", f"Ivy {SCOTLAND}",
    f"Jo {TECHNOLOGIST}{GERMAN_FLAG}",
])
def test_names_with_emoji_sequences_pass_as_typed(name):
    assert name_problem(name) is None
    assert check_name(name) == name
    check_player_name(name)  # the engine takes it as a player's name too


INVISIBLE = "A name may not hold an invisible character: remove it."


@pytest.mark.parametrize("name", [
    "A\u200Dnn",  # between letters: it shows nothing
    "Ann\u200D",  # at the end
    "\u200DAnn",  # at the start
    "Ann \u200D\U0001F600",  # after a space
    "Ann \U0001F600\u200D",  # after an emoji, with nothing after it
    "Ann \U0001F600\u200Dx",  # between an emoji and a letter
    "Ann \U0001F468\u200D\u200D\U0001F469",  # two in a row
    "Ann\U000E0067\U000E0062\U000E007F",  # tags with no black flag before them
    "Ann \U0001F3F4\U000E0067\U000E0062",  # a black flag's tags with no cancel tag
    "Ann \U0001F3F3\U000E0067\U000E007F",  # tags after another flag
    "Ann \U0001F3F4\U000E0041\U000E007F",  # a capital tag letter: not a subdivision's
])
def test_a_joiner_or_tag_outside_an_emoji_sequence_is_refused_in_one_sentence(name):
    assert name_problem(name) == INVISIBLE
    with pytest.raises(TableError) as info:
        check_name(name)
    assert info.value.code == "bad_name" and str(info.value) == INVISIBLE
    with pytest.raises(BadSetup):  # and the engine refuses it as a player's name
        check_player_name(name)


def test_a_name_that_is_only_an_emoji_sequence_still_needs_a_letter_or_digit():
    with pytest.raises(TableError) as info:
        check_name(FAMILY)
    assert info.value.code == "bad_name"
    assert str(info.value) == ("The name “\U0001F468\u200D\U0001F469\u200D\U0001F467” holds characters that cannot be "
                               "shown, or no letter or digit: choose another.")


def test_names_that_differ_only_by_a_sequences_joiner_or_tags_look_alike():
    # a device without the sequence shows the emoji side by side, or the black flag alone
    assert look_alike("Ann \U0001F468\U0001F469\U0001F467", ["Bob", f"Ann {FAMILY}"]) == f"Ann {FAMILY}"
    assert look_alike(f"Ann {FAMILY}", ["Ann \U0001F468\U0001F469\U0001F467"]) == "Ann \U0001F468\U0001F469\U0001F467"
    assert look_alike("Ivy \U0001F3F4", [f"Ivy {SCOTLAND}"]) == f"Ivy {SCOTLAND}"
    # other emoji are other names
    assert look_alike(f"Ann {FAMILY}", ["Ann \U0001F468\u200D\U0001F469\u200D\U0001F466"]) is None
    assert look_alike(f"Ann {FAMILY}", ["Ann"]) is None
    assert look_alike(f"Hal {THUMBS_UP_DARK}", ["Hal \U0001F44D"]) is None


def test_a_player_named_with_an_emoji_sequence_takes_a_seat(tmp_path):
    async def main():
        async with running_server(f"sqlite+aiosqlite:///{tmp_path}/hiddenrole.db") as srv:
            code = (await srv.create(game="council", pace="untimed", host_name=f"Cid {TECHNOLOGIST}"))["code"]
            r = await srv.http.post(f"/api/tables/{code}/join", json={"name": f"Ann {FAMILY}"})
            assert r.status_code == 201, r.text
            r = await srv.http.post(f"/api/tables/{code}/join", json={"name": "Ann \U0001F468\U0001F469\U0001F467"})
            assert r.status_code == 409 and r.json()["error"]["code"] == "name_taken"
            table = (await srv.http.get(f"/api/tables/{code}")).json()["table"]
            assert [s["name"] for s in table["seats"]] == [f"Cid {TECHNOLOGIST}", f"Ann {FAMILY}"]

    asyncio.run(main())
