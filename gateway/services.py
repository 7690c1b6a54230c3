"""What the app factory builds once and hands to each route group's `build_router`.

Handlers never see this bag: each group provides its own service (`PortalService`,
`StoreService`, `SiteService`) and the app provides `codes` (the `CodeSender`).
"""

from __future__ import annotations

from dataclasses import dataclass

from gateway.otp import CodeSender
from gateway.sessions.store import SessionStore
from gateway.settings import Settings
from gateway.upstreams.http import UpstreamHttp


@dataclass(frozen=True, slots=True)
class AppServices:
    settings: Settings
    store: SessionStore
    upstreams: dict[str, UpstreamHttp]
    code_sender: CodeSender
