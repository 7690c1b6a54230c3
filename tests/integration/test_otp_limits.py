"""Code abuse limits, on the in-memory storage and on the real Redis (shared by replicas)."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from gateway.otp import build_limiter
from gateway.otp.limits import TOO_MANY_ATTEMPTS, TOO_MANY_SENDS, TOO_SOON
from gateway.plumbing.errors import TooManyRequests
from gateway.settings import OtpLimits, Settings


@pytest.fixture(params=["memory", "redis"])
def limit_settings(
    request: pytest.FixtureRequest, make_settings: Callable[..., Settings], redis_namespace: str
) -> Callable[..., Settings]:
    def make(**limits: int) -> Settings:
        otp = OtpLimits(**limits)
        if request.param == "memory":
            return make_settings(otp=otp)
        return make_settings(otp=otp, redis_url=request.getfixturevalue("redis_url"), redis_namespace=redis_namespace)

    return make


async def test_a_number_cannot_be_sent_a_second_code_within_the_resend_interval(
    limit_settings: Callable[..., Settings],
) -> None:
    limiter = build_limiter(limit_settings(resend_seconds=60))
    await limiter.hit_send("9876543210", "10.0.0.1")
    with pytest.raises(TooManyRequests) as caught:
        await limiter.hit_send("9876543210", "10.0.0.2")
    assert caught.value.message == TOO_SOON
    assert 55 <= caught.value.retry_after <= 60
    await limiter.hit_send("9123456780", "10.0.0.1")  # another number is not held up


async def test_sends_per_number_are_capped(limit_settings: Callable[..., Settings]) -> None:
    limiter = build_limiter(limit_settings(resend_seconds=0, sends_per_number_per_hour=3))
    for _ in range(3):
        await limiter.hit_send("9876543210", "10.0.0.1")
    with pytest.raises(TooManyRequests) as caught:
        await limiter.hit_send("9876543210", "10.0.0.9")
    assert caught.value.message == TOO_MANY_SENDS


async def test_sends_per_client_address_are_capped(limit_settings: Callable[..., Settings]) -> None:
    limiter = build_limiter(limit_settings(resend_seconds=0, sends_per_client_per_hour=2))
    await limiter.hit_send("9000000001", "10.9.9.9")
    await limiter.hit_send("9000000002", "10.9.9.9")
    with pytest.raises(TooManyRequests):
        await limiter.hit_send("9000000003", "10.9.9.9")
    await limiter.hit_send("9000000003", "10.9.9.8")


async def test_a_refused_send_is_not_counted(limit_settings: Callable[..., Settings]) -> None:
    limiter = build_limiter(limit_settings(resend_seconds=0, sends_per_number_per_hour=5, sends_per_client_per_hour=1))
    await limiter.hit_send("9000000001", "10.1.1.1")
    for _ in range(5):
        with pytest.raises(TooManyRequests):
            await limiter.hit_send("9000000001", "10.1.1.1")
    # the refusals above did not use up the number's own allowance
    await limiter.hit_send("9000000001", "10.1.1.2")


async def test_verify_attempts_per_code_are_capped(limit_settings: Callable[..., Settings]) -> None:
    limiter = build_limiter(limit_settings(verify_attempts_per_code=3))
    sent_at = time.time()  # real time: a code's life is real time
    for _ in range(3):
        await limiter.hit_verify("9876543210", sent_at)
    with pytest.raises(TooManyRequests) as caught:
        await limiter.hit_verify("9876543210", sent_at)
    assert caught.value.message == TOO_MANY_ATTEMPTS
    await limiter.hit_verify("9876543210", sent_at + 61)  # a new code starts a new count


async def test_limits_hold_across_replicas_sharing_redis(
    make_settings: Callable[..., Settings], redis_url: str, redis_namespace: str
) -> None:
    settings = make_settings(redis_url=redis_url, redis_namespace=redis_namespace)
    replica_a, replica_b = build_limiter(settings), build_limiter(settings)
    await replica_a.hit_send("9876543210", "10.0.0.1")
    with pytest.raises(TooManyRequests):
        await replica_b.hit_send("9876543210", "10.0.0.1")
