"""More than one gateway process (WORKERS): what it needs, and what the parent sets up first.

One Python process serves on one core; WORKERS=N lets granian run N, each with its own app,
all on one port. They share nothing in memory, so a second worker needs:
- Redis for sessions and OTP limits (REDIS_URL): a login made on one worker is read on another;
- every upstream's URL: the in-process mocks would keep their data once per worker;
- one SECRET_KEY: the parent's (given or made once here) is handed to each worker's environment,
  so a CSRF token signed by one worker is accepted by the next;
- one set of metrics: prometheus_client's multiprocess mode, each worker writing its series to
  files in PROMETHEUS_MULTIPROC_DIR that /metrics on any worker adds up.
What stays per worker, by design: the short-lived catalogue cache and each upstream's breakers.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, MutableMapping
from pathlib import Path

from gateway.settings import Settings

METRICS_DIR = "PROMETHEUS_MULTIPROC_DIR"


class WorkersRefused(RuntimeError):
    """WORKERS > 1 without what several processes need: the gateway does not start."""


def refusal(settings: Settings) -> str | None:
    """Why these settings cannot run more than one worker, or None when they can."""
    if settings.workers <= 1:
        return None
    if not settings.uses_redis:
        return (
            "WORKERS > 1 needs REDIS_URL (or REDIS_SENTINELS): "
            "sessions kept in one worker's memory are unknown to the others."
        )
    mocked = [name.upper() + "_URL" for name in settings.upstream_names if not getattr(settings, f"{name}_url")]
    if mocked:
        return (
            f"WORKERS > 1 needs every upstream's URL ({', '.join(mocked)} unset): "
            "the in-process mocks would keep their data once per worker."
        )
    return None


def prepare_workers(settings: Settings, environ: MutableMapping[str, str]) -> Callable[[], None]:
    """Set up `environ` (which the workers inherit) for `settings.workers` processes; returns the
    clean-up to run when they have stopped. Raises WorkersRefused when they cannot run."""
    reason = refusal(settings)
    if reason:
        raise WorkersRefused(reason)
    if settings.workers <= 1:
        return lambda: None
    if not environ.get("SECRET_KEY"):
        environ["SECRET_KEY"] = settings.secret_key  # made once by Settings.from_env, shared by all
    given = environ.get(METRICS_DIR)
    if given:
        # Files left by an earlier run would be added to this one's counts.
        for stale in Path(given).glob("*.db"):
            stale.unlink()
        return lambda: None
    made = tempfile.mkdtemp(prefix="gateway-metrics-")
    environ[METRICS_DIR] = made
    return lambda: shutil.rmtree(made, ignore_errors=True)
