"""Credit over its whole life (/api/credit): apply, read each offer's Key Facts, accept one, and
end the line: leave in the cooling-off period or close it early, then its no-dues certificate.
Mirrors frontend/src/features/credit."""

from gateway.credit.routes import build_router

__all__ = ["build_router"]
