"""Options: defaults, validation with errors that name the option, conversion from text."""

import pytest

from hiddenrole.engine import BadOption, Option, OptionSet

OPTS = OptionSet([
    Option("pace", "turbo", "how time runs", choices=("turbo", "untimed")),
    Option("turns", 3, "turns per player", kind=int, minimum=1, maximum=10),
    Option("ratio", 0.5, "a share", kind=float, minimum=0, maximum=1),
    Option("veto", True, "veto allowed", kind=bool),
    Option("commies", None, "count; None = floor(n/3)", kind=int, minimum=1),
])


def test_defaults_filled_in():
    assert OPTS.resolve(None) == {"pace": "turbo", "turns": 3, "ratio": 0.5, "veto": True, "commies": None}


def test_values_converted_from_text():
    got = OPTS.resolve({"turns": "4", "ratio": "0.25", "veto": "false", "commies": 2})
    assert (got["turns"], got["ratio"], got["veto"], got["commies"]) == (4, 0.25, False, 2)


@pytest.mark.parametrize(
    "given, message",
    [
        ({"nope": 1}, "option nope=1: unknown option (known options: commies, pace, ratio, turns, veto)"),
        ({"pace": "slow"}, "option pace='slow': must be one of 'turbo', 'untimed'"),
        ({"turns": 0}, "option turns=0: must be at least 1"),
        ({"turns": 11}, "must be at most 10"),
        ({"turns": "x"}, "must be a whole number"),
        ({"turns": True}, "must be a whole number"),
        ({"turns": 2.5}, "must be a whole number"),
        ({"ratio": "half"}, "must be a finite number"),
        ({"ratio": float("nan")}, "must be a finite number"),
        ({"ratio": "inf"}, "must be a finite number"),
        ({"turns": float("nan")}, "must be a whole number"),
        ({"turns": float("inf")}, "must be a whole number"),
        ({"veto": "maybe"}, "must be true or false"),
        ({"pace": 3}, "must be a string"),
        ({"pace": None}, "a value is required"),
    ],
)
def test_bad_values_name_the_option(given, message):
    with pytest.raises(BadOption) as exc:
        OPTS.resolve(given)
    assert message in str(exc.value)


def test_options_must_be_a_mapping():
    with pytest.raises(BadOption, match="must be an object"):
        OPTS.resolve([("pace", "turbo")])


def test_describe_is_json_data():
    described = OPTS.describe()
    assert [d["name"] for d in described] == ["pace", "turns", "ratio", "veto", "commies"]
    assert described[0]["choices"] == ["turbo", "untimed"]


def test_duplicate_declaration_rejected():
    with pytest.raises(ValueError):
        OptionSet([Option("a", 1, "x", kind=int), Option("a", 2, "y", kind=int)])


@pytest.mark.parametrize("given, message", [
    ({"turns": "5"}, "must be a whole number (a JSON integer), not a string"),
    ({"turns": 5.0}, "must be a whole number (a JSON integer), not a decimal number"),
    ({"turns": True}, "must be a whole number (a JSON integer), not a boolean"),
    ({"veto": "false"}, "must be true or false, not a string"),
    ({"veto": 0}, "must be true or false, not an integer"),
    ({"ratio": "0.5"}, "must be a number, not a string"),
    ({"pace": 1}, "must be a string, not an integer"),
    ({"pace": None}, "must be a string, not null"),
    ({"turns": [5]}, "must be a whole number (a JSON integer), not an array"),
])
def test_json_types_are_checked_without_conversion(given, message):
    """JSON input (the server, exports) must have the option's type; resolve() would convert."""
    with pytest.raises(BadOption, match=message.replace("(", r"\(").replace(")", r"\)")) as info:
        OPTS.check_json_types(given)
    assert info.value.name == next(iter(given))


def test_json_types_of_the_right_kind_pass_and_unknown_names_are_left_to_resolve():
    OPTS.check_json_types({"turns": 5, "veto": False, "ratio": 1, "pace": "untimed", "nosuch": "x"})
    OPTS.check_json_types({"ratio": 0.5, "commies": None})  # null where the option allows it
