"""A replica's shutdown goes on past a step that never ends (gateway/serving/shutdown.py): a test's
teardown once waited for ever on one replica's close while the other's jobs ran on."""

from __future__ import annotations

import asyncio

from gateway.serving.shutdown import shut_down


async def test_a_step_that_never_ends_is_left_and_the_next_steps_still_run() -> None:
    done: list[str] = []
    never = asyncio.Event()  # nobody sets it: a close waiting on a thread that is gone

    async def hangs() -> None:
        await never.wait()

    async def closes(name: str) -> None:
        done.append(name)

    late = await asyncio.wait_for(
        shut_down(
            [("jobs", lambda: closes("jobs")), ("database", hangs), ("mocks", lambda: closes("mocks"))], within=0.2
        ),
        timeout=10,
    )

    assert late == ["database"]
    assert done == ["jobs", "mocks"]


async def test_steps_that_end_leave_nothing_late() -> None:
    done: list[str] = []

    async def closes() -> None:
        done.append("closed")

    assert await shut_down([("upstreams", closes)]) == []
    assert done == ["closed"]
