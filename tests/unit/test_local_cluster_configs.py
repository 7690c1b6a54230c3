"""The local cluster's configuration (deploy/local/configs.py): HAProxy accepts what is written,
its own errors are the gateway's JSON shape, and the sentinels fail over within about a second."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from deploy.local import configs
from deploy.local.layout import MASTER_NAME, Layout, Ports

HAPROXY = shutil.which("haproxy", path="/usr/sbin:/usr/bin:/bin")


# A folder deeper than a Unix socket's path may be long (HAProxy takes 97 bytes, PostgreSQL 107),
# as under a CI runner's long TMPDIR: nothing the cluster listens on may be a file in it.
DEEP = "a-folder-as-deep-as-a-ci-runners-temporary-one/" * 3


@pytest.fixture
def layout(tmp_path: Path) -> Layout:
    layout = Layout(tmp_path / DEEP, Ports.default())
    configs.write_all(layout)
    return layout


@pytest.mark.skipif(HAPROXY is None, reason="needs haproxy from Debian's packages (make test installs it)")
def test_haproxy_accepts_the_written_configuration(layout: Layout) -> None:
    assert HAPROXY is not None
    checked = subprocess.run([HAPROXY, "-c", "-f", str(layout.configs / "haproxy.cfg")], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_haproxys_own_errors_are_the_gateways_json_shape(layout: Layout) -> None:
    for status in (400, 408, 500, 502, 503, 504):
        head, body = (layout.configs / "errors" / f"{status}.http").read_bytes().decode().split("\r\n\r\n", 1)
        assert head.startswith(f"HTTP/1.1 {status} ") and "Content-Type: application/json" in head
        assert f"Content-Length: {len(body.encode())}" in head
        error = json.loads(body)["error"]
        assert error["code"] and error["message"]


def test_the_sentinels_watch_the_first_instance_and_judge_it_down_after_a_second(layout: Layout) -> None:
    sentinel = (layout.configs / "sentinel-1.conf").read_text()
    assert f"sentinel monitor {MASTER_NAME} 127.0.0.1 6390 2" in sentinel
    assert f"sentinel down-after-milliseconds {MASTER_NAME} 1000" in sentinel
    assert "replicaof 127.0.0.1 6390" in (layout.configs / "redis-2.conf").read_text()
    assert "replicaof" not in (layout.configs / "redis-1.conf").read_text()
