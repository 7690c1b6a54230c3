"""The code-sending route, the same for every route group that logs people in by code."""

from __future__ import annotations

from typing import Any

from litestar import Request, post
from litestar.di import NamedDependency
from litestar.handlers import HTTPRouteHandler
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import JSONBody

from gateway.language.codes import Language
from gateway.otp.sender import CodeSender, SendCodeRequest, SendCodeResponse
from gateway.plumbing.errors import RateLimitedEnvelope
from gateway.security.client_address import ClientAddresses
from gateway.sessions import Session


def send_code_route(group: str, summary: str, codes: CodeSender, client_addresses: ClientAddresses) -> HTTPRouteHandler:
    """POST /otp under the group's router: send a code and remember it in the session."""

    @post(
        "/otp",
        status_code=200,
        summary=summary,
        operation_id=f"Api{group.title()}OtpSendCode",
        responses={
            429: ResponseSpec(
                data_container=RateLimitedEnvelope,
                generate_examples=False,
                description=(
                    "Refused by the code limits: `Retry-After` header and `error.retryAfter` say how many "
                    "seconds to wait; `error.code` is `otp_resend_too_soon` (the resend interval) or "
                    "`otp_send_limit` (the hourly caps per number or per client)."
                ),
            )
        },
    )
    async def send_code(
        request: Request[Any, Any, Any],
        session: NamedDependency[Session],
        user_language: NamedDependency[Language],
        data: JSONBody[SendCodeRequest],
    ) -> SendCodeResponse:
        return await codes.send(group, session, data.mobile_number, client_addresses.of(request), user_language)

    return send_code
