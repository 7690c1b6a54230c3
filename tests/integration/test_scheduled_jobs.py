"""The gateway's scheduler over one Redis, as replicas share it: a job runs at one replica at a
time, its lock renewed while it runs longer than the lock's time, and a run that lost its lock
stops."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from gateway.jobs import Job, Scheduler
from gateway.sessions.store import ClaimingMemoryStore, build_store
from gateway.settings import Settings


@pytest.mark.asyncio
async def test_one_replica_runs_a_job_at_a_time_and_renews_its_lock(
    make_settings: Callable[..., Settings], redis_url: str, redis_namespace: str
) -> None:
    settings = make_settings(redis_url=redis_url, redis_namespace=redis_namespace)
    stores = [build_store(settings), build_store(settings)]  # two replicas' own connections
    running = 0
    most = 0
    runs = 0

    async def work() -> None:
        nonlocal running, most, runs
        running += 1
        most = max(most, running)
        await asyncio.sleep(0.9)  # three times the lock's time: held only by renewing it
        running -= 1
        runs += 1

    job = Job("slow", every=0.1, run=work)
    replicas = [Scheduler(store, [job], lock_seconds=0.3) for store in stores]
    ran = await asyncio.gather(*(replica.run_once(job) for replica in replicas))
    assert sorted(ran) == [False, True] and (runs, most) == (1, 1)
    # Released once done: the next try, at either replica, runs it.
    assert await replicas[1].run_once(job) and runs == 2


@pytest.mark.asyncio
async def test_a_run_that_lost_its_lock_stops(
    make_settings: Callable[..., Settings], redis_url: str, redis_namespace: str
) -> None:
    settings = make_settings(redis_url=redis_url, redis_namespace=redis_namespace)
    store = build_store(settings)
    finished = False

    async def work() -> None:
        nonlocal finished
        await store._redis.delete(store._make_key("locks:stuck"))  # expired, as after a long pause
        await asyncio.sleep(1)
        finished = True

    job = Job("stuck", every=0.1, run=work)
    assert await Scheduler(store, [job], lock_seconds=0.3).run_once(job)
    assert not finished


@pytest.mark.asyncio
async def test_a_job_runs_every_so_often_until_stopped_and_a_failed_run_is_not_the_last() -> None:
    calls = 0
    ran_twice = asyncio.Event()

    async def flaky() -> None:
        nonlocal calls
        calls += 1
        if calls >= 2:
            ran_twice.set()
        raise RuntimeError("the lender did not answer")

    scheduler = Scheduler(ClaimingMemoryStore(), [Job("flaky", every=0.05, run=flaky), Job("off", 0, flaky)])
    await scheduler.start()
    await asyncio.wait_for(ran_twice.wait(), timeout=5)
    await scheduler.stop()
    assert len(scheduler.jobs) == 1
