"""The app as `python -m gateway` serves it: its process's garbage collector tuned for serving."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import gc
from gateway.serving.served import GC_THRESHOLDS, served_app
before = gc.get_threshold()
served_app()
print(before, gc.get_threshold() == GC_THRESHOLDS, gc.get_freeze_count() > 0)
"""


def test_the_served_process_collects_less_often_and_leaves_start_up_objects_alone() -> None:
    # In a process of its own, which starts with the interpreter's defaults (tests/conftest.py tunes the test run's).
    probe = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert probe.returncode == 0, probe.stderr
    assert probe.stdout.split("\n")[-2] == "(700, 10, 10) True True"


LOGS = """
import structlog
from gateway.serving.served import served_app
served_app()
log = structlog.get_logger("probe")
log.info("held_line")
print("printed_meanwhile", flush=True)
log.warning("warning_line")
log.info("last_line")
"""


def test_the_served_process_writes_its_info_lines_together_and_a_warning_at_once_in_order() -> None:
    # Held up to 5 s here, so nothing but the warning and the exit writes them during the probe.
    env = {**os.environ, "LOG_JSON": "true", "LOG_HOLD_SECONDS": "5"}
    probe = subprocess.run([sys.executable, "-c", LOGS], cwd=ROOT, capture_output=True, text=True, timeout=120, env=env)
    assert probe.returncode == 0, probe.stderr
    events = [json.loads(line)["event"] if line.startswith("{") else line for line in probe.stdout.splitlines()]
    ours = [e for e in events if e in ("held_line", "printed_meanwhile", "warning_line", "last_line")]
    # The info line waited (the print overtook it), the warning brought it out first, the exit the last.
    assert ours == ["printed_meanwhile", "held_line", "warning_line", "last_line"]
