"""One composition root builds every upstream's typed client (gateway/clients.py): a route group,
the desk or the reconciliation is handed its clients and never asks the upstreams' HTTP clients
for one by name. Read with `ast` from the files, never by importing them."""

from __future__ import annotations

import ast
from dataclasses import fields
from pathlib import Path

from gateway.clients import Clients
from gateway.services import AppServices

ROOT = Path(__file__).resolve().parents[2]
# Where an upstream's HTTP client may be named: the composition root, and the lenders' own choice
# of adapters (with the lenders' check kit, a command of its own), whose upstreams follow LENDERS.
MAY_NAME = {"gateway/clients.py", "gateway/upstreams/lenders/choice.py", "gateway/upstreams/lenders/kit.py"}


def _lookups(path: Path) -> list[int]:
    """The lines where the module asks a mapping of upstreams for one by a literal name."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Subscript):
            target, key = node.value, node.slice
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
            target, key = node.func.value, node.args[0] if node.args else None
        else:
            continue
        name = target.attr if isinstance(target, ast.Attribute) else target.id if isinstance(target, ast.Name) else ""
        if isinstance(key, ast.Constant) and isinstance(key.value, str) and name in {"upstreams", "pool"}:
            found.append(node.lineno)
    return found


def test_only_the_composition_root_names_an_upstream() -> None:
    named = {
        f"{path.relative_to(ROOT)}:{line}"
        for path in (ROOT / "gateway").rglob("*.py")
        if str(path.relative_to(ROOT)) not in MAY_NAME
        for line in _lookups(path)
    }
    assert sorted(named) == []


def test_the_route_groups_get_typed_clients_not_the_upstreams() -> None:
    assert "upstreams" not in {f.name for f in fields(AppServices)}
    assert {f.name for f in fields(Clients)} >= {"catalogue", "orders", "payments", "payouts", "mail", "lender"}


def test_the_check_finds_a_lookup_by_name(tmp_path: Path) -> None:
    module = tmp_path / "routes.py"
    module.write_text('def build(services):\n    return services.upstreams["orders"], pool.get("mail"), other["x"]\n')
    assert _lookups(module) == [2, 2]
