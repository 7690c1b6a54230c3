"""Clients for the upstream services (lending, catalogue, mail, payments), one module each."""
