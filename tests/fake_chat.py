"""A fake OpenAI-compatible chat endpoint for the ``llm`` bot's tests (shared by the bot and
client test folders): FastAPI under uvicorn in a thread, on a free port of 127.0.0.1."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Callable
from typing import Any

import uvicorn
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

#: a reply that is held until the endpoint closes (past any bot's timeout), then says ``ACTION: 1``
SLOW = object()


def completion(text: str) -> dict[str, Any]:
    """A chat completion whose one choice says ``text``."""
    return {"id": "x", "object": "chat.completion",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}]}


class FakeChatEndpoint:
    """``POST /v1/chat/completions`` answered by ``answer(index, body)``, where ``index`` counts
    the requests from 0 and ``body`` is the request's JSON. ``answer`` returns the JSON reply
    (a dict), ``(status, dict)`` for an HTTP error, or :data:`SLOW`. :attr:`requests` holds
    every request's body, in order. Use as a context manager; :attr:`url` is the base URL."""

    def __init__(self, answer: Callable[[int, dict[str, Any]], Any]) -> None:
        self.requests: list[dict[str, Any]] = []
        self.loop: asyncio.AbstractEventLoop | None = None  # the server's (set by the first request)
        self.release = asyncio.Event()  # a SLOW reply waits for it (set at shutdown)
        app = FastAPI()

        @app.post("/v1/chat/completions")
        async def chat(request: Request) -> Any:
            self.loop = asyncio.get_running_loop()
            body = await request.json()
            index = len(self.requests)
            self.requests.append(body)
            reply = answer(index, body)
            if reply is SLOW:
                await self.release.wait()
                return completion("ACTION: 1")
            if isinstance(reply, tuple):
                return JSONResponse(reply[1], status_code=reply[0])
            return reply

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning",
                                                    lifespan="off"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def __enter__(self) -> FakeChatEndpoint:
        self.thread.start()
        while not self.server.started:
            if not self.thread.is_alive():
                raise AssertionError("the fake chat endpoint did not start")
            self.thread.join(0.01)
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self.release.set)  # a held reply ends, then the server
        self.server.should_exit = True
        self.thread.join(10)
