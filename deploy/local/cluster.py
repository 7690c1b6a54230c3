"""Start, stop and watch the local cluster's processes; each one's output in logs/<name>.log.

Only processes this cluster started are ever signalled: their ids are kept in pids/<name>.pid and
checked against the command they were started with before any signal.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import httpx
import redis

from deploy.local import configs
from deploy.local.layout import MASTER_NAME, Layout
from gateway.desk.staff import hash_secret
from gateway.desk.webhook_paths import REFUND_WEBHOOK_PATH, lender_mandate_webhook_path, lender_refund_webhook_path

ROOT = Path(__file__).resolve().parents[2]
UPSTREAMS = ("lending", "catalogue", "mail", "orders", "payments")
# Seconds a stopping replica keeps serving while /readyz says 503: HAProxy's check interval
# times its `fall` (0.5 s x 2, haproxy.cfg) and a margin for a busy machine.
DRAIN_SECONDS = 2.0
SUN_PATH_BYTES = 108  # a Unix socket address's path on Linux


class ClusterError(RuntimeError):
    """A part did not start, or did not get to the state waited for, in time."""


@dataclass(frozen=True)
class Part:
    name: str
    argv: tuple[str, ...]
    env: Mapping[str, str] | None = None  # added to this process's environment
    runs_as: str | None = None  # the program its first arguments hand over to (setpriv's), if any

    @property
    def marker(self) -> str:
        """What its command line holds, checked before it is signalled (a reused id is left alone)."""
        if self.runs_as:
            return self.runs_as
        return " ".join(self.argv[1:3]) if self.argv[0] == sys.executable else Path(self.argv[0]).name


class Cluster:
    def __init__(self, layout: Layout, gateway_env: Mapping[str, str] | None = None) -> None:
        self.layout = layout
        self.gateway_env = dict(gateway_env or {})
        self._children: dict[str, subprocess.Popen[bytes]] = {}

    # What runs -------------------------------------------------------------------------------

    @property
    def redis_names(self) -> list[str]:
        return [configs.redis_name(i) for i in range(len(self.layout.ports.redis))]

    @property
    def sentinel_names(self) -> list[str]:
        return [configs.sentinel_name(i) for i in range(len(self.layout.ports.sentinels))]

    @property
    def gateway_names(self) -> list[str]:
        return [f"gateway-{n}" for n in range(1, len(self.layout.ports.gateways) + 1)]

    def parts(self) -> dict[str, Part]:
        cfg = self.layout.configs
        parts = [self._postgres_part()]
        parts += [Part(name, ("redis-server", str(cfg / f"{name}.conf"))) for name in self.redis_names]
        parts += [Part(name, ("redis-sentinel", str(cfg / f"{name}.conf"))) for name in self.sentinel_names]
        parts.append(Part("mocks", (sys.executable, "-m", "upstream_mocks"), self._mocks_env()))
        parts += [
            Part(name, (sys.executable, "-m", "gateway"), self._gateway_env(port))
            for name, port in zip(self.gateway_names, self.layout.ports.gateways, strict=True)
        ]
        haproxy = shutil.which("haproxy", path=f"{os.environ.get('PATH', '')}:/usr/sbin") or "haproxy"
        parts.append(Part("haproxy", (haproxy, "-db", "-f", str(cfg / "haproxy.cfg"))))
        return {part.name: part for part in parts}

    def _mocks_env(self) -> dict[str, str]:
        return {
            # Not development: the mocks refuse the merchant account's published client secret; this
            # one signs every webhook, and the gateways call the provider with it.
            "MOCKS_ENVIRONMENT": "test",
            "MOCKS_PAYMENTS_CLIENT_SECRET": self.payments_client_secret,
            "MOCKS_PAYOUTS_CLIENT_SECRET": self._kept_secret("payouts_client_secret"),  # signs TRANSFER_* webhooks
            # Each lender's own account, which its repayments are paid into (its webhooks signed with it).
            "MOCKS_LENDING_PAYMENTS_CLIENT_SECRET": self._kept_secret("lending_payments_client_secret"),
            "MOCKS_FINERACT_PAYMENTS_CLIENT_SECRET": self._kept_secret("fineract_payments_client_secret"),
            # The account's refund webhook URLs, as set once in Cashfree's dashboard: the orders
            # service's receiver and the gateways' (through HAProxy), which the mocks cannot derive.
            "MOCKS_REFUND_WEBHOOK_URLS": f"{self.layout.mocks_url}/_mocks/orders/webhooks/payments,"
            f"{self.layout.url}{REFUND_WEBHOOK_PATH}",
            # The lender's own account (LENDERS: native): its mandates' events and its refunds'
            # outcomes to the gateways (AutoPay; a repayment's refund the bank gave up to the desk).
            "MOCKS_LENDING_SUBSCRIPTION_WEBHOOK_URLS": f"{self.layout.url}{lender_mandate_webhook_path('native')}",
            "MOCKS_LENDING_REFUND_WEBHOOK_URLS": f"{self.layout.url}{lender_refund_webhook_path('native')}",
            "MOCKS_HOST": "127.0.0.1",
            "MOCKS_PORT": str(self.layout.ports.mocks),
            # Webhooks over the network, to the lending mock and through HAProxy to the gateways.
            "MOCKS_PUBLIC_URL": self.layout.mocks_url,
        }

    def _gateway_env(self, port: int) -> dict[str, str]:
        mocks = self.layout.mocks_url
        env = {
            "HOST": "127.0.0.1",
            "PORT": str(port),
            "PUBLIC_URL": self.layout.url,
            "WORKERS": "1",  # three replicas on a 2-core machine: one process each
            # The mocks stand in for the upstreams, so not production; shared, so not development:
            # no demonstration desk account (DESK_STAFF from the environment gives the desk its
            # staff), /metrics to loopback, /_mocks behind the QA login (docs/deploy.md).
            "ENVIRONMENT": "test",
            "SECRET_KEY": self._secret_key(),
            "QA_STAFF": self._qa_staff(),
            "LOG_JSON": "true",
            "TRUSTED_PROXIES": "127.0.0.1",  # HAProxy, whose X-Forwarded-For names the client
            "REDIS_SENTINELS": self.layout.sentinels,
            "REDIS_SENTINEL_MASTER": MASTER_NAME,
            "REDIS_WAIT_REPLICAS": "1",
            "DATABASE_URL": self._database_url(),
            "SHUTDOWN_DRAIN_SECONDS": str(DRAIN_SECONDS),
            "MOCKS_URL": mocks,
            "PAYMENTS_CLIENT_SECRET": self.payments_client_secret,
            "LENDING_PAYMENTS_CLIENT_SECRET": self._kept_secret("lending_payments_client_secret"),
            "FINERACT_PAYMENTS_CLIENT_SECRET": self._kept_secret("fineract_payments_client_secret"),
            "PAYOUTS_CLIENT_SECRET": self._kept_secret("payouts_client_secret"),  # reads its transfers
            **{f"{name.upper()}_URL": f"{mocks}/_mocks/{name}/" for name in UPSTREAMS},
        }
        return {**env, **self.gateway_env}

    def _secret_key(self) -> str:
        """One SECRET_KEY for every replica, kept while the cluster's folder is."""
        return self._kept_secret("secret_key")

    def _qa_staff(self) -> str:
        """QA_STAFF: the tester `qa`, whose secret is kept in the folder's `qa_secret`."""
        path = self.layout.root / "qa_staff"
        if not path.exists():
            path.write_text(f"qa:{hash_secret(self._kept_secret('qa_secret'))}")
            path.chmod(0o600)
        return path.read_text().strip()

    @property
    def payments_client_secret(self) -> str:
        """The merchant account's client secret, the gateways' and the mocks': it signs every webhook."""
        return self._kept_secret("payments_client_secret")

    def _kept_secret(self, name: str) -> str:
        """A secret of this cluster's own, made once and kept in its folder (only its owner reads it)."""
        path = self.layout.root / name
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(secrets.token_urlsafe(32))
            path.chmod(0o600)
        return path.read_text().strip()

    # PostgreSQL: the operations database the replicas share ------------------------------------

    def _postgres_part(self) -> Part:
        server = postgres_bin() / "postgres"
        data = self.layout.data / "postgres"
        # TCP alone (`-k ""`: no Unix socket, whose path in the folder must fit 107 bytes, which a
        # folder under a long TMPDIR did not): everything here connects to 127.0.0.1.
        port = str(self.layout.ports.postgres)
        argv = (str(server), "-D", str(data), "-h", "127.0.0.1", "-p", port, "-k", "")
        return Part("postgres", (*_as_postgres(), *argv), runs_as=f"{server} -D {data}" if _as_postgres() else None)

    def _database_url(self) -> str:
        return f"postgresql://voltkhata:{self._database_secret()}@127.0.0.1:{self.layout.ports.postgres}/postgres"

    def _database_secret(self) -> str:
        """The database's own password, made when the cluster's folder is."""
        return self._kept_secret("database_secret")

    def _init_postgres(self) -> None:
        """initdb once (its data kept with the folder), the `voltkhata` user with its password."""
        data = self.layout.data / "postgres"
        if (data / "PG_VERSION").exists():
            return
        data.mkdir(parents=True, exist_ok=True)
        secret_file = self.layout.root / "database_secret.pw"
        secret_file.write_text(self._database_secret() + "\n")
        if _as_postgres():
            shutil.chown(data, "postgres")
            shutil.chown(secret_file, "postgres")
        try:
            subprocess.run(  # noqa: S603  # our own fixed command
                [*_as_postgres(), str(postgres_bin() / "initdb"), "-D", str(data), "-U", "voltkhata",
                 f"--pwfile={secret_file}", "--auth=scram-sha-256", "-E", "UTF8", "--locale=C.UTF-8"],
                check=True, capture_output=True,
            )  # fmt: skip
        finally:
            secret_file.unlink()

    def wait_postgres(self, deadline: float) -> None:
        ready = [str(postgres_bin() / "pg_isready"), "-q", "-h", "127.0.0.1", "-p", str(self.layout.ports.postgres)]
        if not self._came_up("postgres", lambda: subprocess.run(ready, check=False).returncode == 0, deadline):  # noqa: S603
            raise ClusterError(f"PostgreSQL did not start: {self.log_tail('postgres')}")

    # Up and down -----------------------------------------------------------------------------

    def up(self, timeout: float = 180.0) -> None:
        """Write the configuration, start every part and return once HAProxy has every replica in
        rotation and Redis has its replica and three sentinels; on failure, stop what started."""
        running = [name for name in self.parts() if self.pid(name)]
        if running:
            raise ClusterError(f"already running: {', '.join(running)} (make cluster-down first)")
        configs.write_all(self.layout)
        try:
            deadline = time.monotonic() + timeout
            self._init_postgres()
            self.start("postgres")  # first: each replica migrates the database as it starts
            self.wait_postgres(deadline)
            for name in self.parts():
                if name != "postgres":
                    self.start(name)
            self.wait_redis(deadline)
            for name in (*self.gateway_names, "mocks"):
                self.wait_ready(name, deadline)
            for name in self.gateway_names:
                self.wait_rotation(name, True, deadline)
        except BaseException:
            self.down()
            raise

    def down(self) -> list[str]:
        """Stop every part this cluster started (HAProxy first, Redis last); their names."""
        stopped = []
        order = ["haproxy", *self.gateway_names, "mocks", *self.sentinel_names, *self.redis_names, "postgres"]
        for name in order:
            if self.pid(name):
                # PostgreSQL's SIGTERM waits for its clients to leave; SIGINT ends their sessions.
                self.signal(name, signal.SIGINT if name == "postgres" else signal.SIGTERM)
                stopped.append(name)
        for name in stopped:
            if not self.wait_stopped(name, 15.0):
                self.kill(name)
                self.wait_stopped(name, 5.0)
        return stopped

    # One part --------------------------------------------------------------------------------

    def start(self, name: str) -> None:
        part = self.parts()[name]
        self.layout.logs.mkdir(parents=True, exist_ok=True)
        self.layout.pids.mkdir(parents=True, exist_ok=True)
        env = {**os.environ, **(part.env or {})}
        if name.startswith("gateway"):
            env.pop("REDIS_URL", None)  # Redis through the sentinels only
        with (self.layout.logs / f"{name}.log").open("ab") as log:
            process = subprocess.Popen(  # noqa: S603  # our own fixed commands, no shell
                part.argv,
                cwd=ROOT,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # outlives `make cluster`, and a Ctrl-C in its terminal
            )
        self._children[name] = process
        self._pid_file(name).write_text(str(process.pid))

    def pid(self, name: str) -> int | None:
        """The id of `name`'s process while it runs, else None."""
        path = self._pid_file(name)
        if not path.exists():
            return None
        pid = int(path.read_text())
        child = self._children.get(name)
        if child is not None and child.pid == pid:
            return pid if child.poll() is None else None
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            return None
        return pid if self.parts()[name].marker in command and state != "Z" else None

    def _pid_file(self, name: str) -> Path:
        return self.layout.pids / f"{name}.pid"

    def signal(self, name: str, sig: signal.Signals) -> None:
        """To the part's own process only: a gateway's server stops its workers itself (after
        draining, on SIGTERM)."""
        pid = self.pid(name)
        if pid is not None:
            os.kill(pid, sig)

    def kill(self, name: str) -> None:
        """SIGKILL to the whole part, its workers too (each part is its own process group): a
        server killed alone would leave its worker serving."""
        pid = self.pid(name)
        if pid is not None:
            os.killpg(pid, signal.SIGKILL)

    def wait_stopped(self, name: str, timeout: float) -> bool:
        """Until the part's process and every one it started have ended."""
        deadline = time.monotonic() + timeout
        child = self._children.get(name)
        if child is not None:
            try:
                child.wait(timeout)
            except subprocess.TimeoutExpired:
                return False
        group = self._group(name)
        return _until(lambda: self.pid(name) is None and not _group_alive(group), deadline)

    def _group(self, name: str) -> int | None:
        path = self._pid_file(name)
        return int(path.read_text()) if path.exists() else None

    def stop(self, name: str, timeout: float = 30.0) -> None:
        """SIGTERM, and wait for the process to end (a gateway drains first)."""
        self.signal(name, signal.SIGTERM)
        if not self.wait_stopped(name, timeout):
            raise ClusterError(f"{name} did not stop within {timeout:.0f} s")

    def restart(self, name: str, timeout: float = 120.0) -> None:
        """Stop `name` (SIGTERM) and start it again; a replica is waited for back in rotation."""
        self.stop(name)
        self.start(name)
        deadline = time.monotonic() + timeout
        if name in self.gateway_names:
            self.wait_rotation(name, True, deadline)
        elif name == "mocks":
            self.wait_ready(name, deadline)

    def wait_ready(self, name: str, deadline: float) -> None:
        if name == "mocks":
            url = f"{self.layout.mocks_url}/_mocks/journal"
        else:
            url = f"http://127.0.0.1:{self.layout.ports.gateways[self.gateway_names.index(name)]}/readyz"
        if not self._came_up(name, lambda: _answers(url), deadline):
            raise ClusterError(f"{name} did not get ready: {self.log_tail(name)}")

    def _came_up(self, name: str, ready: Callable[[], bool], deadline: float) -> bool:
        """`ready()` by the deadline while `name` runs; a process that exited ends the wait at
        once (it will not get ready), not at the deadline."""
        return _until(lambda: self.pid(name) is None or ready(), deadline) and self.pid(name) is not None

    def log_tail(self, name: str, lines: int = 5) -> str:
        path = self.layout.logs / f"{name}.log"
        return " | ".join(path.read_text(errors="replace").splitlines()[-lines:]) if path.exists() else "(no log)"

    # HAProxy ---------------------------------------------------------------------------------

    def rotation(self) -> dict[str, str]:
        """Each replica's state in HAProxy (UP, DOWN, `UP 1/2` while rising...), from its stats socket."""
        with socket.socket(socket.AF_UNIX) as sock:
            sock.settimeout(2)
            # An abstract name starts with NUL; HAProxy's `abns@` fills the rest of the address's
            # 108 bytes (Linux's sun_path) with NULs, which are part of the name.
            sock.connect(("\0" + self.layout.haproxy_stats).ljust(SUN_PATH_BYTES, "\0"))
            sock.sendall(b"show stat\n")
            data = b""
            while chunk := sock.recv(65536):
                data += chunk
        header, *rows = data.decode().splitlines()
        columns = header.lstrip("# ").split(",")
        states = {}
        for row in rows:
            fields = dict(zip(columns, row.split(","), strict=False))
            if fields.get("pxname") == "gateways" and fields.get("svname", "").startswith("gateway-"):
                states[fields["svname"]] = fields["status"]
        return states

    def wait_rotation(self, name: str, in_rotation: bool, deadline: float) -> None:
        def reached() -> bool:
            try:
                return (self.rotation().get(name) == "UP") == in_rotation
            except OSError:
                return False

        if not _until(reached, deadline):
            raise ClusterError(f"{name} is not {'in' if in_rotation else 'out of'} HAProxy's rotation")

    # Redis -----------------------------------------------------------------------------------

    def redis_port(self, name: str) -> int:
        return self.layout.ports.redis[self.redis_names.index(name)]

    def primary(self) -> str | None:
        """The instance the sentinels name as primary (the first that answers), or None."""
        for port in self.layout.ports.sentinels:
            try:
                client = redis.Redis(port=port, socket_timeout=1, socket_connect_timeout=1)
                address = client.sentinel_get_master_addr_by_name(MASTER_NAME)
            except redis.RedisError:
                continue
            if isinstance(address, (tuple, list)):
                return self.redis_names[list(self.layout.ports.redis).index(int(address[1]))]
        return None

    def wait_redis(self, deadline: float) -> None:
        """Until the primary has its replica in sync and each sentinel knows the other two and the
        replica, so a failover can happen at once."""

        def settled() -> bool:
            primary = self.primary()
            if primary is None:
                return False
            try:
                info = redis.Redis(port=self.redis_port(primary), socket_timeout=1).info("replication")
                if info.get("connected_slaves", 0) < 1 or info.get("slave0", {}).get("state") != "online":
                    return False
                for port in self.layout.ports.sentinels:
                    master = redis.Redis(port=port, socket_timeout=1).sentinel_master(MASTER_NAME)
                    if (
                        not isinstance(master, dict)
                        or int(master["num-other-sentinels"]) < 2
                        or int(master["num-slaves"]) < 1
                    ):
                        return False
            except redis.RedisError:
                return False
            return True

        if not _until(settled, deadline):
            raise ClusterError(f"Redis and its sentinels did not settle: {self.log_tail(self.sentinel_names[0])}")


def postgres_bin() -> Path:
    """Debian's newest PostgreSQL's programs (`make cluster-packages` installs `postgresql`)."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))
    if not found:
        raise ClusterError("PostgreSQL is missing: apt-get install postgresql (make cluster-packages)")
    return found[-1]


def _as_postgres() -> tuple[str, ...]:
    """PostgreSQL refuses to run as root: as root, its programs run as Debian's `postgres` user."""
    if os.geteuid() != 0:
        return ()
    return ("setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", "--")


def _group_alive(group: int | None) -> bool:
    """Whether a live (not zombie) process is left in process group `group`."""
    if group is None:
        return False
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            return True
    return False


# One client for every probe (a new one each time builds its TLS context, about 20 ms of CPU),
# keeping no connection open: each probe asks anew, as a load balancer's health check does, and no
# idle connection holds up a replica's graceful stop.
_PROBE = httpx.Client(timeout=1, limits=httpx.Limits(max_keepalive_connections=0))


def _answers(url: str) -> bool:
    try:
        return _PROBE.get(url).status_code == 200
    except httpx.HTTPError:
        return False


def _until(check: Callable[[], bool], deadline: float, every: float = 0.1) -> bool:
    while True:
        if check():
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(every)
