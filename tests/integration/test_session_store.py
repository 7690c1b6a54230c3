"""The session manager behaves the same on the in-memory store and on the real Redis."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable

import msgspec
import pytest
from litestar.stores.base import Store

from gateway.sessions import PortalLogin, Session, SessionManager, SessionRecord, build_store
from gateway.sessions.store import SessionStore
from gateway.settings import Settings


@pytest.fixture(params=["memory", "redis", "redis-acknowledged"])
async def store_settings(
    request: pytest.FixtureRequest, make_settings: Callable[..., Settings], redis_namespace: str
) -> AsyncIterator[Settings]:
    if request.param == "memory":
        yield make_settings(session_idle_seconds=120, session_absolute_seconds=3600)
    else:
        url = request.getfixturevalue("redis_url")
        # Acknowledged: each write followed by WAIT for a replica; the test Redis has none, so
        # every WAIT runs out (50 ms) and the write stands, as with a replica down.
        waits = {"redis_wait_replicas": 1, "redis_wait_timeout": 0.05} if request.param == "redis-acknowledged" else {}
        yield make_settings(
            redis_url=url,
            redis_namespace=redis_namespace,
            session_idle_seconds=120,
            session_absolute_seconds=3600,
            **waits,
        )


@pytest.fixture
async def store(store_settings: Settings) -> AsyncIterator[SessionStore]:
    store = build_store(store_settings)
    yield store
    await store.delete_all()
    if hasattr(store, "_redis"):
        await store._redis.aclose()


async def test_set_if_absent_claims_a_key_once_until_it_is_freed(store: SessionStore) -> None:
    assert await store.set_if_absent("claim-1", b"first", expires_in=60)
    assert not await store.set_if_absent("claim-1", b"second", expires_in=60)
    assert await store.get("claim-1") == b"first"
    assert 0 < (await store.expires_in("claim-1") or 0) <= 60
    await store.delete("claim-1")
    assert await store.set_if_absent("claim-1", b"third", expires_in=60)
    assert await store.get("claim-1") == b"third"


def _record() -> SessionRecord:
    now = time.time()  # real time: a session's life is real time
    return SessionRecord(
        created_at=now,
        seen_at=now,
        portal=PortalLogin(user_id="1001", user_name="Ramesh Kumar", mobile_number="9876543210", access_token="tok"),
    )


async def test_a_saved_session_loads_back(store: Store, store_settings: Settings) -> None:
    manager = SessionManager(store, store_settings)
    await manager.save("sid-1", _record())
    loaded = await manager.load("sid-1")
    assert loaded is not None and loaded.portal is not None
    assert loaded.portal.user_name == "Ramesh Kumar"
    assert await manager.load("unknown") is None


async def test_a_session_lives_only_for_the_idle_time_and_is_renewed_on_use(
    store: Store, store_settings: Settings
) -> None:
    manager = SessionManager(store, store_settings)
    await manager.save("sid-idle", _record())
    left = await store.expires_in("sid-idle")
    assert left is not None and 0 < left <= store_settings.session_idle_seconds


async def test_a_session_past_its_absolute_lifetime_is_gone(store: Store, store_settings: Settings) -> None:
    manager = SessionManager(store, store_settings)
    record = _record()
    await manager.save("sid-old", record)
    # real time: a session's life is real time
    record.created_at = time.time() - store_settings.session_absolute_seconds - 1
    await store.set("sid-old", msgspec.json.encode(record), expires_in=60)
    assert await manager.load("sid-old") is None
    assert await store.get("sid-old") is None


async def test_rotation_gives_a_new_id_and_forgets_the_old_one(store: Store, store_settings: Settings) -> None:
    manager = SessionManager(store, store_settings)
    scope: dict[str, object] = {"state": {}}
    session = Session(manager, scope, None, None)
    session.record.pending.clear()
    await session.save()
    first = session.id
    assert first is not None and await manager.load(first) is not None
    await session.rotate()
    await session.save()
    assert session.id not in (None, first)
    assert await manager.load(first) is None
    assert await manager.load(str(session.id)) is not None


async def test_two_replicas_share_sessions_through_redis(
    make_settings: Callable[..., Settings], redis_url: str, redis_namespace: str
) -> None:
    settings = make_settings(redis_url=redis_url, redis_namespace=redis_namespace)
    store_a, store_b = build_store(settings), build_store(settings)
    try:
        await SessionManager(store_a, settings).save("shared", _record())
        loaded = await SessionManager(store_b, settings).load("shared")
        assert loaded is not None and loaded.portal is not None
        assert loaded.portal.mobile_number == "9876543210"
    finally:
        await store_a.delete_all()
        for s in (store_a, store_b):
            await s._redis.aclose()  # type: ignore[attr-defined]
