"""The session store alone: one session lookup, in memory vs in Redis, timed in-process."""

from __future__ import annotations

import asyncio
import statistics
import time
import uuid

import msgspec
from litestar.stores.redis import RedisStore
from redis.asyncio import Redis

from gateway.sessions import SessionManager, SessionRecord, StoreLogin, build_store
from gateway.settings import Settings


class LookupResult(msgspec.Struct, kw_only=True):
    store: str
    lookups: int
    lookups_per_s: float
    p50_us: float
    p99_us: float


async def _time_lookups(manager: SessionManager, label: str, count: int) -> LookupResult:
    session_id = uuid.uuid4().hex
    now = time.time()  # real time: a session's life
    login = StoreLogin(user_id="2001", access_token="bench-token", mobile_number="9876543210")
    await manager.save(session_id, SessionRecord(created_at=now, seen_at=now, store=login))
    for _ in range(min(200, count)):  # warm the connection pool and the code paths
        await manager.load(session_id)
    samples: list[float] = []
    started = time.perf_counter()
    for _ in range(count):
        t0 = time.perf_counter()
        record = await manager.load(session_id)
        samples.append(time.perf_counter() - t0)
        assert record is not None and record.store == login
    total = time.perf_counter() - started
    await manager.delete(session_id)
    samples.sort()
    return LookupResult(
        store=label,
        lookups=count,
        lookups_per_s=round(count / total, 1),
        p50_us=round(statistics.median(samples) * 1e6, 1),
        p99_us=round(samples[int(0.99 * (len(samples) - 1))] * 1e6, 1),
    )


async def measure(redis_url: str, count: int = 5000) -> list[LookupResult]:
    """Lookups one after another (load + decode + idle renewal), as a request makes them."""
    namespace = f"bench-{uuid.uuid4().hex[:8]}"
    results = []
    for label, url in (("memory", None), ("redis", redis_url)):
        settings = Settings(redis_url=url, redis_namespace=namespace, secret_key="bench")
        store = build_store(settings)
        results.append(await _time_lookups(SessionManager(store, settings), label, count))
        if isinstance(store, RedisStore):
            await store._redis.aclose()
    await _forget(redis_url, namespace)
    return results


async def _forget(redis_url: str, namespace: str) -> None:
    """Delete the keys under one namespace (never the whole shared database)."""
    client = Redis.from_url(redis_url)
    async for key in client.scan_iter(match=f"{namespace}:*"):
        await client.delete(key)
    await client.aclose()


def forget_namespace(redis_url: str, namespace: str) -> None:
    asyncio.run(_forget(redis_url, namespace))


def run(redis_url: str, count: int = 5000) -> list[LookupResult]:
    return asyncio.run(measure(redis_url, count))
