"""The session store: Litestar's MemoryStore for one process, RedisStore for replicas.

Both are extended with `set_if_absent`, the store's own atomic claim (Redis `SET NX EX`), for
what must happen once across replicas (an idempotency key's first use).
"""

from __future__ import annotations

from typing import Any, cast

from litestar.stores.base import StorageObject, Store
from litestar.stores.memory import MemoryStore
from litestar.stores.redis import RedisStore
from redis.asyncio import Redis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError

from gateway.settings import Settings


class ClaimingRedisStore(RedisStore):
    def with_namespace(self, namespace: str) -> ClaimingRedisStore:
        return cast(ClaimingRedisStore, super().with_namespace(namespace))  # Litestar builds type(self)

    async def set_if_absent(self, key: str, value: bytes, expires_in: int) -> bool:
        """Store `value` only if `key` holds nothing; True when this call stored it."""
        return bool(await self._redis.set(self._make_key(key), value, ex=expires_in, nx=True))


class ClaimingMemoryStore(MemoryStore):
    async def set_if_absent(self, key: str, value: bytes, expires_in: int) -> bool:
        """Store `value` only if `key` holds nothing (or something expired); True when stored."""
        async with self._lock:
            current = self._store.get(key)
            if current is not None and not current.expired:
                return False
            self._store[key] = StorageObject.new(data=value, expires_in=expires_in)
            return True


SessionStore = ClaimingRedisStore | ClaimingMemoryStore


def keyspace(store: SessionStore, name: str) -> tuple[SessionStore, str]:
    """A store and key prefix for one kind of record: Redis gets a nested namespace; the
    in-memory store has none, so its keys carry the name as a prefix instead."""
    if isinstance(store, ClaimingRedisStore):
        return store.with_namespace(name), ""
    return store, f"{name}:"


def build_store(settings: Settings) -> SessionStore:
    if settings.redis_url:
        client = Redis.from_url(settings.redis_url, **redis_options(settings.store_timeout))
        return ClaimingRedisStore(client, namespace=f"{settings.redis_namespace}:sessions", handle_client_shutdown=True)
    return ClaimingMemoryStore()


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
