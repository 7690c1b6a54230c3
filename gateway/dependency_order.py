"""A request's dependencies resolved one after another, not in a task group per request.

Litestar resolves the dependencies of one depth together in an anyio task group (a task each);
every handler with two dependencies at one depth (a group's service beside the session, the
session's manager beside the service) pays for the group on every request. Ours never wait on
each other: the session is the only one that awaits anything (its store) and the rest are
constants or read the session. Resolved in order instead, the same providers give the same
values into the same clean-up group; measured on the uncached product list at 64 connections,
the gateway served about a fifth more requests a second and its added latency fell by about
0.05 ms (BENCHMARKS.md). Litestar has no setting for it (its issue litestar-org/litestar#4563,
"Optimize dependency resolution overhead (TaskGroup bottleneck)", is open), so the app factory
swaps the one method, on the Litestar versions whose method it was read against only: on any
other it leaves Litestar's own in place and says so, rather than run a copy of old internals.
"""

from __future__ import annotations

from importlib.metadata import version
from typing import Any

import structlog
from litestar._kwargs.cleanup import DependencyCleanupGroup
from litestar._kwargs.dependencies import resolve_dependency
from litestar._kwargs.kwargs_model import KwargsModel
from litestar.connection import ASGIConnection

# The Litestar versions whose KwargsModel.resolve_dependencies this was read against (a loop over
# `dependency_batches`, a task group for a batch of more than one); the lock file's is one.
READ_AGAINST = ("2.25.",)
LITESTAR_OWN = KwargsModel.resolve_dependencies


async def resolve_dependencies_in_order(
    self: KwargsModel, connection: ASGIConnection[Any, Any, Any, Any], kwargs: dict[str, Any]
) -> DependencyCleanupGroup:
    """Litestar's `KwargsModel.resolve_dependencies`, each batch's dependencies awaited in turn."""
    cleanup_group = DependencyCleanupGroup()
    for batch in self.dependency_batches:
        for dependency in batch:
            await resolve_dependency(dependency, connection, kwargs, cleanup_group)
    return cleanup_group


def resolve_dependencies_in_order_everywhere(litestar_version: str | None = None) -> bool:
    """Install the method above on Litestar's KwargsModel (idempotent); False when this Litestar
    is not one it was read against, and its own method stays."""
    if KwargsModel.resolve_dependencies is resolve_dependencies_in_order:
        return True
    found = litestar_version or version("litestar")
    if not found.startswith(READ_AGAINST):
        structlog.get_logger("gateway").warning("litestar_dependencies_concurrent", litestar=found)
        return False
    KwargsModel.resolve_dependencies = resolve_dependencies_in_order  # type: ignore[method-assign]
    return True
