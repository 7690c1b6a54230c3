"""python -m deploy.local up|down|status|restart NAME: the local cluster (`make cluster`, `make cluster-down`).

`restart gateway-2` stops a replica as a deployment would (SIGTERM: out of rotation, requests
finished) and starts it again, returning once HAProxy has it back in rotation.

Its folder is CLUSTER_DIR (default .cluster/): configuration, Redis' data, process ids and each
process's log in logs/.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from deploy.local.cluster import ROOT, Cluster, ClusterError
from deploy.local.layout import Layout, Ports


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m deploy.local", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("up", "down", "status", "restart"))
    parser.add_argument("name", nargs="?", help="restart: the part, e.g. gateway-2")
    args = parser.parse_args()
    layout = Layout(Path(os.environ.get("CLUSTER_DIR", ROOT / ".cluster")).resolve(), Ports.default())
    cluster = Cluster(layout)
    if args.command == "up":
        try:
            cluster.up()
        except ClusterError as exc:
            print(f"cluster: {exc}", file=sys.stderr)
            return 1
        ports = layout.ports
        print(f"cluster up: {layout.url} (HAProxy) -> gateways on {', '.join(map(str, ports.gateways))}")
        print(f"  Redis {ports.redis[0]} (primary), {ports.redis[1]} (replica); sentinels {layout.sentinels}")
        print(f"  mocks {layout.mocks_url}; logs in {layout.logs}; stop with `make cluster-down`")
        print(f"  ENVIRONMENT=test: /_mocks asks for the QA login, user qa, secret in {layout.root / 'qa_secret'};")
        print("  the desk has no one unless DESK_STAFF was set (python -m gateway.desk.staff NAME ROLE)")
        return 0
    if args.command == "restart":
        if args.name not in cluster.parts():
            parser.error(f"restart what? one of {', '.join(cluster.parts())}")
        try:
            cluster.restart(args.name)
        except ClusterError as exc:
            print(f"cluster: {exc}", file=sys.stderr)
            return 1
        print(f"{args.name} restarted")
        return 0
    if args.command == "down":
        stopped = cluster.down()
        print(f"cluster down: stopped {', '.join(stopped)}" if stopped else "cluster: nothing was running")
        return 0
    for name in cluster.parts():
        pid = cluster.pid(name)
        print(f"{name:12} {'pid ' + str(pid) if pid else 'stopped'}")
    if cluster.pid("haproxy"):
        print("HAProxy rotation:", ", ".join(f"{name} {state}" for name, state in cluster.rotation().items()))
    print("Redis primary:", cluster.primary() or "none")
    return 0


if __name__ == "__main__":
    sys.exit(main())
