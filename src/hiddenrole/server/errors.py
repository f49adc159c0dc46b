"""The server's refusals: :class:`TableError` (a code, a sentence a person can read, an HTTP
status) and :func:`told_refusal`, a refusal's sentence in a reader's language.

Every layer raises them (the moderator, a live table, the protocol); the protocol layer sends
them as ``error`` messages and the REST API as JSON answers.
"""

from __future__ import annotations

from typing import Any

from ..engine.narration import translations


class TableError(Exception):
    """A request the table refuses; ``code`` is machine-readable, the message says why.

    Args:
        code: e.g. ``"not_running"``, ``"game_over"``, ``"seat_replaced"``, ``"illegal_action"``.
        message: the English sentence; a refusal a person can meet is marked ``N_("...")``
            for the ``hiddenrole`` catalog and has ``{name}`` fields filled from ``params``.
        status: the HTTP status the REST API answers with.
        params: the values of the message's ``{fields}`` (names, numbers; or a function of the
            language giving words, e.g. an option's label: see :func:`told_refusal`).

    ``str(exc)`` is the English sentence; :meth:`told` the sentence in a reader's language.
    """

    def __init__(self, code: str, message: str, status: int = 409, /, **params: Any) -> None:
        super().__init__(told_refusal(message, "en", **params) if params else message)
        self.code = code
        self.status = status
        self.template = message
        self.params = params

    def told(self, lang: str) -> str:
        """The message in ``lang`` (``"en"``, ``"de"``): the catalog's translation of the
        marked sentence with its fields filled; English for a sentence the catalog lacks."""
        return told_refusal(self.template, lang, **self.params)


def told_refusal(message: str, lang: str, /, **params: Any) -> str:
    """The refusal ``message`` (an English sentence marked ``N_``, with ``{fields}`` from
    ``params``) in ``lang``; the English sentence when the translation lacks it or breaks a field.
    A value that is a function is called with ``lang`` (words to be told in the reader's language)."""
    text = translations(lang).gettext(message)
    if not params:
        return text
    params = {k: v(lang) if callable(v) else v for k, v in params.items()}
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):  # a translation with a broken field
        return message.format(**params)
