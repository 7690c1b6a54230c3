"""End-to-end fixtures: the built app served by `python -m gateway` and Debian's Chromium.

- `server`: one gateway process per test session (per pytest-xdist worker; mocks in-process,
  in-memory sessions), on a free port, serving E2E_STATIC_DIR or frontend/dist; mocks reset before every test.
- `page`: a fresh browser context per test; at the end of each test it fails on console errors,
  failed requests and any request to another host (unless a test opts out with `page_guard`).
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections import deque
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlparse

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Playwright,
    Request,
    expect,
    sync_playwright,
)

from gateway.desk.staff import DEMO_ACCOUNTS, hash_secret
from tests.conftest import DATABASES
from tests.start_waits import wait_until_answering

ROOT = Path(__file__).resolve().parents[2]
# Chromium's headless shell (Debian's chromium-headless-shell): the engine without the browser's UI
# layer, as Playwright itself runs headless; about a fifth less CPU a test than the full browser.
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/lib/chromium/chromium-headless-shell")
# The full browser, for what the shell lacks: a profile that keeps a site's Accept-CH for its next
# navigation (test_light_pictures.py's first visit on a slow link).
FULL_CHROMIUM = os.environ.get("FULL_CHROMIUM_PATH", "/usr/bin/chromium")
STATIC_DIR = Path(os.environ.get("E2E_STATIC_DIR", ROOT / "frontend" / "dist"))

PHONE = {
    "viewport": {"width": 360, "height": 800},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}
DESKTOP = {"viewport": {"width": 1366, "height": 900}}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# How often otp_for asks the outbox again while the code is still on its way.
OUTBOX_POLL_SECONDS = 0.05


@dataclass
class Server:
    url: str
    process: subprocess.Popen[bytes]
    log: Path | None = None  # the gateway's own log (warnings and errors), told with a failure
    http: httpx.Client = field(init=False)

    def __post_init__(self) -> None:
        # QA's calls can be long by nature (a month's walk of the one clock runs every listener at
        # each step): a bound for a loaded CI machine, not a speed the tests assert.
        self.http = httpx.Client(base_url=self.url, timeout=30)

    def reset(self) -> None:
        self.http.post("/_mocks/reset").raise_for_status()

    def otp_for(self, mobile_number: str, wait_seconds: float = 10.0) -> str:
        """The latest code in the mocks' SMS outbox, waiting for it to arrive: a test reads it
        right after clicking Submit, and the page's send may still be on its way (a used code
        leaves the outbox, so what arrives is the new one)."""
        deadline = time.monotonic() + wait_seconds
        while True:
            answer = self.http.get(f"/_mocks/lending/outbox/{mobile_number}")
            if answer.status_code != 404 or time.monotonic() > deadline:
                answer.raise_for_status()
                return str(answer.json()["otp"])
            time.sleep(OUTBOX_POLL_SECONDS)

    def journal(self, mock: str | None = None) -> list[dict[str, Any]]:
        answer = self.http.get("/_mocks/journal", params={"mock": mock} if mock else None)
        answer.raise_for_status()
        entries: list[dict[str, Any]] = answer.json()
        return entries

    def scenario(self, **scenario: Any) -> None:
        self.http.post("/_mocks/scenarios", json=scenario).raise_for_status()


def run_gateway(overrides: dict[str, str], log_path: Path) -> Iterator[Server]:
    """`python -m gateway` on a free port with the built app and in-process mocks, until closed."""
    if not (STATIC_DIR / "index.html").is_file():
        pytest.fail(f"{STATIC_DIR} has no built app: run `npm run build` (make test does).")
    port = _free_port()
    env = {
        **os.environ,
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "STATIC_DIR": str(STATIC_DIR),
        "LOG_LEVEL": "WARNING",
        "LOG_JSON": "true",
        "ENVIRONMENT": "test",
        "DATABASE_URL": f"sqlite:///{DATABASES}/e2e-{port}.sqlite3",  # not the checkout's own file
        # The pages that come with their first products wait this long for them: on a loaded
        # machine the in-process catalogue can miss the default's fraction of a second, and the
        # page would go out as the shell the tests of those pages are not about
        # (tests/integration/test_prerendered_pages.py holds the short wait).
        "FIRST_PAGE_WAIT_SECONDS": "5",
        # Each warning in the log file as it happens: a failing test's report quotes them.
        "PYTHONUNBUFFERED": "1",
        **overrides,
    }
    for name in ("REDIS_URL", "LENDING_URL", "CATALOGUE_URL", "MAIL_URL", "MOCKS_URL"):
        env.pop(name, None)
    if worker := os.environ.get("PYTEST_XDIST_WORKER"):  # each pytest-xdist worker runs its own gateway
        log_path = log_path.with_name(f"{log_path.stem}-{worker}{log_path.suffix}")
    log_path.parent.mkdir(exist_ok=True)
    log = log_path.open("wb")
    process = subprocess.Popen([sys.executable, "-m", "gateway"], cwd=ROOT, env=env, stdout=log, stderr=log)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_answering(f"{url}/healthz", "the gateway", process=process, why=lambda: f"; see {log.name}")
    except BaseException:
        process.kill()
        raise
    srv = Server(url=url, process=process, log=Path(log.name))
    yield srv
    srv.http.close()
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
    log.close()


SECOND_SUPERVISOR = ("meera.supervisor", "meera-supervisor-secret")


def desk_staff() -> str:
    """DESK_STAFF: the demonstration accounts with their published secrets, and a second supervisor."""
    accounts = {name: (role, secret) for name, (role, secret, _) in DEMO_ACCOUNTS.items()}
    accounts[SECOND_SUPERVISOR[0]] = ("supervisor", SECOND_SUPERVISOR[1])
    return ",".join(f"{name}:{role}:{hash_secret(secret)}" for name, (role, secret) in accounts.items())


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    # e2e logs the same seeded users in many times a minute; the limits have their own tests.
    relaxed = {
        "OTP_RESEND_SECONDS": "0",
        "OTP_SENDS_PER_NUMBER_PER_HOUR": "100000",
        "OTP_SENDS_PER_CLIENT_PER_HOUR": "100000",
        # Both lenders live at once, as `make run` serves them: every portal, loans and store-credit
        # walk runs through the lending router (tests/e2e/test_two_lenders.py for the Fineract one's).
        "LENDERS": "native,fineract",
        # The demonstration desk accounts and a second supervisor, for a refund's four eyes; a
        # refund above Rs. 100 needs both supervisors (tests/e2e/test_desk_refunds.py).
        "DESK_STAFF": desk_staff(),
        "DESK_REFUND_SECOND_APPROVAL_ABOVE": "100",
        # An upstream endpoint's open circuit tries again after 3 s, not 30: the one walk that
        # opens it (a Fineract booking failing, test_two_lenders.py) waits that out on the page.
        "UPSTREAM_BREAKER_TTL": "3",
    }
    yield from run_gateway(relaxed, ROOT / ".e2e-server.log")


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"Chromium not found at {CHROMIUM}: `make test` installs it (apt-get install chromium-headless-shell)."
        )
    browser = playwright_instance.chromium.launch(
        executable_path=CHROMIUM,
        args=[
            "--no-sandbox",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-gpu",
            "--disable-quic",
        ],
    )
    yield browser
    browser.close()


@dataclass
class PageGuard:
    """What a page did that a user would call broken: console errors, failed or foreign requests."""

    origin: str
    console_errors: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)
    allow_console: list[str] = field(default_factory=list)
    allow_failed_status: set[int] = field(default_factory=set)
    enabled: bool = True
    # The page's last calls to the gateway, told with a failure: what it asked and was answered.
    api_calls: deque[str] = field(default_factory=lambda: deque(maxlen=40))
    started: float = field(default_factory=time.monotonic)

    def attach(self, page: Page) -> None:
        page.on("console", self._on_console)
        page.on("pageerror", lambda exc: self.console_errors.append(f"pageerror: {exc}"))
        page.on("requestfailed", self._on_failed)
        page.on("request", self._on_request)
        page.on("response", self._on_response)

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error" and not any(a in message.text for a in self.allow_console):
            self.console_errors.append(message.text)

    def _on_failed(self, request: Request) -> None:
        failure = request.failure or ""
        if "ERR_ABORTED" in failure:  # navigations and cancelled fetches, not failures
            return
        self.failed_requests.append(f"{request.method} {request.url}: {failure}")

    def _on_request(self, request: Request) -> None:
        parsed = urlparse(request.url)
        if parsed.scheme in ("data", "blob", "about"):
            return
        if f"{parsed.scheme}://{parsed.netloc}" != self.origin:
            self.foreign_requests.append(request.url)

    def _on_response(self, response: Any) -> None:
        path = urlparse(response.url).path
        if path.startswith("/api/"):
            at = time.monotonic() - self.started
            self.api_calls.append(f"{at:7.2f}s {response.request.method} {path} -> {response.status}")
        if response.status >= 500 and response.status not in self.allow_failed_status:
            self.failed_requests.append(f"{response.request.method} {response.url}: HTTP {response.status}")

    def check(self) -> None:
        if not self.enabled:
            return
        problems = [
            *self.console_errors,
            *self.failed_requests,
            *(f"foreign: {u}" for u in self.foreign_requests),
        ]
        assert not problems, (
            "The page misbehaved:\n"
            + "\n".join(problems)
            + "\nIts last calls to the gateway:\n"
            + "\n".join(self.api_calls)
        )


@pytest.fixture
def page_guard(server: Server) -> PageGuard:
    return PageGuard(origin=server.url)


_LOG_MARK = pytest.StashKey[int]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A failed e2e test's report also says where its page was, what it showed and which calls
    it had made, and what the gateway logged meanwhile: a failure seen once in a full run can be
    read from its log."""
    report: pytest.TestReport = yield
    funcargs = getattr(item, "funcargs", {})
    server = funcargs.get("server")
    log = server.log if isinstance(server, Server) else None
    if report.when == "setup" and log is not None and log.exists():
        item.stash[_LOG_MARK] = log.stat().st_size
    if report.when == "call" and report.failed:
        if log is not None and _LOG_MARK in item.stash:
            with log.open("rb") as written:
                written.seek(item.stash[_LOG_MARK])
                lines = written.read().decode(errors="replace").splitlines()[-40:]
            if lines:
                report.sections.append(("gateway log during the test", "\n".join(lines)))
        for name, value in funcargs.items():
            if isinstance(value, Page):
                report.sections.append((f"page {name}", _page_story(value)))
        guard = funcargs.get("page_guard")
        if isinstance(guard, PageGuard) and guard.api_calls:
            report.sections.append(("gateway calls", "\n".join(guard.api_calls)))
    return report


def _page_story(page: Page) -> str:
    try:
        snapshot = page.locator("body").aria_snapshot(timeout=2_000)
    except Exception as error:  # a closed page or a crashed one: say so rather than hide the failure
        return f"(not readable: {error})"
    lines = snapshot.splitlines()
    shown = "\n".join(lines[:120]) + (f"\n… {len(lines) - 120} more lines" if len(lines) > 120 else "")
    return f"url: {page.url}\n{_hydration_story(page)}{shown}"


# Which controls a pre-rendered page still holds for its code, and which forms React does not own
# (no props of React's on the element): a click that never reached a form's handler shows here.
_HYDRATION = """() => ({
    waiting: [...document.querySelectorAll('[data-until-hydrated]')].map((e) => e.outerHTML.slice(0, 100)),
    notReacts: [...document.querySelectorAll('form')]
        .filter((f) => !Object.keys(f).some((k) => k.startsWith('__reactProps')))
        .map((f) => f.getAttribute('aria-label') || f.className || 'form'),
})"""


def _hydration_story(page: Page) -> str:
    try:
        found = page.evaluate(_HYDRATION)
    except Exception:  # a closed or crashed page: the snapshot above says so
        return ""
    told = [f"waiting for their code: {found['waiting']}"] if found["waiting"] else []
    told += [f"forms React does not own: {found['notReacts']}"] if found["notReacts"] else []
    return "".join(f"{line}\n" for line in told)


def _new_context(browser: Browser, server: Server, request: pytest.FixtureRequest, **options: Any) -> BrowserContext:
    context = browser.new_context(
        base_url=server.url, locale="en-IN", service_workers=service_workers_for(request.node), **options
    )
    context.set_default_timeout(10_000)
    return context


def service_workers_for(test: pytest.Item) -> Literal["allow", "block"]:
    """The app's service worker runs only where a test is marked `service_worker`: reading
    offline, the language switch offline, and the purchase and repayment journeys with the worker
    taking the page over as a first visit has it. Elsewhere its first take-over (the page's files
    and /api reads asked again through it) is a fifth of a test's time and none of its subject
    (docs/decisions/test-time.md)."""
    return "allow" if test.get_closest_marker("service_worker") else "block"


@pytest.fixture
def context(browser: Browser, server: Server, request: pytest.FixtureRequest) -> Iterator[BrowserContext]:
    server.reset()
    context = _new_context(browser, server, request, **DESKTOP)
    yield context
    context.close()


@pytest.fixture
def page(context: BrowserContext, page_guard: PageGuard) -> Iterator[Page]:
    page = context.new_page()
    page_guard.attach(page)
    yield page
    page_guard.check()


@pytest.fixture
def phone_page(
    browser: Browser, server: Server, page_guard: PageGuard, request: pytest.FixtureRequest
) -> Iterator[Page]:
    server.reset()
    context = _new_context(browser, server, request, **PHONE)
    page = context.new_page()
    page_guard.attach(page)
    yield page
    page_guard.check()
    context.close()


def storage_secrets(page: Page) -> dict[str, Any]:
    """What the page's own script can read: localStorage, sessionStorage and cookies."""
    result: dict[str, Any] = page.evaluate(
        """() => ({
            local: Object.fromEntries(Object.entries(localStorage)),
            session: Object.fromEntries(Object.entries(sessionStorage)),
            cookies: document.cookie,
        })"""
    )
    return result


@pytest.fixture(scope="session")
def axe() -> Axe:
    """axe-core as shipped inside axe-playwright-python (no network)."""
    return Axe()


def axe_violations(axe: Axe, page: Page, impacts: tuple[str, ...] | None = ("serious", "critical")) -> str:
    """axe-core's findings of the given impacts (all when None) as a report; '' when clean.

    Animations (a toast sliding in, a carousel moving) are let finish first: a half-faded
    element is not what a reader is left looking at. Toasts' timers are held meanwhile, so a
    toast on screen is read, not waited out: a toast closes when its progress bar's animation
    ends, and that animation is paused until axe has read the page."""
    # A toast may open, or start to leave, while axe reads (a slow machine's read takes a
    # second or more): axe then saw it half faded. Read again, settled, when the toasts on
    # screen changed or something moved during the read.
    held = 0
    try:
        for _ in range(3):
            held += page.evaluate(f"() => {{ {_HOLD_TOASTS} }}")
            before = page.evaluate(_TOASTS_SHOWN)
            held += _settle(page)
            report = _axe_report(axe, page, impacts)
            if page.evaluate(_TOASTS_SHOWN) == before and not page.evaluate(_MOVING_COUNT):
                return report
        return report
    finally:
        if held:
            page.evaluate(f"() => {{ {_RELEASE_TOASTS} }}")


def hold_toasts(page: Page) -> int:
    """Stops the countdowns of the toasts on screen: one that leaves now was closed by the app,
    not timed out. The number held."""
    held: int = page.evaluate(f"() => {{ {_HOLD_TOASTS} }}")
    return held


def run_out_toasts(page: Page) -> None:
    """Runs the countdowns of the toasts on screen to their end at once: each closes as its timer
    would have closed it (react-toastify closes a toast when its progress bar's animation ends),
    without the test waiting the seconds out. A test that waits for the toasts to go afterwards
    reads the page the visitor is left with."""
    page.evaluate(f"() => {{ {_TOAST_TIMERS}.forEach((a) => a.finish()); }}")


def record_toasts(page: Page) -> None:
    """From the page's next load on, every toast's words are kept as it opens (on the document's
    `data-toasts-seen`): a test can then wait for a toast that a loaded machine may let close
    before the test looks (react-toastify closes one after 3 s of its own time)."""
    page.add_init_script(_RECORD_TOASTS)


def expect_toast_seen(page: Page, words: str) -> None:
    """Waits until a toast with these words has opened on the page (whether or not still shown);
    the page must have been made with `record_toasts`."""
    expect(page.locator("html")).to_have_attribute("data-toasts-seen", re.compile(re.escape(words)))


_RECORD_TOASTS = """new MutationObserver(() => {
    const root = document.documentElement;
    for (const toast of document.querySelectorAll('.Toastify__toast')) {
        const seen = root.dataset.toastsSeen || '';
        if (!seen.includes(toast.textContent)) root.dataset.toastsSeen = `${seen}\n${toast.textContent}`;
    }
}).observe(document, { childList: true, subtree: true });"""


# The toasts' countdowns (react-toastify closes a toast at the end of its progress bar's animation).
_IS_TOAST_TIMER = "(a) => a.effect?.target?.classList?.contains('Toastify__progress-bar')"
_TOAST_TIMERS = f"document.getAnimations().filter({_IS_TOAST_TIMER})"
# A toast's other animations: its slide in or out (an expression, like `_TOAST_TIMERS`).
TOAST_SLIDES = (
    "document.getAnimations().filter((a) => a.effect?.target?.closest?.('.Toastify__toast')"
    f" && !({_IS_TOAST_TIMER})(a))"
)
_HOLD_TOASTS = f"const timers = {_TOAST_TIMERS}; timers.forEach((a) => a.pause()); return timers.length;"
_RELEASE_TOASTS = f"{_TOAST_TIMERS}.forEach((a) => a.play());"
_TOASTS_SHOWN = "() => [...document.querySelectorAll('.Toastify__toast')].map((t) => t.id)"


# Animations on the document's clock that end (not a scroll-driven one, which stands where the
# scroll puts it, nor an endless one), still running.
_MOVING = """document.getAnimations().filter(
    (a) => a.playState === 'running' && a.timeline === document.timeline
        && a.effect?.getTiming().iterations !== Infinity)"""
_MOVING_COUNT = f"() => {_MOVING}.length"


def _settle(page: Page) -> int:
    """Lets the page's animations finish (at most 5 s), holding the countdown of any toast that
    opens meanwhile; how many countdowns it held."""
    # evaluate, not wait_for_function: the polling of the latter evaluates a string in the page,
    # which the app's Content-Security-Policy (no 'unsafe-eval') refuses.
    # Rounds, as one animation's end may start another (a toast's exit, then its collapse); a
    # frame first, so the page has drawn what the last round (or the pause) changed.
    # Only animations on the document's clock: a scroll-driven one (the store's category chips'
    # fade, `animation-timeline: scroll()`) stands where the scroll puts it and never finishes,
    # so waiting on it only ran out the 5 s each scan of a store page. The 5 s bound is elapsed
    # time (performance.now, monotonic), not a time of day: nothing here depends on the date.
    held: int = page.evaluate(
        f"""async () => {{
            const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
            const until = performance.now() + 5000;
            let held = 0;
            while (performance.now() < until) {{
                await frame();
                held += (() => {{ {_HOLD_TOASTS} }})();
                const moving = {_MOVING};
                if (!moving.length) return held;
                await Promise.race([
                    Promise.all(moving.map((a) => a.finished.catch(() => null))),
                    new Promise((done) => setTimeout(done, Math.max(0, until - performance.now()))),
                ]);
            }}
            return held;
        }}"""
    )
    return held


def _axe_report(axe: Axe, page: Page, impacts: tuple[str, ...] | None) -> str:
    results = axe.run(page)
    found = [v for v in results.response["violations"] if impacts is None or v["impact"] in impacts]
    return "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']} -> {[n['target'] for n in v['nodes']][:5]}" for v in found
    )
