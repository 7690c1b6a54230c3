"""structlog set-up: JSON when not on a terminal, one line a request, secrets masked."""

from __future__ import annotations

import atexit
import functools
import logging
import os
import sys
import threading
import time
from collections.abc import Callable, MutableMapping
from contextvars import ContextVar
from typing import Any

import msgspec
import structlog
from opentelemetry import trace

from gateway.plumbing import tracing
from gateway.plumbing.asgi import ASGIApp, Message, Receive, Scope, Send
from india.mobile_numbers import mask_mobile

# Raw ASGI: Litestar's TypedDict scope/message types do not fit pass-through code.


_SECRET_KEYS = {"otp", "code", "token", "access_token", "accesstoken", "password", "authorization", "cookie"}
_OWN_KEYS = frozenset({"timestamp", "level"})  # set by the processors before masking, whatever was passed


def _masked(text: str) -> str:
    """`mask_mobile`, skipped for text shorter than a mobile number (it cannot hold one): this
    runs on every line, one a request at least."""
    return mask_mobile(text) if len(text) >= 10 else text


@functools.lru_cache(maxsize=1024)
def _masked_path(path: str) -> str:
    """`_masked` for a request's path: the same few paths come again and again."""
    return _masked(path)


@functools.lru_cache(maxsize=512)
def _is_secret(key: str) -> bool:
    return key.lower().replace("-", "_") in _SECRET_KEYS


def _mask_event(_: Any, __: str, event: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    # Runs on every line (one per request at least): keys are few and repeat, so their check is cached.
    for key, value in list(event.items()):
        if key in _OWN_KEYS:
            continue
        if _is_secret(key):
            event[key] = "[redacted]"
        elif isinstance(value, str):
            event[key] = _masked(value)
    return event


# The id of the request being served, for every line logged meanwhile (the request log middleware
# sets it): one context variable of our own, where binding structlog's context variables for the
# id and the trace id was a large share of a cached answer's CPU. The trace id comes from
# gateway/plumbing/tracing.py, which the middleware sets as well.
_REQUEST_ID: ContextVar[str | None] = ContextVar("request_id", default=None)


def _add_request_id(_: Any, __: str, event: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    if "request_id" not in event:
        request_id = _REQUEST_ID.get()
        if request_id is not None:
            event["request_id"] = request_id
    return event


class _Stamps:
    """A line's UTC time, ISO 8601 to the microsecond ('2026-12-02T12:45:01.000123Z'): the date
    and time of day made once a second, where datetime's isoformat took a few microseconds a line."""

    def __init__(self) -> None:
        self._second: tuple[int, str] = (0, "")

    def now(self) -> str:
        now = time.time()  # real time: a log line's stamp
        second = int(now)
        kept = self._second
        if kept[0] != second:
            # real time: the same second's date and time of day, formatted
            kept = self._second = (second, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(second)))
        return f"{kept[1]}.{int((now - second) * 1_000_000):06d}Z"


_STAMPS = _Stamps()


def _add_trace_id(_: Any, __: str, event: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    """The request's trace id on a line logged outside the request's bound context: a task it
    started, the mocks serving on their own, a library's line (gateway/plumbing/tracing.py)."""
    if "trace_id" not in event:
        trace_id = tracing.current_trace_id()
        if trace_id is not None:
            event["trace_id"] = trace_id
    return event


_JSON = msgspec.json.Encoder(enc_hook=repr)


def _json_line(event: Any, **_: Any) -> str:
    """structlog's JSON renderer with msgspec's encoder (faster than json.dumps)."""
    return _JSON.encode(event).decode()


class _StdoutLogger:
    """structlog's PrintLogger, but writing to sys.stdout as it is at each call (a test's capture
    or a reload may swap it), so one logger can be kept instead of built for every line.

    Held (`hold`, the served gateway only: gateway/serving/served.py), lines at INFO or below are
    kept up to `hold_seconds`, or `HELD_LINES` of them, and written together: each write to stdout
    gives up the GIL for a system call, and taking it back from the server's own threads cost more
    than the line itself (about a tenth of a cached answer's throughput). A warning or worse is
    written at once, with everything held before it, so the order of lines is kept."""

    def __init__(self) -> None:
        self._lock = threading.Lock()  # handlers run in threads too (sync_to_thread)
        self._held: list[str] = []
        self.hold_seconds = 0.0  # 0: every line written as it comes
        self._flusher: tuple[int, threading.Thread] | None = None  # the process's, and its thread

    def hold(self, seconds: float) -> None:
        """Hold lines up to `seconds` from now on (0: write each at once); held lines are
        written at exit too."""
        with self._lock:
            self.hold_seconds = seconds
            if not seconds:
                self._write_held()
            elif self._flusher is None or self._flusher[0] != os.getpid() or not self._flusher[1].is_alive():
                # One flusher a process: a forked worker inherits no thread, and starts its own.
                thread = threading.Thread(target=self._flush_every, args=(seconds,), name="log-flusher", daemon=True)
                self._flusher = (os.getpid(), thread)
                thread.start()
                atexit.register(self.flush)

    def flush(self) -> None:
        with self._lock:
            self._write_held()

    def _flush_every(self, seconds: float) -> None:
        while self.hold_seconds:
            time.sleep(seconds)  # real time: how long a line may wait to be written
            self.flush()

    def _write_held(self) -> None:  # with the lock held
        if self._held:
            out = sys.stdout
            out.write("\n".join(self._held) + "\n")
            out.flush()
            self._held.clear()

    def msg(self, message: str) -> None:
        with self._lock:
            if self.hold_seconds:
                self._held.append(message)
                if len(self._held) >= HELD_LINES:
                    self._write_held()
                return
            out = sys.stdout
            out.write(message + "\n")
            out.flush()

    def at_once(self, message: str) -> None:
        """Write `message` now, after any held lines."""
        with self._lock:
            self._held.append(message)
            self._write_held()

    log = debug = info = msg
    warn = warning = err = error = critical = exception = fatal = failure = at_once


HELD_LINES = 64  # held lines written together at most; a busy server writes a batch a few ms
_STDOUT_LOGGER = _StdoutLogger()


def hold_log_lines(seconds: float) -> None:
    """Lines at INFO or below may wait up to `seconds` to be written together (0: at once)."""
    _STDOUT_LOGGER.hold(seconds)


def _stdout_logger(*_: Any) -> _StdoutLogger:
    return _STDOUT_LOGGER


class _StdoutHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to sys.stdout as it is at each call (a test's capture or a reload may swap it),
    after any lines the structlog side holds, so the two keep one order."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            _STDOUT_LOGGER.at_once(self.format(record))
        except Exception:
            self.handleError(record)

    @property
    def stream(self) -> Any:
        return sys.stdout

    @stream.setter
    def stream(self, _: Any) -> None:
        pass


def configure_logging(level: str = "INFO", json: bool | None = None) -> None:
    as_json = (not sys.stdout.isatty()) if json is None else json
    renderer: Any = (
        structlog.processors.JSONRenderer(serializer=_json_line)
        if as_json
        else structlog.dev.ConsoleRenderer(colors=False)
    )
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            _add_request_id,
            _add_trace_id,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            _mask_event,
            structlog.processors.format_exc_info,
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelName(level.upper())),
        logger_factory=_stdout_logger,  # sys.stdout as it is at each call
        cache_logger_on_first_use=False,  # a later configure_logging (tests, a new app) applies everywhere
    )
    # Libraries log through the standard library (the server's start-up lines, warnings): render
    # those through the same processors, so every line has one format.
    handler = _StdoutHandler()
    handler.setFormatter(
        structlog.stdlib.ProcessorFormatter(
            foreign_pre_chain=[
                structlog.stdlib.add_logger_name,
                _add_trace_id,
                structlog.processors.add_log_level,
                structlog.processors.TimeStamper(fmt="iso", utc=True),
                _mask_event,
            ],
            processors=[structlog.stdlib.ProcessorFormatter.remove_processors_meta, renderer],
        )
    )
    root = logging.getLogger()
    root.handlers = [h for h in root.handlers if not isinstance(h, _StdoutHandler)] + [handler]
    root.setLevel(level.upper())
    # httpx logs every request URL at INFO through the standard library; URLs can hold ids.
    logging.getLogger("httpx").setLevel(logging.WARNING)


class AccessLine(msgspec.Struct, kw_only=True):
    """The one line a request, with the keys and order structlog's JSON chain gives every line."""

    method: str | None
    path: str
    status: int
    ms: float
    event: str = "request"
    request_id: str
    trace_id: str
    level: str = "info"
    timestamp: str


# method, path, status, ms, request id, trace id
AccessWriter = Callable[[str | None, str, int, float, str, str], None]


def _access_writer(log: Any) -> AccessWriter | None:
    """How the access line is written: straight to stdout as JSON when that is the configured
    output, else through structlog's chain (the console renderer); None when INFO is filtered.

    structlog's generic chain (context variables merged, every value checked for a mobile
    number, the line rendered) was a large share of a cached answer's CPU; the access line's fields
    are known, and only its path and an incoming request id can hold a number (masked by the
    middleware)."""
    if not log.is_enabled_for(logging.INFO):
        return None
    if isinstance(structlog.get_config()["processors"][-1], structlog.processors.JSONRenderer):

        def write_json(method: str | None, path: str, status: int, ms: float, request_id: str, trace_id: str) -> None:
            line = AccessLine(
                method=method,
                path=path,
                status=status,
                ms=ms,
                request_id=request_id,
                trace_id=trace_id,
                timestamp=_STAMPS.now(),
            )
            _STDOUT_LOGGER.msg(_json_line(line))

        return write_json

    def write_console(method: str | None, path: str, status: int, ms: float, request_id: str, trace_id: str) -> None:
        log.info("request", method=method, path=path, status=status, ms=ms)  # the ids: from the context

    return write_console


def request_log_middleware(app: ASGIApp) -> ASGIApp:
    """Bind a request id for every log line of a request and write one line when it ends."""
    # Bound once, with the configuration of the app being built: a logger assembled for every
    # line (structlog's lazy proxy) was much of the line's cost.
    log = structlog.get_logger("gateway.access").bind()
    write = _access_writer(log)

    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        incoming = next((v for n, v in scope.get("headers", ()) if n == b"x-request-id"), b"").decode("latin-1")
        span = trace.get_current_span()  # the request's server span, when tracing is on (gateway/plumbing/telemetry.py)
        span_context = span.get_span_context()
        if span_context.is_valid:
            trace_id = trace.format_trace_id(span_context.trace_id)
            request_id = incoming if 0 < len(incoming) <= 64 else trace_id  # one id to look for
            if span.is_recording() and "path_template" in scope:
                # Named by route, not path: one name for every order's page, not one per order.
                span.update_name(f"{scope.get('method')} {scope['path_template']}")
                span.set_attribute("http.route", scope["path_template"])
            flags = "01" if span_context.trace_flags.sampled else "00"
        else:  # untraced (no exporter): the trace id without a span, at the cost of a header read
            traceparent = next((v for n, v in scope.get("headers", ()) if n == b"traceparent"), b"").decode("latin-1")
            parsed = tracing.parse_traceparent(traceparent) if traceparent else None
            trace_id, flags = parsed if parsed is not None else (tracing.new_trace_id(), "00")
            request_id = incoming if 0 < len(incoming) <= 64 else trace_id
        status = 500
        started = time.perf_counter()

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (b"x-request-id", request_id.encode())]
            await send(message)

        traced = tracing.start(trace_id, flags)
        # Reset, not cleared, at the end: clearing copies and walks the whole context each request.
        bound = _REQUEST_ID.set(request_id)
        try:
            await app(scope, receive, send_with_id)
        except Exception as exc:
            # Litestar's outer exception handler turns it into a response after we return.
            status = getattr(exc, "status_code", 500)
            raise
        finally:
            if write is not None:
                write(
                    scope.get("method"),
                    _masked_path(scope.get("path", "")),
                    status,
                    round((time.perf_counter() - started) * 1000, 2),
                    logged_id := _masked(request_id) if incoming else request_id,  # a generated id is hex
                    trace_id if trace_id != request_id else logged_id,  # a traceparent's is hex
                )
            _REQUEST_ID.reset(bound)
            tracing.end(traced)

    return middleware
