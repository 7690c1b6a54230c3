"""Backend-for-frontend: sessions, upstream tokens and a small API per route group."""
