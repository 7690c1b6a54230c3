"""The app as `python -m gateway` serves it, in each of its worker processes.

Besides building the app from the environment, it tunes the process's garbage collector for
serving. By default CPython starts a young collection after a few hundred new container
objects, which an uncached product list (a request, its upstream answer, twelve products
decoded and re-encoded) creates several times over: the collector would walk the young objects
on nearly every request. With `GC_THRESHOLDS` it runs every few dozen requests instead
(docs/decisions/server-and-workers.md). `gc.freeze()` moves what start-up made (the
imported modules, the app) out of the collector's way for good. Tools that build apps with
`create_app` keep the interpreter's defaults; the test run sets its own (tests/conftest.py).
"""

from __future__ import annotations

import gc

from litestar import Litestar

from gateway.app import create_app
from gateway.settings import Settings

GC_THRESHOLDS = (50_000, 50, 100)  # new objects before a young collection; then per older generation


def served_app(settings: Settings | None = None) -> Litestar:
    app = create_app(settings)
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    return app
