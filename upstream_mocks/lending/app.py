"""Lending mock routes: code sending, the SMS outbox for QA, and the repayment calls."""

from __future__ import annotations

import re
from typing import Any

import msgspec
from litestar import Litestar, Response, get, post

from upstream_mocks.envelope import envelope
from upstream_mocks.lending.seed import LendingState, seed
from upstream_mocks.sms import issue_code
from upstream_mocks.world import MockWorld, OutboxEntry

_MOBILE = re.compile(r"^[0-9]{10}$")


class SendOtpBody(msgspec.Struct, rename="camel"):
    mobile_number: str


def create_app(world: MockWorld) -> Litestar:
    world.register("lending", seed)

    def state() -> LendingState:
        st: LendingState = world.states["lending"]
        return st

    @post("/sendOtp", status_code=200)
    async def send_otp(data: SendOtpBody) -> Response[dict[str, Any]]:
        if not _MOBILE.match(data.mobile_number):
            return envelope(None, "Invalid mobile number", 400)
        issue_code(world, data.mobile_number)
        return envelope(None, "OTP sent successfully")

    @get("/outbox/{mobile_number:str}")
    async def outbox(mobile_number: str) -> Response[Any]:
        entry = world.outbox.get(mobile_number)
        if entry is None:
            return Response({"message": "No code sent to this number"}, status_code=404)
        return Response(msgspec.to_builtins(OutboxEntry(entry.mobile_number, entry.otp, entry.sent_at)))

    _ = state
    return Litestar(route_handlers=[send_otp, outbox], openapi_config=None)
