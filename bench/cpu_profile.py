"""Where the gateway's CPU goes on one URL, sampled, with the gateway served in-process.

The mock suite runs on its own port (as in `make bench`), the gateway is served by granian in
this process (its embedded server) with the options of `python -m gateway` while `bench.loadgen` (its own process)
drives one URL for a few seconds. The stack is sampled at every millisecond of the process's
CPU time (SIGPROF; cProfile counts each resumption of a coroutine as a call and skews async
code, and a sampling thread only wakes where the GIL is released); the functions on the most
samples, anywhere on the stack and on top, are printed, and `--folded FILE` writes the stacks
for a flame graph (flamegraph.pl, speedscope). Logging stays on (JSON, to /dev/null), so its
cost shows. The CPU per request counts every thread of the process (granian's and pyreqwest's
own threads too); the shares are of the Python thread's samples only.

    .venv/bin/python -m bench.cpu_profile [--cache|--no-cache] [-c 64] [-d 3] [--top 25] [--folded FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import CodeType, FrameType

from bench.processes import ROOT, free_port, serve, upstream_env
from bench.wrk import WrkResult

GATEWAY_LIST = "/api/store/products?page=1"
IDLE = ("select.py", "selectors.py:select")  # the loop waiting for sockets: not the gateway's CPU
LOOP = "asyncio/runners.py:run"  # uvloop's run_until_complete has no Python frame of its own


async def _accepting(port: int, seconds: float = 30) -> None:
    """Wait until the server accepts connections on `port`."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.05)
            continue
        writer.close()
        return


_NAMES: dict[CodeType, str] = {}


def _where(frame: FrameType) -> str:
    # Each code object named once: the sampler's own CPU counts as the gateway's, and building
    # a path a frame a sample was two hundredths of what it measured.
    code = frame.f_code
    name = _NAMES.get(code)
    if name is None:
        parts = Path(code.co_filename).parts
        short = "/".join(parts[-2:]) if parts[-2:-1] and parts[-2] != "site-packages" else parts[-1]
        name = _NAMES[code] = f"{short}:{code.co_name}"
    return name


class Sampler:
    """At every `interval` seconds of this process's CPU time (SIGPROF), the stack of the Python
    frame running in the main thread, as a tuple of 'file:function'. Samples follow CPU time,
    so idle waits are not sampled; time in C code (uvloop, the sockets) is counted on the
    Python frame that called it."""

    def __init__(self, interval: float = 0.001) -> None:
        self.interval = interval
        self.stacks: collections.Counter[tuple[str, ...]] = collections.Counter()

    def _sample(self, _signal: int, frame: FrameType | None) -> None:
        stack: list[str] = []
        while frame is not None:
            stack.append(_where(frame))
            frame = frame.f_back
        if stack:
            self.stacks[tuple(reversed(stack))] += 1

    def start(self) -> None:
        signal.signal(signal.SIGPROF, self._sample)
        signal.setitimer(signal.ITIMER_PROF, self.interval, self.interval)

    def stop(self) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        signal.signal(signal.SIGPROF, signal.SIG_DFL)


def thread_cpu() -> dict[str, float]:
    """Seconds of CPU each kind of thread of this process has used, by the thread's name (the
    Python thread, granian's workers, pyreqwest's runtime...); numbered names are summed."""
    tick = os.sysconf("SC_CLK_TCK")
    used: dict[str, float] = {}
    for task in Path("/proc/self/task").iterdir():
        try:
            stat = (task / "stat").read_text()
        except OSError:  # the thread ended meanwhile
            continue
        name = stat[stat.index("(") + 1 : stat.rindex(")")].rstrip("0123456789-_ ") or "?"
        fields = stat[stat.rindex(")") + 2 :].split()
        used[name] = used.get(name, 0.0) + (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return used


def _busy(stacks: collections.Counter[tuple[str, ...]]) -> collections.Counter[tuple[str, ...]]:
    return collections.Counter({s: n for s, n in stacks.items() if not any(i in s[-1] for i in IDLE)})


def _label_loop(stack: tuple[str, ...]) -> tuple[str, ...]:
    # A sample in the event loop's own C code (I/O, callbacks' scheduling) lands on its caller.
    return (*stack, "(event loop, sockets: C)") if stack[-1] == LOOP else stack


def report(stacks: collections.Counter[tuple[str, ...]], top: int) -> str:
    busy = collections.Counter({_label_loop(s): n for s, n in _busy(stacks).items()})
    total = sum(busy.values()) or 1
    inclusive: collections.Counter[str] = collections.Counter()
    own: collections.Counter[str] = collections.Counter()
    for stack, n in busy.items():
        for name in set(stack):
            inclusive[name] += n
        own[stack[-1]] += n
    idle = sum(stacks.values()) - sum(busy.values())
    lines = [f"{total} samples, one per ms of CPU ({idle} in the event loop's poll)", "", "on the stack:"]
    lines += [f"  {100 * n / total:5.1f} %  {name}" for name, n in inclusive.most_common(top)]
    lines += ["", "on top (own time):"]
    lines += [f"  {100 * n / total:5.1f} %  {name}" for name, n in own.most_common(top)]
    return "\n".join(lines)


async def _profiled(args: argparse.Namespace, env: dict[str, str]) -> tuple[Sampler, WrkResult, float]:
    import msgspec
    from granian.constants import HTTPModes, Interfaces
    from granian.http import HTTP1Settings
    from granian.server.embed import Server

    from gateway.serving.served import served_app
    from gateway.settings import Settings

    port = free_port()
    settings = Settings.from_env({**env, "PORT": str(port), "LOG_JSON": "true", "LOG_LEVEL": "INFO"})
    # Granian in this process (its embedded server), with the HTTP options of `python -m gateway`.
    server = Server(
        served_app(settings),  # as `python -m gateway` serves it (its collector tuned)
        address="127.0.0.1",
        port=port,
        interface=Interfaces.ASGI,
        http=HTTPModes.http1,
        http1_settings=HTTP1Settings(header_read_timeout=round(settings.request_header_timeout * 1000)),
        websockets=False,
        log_access=False,
    )
    serving = asyncio.create_task(server.serve())
    await _accepting(port)
    url = f"http://127.0.0.1:{port}{args.path}"

    async def drive(seconds: float) -> WrkResult:
        load = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bench.loadgen",
            url,
            "-c",
            str(args.connections),
            "-d",
            str(seconds),
            cwd=ROOT,
            stdout=subprocess.PIPE,
        )
        out, _ = await load.communicate()
        return msgspec.json.decode(out.strip().splitlines()[-1], type=WrkResult)

    await drive(1)  # warm-up: connections, caches, the first-call paths
    sampler = Sampler()
    cpu_before = time.process_time()
    threads_before = thread_cpu()
    sampler.start()
    result = await drive(args.seconds)
    sampler.stop()
    cpu_ms = (time.process_time() - cpu_before) * 1000 / max(1, result.requests)
    threads = {name: s - threads_before.get(name, 0.0) for name, s in thread_cpu().items()}
    print(
        "CPU ms/request by thread: "
        + ", ".join(
            f"{name} {s * 1000 / max(1, result.requests):.3f}"
            for name, s in sorted(threads.items(), key=lambda t: -t[1])
            if s > 0
        ),
        file=sys.__stdout__,
    )
    server.stop()  # type: ignore[no-untyped-call]
    await serving
    return sampler, result, cpu_ms


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--cache",
        action=argparse.BooleanOptionalAction,
        default=False,
        help="the catalogue caches on (warm) or off (every call goes upstream)",
    )
    parser.add_argument("--path", default=GATEWAY_LIST)
    parser.add_argument("-c", "--connections", type=int, default=64)
    parser.add_argument("-d", "--seconds", type=float, default=3)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--folded", type=Path, help="write the sampled stacks here, one 'a;b;c count' a line")
    args = parser.parse_args()
    args.seconds = max(1.0, min(args.seconds, 20.0))
    with serve("upstream_mocks", "/_mocks/journal", {}) as mocks:
        env = {**upstream_env(mocks.url), "CATALOGUE_CACHE_SECONDS": "5" if args.cache else "0"}
        real_stdout = sys.stdout
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 (the gateway's log lines, as in production)
        try:
            import uvloop  # the loop `python -m gateway` serves on

            sampler, result, cpu_ms = uvloop.run(_profiled(args, env))
        finally:
            sys.stdout.close()
            sys.stdout = real_stdout
    print(
        f"{args.path} cache={'on' if args.cache else 'off'} c={args.connections}: {result.requests_per_s:.0f} req/s,"
        f" p50 {result.p50_ms:.2f} ms, p99 {result.p99_ms:.2f} ms, gateway {cpu_ms:.3f} ms CPU/request"
        f" (sampling included), errors {result.errors + result.non_2xx}"
    )
    print(report(sampler.stacks, args.top))
    if args.folded:
        busy = _busy(sampler.stacks)
        args.folded.write_text("".join(f"{';'.join(_label_loop(s))} {n}\n" for s, n in busy.items()))


if __name__ == "__main__":
    main()
