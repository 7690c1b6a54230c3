"""Routes of the complaints group under /api/complaints (mirrors frontend/src/features/complaints),
for a borrower logged in to the portal."""

from __future__ import annotations

from typing import Any

from litestar import Request, Router, get, post
from litestar.di import NamedDependency, Provide
from litestar.params import FromPath, JSONBody

from gateway.complaints.schemas import ComplaintSubjects, ComplaintView, RaiseComplaintRequest
from gateway.complaints.service import ComplaintsService
from gateway.language.resolution import language_of
from gateway.services import AppServices
from gateway.sessions import PortalLogin, Session
from gateway.sessions.logins import portal_login


def build_router(services: AppServices) -> Router:
    complaints = ComplaintsService(services.clients.lender, services.settings.product_name)

    @get("/", summary="The borrower's complaints, newest first, with their status")
    async def list_complaints(
        session: NamedDependency[Session], login: NamedDependency[PortalLogin]
    ) -> list[ComplaintView]:
        return await complaints.list(session, login)

    @get(
        "/subjects",
        summary="Whom a complaint can be against (the platform, each lender), the loans and payments it can be about",
    )
    async def complaint_subjects(
        session: NamedDependency[Session], login: NamedDependency[PortalLogin]
    ) -> ComplaintSubjects:
        return await complaints.subjects(session, login)

    @post(
        "/",
        status_code=201,
        summary="Raise a complaint: its ticket at once, acknowledged by SMS and mail in the borrower's language",
    )
    async def raise_complaint(
        request: Request[Any, Any, Any],
        session: NamedDependency[Session],
        login: NamedDependency[PortalLogin],
        data: JSONBody[RaiseComplaintRequest],
    ) -> ComplaintView:
        return await complaints.raise_complaint(session, login, data, language_of(request, session))

    @get("/{ticket_number:str}", summary="One complaint: its status, the answer or reason, and the Ombudsman's door")
    async def one_complaint(
        session: NamedDependency[Session], login: NamedDependency[PortalLogin], ticket_number: FromPath[str]
    ) -> ComplaintView:
        return await complaints.one(session, login, ticket_number)

    return Router(
        path="/api/complaints",
        route_handlers=[list_complaints, complaint_subjects, raise_complaint, one_complaint],
        dependencies={"login": Provide(portal_login, sync_to_thread=False)},
        tags=["complaints"],
    )
