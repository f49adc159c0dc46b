"""Win-rate statistics and player-count ranges."""

import pytest

from hiddenrole.lab.simulate import parse_range
from hiddenrole.lab.stats import wilson_interval


def test_wilson_known_values():
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(5, 4)


@pytest.mark.parametrize("text, expected", [("5..7", [5, 6, 7]), ("7", [7]), ("5,7", [5, 7])])
def test_parse_range(text, expected):
    assert parse_range(text) == expected


@pytest.mark.parametrize("text", ["a..b", "", "5-7"])
def test_parse_range_rejects(text):
    with pytest.raises(ValueError, match="bad player range"):
        parse_range(text)


def test_an_empty_range_is_named():
    with pytest.raises(ValueError, match=r"the player range 7\.\.5 is empty"):
        parse_range("7..5")
