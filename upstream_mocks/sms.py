"""The mocks' SMS gateway: codes are random 6 digits, sent as a text in the user's language and
kept in the world's outbox for QA."""

from __future__ import annotations

import secrets
import time

from upstream_mocks.texts import Language, texts
from upstream_mocks.world import MockWorld

CODE_LIFETIME_SECONDS = 10 * 60


def issue_code(world: MockWorld, mobile_number: str, language: Language = "en") -> str:
    code = f"{secrets.randbelow(1_000_000):06d}"
    message = texts(language).sms_otp.format(otp=code, minutes=CODE_LIFETIME_SECONDS // 60)
    world.record_code(mobile_number, code, message, language)
    return code


def check_code(world: MockWorld, mobile_number: str, otp: str) -> bool:
    """True once for the latest live code sent to the number; a used code is gone."""
    entry = world.outbox.get(mobile_number)
    if entry is None or time.time() - entry.sent_at > CODE_LIFETIME_SECONDS:
        return False
    if not secrets.compare_digest(entry.otp, otp):
        return False
    del world.outbox[mobile_number]
    return True
