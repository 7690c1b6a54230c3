"""One order's mails leave in the order its steps happened, however long each took to build."""

from __future__ import annotations

import asyncio

from upstream_mocks.world import MockWorld


def test_work_queued_under_one_key_finishes_in_the_order_it_was_queued() -> None:
    sent: list[str] = []

    def mail(status: str, building: float) -> object:
        async def send() -> None:
            await asyncio.sleep(building)
            sent.append(status)

        return send

    async def scenario() -> None:
        world = MockWorld()
        world.spawn_in_turn("VK-1", mail("placed", 0.05))  # type: ignore[arg-type]
        world.spawn_in_turn("VK-1", mail("packed", 0.0))  # type: ignore[arg-type]
        world.spawn_in_turn("VK-2", mail("other order", 0.0))  # type: ignore[arg-type]
        await world.drain()
        assert not world.last_in_line

    asyncio.run(scenario())
    # The other order's mail does not wait for this one's; this one's keep their order.
    assert sent == ["other order", "placed", "packed"]


def test_a_reset_cancels_the_queue_without_leaving_work_unstarted() -> None:
    sent: list[str] = []

    async def slow() -> None:
        await asyncio.sleep(5)
        sent.append("slow")

    async def quick() -> None:
        sent.append("quick")

    async def scenario() -> None:
        world = MockWorld()
        world.spawn_in_turn("VK-1", slow)
        world.spawn_in_turn("VK-1", quick)
        await asyncio.sleep(0)
        world.reset()
        await asyncio.sleep(0.01)
        assert not world.background and not world.last_in_line

    asyncio.run(scenario())
    assert sent == []
