"""The session store: Litestar's MemoryStore for one process, RedisStore for replicas."""

from __future__ import annotations

from litestar.stores.base import Store
from litestar.stores.memory import MemoryStore
from litestar.stores.redis import RedisStore
from redis.asyncio import Redis

from gateway.settings import Settings


def build_store(settings: Settings) -> Store:
    if settings.redis_url:
        client = Redis.from_url(
            settings.redis_url, socket_connect_timeout=2, socket_timeout=2, health_check_interval=30
        )
        return RedisStore(client, namespace=f"{settings.redis_namespace}:sessions", handle_client_shutdown=True)
    return MemoryStore()


async def ping_store(store: Store) -> None:
    """Raise when the store cannot be used; readiness and session calls depend on it."""
    if isinstance(store, RedisStore):
        await store._redis.ping()
