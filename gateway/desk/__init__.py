"""The support desk: a staff-only route group (gateway/desk/routes.py), and the provider's refund
webhooks that hand it refunds the bank gave up (gateway/desk/webhook_routes.py)."""

from gateway.desk.routes import build_router
from gateway.desk.webhook_routes import PATH as WEBHOOKS_PATH
from gateway.desk.webhook_routes import build_webhook_router

__all__ = ["WEBHOOKS_PATH", "build_router", "build_webhook_router"]
