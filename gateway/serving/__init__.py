"""How the gateway is served, apart from what it serves: the server and its settings
(`server.py`), worker processes (`workers.py`), each process's app with its collector tuned
(`served.py`), the metrics plumbing (`metrics.py`, `request_metrics.py`) and the replay of
anonymous catalogue reads (`anonymous_reads.py`). The app itself is `gateway.app.create_app`."""
