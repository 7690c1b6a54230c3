"""The app as `python -m gateway` serves it, in each of its worker processes.

Besides building the app from the environment, it tunes the process's garbage collector for
serving. By default CPython starts a young collection after a few hundred new container
objects, which an uncached product list (a request, its upstream answer, twelve products
decoded and re-encoded) creates several times over: the collector would walk the young objects
on nearly every request. With `GC_THRESHOLDS` it runs every few dozen requests instead
(docs/decisions/server-and-workers.md). `gc.freeze()` moves what start-up made (the
imported modules, the app) out of the collector's way for good. Tools that build apps with
`create_app` keep the interpreter's defaults; the test run sets its own (tests/conftest.py).

Its log lines at INFO (one a request) are held up to LOG_HOLD_SECONDS and written together: a
write per line, each giving up the GIL to granian's threads, cost a tenth of a cached answer's
throughput (docs/decisions/per-request-work.md).
"""

from __future__ import annotations

import gc

from litestar import Litestar

from gateway.app import create_app
from gateway.plumbing.logging import hold_log_lines
from gateway.settings import Settings

GC_THRESHOLDS = (50_000, 50, 100)  # new objects before a young collection; then per older generation


def served_app(settings: Settings | None = None) -> Litestar:
    settings = settings or Settings.from_env()
    app = create_app(settings)
    hold_log_lines(settings.log_hold_seconds)
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    return app
