"""What the mocks write for a user (SMS, mails, PDFs), in English or Hindi."""

from upstream_mocks.texts.catalog import Texts, texts
from upstream_mocks.texts.language import Language, requested

__all__ = ["Language", "Texts", "requested", "texts"]
