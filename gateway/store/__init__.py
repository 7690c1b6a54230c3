"""The store route group's API (mirrors frontend/src/features/store)."""

from gateway.store.first_page import FIRST_PAGE_TEMPLATES, FirstProductsPage, template_file
from gateway.store.routes import build_router, build_service

__all__ = ["FIRST_PAGE_TEMPLATES", "FirstProductsPage", "build_router", "build_service", "template_file"]
