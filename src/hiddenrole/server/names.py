"""Safe display names: no look-alikes at one table, no mixed scripts, no blank fillers,
no stacks of combining marks, no bidi controls (docs/protocol.md, the join row).

Look-alikes are found by skeletons in the manner of Unicode UTS #39 (section 4): a name's
skeleton maps each character to one representative of its confusable class, from the
Unicode confusables data that the ``confusable-homoglyphs`` package ships; two names whose
skeletons are equal (ignoring case and width) look alike. Scripts come from the same
package's Unicode script data; the allowed mixes are UTS #39's "highly restrictive" ones.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable
from typing import Any

from confusable_homoglyphs import categories, confusables

from ..engine import name_key
from ..engine.game import ZERO_WIDTH_JOINER, emoji_joins
from ..engine.narration import N_, translations

# blank "letters" and invisible marks that Unicode lists as default-ignorable but that are
# not format characters (which the engine already refuses): Hangul fillers, the combining
# grapheme joiner, Khmer inherent vowels, Mongolian and other variation selectors, and the
# blank Braille pattern, which shows as a space
FILLERS = frozenset([0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFFA0,
                     *range(0x180B, 0x1810), *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)])
# the emoji and text presentation selectors: a phone's keyboard types U+FE0F after many emoji
# ("❤️" is U+2764 U+FE0F), so they are allowed right after a symbol, digit or punctuation mark
# (never after a letter, a space or at the start, where they would only hide); look-alikes are
# compared without them
PRESENTATION_SELECTORS = frozenset([0xFE0E, 0xFE0F])
# what an emoji sequence holds besides its emoji: the zero width joiner and the tags of a
# subdivision flag (the engine allows them only inside such a sequence: engine.emoji_joins);
# a device without the sequence shows its emoji side by side (or the black flag alone), so
# look-alikes are compared without them, like the presentation selectors
SEQUENCE_PARTS = frozenset([ZERO_WIDTH_JOINER, *range(0xE0020, 0xE0080)])
BIDI_CONTROLS = frozenset([0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)])
MAX_MARKS = 3  # combining marks on one character (decomposed: "ễ" is e and two marks)
# scripts one name may mix (UTS #39 "highly restrictive"); Common and Inherited go with any
SCRIPT_MIXES = (frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}), frozenset({"LATIN", "HAN", "HANGUL"}),
                frozenset({"LATIN", "HAN", "BOPOMOFO"}))
NEUTRAL_SCRIPTS = frozenset({"COMMON", "INHERITED"})
# the scripts a refusal names, by their Unicode alias, in words for the catalog; a mix with a
# script not listed here is refused without naming the scripts (never an English alias)
SCRIPT_NAMES = {
    "ARABIC": N_("Arabic"), "ARMENIAN": N_("Armenian"), "BENGALI": N_("Bengali"), "BOPOMOFO": N_("Bopomofo"),
    "CHEROKEE": N_("Cherokee"), "CYRILLIC": N_("Cyrillic"), "DEVANAGARI": N_("Devanagari"),
    "ETHIOPIC": N_("Ethiopic"), "GEORGIAN": N_("Georgian"), "GREEK": N_("Greek"), "GUJARATI": N_("Gujarati"),
    "GURMUKHI": N_("Gurmukhi"), "HAN": N_("Chinese (Han)"), "HANGUL": N_("Korean (Hangul)"), "HEBREW": N_("Hebrew"),
    "HIRAGANA": N_("Hiragana"), "KANNADA": N_("Kannada"), "KATAKANA": N_("Katakana"), "KHMER": N_("Khmer"),
    "LAO": N_("Lao"), "LATIN": N_("Latin"), "MALAYALAM": N_("Malayalam"), "MONGOLIAN": N_("Mongolian"),
    "MYANMAR": N_("Burmese"), "SINHALA": N_("Sinhala"), "SYRIAC": N_("Syriac"), "TAMIL": N_("Tamil"),
    "TELUGU": N_("Telugu"), "THAANA": N_("Thaana"), "THAI": N_("Thai"), "TIBETAN": N_("Tibetan"),
}


def script_words(scripts: frozenset[str]) -> Callable[[str], str]:
    """The scripts ``scripts`` (Unicode aliases, all in :data:`SCRIPT_NAMES`) in words, as a
    function of the reader's language: "Cyrillic and Latin", "Greek, Hebrew and Latin" (in the
    alphabetical order of the reader's language)."""
    names = [SCRIPT_NAMES[s] for s in scripts]

    def told(lang: str) -> str:
        gettext = translations(lang).gettext
        words = sorted(gettext(n) for n in names)
        return gettext("{first} and {last}").format(first=", ".join(words[:-1]), last=words[-1])
    return told


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's representative: its class's ASCII member if it has one
    (the longest: "m" is represented by "rn", as in UTS #39's data), else the shortest, then
    the lowest. Built once (a third of a second) from the package's confusables data."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for char, homoglyphs in confusables.confusables_data.items():
        for h in homoglyphs:
            other = h["c"].replace("\u200e", "")  # the data wraps right-to-left ones in marks
            if other:
                a, b = find(char), find(other)
                if a != b:
                    parent[a] = b
    classes: dict[str, list[str]] = {}
    for x in list(parent):
        classes.setdefault(find(x), []).append(x)
    out: dict[str, str] = {}
    for members in classes.values():
        best = min(members, key=lambda s: (not s.isascii(), -len(s) if s.isascii() else len(s), s))
        for m in members:
            if len(m) == 1 and m != best:
                out[m] = best
    return out


def skeleton(name: str) -> str:
    """``name``'s UTS #39 skeleton: NFD, each character replaced by its class's
    representative, NFD again ("Вob" with a Cyrillic В gives "Bob")."""
    table = _prototypes()
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in unicodedata.normalize("NFD", name)))


# Turkish capital I with a dot and small i without one: case folding keeps the dot ("İ" folds
# to "i" and a combining dot) and the dotless "ı" stays apart, though "İvy" reads as "Ivy"
DOTTED_I = str.maketrans({"\u0130": "I", "\u0131": "i"})


def dotless(name: str) -> str:
    """``name`` with the Turkish dotted capital I and dotless small i as plain I and i, and
    an i or I followed by a combining dot above (U+0307) without the dot."""
    name = unicodedata.normalize("NFD", name.translate(DOTTED_I))
    return name.replace("i\u0307", "i").replace("I\u0307", "I")


def look_alike_keys(name: str) -> frozenset[str]:
    """The forms in which names are compared for look-alikes: the skeleton ignoring case and
    width, taken before and after ignoring case (Cyrillic "ВоВ" looks like "BoB", but its
    lower case "вов" like nothing Latin; "BOB" has an O that looks like a zero, but is
    "bob" ignoring case). "Bob", "Bоb" (Cyrillic о), "Вob" and "ВоВ" all have "bob". The
    presentation selectors and the parts of emoji sequences (:data:`SEQUENCE_PARTS`) are left out,
    and a dotted capital I or dotless small i counts as a plain one (:func:`dotless`)."""
    name = "".join(c for c in name if ord(c) not in PRESENTATION_SELECTORS and ord(c) not in SEQUENCE_PARTS)
    name = dotless(name)
    return frozenset((skeleton(name_key(skeleton(name))), skeleton(name_key(name))))


def name_refusal(name: str) -> tuple[str, dict[str, Any]] | None:
    """Why ``name`` (already trimmed) cannot be a display name, as a sentence marked for the
    catalog and its fields (``(template, {field: value})``, a value that is a function gives
    words in the reader's language: :func:`script_words`), or ``None``: a bidi control, a
    blank filler character (a presentation selector after a symbol, as phones type emoji, is
    not one, nor is the joiner or a tag inside an emoji sequence), a combining mark with no letter before it or more than
    :data:`MAX_MARKS` on one letter, or letters of scripts that do not go together."""
    joins = emoji_joins(name)
    for i, c in enumerate(name):
        if ord(c) in SEQUENCE_PARTS and i not in joins:  # a joiner or tag outside an emoji sequence
            return N_("A name may not hold an invisible character: remove it."), {}
        if ord(c) in BIDI_CONTROLS:
            return N_("A name may not hold an invisible character that reorders the text around it: remove it."), {}
        if ord(c) in PRESENTATION_SELECTORS and i and unicodedata.category(name[i - 1])[0] in "SNP":
            continue  # an emoji's presentation selector ("❤️")
        if ord(c) in FILLERS:
            return N_("A name may not hold an invisible character: remove it."), {}
    run = 0
    for i, c in enumerate(unicodedata.normalize("NFD", name)):
        if unicodedata.category(c) in ("Mn", "Me"):
            if i == 0:
                return N_("A name may not start with a combining mark: begin it with a letter."), {}
            run += 1
            if run > MAX_MARKS:
                return N_("A name may not stack more than {marks} combining marks on one letter."), \
                    {"marks": str(MAX_MARKS)}
        else:
            run = 0
    scripts = categories.unique_aliases(name) - NEUTRAL_SCRIPTS
    if len(scripts) > 1 and not any(scripts <= mix for mix in SCRIPT_MIXES):
        if not scripts <= SCRIPT_NAMES.keys():
            return N_("A name may not mix letters of different scripts: write it in one script."), {}
        return N_("A name may not mix {scripts} letters: write it in one script."), {"scripts": script_words(scripts)}
    return None


def name_problem(name: str) -> str | None:
    """:func:`name_refusal` as one English sentence, or ``None``."""
    refusal = name_refusal(name)
    if refusal is None:
        return None
    return refusal[0].format(**{k: v("en") if callable(v) else v for k, v in refusal[1].items()})


def look_alike(name: str, names: list[str]) -> str | None:
    """The first of ``names`` that ``name`` looks like (a form of :func:`look_alike_keys` in
    common), or ``None``."""
    keys = look_alike_keys(name)
    return next((other for other in names if keys & look_alike_keys(other)), None)
