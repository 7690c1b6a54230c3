"""QA's switches for the Fineract mock (never a Fineract call; /_mocks is never served in
production): the real server's behaviours that lose money when a client is careless, on demand.

`GET /_mocks/fineract/qa` says what is on; `POST /_mocks/fineract/qa` with any of
- `makerChecker` (bool): repayments wait for a checker (Fineract's maker-checker for the task),
  answered 200 with a `commandId`; approve or reject with Fineract's own
  `POST makercheckers/{id}?command=approve|reject`, or as the lender's checker from the QA
  console: `POST /_mocks/fineract/qa/checker/{id}` with `{"decision": "approve" | "reject"}`
  (the same call of Fineract's, made for the tester); the answer's `awaiting` lists them;
- `failNext` (count): the next bookings fail inside the command with a 500, kept under their
  Idempotency-Key and answered again on every retry with that key;
- `holdNext` (count): the next bookings stay in flight (a retry with the key meets 425) until
  `POST /_mocks/fineract/qa/release` or a minute passes;
- `businessDate` ("on", "off", "never"): the global configuration `enable_business_date`. Off,
  Fineract dates its books on the tenant's date (the mocks' clock here) while
  `businessdate/BUSINESS_DATE` answers the row it kept ("off": the day it was turned off, stale
  from then on) or, with no row ever kept ("never", Fineract's default), a 404.
The arrears ageing job runs through Fineract's own call:
`POST fineract-provider/api/v1/jobs/short-name/LA_ARAG?command=executeJob`.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any, Literal

import msgspec
from litestar import Request, Response, get, post
from litestar.handlers import HTTPRouteHandler
from litestar.params import FromPath

from upstream_mocks.clock import mocks_today
from upstream_mocks.fineract import commands
from upstream_mocks.fineract.reminders import fineract_post
from upstream_mocks.fineract.seed import BusinessDateSetting, Command, FineractState
from upstream_mocks.world import MockWorld

_EXACT = msgspec.json.Decoder(dict[str, Any], float_hook=Decimal)  # the command's amount, never a float


class Decision(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    decision: Literal["approve", "reject"]


class Switches(msgspec.Struct, rename="camel", forbid_unknown_fields=True, kw_only=True):
    maker_checker: bool | None = None
    fail_next: Annotated[int, msgspec.Meta(ge=0, le=100)] | None = None
    hold_next: Annotated[int, msgspec.Meta(ge=0, le=100)] | None = None
    business_date: BusinessDateSetting | None = None


def qa_routes(world: MockWorld) -> list[HTTPRouteHandler]:
    def state() -> FineractState:
        st: FineractState = world.states["fineract"]
        return st

    def view() -> dict[str, Any]:
        controls = state().controls
        return {
            "makerChecker": controls.maker_checker,
            "failNext": controls.fail_next,
            "holdNext": controls.hold_next,
            "businessDate": controls.business_date,
            "held": sorted(commands.held(world)),
            "awaiting": [_awaiting(state(), c) for c in state().commands.values() if c.status == "awaitingApproval"],
        }

    @get("/qa")
    async def read_switches() -> dict[str, Any]:
        return view()

    @post("/qa", status_code=200)
    async def set_switches(request: Request[Any, Any, Any]) -> Response[Any]:
        try:
            asked = msgspec.json.decode(await request.body(), type=Switches)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return Response({"message": f"Invalid request: {exc}"}, status_code=400)
        controls = state().controls
        if asked.maker_checker is not None:
            controls.maker_checker = asked.maker_checker
        if asked.fail_next is not None:
            controls.fail_next = asked.fail_next
        if asked.hold_next is not None:
            controls.hold_next = asked.hold_next
        if asked.business_date is not None and asked.business_date != controls.business_date:
            # Turned off, Fineract keeps the row it had: the day it was turned off, from then on stale.
            kept = mocks_today(world) if asked.business_date == "off" and controls.business_date == "on" else None
            controls.business_date, controls.business_date_kept = asked.business_date, kept
        return Response(view())

    @post("/qa/release", status_code=200)
    async def release() -> dict[str, Any]:
        for event in commands.held(world).values():
            event.set()
        return view()

    @post("/qa/checker/{command_id:int}", status_code=200)
    async def check(request: Request[Any, Any, Any], command_id: FromPath[int]) -> Response[Any]:
        """The lender's checker's decision on a repayment awaiting it, through Fineract's own call."""
        try:
            asked = msgspec.json.decode(await request.body(), type=Decision)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return Response({"message": f"Invalid request: {exc}"}, status_code=400)
        answer = await fineract_post(world, f"makercheckers/{command_id}?command={asked.decision}")
        if answer.status_code != 200:
            return Response({"message": "No repayment of that id awaits the checker"}, status_code=404)
        return Response(view())

    return [read_switches, set_switches, release, check]


def _awaiting(st: FineractState, command: Command) -> dict[str, Any]:
    """A repayment awaiting the checker, as a tester picks it: its loan, receipt and amount."""
    made = _EXACT.decode(command.body)
    loan = st.loans.get(command.loan_id)
    return {
        "id": command.id,
        "loanAccountNo": loan.account_no if loan is not None else None,
        "receiptNumber": made.get("receiptNumber"),
        "amount": str(made.get("transactionAmount")),
    }
