"""python -m upstream_mocks: serve every mock under /_mocks/{name}/ on MOCKS_PORT (default 9100).

Point the gateway at them with LENDING_URL=http://127.0.0.1:9100/_mocks/lending/ (and likewise
catalogue, mail, payments) and MOCKS_URL=http://127.0.0.1:9100 so /_mocks stays reachable.
"""

from __future__ import annotations

import os

import uvicorn

from upstream_mocks.suite import create_suite


def main() -> None:
    uvicorn.run(
        create_suite(),
        host=os.environ.get("MOCKS_HOST", "127.0.0.1"),
        port=int(os.environ.get("MOCKS_PORT", "9100")),
        log_level="warning",
    )


if __name__ == "__main__":
    main()
