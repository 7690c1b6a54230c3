"""python -m upstream_mocks: the mocks, a conformance check of a real service, and a recorder.

- `python -m upstream_mocks [--seed DIR]` serves every mock under /_mocks/{name}/ on MOCKS_PORT
  (default 9100); with `--seed DIR` recorded exchanges (see `record`) answer first. With
  MOCKS_ENVIRONMENT=test or production it refuses to start without MOCKS_PAYMENTS_CLIENT_SECRET
  (the merchant account's client secret, which signs every webhook) set to a secret of your own.
  Point the gateway at them with LENDING_URL=http://127.0.0.1:9100/_mocks/lending/ (and likewise
  catalogue, mail, payments) and MOCKS_URL=http://127.0.0.1:9100 so /_mocks stays reachable.
Set MOCKS_PUBLIC_URL=http://127.0.0.1:9100 too for the payments mock's webhooks to reach the
lending mock over the network; unset, the mocks call each other in-process.
- `python -m upstream_mocks verify <service> --base-url URL [--allow-writes] [--report FILE]`
  calls each operation of contracts/<service>.openapi.yaml with its examples and checks every
  answer; exit code 0 only when all conform.
- `python -m upstream_mocks record <service> --target URL --out DIR [--port N]` is a proxy to a
  real service that writes each exchange, masked, to DIR/<service>/ for `--seed DIR`.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from upstream_mocks import promises, sandbox
from upstream_mocks.conformance import parse_headers, run
from upstream_mocks.examples import services
from upstream_mocks.settings import MockSettings, SettingsRefused


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m upstream_mocks", description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=Path, help="a recording directory whose exchanges the mocks replay")
    commands = parser.add_subparsers(dest="command")

    verify = commands.add_parser("verify", help="check a running service against its contract")
    verify.add_argument("service", choices=services())
    verify.add_argument("--base-url", required=True, help="the service's base URL (its contract's paths follow it)")
    verify.add_argument("--allow-writes", action="store_true", help="also send requests that change data (sandbox)")
    verify.add_argument("--header", action="append", default=[], help="'Name: value' sent with every call")
    verify.add_argument("--report", type=Path, help="write a JUnit XML report here")
    verify.add_argument("--timeout", type=float, default=10.0, help="seconds per call")
    verify.add_argument(
        "--borrower", help="the sandbox borrower's mobile number the kit signs in as (lending; default 9876543210)"
    )

    record = commands.add_parser("record", help="proxy to a real service and record its exchanges")
    record.add_argument("service", choices=services())
    record.add_argument("--target", required=True, help="the real service's base URL")
    record.add_argument("--out", type=Path, required=True, help="the recording directory")
    record.add_argument("--host", default="127.0.0.1")
    record.add_argument("--port", type=int, default=9200)
    return parser


def _serve(seed: Path | None) -> int:
    """MOCKS_TLS_CERT and MOCKS_TLS_KEY serve over TLS; MOCKS_TLS_CLIENT_CA then also demands a
    client certificate issued by that CA (mutual TLS, as a real upstream may)."""
    try:
        MockSettings.from_env()  # refused here, before the server starts, with the reason
    except SettingsRefused as refused:
        print(f"The mocks will not start: {refused}", file=sys.stderr)
        return 2
    from upstream_mocks import served  # the server and every mock: not needed to verify a service

    if seed is not None:
        os.environ[served.SEED] = str(seed)  # read by the worker that builds the suite
    served.serve(
        "upstream_mocks.served:suite",
        os.environ.get("MOCKS_HOST", "127.0.0.1"),
        int(os.environ.get("MOCKS_PORT", "9100")),
        tls_cert=os.environ.get("MOCKS_TLS_CERT") or None,
        tls_key=os.environ.get("MOCKS_TLS_KEY") or None,
        client_ca=os.environ.get("MOCKS_TLS_CLIENT_CA") or None,
    )
    return 0


def _record(args: argparse.Namespace) -> None:
    from upstream_mocks import served  # as in _serve

    os.environ.update(
        {served.RECORD_SERVICE: args.service, served.RECORD_TARGET: args.target, served.RECORD_OUT: str(args.out)}
    )
    print(f"Recording {args.service}: send requests to http://{args.host}:{args.port}/ (Ctrl-C ends)", flush=True)
    served.serve("upstream_mocks.served:recorder", args.host, args.port)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "verify":
        try:
            headers = parse_headers(args.header)
        except ValueError as exc:
            print(exc, file=sys.stderr)
            return 2
        return run(
            args.service,
            args.base_url,
            allow_writes=args.allow_writes,
            headers=headers,
            report=args.report,
            timeout=args.timeout,
            out=sys.stdout,
            promises=promises.check,
            sign_in=sandbox.sign_in_for(args.service, args.borrower),
        )
    if args.command == "record":
        _record(args)
        return 0
    return _serve(args.seed)


if __name__ == "__main__":
    sys.exit(main())
