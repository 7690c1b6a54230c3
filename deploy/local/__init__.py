"""The deployment on one machine from Debian's packages (`make cluster`, docs/deploy.md).

HAProxy in front of three gateway replicas, Redis with a replica and three Sentinels, and the
upstream mocks as their own service; each process's log in one folder. `layout.py` places them
(ports, folders), `configs.py` writes their configuration, `cluster.py` starts, stops and watches
them; `python -m deploy.local up|down|status` is what `make cluster` and `make cluster-down` run,
and the chaos test (tests/integration/test_cluster_chaos.py) drives the same `Cluster`.
"""
