"""What the app factory builds once and hands to each route group's `build_router`.

Handlers never see this bag: each group builds its own service (`PortalService`,
`StoreService`, ...) closed over by its handlers, and Litestar provides only the session
and the login read from it: one dependency at each depth, so Litestar resolves them in turn
without starting a task group for a depth (litestar-org/litestar#4563).
"""

from __future__ import annotations

from dataclasses import dataclass

from gateway.clients import Clients
from gateway.operations_db import OperationsDatabase
from gateway.otp import CodeSender
from gateway.plumbing.clock import Clock
from gateway.security.client_address import ClientAddresses
from gateway.sessions.store import SessionStore
from gateway.settings import Settings


@dataclass(frozen=True, slots=True)
class AppServices:
    settings: Settings
    store: SessionStore
    clients: Clients  # every upstream's typed client, built once (gateway/clients.py)
    code_sender: CodeSender
    client_addresses: ClientAddresses
    clock: Clock  # what the time rules read: the mocks' clock while mocks are in use (gateway/plumbing/clock.py)
    database: OperationsDatabase  # what the gateway itself owns (gateway/operations_db/)
