"""Browser-facing protections: response headers, CSRF tokens bound to the session, the client's
address behind trusted proxies, and refusal of malformed requests before any handler runs."""
