"""The app as `python -m gateway` serves it: its process's garbage collector tuned for serving."""

from __future__ import annotations

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
