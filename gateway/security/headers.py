"""Security headers on every answer, and `Cache-Control: no-store` on every /api answer but the
reads a shopper may open again offline.

The policy allows the app's own files only: no inline script anywhere. Inline styles are allowed
because the toast library injects its stylesheet at run time. The payment provider's origins are
added only when its SDK is the checkout in use. Frames: the app frames its own mock checkout
(same origin); the native app opens the store as the web view's top page, so nothing else may
frame it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from gateway.plumbing.asgi import Message, Scope
from gateway.settings import Settings

# Raw ASGI: Litestar's TypedDict scope/message types do not fit pass-through code.

# Cashfree's JS SDK: the script, its API calls and its checkout frames (sandbox and live).
CASHFREE_SCRIPT = "https://sdk.cashfree.com"
CASHFREE_ORIGINS = {
    "sandbox": ("https://sandbox.cashfree.com",),
    "production": ("https://api.cashfree.com",),
}
HSTS = "max-age=63072000; includeSubDomains"
# What a read the app keeps for offline reading declares (a route's `response_headers`): this
# visitor's own (`private`: no shared cache keeps it) and asked for again whenever the network is
# there (`no-cache`). The service worker keeps nothing else (docs/decisions/offline-reading.md).
OFFLINE_READABLE = {"Cache-Control": "private, no-cache"}
_OFFLINE_READABLE = (b"cache-control", OFFLINE_READABLE["Cache-Control"].encode())
PERMISSIONS = "camera=(), microphone=(), geolocation=(), payment=(self), usb=(), interest-cohort=()"


def content_security_policy(settings: Settings) -> str:
    script = ["'self'"]
    connect = ["'self'"]
    frame = ["'self'"]
    if settings.checkout_adapter == "cashfree":
        provider = CASHFREE_ORIGINS[settings.checkout_mode]
        script.append(CASHFREE_SCRIPT)
        connect.extend((CASHFREE_SCRIPT, *provider))
        frame.extend(provider)
    directives = {
        "default-src": ["'self'"],
        "script-src": script,
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'", "data:"],
        "connect-src": connect,
        "frame-src": frame,
        "frame-ancestors": ["'self'"],
        "form-action": ["'self'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
    }
    return "; ".join(f"{name} {' '.join(values)}" for name, values in directives.items())


def security_headers(settings: Settings) -> list[tuple[bytes, bytes]]:
    headers = [
        (b"content-security-policy", content_security_policy(settings).encode()),
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"SAMEORIGIN"),
        (b"referrer-policy", b"strict-origin-when-cross-origin"),
        (b"permissions-policy", PERMISSIONS.encode()),
        (b"cross-origin-opener-policy", b"same-origin-allow-popups"),
    ]
    if settings.secure_cookies:  # served over HTTPS
        headers.append((b"strict-transport-security", HSTS.encode()))
    return headers


def is_api_path(path: str) -> bool:
    return path == "/api" or path.startswith("/api/")


def security_headers_hook(settings: Settings) -> Callable[[Message, Scope], Awaitable[None]]:
    """A `before_send` hook adding the headers above to every answer, 404s and errors included.
    A header the handler set itself is kept (the mock checkout page, a stand-in for the provider's
    own page, sends its own policy). An /api answer is `no-store` unless it is a GET's 200 whose
    route declared OFFLINE_READABLE: an error or a refusal is never kept for offline reading."""
    fixed = security_headers(settings)
    fixed_names = frozenset(name for name, _ in fixed)
    no_store = (b"cache-control", b"no-store")

    async def add_headers(message: Message, scope: Scope) -> None:
        if message["type"] != "http.response.start":
            return
        # Every /api answer is about this visitor (or may become so): never stored.
        api = is_api_path(scope.get("path", ""))
        headers = []
        present: set[bytes] = set()
        declared = b""
        for name, value in message.get("headers", ()):  # one pass: this runs on every answer
            lowered = (name if type(name) is bytes else bytes(name)).lower()
            if api and lowered == b"cache-control":
                declared = bytes(value)
            else:
                headers.append((name, value))
                if lowered in fixed_names:
                    present.add(lowered)
        headers += [h for h in fixed if h[0] not in present] if present else fixed
        if api:
            readable = (
                declared == _OFFLINE_READABLE[1] and scope.get("method") == "GET" and message.get("status") == 200
            )
            headers.append(_OFFLINE_READABLE if readable else no_store)
        message["headers"] = headers

    return add_headers
