"""The lending port keeps each adapter to itself: no module of the gateway outside
gateway/upstreams/lenders/ imports an adapter's package (native/ or fineract/); services speak
the port's words only."""

from __future__ import annotations

import ast
from pathlib import Path

GATEWAY = Path(__file__).resolve().parents[2] / "gateway"
LENDERS = GATEWAY / "upstreams" / "lenders"
ADAPTERS = ("gateway.upstreams.lenders.native", "gateway.upstreams.lenders.fineract")


def _imports(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            # `from package import module` names the module; `from module import name`, the module.
            names += (
                [f"{node.module}.{alias.name}" for alias in node.names] if not _adapter(node.module) else [node.module]
            )
    return names


def _adapter(name: str) -> bool:
    return any(name == adapter or name.startswith(adapter + ".") for adapter in ADAPTERS)


def _adapter_imports(root: Path, inside: Path) -> list[str]:
    return sorted(
        f"{path.relative_to(root.parent)}: {name}"
        for path in root.rglob("*.py")
        if inside not in path.parents
        for name in _imports(path)
        if _adapter(name)
    )


def test_no_gateway_module_outside_the_lenders_imports_an_adapter() -> None:
    assert _adapter_imports(GATEWAY, LENDERS) == []


def test_the_check_finds_an_adapter_import(tmp_path: Path) -> None:
    service = tmp_path / "gateway" / "desk" / "service.py"
    service.parent.mkdir(parents=True)
    service.write_text("from gateway.upstreams.lenders.fineract.wire import FineractLoan\n")
    adapter = tmp_path / "gateway" / "upstreams" / "lenders" / "choice.py"
    adapter.parent.mkdir(parents=True)
    adapter.write_text("from gateway.upstreams.lenders import native\n")
    found = _adapter_imports(tmp_path / "gateway", tmp_path / "gateway" / "upstreams" / "lenders")
    assert found == ["gateway/desk/service.py: gateway.upstreams.lenders.fineract.wire"]


def test_a_module_importing_the_adapters_package_by_name_is_found(tmp_path: Path) -> None:
    service = tmp_path / "gateway" / "portal" / "service.py"
    service.parent.mkdir(parents=True)
    service.write_text("from gateway.upstreams.lenders import native\nimport gateway.upstreams.lenders.fineract\n")
    found = _adapter_imports(tmp_path / "gateway", tmp_path / "gateway" / "upstreams" / "lenders")
    assert found == [
        "gateway/portal/service.py: gateway.upstreams.lenders.fineract",
        "gateway/portal/service.py: gateway.upstreams.lenders.native",
    ]
