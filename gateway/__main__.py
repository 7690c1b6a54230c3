"""python -m gateway: serve the gateway (gateway/serving/server.py)."""

from __future__ import annotations

from gateway.serving.server import main

if __name__ == "__main__":
    main()
