"""`python -m upstream_mocks record` and `python -m upstream_mocks --seed DIR` as the processes an
integrator runs (the in-process test, test_record_replay.py, covers what is recorded and masked):
a borrower's login recorded through the proxy from a running mock, then replayed by a fresh one."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.integration.conftest import ROOT

RAMESH = "9876543210"
VERIFY = {"platform": "WEB", "userType": "USER", "businessType": 1}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Processes:
    def __init__(self, logs: Path) -> None:
        self.logs = logs
        self.running: list[subprocess.Popen[bytes]] = []

    def start(self, name: str, *args: str, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
        log = (self.logs / f"{name}.log").open("wb")
        process = subprocess.Popen(
            [sys.executable, "-m", "upstream_mocks", *args],
            cwd=ROOT,
            env={**os.environ, **(env or {})},
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        self.running.append(process)
        return process

    def wait_listening(self, name: str, port: int) -> None:
        # A connection, not a request: the recorder would record a request.
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(f"{name} did not start: {(self.logs / f'{name}.log').read_text()[-2000:]}")
                time.sleep(0.1)

    def stop(self, process: subprocess.Popen[bytes]) -> None:
        process.send_signal(signal.SIGINT)  # as Ctrl-C ends the recorder
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture
def processes(tmp_path: Path) -> Iterator[Processes]:
    started = Processes(tmp_path)
    yield started
    for process in started.running:
        if process.poll() is None:
            started.stop(process)


def test_a_login_recorded_by_the_cli_replays_from_a_seeded_mock(processes: Processes, tmp_path: Path) -> None:
    live_port, recorder_port, replay_port = _free_port(), _free_port(), _free_port()
    live = f"http://127.0.0.1:{live_port}/_mocks/lending/"
    processes.start("live", env={"MOCKS_PORT": str(live_port)})
    processes.wait_listening("live", live_port)
    out = tmp_path / "recording"
    recorder = processes.start(
        "recorder", "record", "lending", "--target", live, "--out", str(out), "--port", str(recorder_port)
    )
    processes.wait_listening("recorder", recorder_port)

    through = f"http://127.0.0.1:{recorder_port}/"
    assert httpx.post(through + "sendOtp", json={"mobileNumber": RAMESH}).status_code == 200
    code = httpx.get(f"{live}outbox/{RAMESH}").json()["otp"]
    verified = httpx.post(through + "webRepayment/verifyOtp", json={"mobileNumber": RAMESH, "otp": code, **VERIFY})
    assert verified.status_code == 200
    assert verified.json()["data"][0]["userName"] == "Ramesh Kumar"  # the real answer, through the proxy
    processes.stop(recorder)
    assert recorder.returncode is not None

    files = sorted((out / "lending").glob("*.json"))
    assert [f.name.split("-", 1)[1] for f in files] == ["sendOtp.json", "verifyRepaymentOtp.json"]
    assert "Ramesh Kumar" not in "".join(f.read_text() for f in files)

    # A fresh mock sent no code: only the recording it was seeded with can log this borrower in.
    processes.start("replay", "--seed", str(out), env={"MOCKS_PORT": str(replay_port)})
    replay = f"http://127.0.0.1:{replay_port}/_mocks/lending/"
    processes.wait_listening("replay", replay_port)
    recorded_code = json.loads(files[1].read_text())["request"]["body"]["otp"]
    again = httpx.post(replay + "webRepayment/verifyOtp", json={"mobileNumber": RAMESH, "otp": recorded_code, **VERIFY})
    assert again.status_code == 200
    record = again.json()["data"][0]
    assert record["userId"] == 1001 and record["userName"].startswith("Customer ")
    assert again.json()["accessToken"].startswith("masked-")
    # Without the recording, the same call is refused.
    wrong = httpx.post(replay + "webRepayment/verifyOtp", json={"mobileNumber": RAMESH, "otp": "000001", **VERIFY})
    assert wrong.status_code != 200 or wrong.json().get("statusCode") != 200
