"""The session store: Litestar's MemoryStore for one process, RedisStore for replicas.

Both are extended with `set_if_absent`, the store's own atomic claim (Redis `SET NX EX`), for
what must happen once across replicas (an idempotency key's first use).

Redis is reached at REDIS_URL, or through Sentinel (REDIS_SENTINELS), which names the primary of
the moment. With REDIS_WAIT_REPLICAS, every write is followed on its own connection by `WAIT`, so
what the gateway answered for (a login, a key's first use, a pending payment) is on a replica
before the answer and survives a failover (docs/decisions/redis-sentinel.md).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from datetime import timedelta
from typing import Any, Protocol, cast

import structlog
from litestar.stores.base import StorageObject, Store
from litestar.stores.memory import MemoryStore
from litestar.stores.redis import RedisStore
from redis.asyncio import Redis
from redis.asyncio.client import Pipeline
from redis.asyncio.lock import Lock
from redis.asyncio.retry import Retry
from redis.asyncio.sentinel import Sentinel
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import LockError

from gateway.settings import Settings

log = structlog.get_logger("gateway.sessions.store")


class Acknowledgement:
    """How many replicas must hold a write (Redis WAIT) and how long to wait for them."""

    def __init__(self, replicas: int, timeout: float) -> None:
        self.replicas = replicas
        self.timeout_ms = max(1, round(timeout * 1000))

    def check(self, acknowledged: int, key: str) -> None:
        """Too few replicas in time: the write stands (the primary has it, and with its replica
        gone there is nothing a failover could promote), but it is logged."""
        if acknowledged < self.replicas:
            log.warning("store_write_unacknowledged", key=key, replicas=acknowledged, wanted=self.replicas)


class ClaimingRedisStore(RedisStore):
    acknowledgement: Acknowledgement | None = None  # set by build_store; none: writes are not waited on

    def with_namespace(self, namespace: str) -> ClaimingRedisStore:
        store = cast(ClaimingRedisStore, super().with_namespace(namespace))  # Litestar builds type(self)
        store.acknowledgement = self.acknowledgement
        return store

    async def set(self, key: str, value: str | bytes, expires_in: int | timedelta | None = None) -> None:
        if self.acknowledgement is None:
            await super().set(key, value, expires_in)
            return
        name, data = self._make_key(key), value.encode("utf-8") if isinstance(value, str) else value
        await self._acknowledged(key, lambda pipe: pipe.set(name, data, ex=expires_in))

    async def set_if_absent(self, key: str, value: bytes, expires_in: int) -> bool:
        """Store `value` only if `key` holds nothing; True when this call stored it."""
        name = self._make_key(key)
        if self.acknowledgement is None:
            return bool(await self._redis.set(name, value, ex=expires_in, nx=True))
        return bool(await self._acknowledged(key, lambda pipe: pipe.set(name, value, ex=expires_in, nx=True)))

    async def put_field(self, key: str, field: str, value: bytes) -> None:
        """One field of a table kept under `key` (a Redis hash): written alone, so two replicas
        adding at once both keep theirs."""
        name = self._make_key(key)
        if self.acknowledgement is None:
            await self._redis.hset(name, field, value)
            return
        await self._acknowledged(key, lambda pipe: pipe.hset(name, field, value))

    async def fields(self, key: str) -> dict[str, bytes]:
        found = await self._redis.hgetall(self._make_key(key))
        return {
            (f.decode() if isinstance(f, bytes) else f): (v.encode() if isinstance(v, str) else v)
            for f, v in found.items()
        }

    async def drop_field(self, key: str, field: str) -> None:
        name = self._make_key(key)
        if self.acknowledgement is None:
            await self._redis.hdel(name, field)
            return
        await self._acknowledged(key, lambda pipe: pipe.hdel(name, field))

    def run_lock(self, name: str, seconds: float) -> RunLock:
        """A lock one replica holds at a time (redis-py's: a random token, released or extended
        only by its holder), expiring `seconds` after it was last taken or renewed."""
        return RedisRunLock(self._redis.lock(self._make_key(f"locks:{name}"), timeout=seconds, blocking=False))

    async def delete(self, key: str) -> None:
        """A logout or a released claim must not come back with a failover either."""
        if self.acknowledgement is None:
            await super().delete(key)
            return
        name = self._make_key(key)
        await self._acknowledged(key, lambda pipe: pipe.delete(name))

    async def _acknowledged(self, key: str, write: Callable[[Pipeline], object]) -> Any:
        """The write then WAIT, in one pipeline: WAIT counts the writes of its own connection only."""
        assert self.acknowledgement is not None
        async with self._redis.pipeline(transaction=False) as pipe:
            write(pipe)
            pipe.wait(self.acknowledgement.replicas, self.acknowledgement.timeout_ms)
            done, acknowledged = await pipe.execute()
        if done:
            self.acknowledgement.check(int(acknowledged), key)
        return done


class ClaimingMemoryStore(MemoryStore):
    """One process's store: its tables and locks are this process's, as its sessions are."""

    def __init__(self) -> None:
        super().__init__()
        self._tables: dict[str, dict[str, bytes]] = {}
        self._locks: dict[str, LocalRunLock] = {}

    async def put_field(self, key: str, field: str, value: bytes) -> None:
        self._tables.setdefault(key, {})[field] = value

    async def fields(self, key: str) -> dict[str, bytes]:
        return dict(self._tables.get(key, {}))

    async def drop_field(self, key: str, field: str) -> None:
        self._tables.get(key, {}).pop(field, None)

    def run_lock(self, name: str, seconds: float) -> RunLock:
        return self._locks.setdefault(name, LocalRunLock())

    async def set_if_absent(self, key: str, value: bytes, expires_in: int) -> bool:
        """Store `value` only if `key` holds nothing (or something expired); True when stored."""
        async with self._lock:
            current = self._store.get(key)
            if current is not None and not current.expired:
                return False
            self._store[key] = StorageObject.new(data=value, expires_in=expires_in)
            return True


SessionStore = ClaimingRedisStore | ClaimingMemoryStore


class RunLock(Protocol):
    async def acquire(self) -> bool:
        """True when this holder took it (never waits)."""
        ...

    async def renew(self) -> bool:
        """Its whole time again; False when it is no longer this holder's (it expired)."""
        ...

    async def release(self) -> None: ...


class RedisRunLock:
    def __init__(self, lock: Lock) -> None:
        self._lock = lock

    async def acquire(self) -> bool:
        return bool(await self._lock.acquire(blocking=False))

    async def renew(self) -> bool:
        try:
            await self._lock.reacquire()
        except LockError:
            return False
        return True

    async def release(self) -> None:
        with contextlib.suppress(LockError):  # expired meanwhile: another holder's now, or no one's
            await self._lock.release()


class LocalRunLock:
    """One process's run lock (a store without Redis serves one process)."""

    def __init__(self) -> None:
        self._held = False

    async def acquire(self) -> bool:
        if self._held:
            return False
        self._held = True
        return True

    async def renew(self) -> bool:
        return self._held

    async def release(self) -> None:
        self._held = False


def keyspace(store: SessionStore, name: str) -> tuple[SessionStore, str]:
    """A store and key prefix for one kind of record: Redis gets a nested namespace; the
    in-memory store has none, so its keys carry the name as a prefix instead."""
    if isinstance(store, ClaimingRedisStore):
        return store.with_namespace(name), ""
    return store, f"{name}:"


def build_store(settings: Settings) -> SessionStore:
    if not settings.uses_redis:
        return ClaimingMemoryStore()
    store = ClaimingRedisStore(
        redis_client(settings), namespace=f"{settings.redis_namespace}:sessions", handle_client_shutdown=True
    )
    if settings.redis_wait_replicas:
        store.acknowledgement = Acknowledgement(settings.redis_wait_replicas, settings.redis_wait_timeout)
    return store


def redis_client(settings: Settings) -> Redis:
    """The primary at REDIS_URL, or the one Sentinel names: each new connection asks the sentinels,
    and one to a primary since demoted is dropped (redis-py's SentinelManagedConnection)."""
    options = redis_options(settings.store_timeout)
    if not settings.redis_sentinels:
        return Redis.from_url(cast(str, settings.redis_url), **options)
    sentinel = Sentinel(  # type: ignore[no-untyped-call]  # redis-py leaves its __init__ untyped
        sentinel_addresses(settings.redis_sentinels),
        sentinel_kwargs={"socket_connect_timeout": settings.store_timeout, "socket_timeout": settings.store_timeout},
    )
    primary: Redis = sentinel.master_for(settings.redis_sentinel_master, redis_class=Redis, **options)
    return primary


def sentinel_addresses(sentinels: str) -> list[tuple[str, int]]:
    """`host:port,host:port` as (host, port) pairs."""
    addresses = []
    for entry in sentinels.split(","):
        host, _, port = entry.strip().rpartition(":")
        addresses.append((host, int(port)))
    return addresses


def redis_options(timeout: float) -> dict[str, Any]:
    """Calls bounded by `timeout`: a hung Redis must not hold a request for the client's default
    retries with back-off (several seconds). One immediate retry on a broken connection only, so a
    connection left over from before a Redis restart is replaced instead of failing the call."""
    return {
        "socket_connect_timeout": timeout,
        "socket_timeout": timeout,
        "retry": Retry(NoBackoff(), 1, supported_errors=(RedisConnectionError,)),
        "health_check_interval": 30,
    }


async def ping_store(store: Store) -> None:
    """Raise when the store cannot be used; readiness and session calls depend on it."""
    if isinstance(store, RedisStore):
        await store._redis.ping()
