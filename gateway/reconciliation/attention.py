"""When a stored run needs someone's attention: one of its open findings has been open longer
than the settings' days, or leaves more rupees unreconciled than the settings' amount. The desk
shows it on the run, the daily job logs it and sets a gauge (alert on it above 0)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Literal

from gateway.operations_db.models import ReconciliationFinding, ReconciliationRun
from gateway.settings import Settings
from india.time_zone import IST

Attention = Literal["findingOverdue", "amountAboveThreshold"]


def days_open(finding: ReconciliationFinding, today: date) -> int:
    """Days since the run found it, on the clock the rules read; a resolved one's until it was resolved."""
    until = finding.resolved_at.astimezone(IST).date() if finding.resolved_at else today
    return max((until - finding.found_on).days, 0)


class AttentionRule:
    def __init__(self, days: int, above: Decimal) -> None:
        self.days = days
        self.above = above

    @classmethod
    def of(cls, settings: Settings) -> AttentionRule:
        return cls(settings.reconciliation_attention_days, settings.reconciliation_attention_above)

    def reasons(self, run: ReconciliationRun, today: date) -> list[Attention]:
        """Why the run needs attention; none: it does not."""
        still_open = [f for f in run.findings if f.resolved_at is None]
        reasons: list[Attention] = []
        if any(days_open(f, today) > self.days for f in still_open):
            reasons.append("findingOverdue")
        if any(f.unreconciled > self.above for f in still_open):
            reasons.append("amountAboveThreshold")
        return reasons
