"""Stateful stand-ins for the upstream services, built from the documents in contracts/.

`create_suite()` serves every mock under `/_mocks/{name}/` plus the QA control API
(`/_mocks/reset`, `/_mocks/journal`, `/_mocks/scenarios`).
"""
