"""A shopper's placement claim says "already being placed" only while a placement really runs."""

from __future__ import annotations

import pytest

from gateway.checkout.placing import PlacementClaims
from gateway.plumbing.errors import Conflict
from gateway.sessions.store import ClaimingMemoryStore


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def claims(clock: Clock) -> PlacementClaims:
    return PlacementClaims(ClaimingMemoryStore(), seconds=60, running_seconds=15.0, clock=clock)


async def test_another_key_waits_while_the_placement_runs_and_the_same_key_goes_on(claims: PlacementClaims) -> None:
    assert await claims.claim("7", "tab-1") is None
    with pytest.raises(Conflict):
        await claims.claim("7", "tab-2")
    assert await claims.claim("7", "tab-1") is None  # a retry of the same placement


async def test_a_placement_whose_outcome_is_unknown_is_named_to_the_next_key_at_once(claims: PlacementClaims) -> None:
    assert await claims.claim("7", "lost") is None
    await claims.ended("7", "lost")
    assert await claims.claim("7", "tab-2") == "lost"  # the caller looks for its order first
    await claims.take_over("7", "lost", "tab-2")
    with pytest.raises(Conflict):
        await claims.claim("7", "tab-3")


async def test_a_claim_its_placement_could_not_release_is_over_by_the_request_deadline(
    claims: PlacementClaims, clock: Clock
) -> None:
    assert await claims.claim("7", "stalled") is None  # then the store stalled: no release, no end
    clock.now += 14.9
    with pytest.raises(Conflict):
        await claims.claim("7", "retry")
    clock.now += 0.2
    assert await claims.claim("7", "retry") == "stalled"


async def test_a_released_claim_frees_the_next_key(claims: PlacementClaims) -> None:
    assert await claims.claim("7", "done") is None
    await claims.release("7", "other")  # only the holder releases
    with pytest.raises(Conflict):
        await claims.claim("7", "next")
    await claims.release("7", "done")
    assert await claims.claim("7", "next") is None
