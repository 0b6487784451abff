"""Accounts and sessions: argon2 password hashes, random session tokens (stored as SHA-256),
login rate limits, and who may do what.

A token is sent as the ``paigow_session`` cookie (browsers; ``HttpOnly``, ``Secure``,
``SameSite=Strict``) or as ``Authorization: Bearer TOKEN`` (scripts). Roles: ``player`` and
``operator``.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections import deque
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

__all__ = [
    "COOKIE",
    "ROLES",
    "LoginLimiter",
    "User",
    "check_password",
    "hash_password",
    "new_token",
    "token_hash",
    "verify_password",
]

COOKIE = "paigow_session"
ROLES = ("player", "operator")
_HASHER = PasswordHasher()


@dataclass(frozen=True)
class User:
    """An authenticated account."""

    id: int
    name: str
    role: str

    @property
    def is_operator(self) -> bool:
        """True for operators."""
        return self.role == "operator"


def check_password(password: str) -> str | None:
    """Why ``password`` is not acceptable (None when it is): 8..200 characters."""
    if not isinstance(password, str) or not 8 <= len(password) <= 200:
        return "a password has 8..200 characters"
    return None


def hash_password(password: str) -> str:
    """The argon2id hash of a password."""
    return _HASHER.hash(password)


def verify_password(stored: str, password: str) -> bool:
    """True when ``password`` matches the stored hash."""
    try:
        return _HASHER.verify(stored, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def new_token() -> str:
    """A new random session token (256 bits)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What the store keeps of a token."""
    return hashlib.sha256(token.encode()).hexdigest()


class LoginLimiter:
    """At most ``limit`` failed sign-ins per name, and ``per_address`` per client address, in
    ``window`` seconds; further attempts are refused until the window has passed (HTTP 429)."""

    def __init__(self, limit: int = 5, window: float = 60.0, per_address: int = 30) -> None:
        self.limit = limit
        self.per_address = per_address
        self.window = window
        self._fails: dict[str, deque[float]] = {}

    def _recent(self, key: str, now: float) -> deque[float]:
        q = self._fails.setdefault(key, deque())
        while q and q[0] <= now - self.window:
            q.popleft()
        return q

    def retry_after(self, name: str, address: str) -> float:
        """Seconds to wait before another attempt (0 when allowed)."""
        now = time.monotonic()
        waits = [
            q[0] + self.window - now
            for key, most in ((f"n:{name}", self.limit), (f"a:{address}", self.per_address))
            if len(q := self._recent(key, now)) >= most
        ]
        return max(waits, default=0.0)

    def failed(self, name: str, address: str) -> None:
        """Count a failed attempt."""
        now = time.monotonic()
        for key in (f"n:{name}", f"a:{address}"):
            self._recent(key, now).append(now)

    def succeeded(self, name: str) -> None:
        """A successful login clears the name's failures."""
        self._fails.pop(f"n:{name}", None)
