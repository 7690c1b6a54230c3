"""A reminder's short link on our domain, `/l/<code>`: to the lender's payment link, or our page."""

from gateway.short_links.routes import build_router

__all__ = ["build_router"]
