"""python -m gateway.openapi_export [--check]: write (or check) contracts/gateway.openapi.json."""

from __future__ import annotations

import json
import sys

from gateway.app import create_app
from gateway.settings import ROOT, Settings

TARGET = ROOT / "contracts" / "gateway.openapi.json"


def render() -> str:
    app = create_app(Settings(log_level="WARNING", secret_key="export"))
    schema = app.openapi_schema.to_schema()
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"


def main() -> int:
    text = render()
    if "--check" in sys.argv:
        current = TARGET.read_text() if TARGET.exists() else ""
        if current != text:
            print(
                f"{TARGET.relative_to(ROOT)} is out of date: run `make contracts` and commit it.",
                file=sys.stderr,
            )
            return 1
        return 0
    TARGET.write_text(text)
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
