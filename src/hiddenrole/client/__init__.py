"""The client library: play a seat of a hiddenrole server from Python (docs/agents.md).

Take a seat over REST, then play it over the WebSocket protocol (docs/protocol.md)::

    import asyncio, httpx
    from hiddenrole.client import SeatClient, join_table
    from hiddenrole.bots import Bot

    class FirstChoice(Bot):
        kind = "first"
        def choose(self, observation):
            return observation.legal_actions[0]

    async def main():
        async with httpx.AsyncClient(base_url="http://127.0.0.1:8000") as http:
            seat = await join_table(http, "K7QX2M", "Ada")
        client = SeatClient(seat.ws_url, seat.token, FirstChoice(seat.name), reconnect=True)
        reveal = await client.run()
        print(reveal["result"])

    asyncio.run(main())

A bot is given an :class:`~hiddenrole.bots.Observation` exactly as in the balance lab
(its legal actions, the events new to it, its view), so a bot written for the lab plays
remotely unchanged. Without a bot, a program reads :meth:`SeatClient.observation` and
sends :meth:`SeatClient.act` and :meth:`SeatClient.post` itself (e.g. from ``on_frame``).
``hiddenrole agent`` (:mod:`.agent`) does all this from the command line.
"""

from .rest import BadRequest, Seat, Unreachable, claim_seat, join_table, parse_seat_link, server_url, table_info
from .seat import PROTOCOL, HelloRefused, SeatClient, ServerGone, backoff, merge_patch

__all__ = ["BadRequest", "HelloRefused", "PROTOCOL", "Seat", "SeatClient", "ServerGone", "Unreachable", "backoff",
           "claim_seat", "join_table", "merge_patch", "parse_seat_link", "server_url", "table_info"]
