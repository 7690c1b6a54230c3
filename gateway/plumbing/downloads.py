"""A PDF the gateway answers as a file to save (a receipt, an invoice, a loan's documents), the
same for every route group that hands one out."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from litestar import Request, Response, get
from litestar.di import NamedDependency
from litestar.handlers import HTTPRouteHandler
from litestar.params import PathParameter, QueryParameter

from gateway.language.codes import Language
from gateway.language.resolution import language_of
from gateway.plumbing.validation import whole
from gateway.sessions import Session

PDF = "application/pdf"
# Declared on a borrower's documents, so their OpenAPI says what every /api answer already is.
NO_STORE = {"Cache-Control": "no-store"}
REFERENCE = whole("[A-Za-z0-9][A-Za-z0-9-]{0,31}")  # a loan number, a credit offer's id, a line number
# A document's language when the person picks one (a Key Facts Statement in English or Hindi);
# otherwise the page's.
DocumentLanguage = Annotated[Language | None, QueryParameter(name="language")]
# Draws the document of the reference a path names, for the route group's login, in a language.
Draw = Callable[[Session, Any, str, Language], Awaitable[Response[bytes]]]


def pdf_download(pdf: bytes, filename: str) -> Response[bytes]:
    """The document as a file the browser saves under `filename`."""
    return Response(pdf, media_type=PDF, headers={"Content-Disposition": f'attachment; filename="{filename}"'})


def document_route(path: str, summary: str, operation_id: str, draw: Draw) -> HTTPRouteHandler:
    """A GET of a document that needs nothing but the one reference its path names (a loan's Key
    Facts, a credit line's certificate), in the language asked or else the page's. The reference
    keeps its own name in the path and the OpenAPI (loan_number, offer_id, line_number), and the
    operation id is named, as each had with a handler of its own."""
    named = path.split("{")[1].split(":")[0]

    async def document(
        request: Request[Any, Any, Any],
        session: NamedDependency[Session],
        login: NamedDependency[Any],
        reference: str,
        language: DocumentLanguage = None,
    ) -> Response[bytes]:
        return await draw(session, login, reference, language or language_of(request, session))

    # One handler for paths whose reference is named differently: Litestar reads a path parameter
    # by the name its annotation gives, so the URLs and the OpenAPI stay as they were.
    document.__annotations__["reference"] = Annotated[str, PathParameter(name=named, pattern=REFERENCE)]
    return get(path, summary=summary, media_type=PDF, response_headers=NO_STORE, operation_id=operation_id)(document)
