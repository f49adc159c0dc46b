"""A name that mixes scripts is refused naming the scripts in the reader's language (second
input trial, issue 13: a German page read "(Cyrillic and Latin)"); a mix with a script the
catalog does not name is refused without naming any."""

from __future__ import annotations

import pytest

from hiddenrole.server.moderator import check_name
from hiddenrole.server.table import TableError


def refusal(name: str) -> TableError:
    with pytest.raises(TableError) as caught:
        check_name(name)
    return caught.value


@pytest.mark.parametrize(("name", "english", "german"), [
    ("\u0412ob", "Cyrillic and Latin", "Kyrillisch und Lateinisch"),
    ("\u03a9mega Bob", "Greek and Latin", "Griechisch und Lateinisch"),
    ("Bob \u05d0\u0391", "Greek, Hebrew and Latin", "Griechisch, Hebräisch und Lateinisch"),
    ("Sami \u0628\u0627", "Arabic and Latin", "Arabisch und Lateinisch"),
    ("\u0392\u0438\u043a\u03c4\u03c9\u03c1", "Cyrillic and Greek", "Griechisch und Kyrillisch"),
    ("\u674e \u0412\u0438", "Chinese (Han) and Cyrillic", "Chinesisch (Han) und Kyrillisch"),
])
def test_a_script_mix_is_named_in_the_readers_language(name, english, german):
    refused = refusal(name)
    assert refused.code == "bad_name"
    assert str(refused) == f"A name may not mix {english} letters: write it in one script."
    assert refused.told("de") == (f"Ein Name darf keine Buchstaben verschiedener Schriften mischen ({german}): "
                                  "Schreibe ihn in einer Schrift.")


def test_a_mix_with_a_script_not_named_says_so_without_names():
    refused = refusal("Bob \u16a0\u16a2")  # Latin and Runic
    assert str(refused) == "A name may not mix letters of different scripts: write it in one script."
    assert refused.told("de") == "Ein Name darf keine Buchstaben verschiedener Schriften mischen: Schreibe ihn in einer Schrift."
