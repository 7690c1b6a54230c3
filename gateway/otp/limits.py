"""Code abuse limits kept in the `limits` library's storage (Redis when replicas share one).

- one send per number per `resend_seconds` (the screen's countdown),
- at most `sends_per_number_per_hour` per number and `sends_per_client_per_hour` per client
  address,
- at most `verify_attempts_per_code` wrong guesses per code sent.

A send the upstream failed gives its resend interval back (the user may retry at once) but stays
counted against the hourly caps, so failures cannot be used to send without limit. Every call
to the storage is bounded by the store's time-out and a failure is a 503, like the sessions'.
"""

from __future__ import annotations

import math
import time
from typing import Any

from limits import RateLimitItemPerHour, RateLimitItemPerSecond
from limits.aio.storage import MemoryStorage, RedisSentinelStorage, RedisStorage, Storage
from limits.aio.strategies import MovingWindowRateLimiter

from gateway.plumbing.errors import TooManyRequests
from gateway.sessions.outage import store_call
from gateway.sessions.store import redis_options
from gateway.settings import Settings

TOO_SOON = "Please wait before requesting another OTP."
TOO_MANY_SENDS = "Too many OTP requests. Please try again later."
TOO_MANY_ATTEMPTS = "Too many incorrect attempts. Please request a new OTP."

# The error codes a screen tells apart: the resend interval (seconds to wait) from the hourly
# caps (minutes to wait) and from too many guesses.
CODE_TOO_SOON = "otp_resend_too_soon"
CODE_SEND_CAP = "otp_send_limit"
CODE_ATTEMPT_CAP = "otp_attempt_limit"


class OtpLimiter:
    def __init__(self, storage: Storage, settings: Settings) -> None:
        self.timeout = settings.store_timeout
        self._limiter = MovingWindowRateLimiter(storage)
        limits = settings.otp
        self._resend = RateLimitItemPerSecond(1, max(1, limits.resend_seconds)) if limits.resend_seconds else None
        self._per_number = RateLimitItemPerHour(limits.sends_per_number_per_hour)
        self._per_client = RateLimitItemPerHour(limits.sends_per_client_per_hour)
        self._attempts = RateLimitItemPerHour(limits.verify_attempts_per_code)

    async def _retry_after(self, item: RateLimitItemPerSecond | RateLimitItemPerHour, *keys: str) -> int:
        reset_at, _ = await self._limiter.get_window_stats(item, *keys)
        return max(1, math.ceil(reset_at - time.time()))  # real time: a code limit's wait

    async def hit_send(self, mobile_number: str, client: str) -> None:
        """Count a send, or raise TooManyRequests (with Retry-After) without counting it."""
        checks: list[tuple[RateLimitItemPerSecond | RateLimitItemPerHour, tuple[str, ...], str, str]] = []
        if self._resend is not None:
            checks.append((self._resend, ("otp-resend", mobile_number), TOO_SOON, CODE_TOO_SOON))
        checks.append((self._per_number, ("otp-number", mobile_number), TOO_MANY_SENDS, CODE_SEND_CAP))
        checks.append((self._per_client, ("otp-client", client), TOO_MANY_SENDS, CODE_SEND_CAP))
        async with store_call(self.timeout):
            for item, keys, message, code in checks:
                if not await self._limiter.test(item, *keys):
                    raise TooManyRequests(message, code=code, retry_after=await self._retry_after(item, *keys))
            for item, keys, _, _ in checks:
                await self._limiter.hit(item, *keys)

    async def release_resend(self, mobile_number: str) -> None:
        """Give back the resend interval of a send the upstream failed."""
        if self._resend is not None:
            async with store_call(self.timeout):
                await self._limiter.clear(self._resend, "otp-resend", mobile_number)

    async def hit_verify(self, mobile_number: str, sent_at: float) -> None:
        """Count a verify attempt against the code sent at `sent_at`."""
        keys = ("otp-verify", mobile_number, f"{sent_at:.3f}")
        async with store_call(self.timeout):
            if not await self._limiter.hit(self._attempts, *keys):
                raise TooManyRequests(
                    TOO_MANY_ATTEMPTS,
                    code=CODE_ATTEMPT_CAP,
                    retry_after=await self._retry_after(self._attempts, *keys),
                )


def limit_storage(settings: Settings) -> Storage:
    """Where the `limits` library keeps its counts: Redis when replicas share one, else memory."""
    storage: Storage
    options: dict[str, Any] = redis_options(settings.store_timeout)
    prefix = f"{settings.redis_namespace}:limits"
    if settings.redis_sentinels:
        # The primary only: a count read from a replica could lag the hit just made.
        uri = f"async+redis+sentinel://{settings.redis_sentinels}/{settings.redis_sentinel_master}"
        timeouts: dict[str, float | str | bool] = {
            "socket_connect_timeout": settings.store_timeout,
            "socket_timeout": settings.store_timeout,
        }
        storage = RedisSentinelStorage(
            uri, implementation="redispy", key_prefix=prefix, use_replicas=False, sentinel_kwargs=timeouts, **options
        )
    elif settings.redis_url:
        uri = settings.redis_url.replace("redis://", "async+redis://", 1)
        storage = RedisStorage(uri, implementation="redispy", key_prefix=prefix, **options)
    else:
        storage = MemoryStorage()
    return storage


def build_limiter(settings: Settings) -> OtpLimiter:
    return OtpLimiter(limit_storage(settings), settings)
