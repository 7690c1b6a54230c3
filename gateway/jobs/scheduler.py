"""A small scheduler for the gateway's own jobs: every replica (and every worker) starts it, and
each job's run is taken by one of them at a time under the store's run lock (Redis where replicas
share one; docs/decisions/scheduled-jobs.md).

A run holds its lock for LOCK_SECONDS, renewed every third of that while it runs: a replica that
dies mid-run frees the job within LOCK_SECONDS, and one that loses its lock (a pause longer than
that) stops its run rather than run beside the next holder. Jobs must be safe to run again (the
repayment follow-up books by the payment's external id): a lock is a courtesy, never the only
guard against doing a thing twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

import structlog

from gateway.sessions.store import SessionStore

log = structlog.get_logger("gateway.jobs")

LOCK_SECONDS = 30.0


@dataclass(frozen=True, slots=True)
class Job:
    name: str
    every: float  # seconds between one replica's tries (each a little jittered); 0: never run
    run: Callable[[], Coroutine[Any, Any, object]]


class Scheduler:
    def __init__(
        self,
        store: SessionStore,
        jobs: list[Job],
        lock_seconds: float = LOCK_SECONDS,
        finished: Callable[[str], None] = lambda name: None,
    ) -> None:
        self.store = store
        self.jobs = [job for job in jobs if job.every > 0]
        self.lock_seconds = lock_seconds
        self.finished = finished  # told each job's name when a run of it ends here (metrics count them)
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self) -> None:
        self._tasks = [asyncio.create_task(self._loop(job), name=f"job:{job.name}") for job in self.jobs]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks = []

    async def _loop(self, job: Job) -> None:
        while True:
            # Jittered so replicas started together do not all ask for the lock at one moment.
            await asyncio.sleep(job.every * random.uniform(0.8, 1.2))
            try:
                await self.run_once(job)
            except Exception:  # a failed run is logged; the next one tries again
                log.exception("job_failed", job=job.name)

    async def run_once(self, job: Job) -> bool:
        """One run of `job` if no other replica is running it: True when this one ran it."""
        lock = self.store.run_lock(job.name, self.lock_seconds)
        if not await lock.acquire():
            return False
        run: asyncio.Task[object] = asyncio.create_task(job.run(), name=f"job-run:{job.name}")
        try:
            while True:
                done, _ = await asyncio.wait({run}, timeout=self.lock_seconds / 3)
                if done:
                    run.result()
                    self.finished(job.name)
                    return True
                if not await lock.renew():
                    log.warning("job_lock_lost", job=job.name)
                    run.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await run
                    return True
        finally:
            if not run.done():
                run.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await run
            await lock.release()
