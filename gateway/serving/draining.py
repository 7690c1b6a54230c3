"""Leaving the load balancer's rotation before stopping (SHUTDOWN_DRAIN_SECONDS).

With a drain time set, `python -m gateway` stands in front of granian (server.py): on SIGTERM it
first marks the replica as draining: /readyz answers 503 on every worker while requests, new ones
too, are still served. After SHUTDOWN_DRAIN_SECONDS (longer than the load balancer takes to
notice: its check interval times its `fall` count) it passes the SIGTERM on and granian stops as
it would have at once: no new connections, the requests it holds finished, then exit. A second
SIGTERM or SIGINT stops at once. The workers are other processes, so the mark is a file whose
path they inherit in the environment; only the first process is to be signalled (a service
manager's KillMode=mixed, Kubernetes' default), since a worker signalled itself stops at once.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, MutableMapping
from pathlib import Path

MARKER = "GATEWAY_DRAINING_FILE"


def prepare(environ: MutableMapping[str, str]) -> Callable[[], None]:
    """Name the mark in `environ` (which the workers inherit); returns its clean-up."""
    folder = tempfile.mkdtemp(prefix="gateway-draining-")
    environ[MARKER] = str(Path(folder) / "draining")
    return lambda: shutil.rmtree(folder, ignore_errors=True)


def begin() -> bool:
    """Mark this replica as draining; False when it already was (or no mark was prepared)."""
    marker = os.environ.get(MARKER)
    if not marker or os.path.exists(marker):
        return False
    Path(marker).touch()
    return True


def draining() -> bool:
    marker = os.environ.get(MARKER)
    return marker is not None and os.path.exists(marker)
