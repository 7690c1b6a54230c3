"""The hold's controls (`/_mocks/hold`) and the gate that holds the world's writes to it
(upstream_mocks/hold.py says who may do what)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import msgspec
from litestar import Request, Response, delete, get, post
from litestar.handlers import HTTPRouteHandler

from upstream_mocks.asgi_types import ASGIApp, Receive, Scope, Send
from upstream_mocks.hold import HoldAsked, caller, held_control, keeper, refusal
from upstream_mocks.world import MockWorld

PATH = "/_mocks/hold"
_NO_STORE = {"Cache-Control": "no-store"}


def _headers(scope: Mapping[str, Any]) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}


def _full_path(scope: Scope) -> str:
    """The path routed (decoded, as the router saw it): a mount's own prefix and the rest it was given."""
    handler = scope.get("route_handler")
    if handler is not None and getattr(handler, "is_mount", False):
        mount: str = min(handler.paths)
        return mount + "/" + str(scope["path"]).lstrip("/")
    return str(scope["path"])


def hold_gate(world: MockWorld) -> Any:
    """Middleware: a world-changing control by anyone but the holder answers 409 naming the holder."""

    def middleware(app: ASGIApp) -> ASGIApp:
        async def gated(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] == "http" and held_control(scope["method"], _full_path(scope)):
                hold = keeper(world).lets(_headers(scope))
                if hold is not None:
                    body = json.dumps(refusal(hold)).encode()
                    headers = [(b"content-type", b"application/json"), (b"cache-control", b"no-store")]
                    await send({"type": "http.response.start", "status": 409, "headers": headers})
                    await send({"type": "http.response.body", "body": body})
                    return
            await app(scope, receive, send)

        return gated

    return middleware


def hold_routes(world: MockWorld) -> list[HTTPRouteHandler]:
    @get(PATH, name="read-hold")
    async def read_hold(request: Request[Any, Any, Any]) -> Response[Any]:
        """Who holds the world, since when and until when; open to all."""
        return Response(msgspec.to_builtins(keeper(world).view(_lower(request))), headers=_NO_STORE)

    @post(PATH, status_code=200, name="take-hold")
    async def take_hold(request: Request[Any, Any, Any]) -> Response[Any]:
        """Take (or, the holder, renew) the hold; 409 while someone else holds it."""
        headers = _lower(request)
        raw = await request.body()
        try:
            asked = msgspec.json.decode(raw, type=HoldAsked) if raw.strip() else HoldAsked()
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return Response({"message": f"Invalid request: {exc}"}, status_code=400)
        holder = caller(headers) or asked.name  # the QA login's name, set by the gateway, comes first
        if holder is None:
            return Response(
                {"message": "Say who takes the hold: give your `name` (or the X-QA-Tester header)."}, status_code=400
            )
        holds = keeper(world)
        if (hold := holds.lets({**headers, "x-qa-tester": holder})) is not None:
            return Response(refusal(hold), status_code=409, headers=_NO_STORE)
        holds.take(holder, asked.minutes)
        view = holds.view({**headers, "x-qa-tester": holder}, with_token=True)
        return Response(msgspec.to_builtins(view), headers=_NO_STORE)

    @delete(PATH, status_code=200, name="release-hold")
    async def release_hold(request: Request[Any, Any, Any]) -> Response[Any]:
        """The holder lets go (nobody holding, nothing to do); 409 to anyone else."""
        headers = _lower(request)
        holds = keeper(world)
        if (hold := holds.lets(headers)) is not None:
            return Response(refusal(hold), status_code=409, headers=_NO_STORE)
        holds.release()
        return Response(msgspec.to_builtins(holds.view(headers)), headers=_NO_STORE)

    return [read_hold, take_hold, release_hold]


def _lower(request: Request[Any, Any, Any]) -> dict[str, str]:
    # The scope's own headers, not `request.headers`: in-process, Litestar's parsed copy may be the
    # embedding gateway's, read before its QA login set X-QA-Tester.
    return _headers(request.scope)
