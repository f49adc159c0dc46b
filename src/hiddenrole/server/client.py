"""The seat client moved to the public client library, :mod:`hiddenrole.client`
(docs/agents.md); this name stays for the tests and the load benchmark that import it."""

from ..client.seat import SeatClient

__all__ = ["SeatClient"]
