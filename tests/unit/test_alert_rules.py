"""deploy/prometheus/alerts.yaml, the alert rules a deployment loads: each expression parses as
Prometheus parses it, and names only series the code exports (the gateway's /metrics and the
reconciliation's textfile), so a rule can never watch a series that was renamed or never existed."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import promql_parser
import pytest
import yaml
from prometheus_client.parser import text_string_to_metric_families

from gateway.reconciliation.alerts import write_metrics
from gateway.reconciliation.schemas import KindTotal, Reconciliation
from gateway.serving.metrics import GatewayMetrics

RULES = Path(__file__).parents[2] / "deploy" / "prometheus" / "alerts.yaml"
# What each metric type adds to its family's name in the exposition format.
SUFFIXES = {"counter": ("_total",), "histogram": ("_bucket", "_sum", "_count"), "summary": ("_sum", "_count")}


def rules() -> list[dict[str, Any]]:
    groups: list[dict[str, Any]] = yaml.safe_load(RULES.read_text())["groups"]
    return [rule for group in groups for rule in group["rules"]]


def series_named(node: object) -> set[str]:
    """Every series name a parsed expression selects, however deep."""
    if isinstance(node, promql_parser.VectorSelector):
        return {node.name} if node.name else set()
    if isinstance(node, promql_parser.MatrixSelector):
        return series_named(node.vector_selector)
    children: list[object] = []
    for attribute in ("lhs", "rhs", "expr", "param"):
        children.append(getattr(node, attribute, None))
    children.extend(getattr(node, "args", None) or [])
    return set().union(*(series_named(child) for child in children if child is not None))


def gateway_series() -> set[str]:
    names = set()
    for family in GatewayMetrics().registry.collect():
        names |= {family.name, *(family.name + suffix for suffix in SUFFIXES.get(family.type, ()))}
    return names


def reconciliation_series(tmp_path: Path) -> set[str]:
    result = Reconciliation(
        date=date(2026, 12, 1),
        settled_net=Decimal("0"),
        fees=Decimal("0"),
        in_transit=[],
        in_transit_net=Decimal("0"),
        adjustments=[],
        credited=Decimal("0"),
        payments_settled=0,
        refunds_settled=0,
        recorded_payments=0,
        mismatches=[],
        by_kind=[KindTotal(kind="amountDiffers", count=1, unreconciled=Decimal("10.00"))],
        unreconciled=Decimal("10.00"),
        over_a_day=True,
    )
    path = tmp_path / "reconciliation.prom"
    write_metrics(result, path)
    return {s.name for family in text_string_to_metric_families(path.read_text()) for s in family.samples}


def test_every_rule_is_complete_and_named_once() -> None:
    found = rules()
    assert found, "no alert rules"
    names = [rule["alert"] for rule in found]
    assert len(names) == len(set(names))
    for rule in found:
        assert rule["labels"]["severity"] in {"page", "ticket"}, rule["alert"]
        assert rule["annotations"]["summary"] and rule["annotations"]["description"], rule["alert"]
        assert rule["for"], rule["alert"]


@pytest.mark.parametrize("rule", rules(), ids=lambda rule: rule["alert"])
def test_each_rule_parses_and_watches_only_series_the_code_exports(rule: dict[str, Any], tmp_path: Path) -> None:
    parsed = promql_parser.parse(rule["expr"])  # raises on what Prometheus would refuse
    watched = series_named(parsed)
    assert watched, f"{rule['alert']} watches no series"
    exported = gateway_series() | reconciliation_series(tmp_path)
    assert watched <= exported, f"{rule['alert']} watches series nothing exports: {sorted(watched - exported)}"


def test_the_rules_cover_unreconciled_money_and_jobs_that_stopped() -> None:
    watched = set().union(*(series_named(promql_parser.parse(rule["expr"])) for rule in rules()))
    assert "voltkhata_reconciliation_unreconciled_over_a_day_rupees" in watched
    assert "gateway_job_last_run_timestamp_seconds" in watched


def test_the_rules_cover_refunds_waiting_on_a_person_and_disputes_near_their_deadline() -> None:
    by_name = {rule["alert"]: rule for rule in rules()}
    assert series_named(promql_parser.parse(by_name["RefundsWaitingOnAPerson"]["expr"])) == {
        "gateway_refunds_needing_person"
    }
    assert series_named(promql_parser.parse(by_name["DisputeNearItsDeadline"]["expr"])) == {
        "gateway_disputes_near_deadline"
    }
    assert by_name["DisputeNearItsDeadline"]["labels"]["severity"] == "page"


def test_the_rules_cover_payouts_that_failed_and_wait_on_a_person() -> None:
    by_name = {rule["alert"]: rule for rule in rules()}
    assert series_named(promql_parser.parse(by_name["PayoutsFailedWaitingOnAPerson"]["expr"])) == {
        "gateway_payouts_failed_waiting"
    }
    assert by_name["PayoutsFailedWaitingOnAPerson"]["labels"]["severity"] == "ticket"
