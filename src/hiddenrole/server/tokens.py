"""Secrets the server hands out (seat, host and substitute tokens) and their stored form.

A token is shown once, to the person it belongs to; the store keeps only its hash, so a
copy of the database opens no seat.
"""

from __future__ import annotations

import hashlib
import secrets


def new_token() -> str:
    """A fresh secret token: 24 random bytes, URL-safe text (32 characters)."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """The stored form of a seat, host or substitute token: its SHA-256 hex digest."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()
