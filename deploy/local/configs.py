"""The local cluster's configuration files, written into its folder (sentinels rewrite theirs)."""

from __future__ import annotations

import json
from pathlib import Path
from string import Template

from deploy.local.layout import MASTER_NAME, Layout

HAPROXY_TEMPLATE = Path(__file__).with_name("haproxy.cfg")
# Sentinel: the primary is judged down after a second without an answer, by two of the three;
# a failover that stalls is tried again after three seconds.
DOWN_AFTER_MS = 1000
FAILOVER_TIMEOUT_MS = 3000
QUORUM = 2

# HAProxy's own answers, in the gateway's error shape (gateway/plumbing/errors.py) and with codes the app
# has words for (frontend/src/lib/error-messages.ts): a browser never sees an HTML error page.
UNREACHABLE = "The service is not reachable right now. Please try again later."
ERRORS = {
    400: ("Bad Request", "bad_request", "Something went wrong. Please try again."),
    408: ("Request Timeout", "request_timeout", "The request took too long to arrive. Please try again."),
    500: ("Internal Server Error", "upstream_unavailable", UNREACHABLE),
    502: ("Bad Gateway", "upstream_unavailable", UNREACHABLE),
    503: ("Service Unavailable", "upstream_unavailable", UNREACHABLE),
    504: ("Gateway Timeout", "upstream_timeout", UNREACHABLE),
}


def write_all(layout: Layout) -> None:
    for folder in (layout.configs, layout.data, layout.logs, layout.pids, layout.configs / "errors"):
        folder.mkdir(parents=True, exist_ok=True)
    write_haproxy(layout)
    for index in range(len(layout.ports.redis)):
        write_redis(layout, index)
    for index in range(len(layout.ports.sentinels)):
        write_sentinel(layout, index)


def write_haproxy(layout: Layout) -> None:
    errors = layout.configs / "errors"
    for status, (reason, code, message) in ERRORS.items():
        body = json.dumps({"error": {"code": code, "message": message, "field": None}, "traceId": None})
        head = (
            f"HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\nCache-Control: no-store\r\n"
            f"Content-Length: {len(body.encode())}\r\nConnection: close\r\n\r\n"
        )
        (errors / f"{status}.http").write_text(head + body)
    replicas = list(enumerate(layout.ports.gateways, start=1))
    servers = "\n".join(
        [f"    server gateway-{n} 127.0.0.1:{port} check" for n, port in replicas]
        + [f"    server fallback-{n} 127.0.0.1:{port} backup" for n, port in replicas]
    )
    text = Template(HAPROXY_TEMPLATE.read_text()).substitute(
        socket=layout.haproxy_stats, errors=errors, port=layout.ports.haproxy, servers=servers
    )
    (layout.configs / "haproxy.cfg").write_text(text)


def redis_name(index: int) -> str:
    return f"redis-{index + 1}"


def write_redis(layout: Layout, index: int) -> None:
    """The first starts as the primary; the sentinels move that role on a failover and rewrite
    the files (`replicaof`) of the ones they reconfigure."""
    name = redis_name(index)
    data = layout.data / name
    data.mkdir(parents=True, exist_ok=True)
    lines = [
        "bind 127.0.0.1",
        f"port {layout.ports.redis[index]}",
        f"dir {data}",
        # Every write on disk within a second too, so a restarted instance does not come back
        # empty (an empty primary would be copied to its replica before the sentinels noticed).
        "appendonly yes",
        "appendfsync everysec",
        'save ""',
    ]
    if index > 0:
        lines.append(f"replicaof 127.0.0.1 {layout.ports.redis[0]}")
    (layout.configs / f"{name}.conf").write_text("\n".join(lines) + "\n")


def sentinel_name(index: int) -> str:
    return f"sentinel-{index + 1}"


def write_sentinel(layout: Layout, index: int) -> None:
    name = sentinel_name(index)
    data = layout.data / name
    data.mkdir(parents=True, exist_ok=True)
    lines = [
        "bind 127.0.0.1",
        f"port {layout.ports.sentinels[index]}",
        f"dir {data}",
        f"sentinel monitor {MASTER_NAME} 127.0.0.1 {layout.ports.redis[0]} {QUORUM}",
        f"sentinel down-after-milliseconds {MASTER_NAME} {DOWN_AFTER_MS}",
        f"sentinel failover-timeout {MASTER_NAME} {FAILOVER_TIMEOUT_MS}",
        f"sentinel parallel-syncs {MASTER_NAME} 1",
    ]
    (layout.configs / f"{name}.conf").write_text("\n".join(lines) + "\n")
