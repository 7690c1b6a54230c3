"""WORKERS > 1: what the parent process prepares for its workers, and what it refuses."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest

from gateway.serving.workers import METRICS_DIR, WorkersRefused, prepare_workers
from gateway.settings import Settings
from gateway.upstreams.http import UPSTREAM_NAMES

REAL = {
    "WORKERS": "2",
    "REDIS_URL": "redis://127.0.0.1:6379/0",
    **{f"{name.upper()}_URL": f"http://upstreams.example/{name}/" for name in UPSTREAM_NAMES},
}


def test_one_worker_needs_nothing_more() -> None:
    environ: dict[str, str] = {}
    prepare_workers(Settings.from_env({}), environ)()
    assert environ == {}


def test_the_workers_share_one_made_secret_and_one_metrics_directory() -> None:
    settings = Settings.from_env(REAL)  # no SECRET_KEY: one is made
    environ: dict[str, str] = {}
    clean_up = prepare_workers(settings, environ)
    assert environ["SECRET_KEY"] == settings.secret_key != ""
    made = Path(environ[METRICS_DIR])
    assert made.is_dir()
    clean_up()
    assert not made.exists()


def test_a_given_secret_stays_and_a_given_metrics_directory_is_emptied_of_an_earlier_run(tmp_path: Path) -> None:
    (tmp_path / "counter_123.db").write_bytes(b"old counts")
    environ = {"SECRET_KEY": "from-the-operator", METRICS_DIR: str(tmp_path)}
    prepare_workers(Settings.from_env({**REAL, **environ}), environ)()
    assert environ["SECRET_KEY"] == "from-the-operator"
    assert tmp_path.is_dir() and not list(tmp_path.glob("*.db"))


@pytest.mark.parametrize(
    ("missing", "reason"),
    [("REDIS_URL", "needs REDIS_URL"), ("ORDERS_URL", "needs every upstream's URL (ORDERS_URL unset)")],
)
def test_several_workers_without_what_they_share_are_refused(missing: str, reason: str) -> None:
    env = {k: v for k, v in REAL.items() if k != missing}
    with pytest.raises(WorkersRefused, match=re.escape(reason)):
        prepare_workers(Settings.from_env(env), {})


def test_workers_are_counted_from_one() -> None:
    with pytest.raises(msgspec.ValidationError, match=r"`\$.workers`"):
        Settings.from_env({"WORKERS": "0"})
