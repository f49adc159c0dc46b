"""The ``llm`` bot: a language model plays from the game told as text.

At each decision the bot sends an OpenAI-compatible chat endpoint (``POST
{url}/chat/completions``) what a player reads: the rules in a few sentences (the game's
narrator, :meth:`~hiddenrole.engine.narration.Narrator.rules_summary`), the events new to
it told in sentences by the game's narrator, what it knows privately, the phase, and its
legal actions as a numbered list, each in words (the narrator's prompt). The model
answers ``ACTION: <number>`` and may add ``POST: <text>`` to say something in the thread.

A reply that names no legal action (malformed, empty, a number off the list, an HTTP
error, a timeout, an answer that is not a chat completion) falls back to the game's rule
bot, seeded as usual, and is logged (logger ``hiddenrole.bots.llm``) and counted
(:attr:`LLMBot.fallbacks`). The bot draws no random numbers of its own: given the
endpoint's replies, its game is determined by the seed.

Settings come from the environment (:meth:`LLMSettings.from_env`):
``HIDDENROLE_LLM_URL`` (the endpoint's base URL, e.g. ``http://127.0.0.1:8080/v1``;
required), ``HIDDENROLE_LLM_KEY`` (sent as ``Authorization: Bearer``; optional),
``HIDDENROLE_LLM_MODEL`` (default ``default``), ``HIDDENROLE_LLM_TIMEOUT`` (seconds per
reply, default 30) and ``HIDDENROLE_LLM_LANG`` (``en`` or ``de``, default ``en``). No model
is bundled or downloaded.
"""

from __future__ import annotations

import json
import logging
import os
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import httpx

from ..engine import Action, Rng
from ..engine.narration import LANGUAGES, Narrator, narrator_class
from ..engine.registry import game_class
from .base import Bot, Observation, bot_class
from .common import MAX_POSTS_PER_GAME

log = logging.getLogger("hiddenrole.bots.llm")

#: How many past exchanges (a decision's text and the model's reply) the bot sends again
#: with each decision: the older ones are left out, so a request's size stays bounded.
HISTORY = 6
#: The longest post the bot sends (characters); the games accept 1000 or more.
MAX_POST = 500

_ACTION = re.compile(r"\bACTION\s*[:=]?\s*#?\s*(\d+)", re.IGNORECASE)
_BARE = re.compile(r"^\s*#?(\d+)\s*\.?\s*$")
_POST = re.compile(r"^\s*POST\s*:\s*(.+)$", re.IGNORECASE | re.MULTILINE)
# control characters (but newline and tab) and bidi controls: the server refuses them in posts
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f\u202a-\u202e\u2066-\u2069]")


@dataclass(frozen=True)
class LLMSettings:
    """Where and how the bot reaches its model.

    Attributes:
        url: the endpoint's base URL; requests go to ``{url}/chat/completions`` (a URL that
            already ends in ``/chat/completions`` is used as it is).
        key: the API key (``None``: no ``Authorization`` header).
        model: the model name sent with each request.
        timeout: seconds to wait for a reply before falling back.
        lang: the language of the text the model reads (``en`` or ``de``).
    """

    url: str
    key: str | None = None
    model: str = "default"
    timeout: float = 30.0
    lang: str = "en"

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> LLMSettings:
        """The settings from ``HIDDENROLE_LLM_*`` variables (module docstring).

        Raises:
            ValueError: ``HIDDENROLE_LLM_URL`` is missing or not an http(s) URL, or the
                timeout is not a positive number (one sentence naming the variable).
        """
        env = os.environ if environ is None else environ
        url = env.get("HIDDENROLE_LLM_URL", "").strip()
        if not url.startswith(("http://", "https://")):
            raise ValueError("the llm bot needs HIDDENROLE_LLM_URL, the http(s) address of an OpenAI-compatible "
                             "chat endpoint (e.g. http://127.0.0.1:8080/v1)")
        try:
            timeout = float(env.get("HIDDENROLE_LLM_TIMEOUT", "30"))
        except ValueError:
            timeout = -1.0
        if not timeout > 0:
            raise ValueError("HIDDENROLE_LLM_TIMEOUT must be a positive number of seconds")
        lang = env.get("HIDDENROLE_LLM_LANG", "en").strip().lower() or "en"
        if lang not in LANGUAGES:
            raise ValueError(f"HIDDENROLE_LLM_LANG must be one of {', '.join(LANGUAGES)}, not {lang[:20]!r}")
        return cls(url=url, key=env.get("HIDDENROLE_LLM_KEY") or None,
                   model=env.get("HIDDENROLE_LLM_MODEL") or "default", timeout=timeout, lang=lang)

    @property
    def endpoint(self) -> str:
        """The URL requests go to."""
        url = self.url.rstrip("/")
        return url if url.endswith("/chat/completions") else url + "/chat/completions"


class LLMBot(Bot):
    """A player whose decisions a language model makes from narrated text.

    Args:
        player: the seat's player name.
        seed: seeds the fallback rule bot (int), as for every bot.
        rng: a generator shared by the game's bots (see :func:`~hiddenrole.bots.seat_bots`).
        settings: where the model is (default: :meth:`LLMSettings.from_env`).
        http: the HTTP client to use (default: a new ``httpx.Client``; tests pass one with
            a mock transport).

    Without settings and without ``HIDDENROLE_LLM_URL`` (or with bad ``HIDDENROLE_LLM_*``
    values) every decision falls back on the rule bot (reason ``"no endpoint"``, logged
    once): a server or a lab run never stops for it. :meth:`check_settings` says why
    beforehand (``hiddenrole agent --bot llm`` refuses to start without it).

    Attributes:
        replies: how many decisions the model was asked for.
        fallbacks: how many of those fell back on the rule bot.
        reasons: ``{reason: count}`` of the fallbacks (``"timeout"``, ``"HTTP 500"``,
            ``"no action number"``, ``"number 12 is not on the list"``...).
        posts: how many posts the bot made.
    """

    kind = "llm"
    summary = ("A language model plays from the game told in sentences, over an OpenAI-compatible "
               "endpoint (HIDDENROLE_LLM_URL); a reply that names no legal move falls back on the rule bot.")
    needs_view = True

    def __init__(self, player: str, seed: int = 0, rng: Rng | None = None, *,
                 settings: LLMSettings | None = None, http: httpx.Client | None = None) -> None:
        super().__init__(player, seed, rng)
        self.seed = seed
        self.problem: str | None = None  # why there is no endpoint to ask
        if settings is None:
            try:
                settings = LLMSettings.from_env()
            except ValueError as exc:
                self.problem = str(exc)
                log.warning("llm bot %s: %s; the rule bot plays every decision", player, exc)
        self.settings = settings
        self._http = http  # made at the first request (a client costs milliseconds to make)
        self.replies = 0
        self.fallbacks = 0
        self.reasons: Counter[str] = Counter()
        self.posts = 0
        self.history: list[dict[str, str]] = []
        self._narrator: Narrator | None = None
        self._rule: Bot | None = None
        self._unseen: list[dict[str, Any]] = []  # events the rule bot has not been given yet
        self._untold: list[dict[str, Any]] = []  # events the model has not been told yet
        self._queued: Action | None = None  # the action chosen with a post, sent after it

    @classmethod
    def check_settings(cls) -> None:
        """Raise ``ValueError`` (one sentence) when the environment names no usable endpoint."""
        LLMSettings.from_env()

    # ------------------------------------------------------------------ deciding
    def choose(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions`` (or a post, then the chosen action at the
        next decision): the model's choice, or the rule bot's when the reply names none."""
        events = list(observation.events or ())
        self._unseen.extend(events)
        self._untold.extend(events)
        legal = observation.legal_actions
        view = observation.view or {}
        queued, self._queued = self._queued, None
        if queued is not None and queued in legal:
            return legal[legal.index(queued)]  # the events since (its own post) are told at the next question
        if self.settings is None:
            self.replies += 1
            self.fallbacks += 1
            self.reasons["no endpoint"] += 1
            return self._fallback(observation)
        untold, self._untold = self._untold, []
        text = self._told(untold, view, legal)
        self.replies += 1
        reply, problem = self._ask(self.settings, text)
        self.history += [{"role": "user", "content": text}, {"role": "assistant", "content": reply[:2000] or "(none)"}]
        del self.history[:-2 * HISTORY]
        choice: Action | None = None
        if problem is None:
            number, problem = self._read(reply, len(legal))
            if number is not None:
                choice = legal[number - 1]
        if choice is None:
            self.fallbacks += 1
            self.reasons[problem or "no action number"] += 1
            log.warning("llm bot %s: the reply named no legal action (%s); the rule bot chose instead",
                        self.player, problem)
            return self._fallback(observation)
        post = self._post_text(reply)
        if post is not None and self.posts < MAX_POSTS_PER_GAME:
            self.posts += 1
            self._queued = choice
            return {"player": self.player, "action": "post", "text": post}
        return choice

    def _fallback(self, observation: Observation) -> Action:
        """The game's rule bot's choice, given every event it has not seen yet."""
        rule = self._rule
        if rule is None:
            game = (observation.view or {}).get("game", "")
            try:
                cls = bot_class("rule", game)
            except ValueError:
                cls = bot_class("random", game)
            rule = self._rule = cls(self.player, self.seed, self.rng)
        unseen, self._unseen = self._unseen, []
        return rule.choose(Observation(observation.player, observation.legal_actions, observation.view, unseen))

    def _ask(self, settings: LLMSettings, text: str) -> tuple[str, str | None]:
        """The model's reply to ``text`` (with the system message and recent history), and
        ``None``; or ``""`` and what went wrong."""
        messages = [{"role": "system", "content": self._system()}, *self.history,
                    {"role": "user", "content": text}]
        body = {"model": settings.model, "messages": messages, "temperature": 0}
        headers = {"Authorization": f"Bearer {settings.key}"} if settings.key else {}
        if self._http is None:
            self._http = httpx.Client()
        try:
            response = self._http.post(settings.endpoint, json=body, headers=headers, timeout=settings.timeout)
        except httpx.TimeoutException:
            return "", "timeout"
        except httpx.HTTPError as exc:
            return "", f"no answer: {type(exc).__name__}"
        if response.status_code != 200:
            return "", f"HTTP {response.status_code}"
        try:
            content = response.json()["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError):
            return "", "not a chat completion"
        if not isinstance(content, str) or not content.strip():
            return "", "an empty reply"
        return content, None

    @staticmethod
    def _read(reply: str, count: int) -> tuple[int | None, str | None]:
        """The action number (1..count) a reply names, or ``None`` and why not."""
        match = _ACTION.search(reply) or _BARE.match(reply)
        if match is None:
            return None, "no action number"
        number = int(match.group(1)[:6])
        if not 1 <= number <= count:
            return None, f"number {number} is not on the list"
        return number, None

    @staticmethod
    def _post_text(reply: str) -> str | None:
        """The text of a reply's ``POST:`` line, made safe for the thread, or ``None``."""
        match = _POST.search(reply)
        if match is None:
            return None
        text = _UNSAFE.sub(" ", match.group(1)).strip()[:MAX_POST].strip()
        return text or None

    # ------------------------------------------------------------------ the text
    def narrator(self, view: dict[str, Any]) -> Narrator:
        """The game's narrator for this player (made once; the table's options are read
        from the public board, where the games show them)."""
        if self._narrator is None:
            board = view.get("board") or {}
            options = {**board, **(board.get("options") or {})}
            cls = narrator_class(game_class(view.get("game", "")))
            lang = self.settings.lang if self.settings is not None else "en"
            self._narrator = cls(view.get("players") or (), options, self.player, lang)
        return self._narrator

    def _system(self) -> str:
        n = self._narrator
        rules = " ".join(n.rules_summary()) if n is not None else ""
        return (f"You are {self.player}, a player in a hidden-role game moderated by a computer (the Mod). "
                f"The rules in short: {rules}\n"
                "Each turn you are told what happened since your last turn, what you know, and your choices "
                "as a numbered list. Answer with one line 'ACTION: <number>' naming one of the choices. "
                "You may add one line 'POST: <text>' to say something to the other players in the public "
                "thread; keep it short, and remember the others may lie.")

    def _told(self, events: list[dict[str, Any]], view: dict[str, Any], legal: list[Action]) -> str:
        """A decision as text: new events, private knowledge, the phase and the choices."""
        n = self.narrator(view)
        lines = ["What happened:"] if events else []
        for event in events:
            told: Sequence[str]
            try:
                told = n.event_json({k: v for k, v in event.items() if k != "narration"})
            except KeyError:
                told = [f"({event.get('kind')})"]
            lines.extend(f"- {sentence}" for sentence in told)
        private = view.get("private") or {}
        if private:
            lines.append("What you know privately:")
            lines.extend(f"- {key.replace('_', ' ')}: {_words(value)}" for key, value in private.items())
        lines.append(f"Now: {n.phase(view)}")
        prompt = n.prompt(view, list(legal)) or {}
        for key in ("title", "explain"):
            if prompt.get(key):
                lines.append(str(prompt[key]))
        labels = {c["action"]: c for c in prompt.get("choices") or ()}
        lines.append("Your choices:")
        for i, action in enumerate(legal):
            choice = labels.get(i) or {}
            label = choice.get("label") or _words({k: v for k, v in action.items() if k != "player"})
            extra = f" ({choice['explain']})" if choice.get("explain") else ""
            lines.append(f"{i + 1}. {label}{extra}")
        lines.append("Answer with 'ACTION: <number>'.")
        return "\n".join(lines)

    # ------------------------------------------------------------------ reporting
    def model_report(self) -> str:
        """How the model did, in a sentence (``hiddenrole agent`` prints it)."""
        return (f"The language model was asked {self.replies} times; {self.fallbacks} of its replies named no "
                f"legal action, so the rule bot chose instead.")


def _words(value: Any) -> str:
    """A private fact's value as short text (JSON for lists and objects, cut at 400 characters)."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return text if len(text) <= 400 else text[:397] + "..."
