"""A PDF the gateway answers as a file to save (a receipt, an invoice, a loan's documents), the
same for every route group that hands one out."""

from __future__ import annotations

from litestar import Response

PDF = "application/pdf"
# Declared on a borrower's documents, so their OpenAPI says what every /api answer already is.
NO_STORE = {"Cache-Control": "no-store"}


def pdf_download(pdf: bytes, filename: str) -> Response[bytes]:
    """The document as a file the browser saves under `filename`."""
    return Response(pdf, media_type=PDF, headers={"Content-Disposition": f'attachment; filename="{filename}"'})
