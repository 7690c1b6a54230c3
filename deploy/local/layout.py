"""Where each part of the local cluster listens and keeps its files."""

from __future__ import annotations

import socket
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

REPLICAS = 3
SENTINELS = 3
MASTER_NAME = "voltkhata"  # the name the sentinels know the primary by (REDIS_SENTINEL_MASTER)


@dataclass(frozen=True)
class Ports:
    haproxy: int
    gateways: tuple[int, ...]
    mocks: int
    redis: tuple[int, int]  # the first starts as the primary, the second as its replica
    sentinels: tuple[int, ...]
    postgres: int

    @classmethod
    def default(cls) -> Ports:
        """`make cluster`'s: away from `make run`'s 8000 and the Redis on 6379."""
        return cls(
            haproxy=8400,
            gateways=(8401, 8402, 8403),
            mocks=8409,
            redis=(6390, 6391),
            sentinels=(26390, 26391, 26392),
            postgres=5440,
        )

    @classmethod
    def free(cls) -> Ports:
        """Ports nobody listens on now (a test's own cluster, beside any other)."""
        count = 1 + REPLICAS + 1 + 2 + SENTINELS + 1
        with ExitStack() as stack:
            sockets = [stack.enter_context(socket.socket()) for _ in range(count)]
            for sock in sockets:
                sock.bind(("127.0.0.1", 0))
            ports = [int(sock.getsockname()[1]) for sock in sockets]
        return cls(
            haproxy=ports[0],
            gateways=tuple(ports[1 : 1 + REPLICAS]),
            mocks=ports[1 + REPLICAS],
            redis=(ports[2 + REPLICAS], ports[3 + REPLICAS]),
            sentinels=tuple(ports[4 + REPLICAS : 4 + REPLICAS + SENTINELS]),
            postgres=ports[-1],
        )


@dataclass(frozen=True)
class Layout:
    root: Path  # everything the cluster writes: configs, data, process ids, logs
    ports: Ports

    @property
    def logs(self) -> Path:
        return self.root / "logs"

    @property
    def pids(self) -> Path:
        return self.root / "pids"

    @property
    def configs(self) -> Path:
        return self.root / "config"

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def haproxy_stats(self) -> str:
        """HAProxy's stats socket: a name in Linux's abstract namespace, not a file in the folder,
        whose whole path must fit HAProxy's 97 bytes (a folder under a long TMPDIR did not).
        Named by HAProxy's port, as unique on this machine as the port while it runs."""
        return f"voltkhata-haproxy-{self.ports.haproxy}"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.ports.haproxy}"

    @property
    def mocks_url(self) -> str:
        return f"http://127.0.0.1:{self.ports.mocks}"

    @property
    def sentinels(self) -> str:
        """REDIS_SENTINELS for the gateways."""
        return ",".join(f"127.0.0.1:{port}" for port in self.ports.sentinels)
