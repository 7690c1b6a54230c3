"""Fineract's command source and idempotency, as 1.9+ has them (read from apache/fineract:
`SynchronousCommandProcessingService`, `CommandSourceService`, `IdempotencyStoreFilter`,
`IdempotentCommandExceptionMapper`, `RollbackTransactionNotApprovedExceptionMapper`).

Every write is a command, kept with its `Idempotency-Key` (unique with its action and entity) and
its first outcome. The same key again, whatever the body:
- a command processed answers its first answer again, status and body;
- a command that failed inside its processing (a validation error, a 404, a 500) answers that
  same failure again, every time: a fresh key is the only way to try once more;
- a command still in flight answers 425;
  each with `x-served-from-cache: true`;
- a command awaiting a checker's approval, or rejected, is not answered from the cache: the key
  is taken (the unique constraint), so the write is refused as a data integrity issue (403).
With maker-checker on for the task, a valid command books nothing: it waits for a checker
(`POST makercheckers/{id}?command=approve|reject`) and is answered 200 with its `commandId`.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import msgspec
from litestar import Response

from upstream_mocks.clock import mocks_now
from upstream_mocks.fineract.seed import Command, FineractState
from upstream_mocks.world import MockWorld

CACHED = {"x-served-from-cache": "true"}
HELD = "fineract_held"  # world.states: command id -> the event that lets a held command go on
HOLD_AT_MOST = 60.0  # seconds a held command waits for QA before it goes on by itself
PROCESSING_RESULT = {
    "processed": "Processed",
    "awaitingApproval": "Awaiting Approval",
    "rejected": "Rejected",
    "underProcessing": "Under Processing",
    "error": "Error",
}


def held(world: MockWorld) -> dict[int, asyncio.Event]:
    events: dict[int, asyncio.Event] = world.states[HELD]
    return events


def find(st: FineractState, action: str, entity: str, key: str) -> Command | None:
    return next((c for c in st.commands.values() if (c.action, c.entity, c.key) == (action, entity, key)), None)


def begin(
    world: MockWorld, st: FineractState, key: str, loan_id: int, body: bytes, action: str = "REPAYMENT"
) -> Command:
    command = Command(
        id=st.next_command_id,
        action=action,
        entity="LOAN",
        key=key,
        loan_id=loan_id,
        body=body,
        status="underProcessing",
        made_on=mocks_now(world),
    )
    st.next_command_id += 1
    st.commands[command.id] = command
    return command


def cached(command: Command, request_body: bytes) -> Response[Any] | None:
    """The answer Fineract gives a key it has seen, or None when the command is to be made."""
    if command.status == "underProcessing":
        return Response(request_body, status_code=425, media_type="application/json", headers=CACHED)
    if command.status in ("processed", "error"):
        return Response(
            command.result or b"",
            status_code=command.result_status or 500,
            media_type="application/json",
            headers=CACHED,
        )
    return None


def finish(command: Command, status: int, body: bytes) -> Response[Any]:
    """Keep the command's first outcome (a failure is kept as one) and answer it."""
    command.status = "processed" if status == 200 else "error"
    command.result_status, command.result = status, body
    return Response(body, status_code=status, media_type="application/json")


def awaiting_approval(command: Command) -> Response[Any]:
    """Maker-checker: nothing booked; Fineract answers 200 with the command to approve."""
    command.status = "awaitingApproval"
    return Response(
        msgspec.json.encode(
            {
                "commandId": command.id,
                "resourceId": command.loan_id,
                "rollbackTransaction": True,
                "resourceExternalId": {},
                "subResourceExternalId": {},
            }
        ),
        media_type="application/json",
    )


async def hold(world: MockWorld, command: Command) -> None:
    """Keep the command in flight until QA lets it go (or HOLD_AT_MOST passes)."""
    event = held(world).setdefault(command.id, asyncio.Event())
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(event.wait(), HOLD_AT_MOST)
    held(world).pop(command.id, None)


def audit(st: FineractState, command: Command) -> dict[str, Any]:
    """The command as `GET audits/{id}` and `GET makercheckers` show it."""
    loan = st.loans.get(command.loan_id)
    view: dict[str, Any] = {
        "id": command.id,
        "actionName": command.action,
        "entityName": command.entity,
        "resourceId": command.loan_id,
        "maker": "mifos",
        "madeOnDate": command.made_on.isoformat(),
        "processingResult": PROCESSING_RESULT[command.status],
        "commandAsJson": command.body.decode(),
        "officeName": "Head Office",
        "loanId": command.loan_id,
        "url": f"/loans/{command.loan_id}/transactions?command=repayment",
    }
    if loan is not None and loan.client_id is not None:
        view["clientId"] = loan.client_id
        view["loanAccountNo"] = loan.account_no
    if command.checked_on is not None:
        view["checker"] = "mifos"
        view["checkedOnDate"] = command.checked_on.isoformat()
    return view
