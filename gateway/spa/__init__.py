"""Serving the app to the browser: `pages.py` (the built app's files, the app shell and the
pre-rendered pages, settings filled in), `build_files.py` (a file of the build, read again when a
new build changes it), `client_config.py` (`GET /api/config`, and the same settings inline in
every page)."""
