"""The mocks run inside the gateway's process (`make run`): building them must leave the host's
logging as it was. A Litestar app left with its default logging config puts its own handler on the
root logger, and every library's lines (the PDF fonts', the server's) then also went to stderr in
plain text beside the gateway's JSON lines."""

from __future__ import annotations

import logging

from upstream_mocks.suite import create_suite


def test_building_every_mock_leaves_the_root_loggers_handlers_as_they_were() -> None:
    root = logging.getLogger()
    before = list(root.handlers)
    create_suite(build_now=True)
    assert root.handlers == before
