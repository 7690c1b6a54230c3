"""The staff a tester can be (`GET /_mocks/people/staff`): the support desk's logins and the QA
testers, which are the host gateway's accounts, not the mocks'. The gateway embedding the suite
hands them to the world (gateway/embedded.py); the suite on its own knows none.

Each is logged in to through its own login page (the desk's at /desk, the QA login's box in the
browser); nothing here opens a session anywhere.
"""

from __future__ import annotations

from typing import Literal

import msgspec


class StaffMember(msgspec.Struct, rename="camel", kw_only=True, frozen=True):
    name: str  # what its login page takes as the name
    role: Literal["desk agent", "desk supervisor", "QA tester"]
    purpose: str
    login_page: str  # where it logs in: "/desk", or "/qa" (the browser's login box)
    secret: str | None = None  # a published demonstration secret (README); None: the account's own
