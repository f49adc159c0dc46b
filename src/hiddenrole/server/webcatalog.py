"""The web client's own strings in a language: the ``web`` gettext domain
(``hiddenrole/locale/<lang>/LC_MESSAGES/web.po``), served as ``GET /i18n/{lang}.json``.

Read like the narrators' catalogs (``engine.narration.catalog_messages``: the compiled ``.mo``
when current, else the ``.po``); this module adds the client's string list and the catalog update.
"""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

from ..engine.narration import DEFAULT_LANGUAGE, LANGUAGES, catalog_messages

LOCALE = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "web"


def primary_language(tag: str) -> str:
    """The BCP 47 tag's primary language, lower case: ``"de-AT"`` -> ``"de"``."""
    return tag.replace("_", "-").split("-", 1)[0].lower()


def web_messages(lang: str) -> dict[str, str] | None:
    """``{english: translated}`` of the web domain in ``lang`` (a primary language tag such as
    ``"de"``): every translated, non-fuzzy message, read by the narrators' catalog reader. ``{}``
    for English (the source language); ``None`` for a language the project has no catalogs for."""
    if lang == DEFAULT_LANGUAGE:
        return {}
    if lang not in LANGUAGES or not (LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po").exists():
        return None
    return catalog_messages(lang, DOMAIN)


WEB = Path(__file__).resolve().parent.parent / "web"
# t("...") or t('...') in the client's modules and page (the vendored libraries excluded)
_CALL = re.compile(r"""(?<![\w$.])t\(\s*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')""")


def client_strings(web: Path = WEB) -> list[str]:
    """Every English string the client passes to ``t(...)`` (``*.js`` and ``index.html``
    outside ``vendor/``), sorted, each once; JavaScript escapes (``\\u2019``, ``\\"``) decoded."""
    found: set[str] = set()
    for path in sorted(web.rglob("*")):
        if path.suffix not in (".js", ".html") or "vendor" in path.relative_to(web).parts:
            continue
        for m in _CALL.finditer(path.read_text(encoding="utf-8")):
            raw = m.group(1) if m.group(1) is not None else m.group(2)
            found.add(raw.encode("latin-1", "backslashreplace").decode("unicode_escape") if "\\" in raw else raw)
    return sorted(found)


def update_catalog(lang: str, web: Path = WEB) -> tuple[int, int]:
    """Brings ``locale/<lang>/LC_MESSAGES/web.po`` in line with the client's ``t(...)``
    strings: new ones are added untranslated, gone ones removed, translations kept.
    Returns (messages, untranslated). `make web-messages` runs it for every catalog."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    path = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    old: dict[str, str] = {}
    if path.exists():
        with path.open("rb") as f:
            old = {str(m.id): str(m.string) for m in read_po(f, locale=lang, domain=DOMAIN) if m.id}
    catalog = Catalog(locale=lang, domain=DOMAIN, project="hiddenrole", charset="utf-8", fuzzy=False)
    strings = client_strings(web)
    for s in strings:
        catalog.add(s, old.get(s, ""))
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, omit_header=False, sort_output=True, width=0)
    return len(strings), sum(1 for s in strings if not old.get(s))


if __name__ == "__main__":  # python -m hiddenrole.server.webcatalog de [fr ...]
    import sys

    for code in sys.argv[1:] or [p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES" / f"{DOMAIN}.po").exists()]:
        n, missing = update_catalog(code)
        print(f"{code}: {n} messages, {missing} untranslated")
