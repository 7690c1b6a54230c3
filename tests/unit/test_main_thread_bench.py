"""bench.main_thread's reading of a trace: the blocking time after the first paint, as TBT adds it up,
and the same over the whole load beside the main thread's busy time."""

from __future__ import annotations

import json

import pytest

from bench.main_thread import NoPaint, load

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
    one = load(
        trace(
            task(500, 300),  # before the first paint: not counted
            task(1100, 120),  # 70 past 50
            task(1300, 50),  # exactly 50: nothing past it
            task(1400, 80.5),  # 30.5
            task(1500, 400, tid=OTHER),  # another thread
        )
    )
    assert one.after_paint == 100.5
    assert one.long == [120, 80]


def test_a_page_with_no_long_task_blocks_for_nothing() -> None:
    one = load(trace(task(1100, 20), task(1200, 49)))
    assert (one.after_paint, one.long) == (0, [])


def test_a_trace_without_the_first_paint_is_refused() -> None:
    events = json.loads(trace(task(1100, 120)))["traceEvents"]
    unpainted = json.dumps({"traceEvents": [e for e in events if e["name"] != "firstContentfulPaint"]}).encode()
    with pytest.raises(NoPaint):
        load(unpainted)


def test_the_whole_load_counts_the_tasks_before_the_first_paint_too() -> None:
    # The same work with its long task on either side of the first paint: TBT's sum moves by the
    # task's whole length, the whole load's figures do not.
    before = load(trace(task(900, 150), task(1100, 20)))
    after = load(trace(task(1050, 150), task(1100, 20)))
    assert (before.after_paint, after.after_paint) == (0, 100)
    assert before.whole_load == after.whole_load == 100
    assert before.busy == after.busy == 170


def test_the_busy_time_is_the_painting_renderer_s_main_thread_only() -> None:
    one = load(trace(task(1100, 60), task(1200, 400, tid=OTHER), task(1300, 500, pid=RENDERER + 1)))
    assert (one.after_paint, one.whole_load, one.busy, one.long) == (10, 10, 60, [60])
