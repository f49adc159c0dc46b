"""The web client's own strings in a language: the ``web`` gettext domain
(``hiddenrole/locale/<lang>/LC_MESSAGES/web.po``), served as ``GET /i18n/{lang}.json``.

The catalogs are kept as ``.po`` files only (no compiled ``.mo``); Babel reads them.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "web"
_LANG = re.compile(r"[a-z]{2,3}")


def primary_language(tag: str) -> str:
    """The BCP 47 tag's primary language, lower case: ``"de-AT"`` -> ``"de"``."""
    return tag.replace("_", "-").split("-", 1)[0].lower()


@lru_cache(maxsize=16)
def web_messages(lang: str) -> dict[str, str] | None:
    """``{english: translated}`` of the web domain in ``lang`` (a primary language tag such as
    ``"de"``): every translated, non-fuzzy message. ``{}`` for English (the source language);
    ``None`` when there is no catalog for ``lang`` (or ``lang`` is not a language tag)."""
    if lang == "en":
        return {}
    if not _LANG.fullmatch(lang):
        return None
    path = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if not path.exists():
        return None
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    return {str(m.id): str(m.string) for m in catalog if m.id and isinstance(m.id, str) and m.string and not m.fuzzy}
