"""The game server: the online Mod (FastAPI, WebSocket protocol, the clock, the SQL store).

See docs/protocol.md for the protocol and docs/deploy.md to run it for a group.
"""

from .app import create_app
from .audit import commitment, verify_export
from .clock import Clock, ManualClock, Scheduler
from .moderator import Moderator
from .store import DEFAULT_DATABASE_URL, Store

__all__ = ["Clock", "DEFAULT_DATABASE_URL", "ManualClock", "Moderator", "Scheduler", "Store",
           "commitment", "create_app", "verify_export"]
