"""The reconciliation's figures as Prometheus series, written for node_exporter's textfile
collector (`--metrics-file`): the daily job is a command, not a server to scrape, so it leaves its
last result in a file the host's exporter serves. Alert on
`voltkhata_reconciliation_unreconciled_over_a_day_rupees > 0`."""

from __future__ import annotations

from pathlib import Path

from prometheus_client import CollectorRegistry, Gauge, write_to_textfile

from gateway.reconciliation.schemas import Reconciliation


def write_metrics(result: Reconciliation, path: Path) -> None:
    registry = CollectorRegistry()
    mismatches = Gauge(
        "voltkhata_reconciliation_mismatches",
        "Mismatches the last reconciliation found, by kind",
        ["kind"],
        registry=registry,
    )
    rupees = Gauge(
        "voltkhata_reconciliation_unreconciled_rupees",
        "Rupees the last reconciliation left unreconciled, by kind",
        ["kind"],
        registry=registry,
    )
    for total in result.by_kind:
        mismatches.labels(total.kind).set(total.count)
        rupees.labels(total.kind).set(float(total.unreconciled))  # a metric's value, never money kept
    Gauge(
        "voltkhata_reconciliation_unreconciled_over_a_day_rupees",
        "Rupees unreconciled for a day that is over (the alert)",
        registry=registry,
    ).set(float(result.unreconciled) if result.over_a_day else 0.0)
    Gauge(
        "voltkhata_reconciliation_day_timestamp_seconds",
        "The day the last reconciliation covered (its midnight, India)",
        registry=registry,
    ).set_to_current_time()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_to_textfile(str(path), registry)
