"""bench.main_thread's reading of a trace: the blocking time after the first paint, as TBT adds it up."""

from __future__ import annotations

import json

import pytest

from bench.main_thread import NoPaint, blocking

RENDERER, MAIN, OTHER = 7, 1, 2


def task(at_ms: float, ms: float, tid: int = MAIN, pid: int = RENDERER) -> dict[str, object]:
    return {"name": "RunTask", "ph": "X", "pid": pid, "tid": tid, "ts": at_ms * 1000, "dur": ms * 1000}


def trace(*events: dict[str, object]) -> bytes:
    names = [
        {"name": "thread_name", "pid": RENDERER, "tid": MAIN, "args": {"name": "CrRendererMain"}},
        {"name": "thread_name", "pid": RENDERER, "tid": OTHER, "args": {"name": "Compositor"}},
        {"name": "firstContentfulPaint", "pid": RENDERER, "tid": MAIN, "ts": 1000 * 1000},
    ]
    return json.dumps({"traceEvents": names + list(events)}).encode()


def test_tasks_after_the_first_paint_count_past_50_ms_each() -> None:
    total, long = blocking(
        trace(
            task(500, 300),  # before the first paint: not counted
            task(1100, 120),  # 70 past 50
            task(1300, 50),  # exactly 50: nothing past it
            task(1400, 80.5),  # 30.5
            task(1500, 400, tid=OTHER),  # another thread
        )
    )
    assert total == 100.5
    assert long == [120, 80]


def test_a_page_with_no_long_task_blocks_for_nothing() -> None:
    assert blocking(trace(task(1100, 20), task(1200, 49))) == (0, [])


def test_a_trace_without_the_first_paint_is_refused() -> None:
    events = json.loads(trace(task(1100, 120)))["traceEvents"]
    unpainted = json.dumps({"traceEvents": [e for e in events if e["name"] != "firstContentfulPaint"]}).encode()
    with pytest.raises(NoPaint):
        blocking(unpainted)
