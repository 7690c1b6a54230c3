"""The code's shape, read from its imports (docs/decisions/import-boundaries.md):

- the mocks (upstream_mocks/) and the provider client they use (payments_client/) stand in for
  and beside the services, so they import nothing of the gateway's; what the gateway and they
  share lives in india/ and otel_traces/, which import neither side;
- no two modules of the gateway import each other, directly or round a longer loop. An import
  under `if TYPE_CHECKING:` counts: a loop only the type checker follows still means neither
  module can be read, moved or tested without the other;
- no two route groups (the gateway's packages with a `routes.py`: checkout, orders, addresses,
  store ...) import each other, directly or round a longer loop, even through modules that do not
  import each other: checkout reads orders' and addresses', orders reads addresses', never back.

Imports are read with `ast` from the files, never by importing them, so the check is quick and
sees imports inside functions and under `TYPE_CHECKING` too.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Packages that must not import the gateway, and the packages they share with it.
STAND_INS = ("upstream_mocks", "payments_client")
SHARED = ("india", "otel_traces")
# Loops the lender issue is taking apart (its adapters' modules, each naming the other only for
# its types); a loop not listed here fails. Strike one off when it is gone.
KNOWN_LOOPS = frozenset(
    {
        frozenset({"gateway.upstreams.lenders.fineract.adapter", "gateway.upstreams.lenders.fineract.foreclosure"}),
    }
)


def _modules(root: Path, package: str) -> dict[str, Path]:
    """Every module of `package` under `root`, by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for path in (root / package).rglob("*.py"):
        parts = path.relative_to(root).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _imported(module: str, path: Path) -> Iterator[tuple[str, list[str]]]:
    """Each import statement of the module, as the dotted names it could mean: `from a.b import c`
    means module a.b.c if there is one, else name c of a.b; relative imports made absolute."""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, [alias.name]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package[: len(package) - (node.level - 1)]
                base = ".".join([*parent, *([base] if base else [])])
            yield base, [f"{base}.{alias.name}" for alias in node.names]


def _outside_imports(root: Path, packages: tuple[str, ...], forbidden: tuple[str, ...]) -> list[str]:
    """'path: module' for every import in `packages` of a module of a `forbidden` package."""
    return sorted(
        f"{path.relative_to(root)}: {base}"
        for package in packages
        for module, path in _modules(root, package).items()
        for base, _ in _imported(module, path)
        if any(base == name or base.startswith(name + ".") for name in forbidden)
    )


def _graph(root: Path, package: str) -> dict[str, set[str]]:
    """Which of the package's modules each of its modules imports. `from a import b` leads to the
    module a.b when there is one, else to a; a package's `__init__` run on the way is not counted
    (every submodule import would make a loop with a package that re-exports its parts)."""
    modules = _modules(root, package)
    graph: dict[str, set[str]] = {module: set() for module in modules}
    for module, path in modules.items():
        for base, names in _imported(module, path):
            targets = {name for name in names if name in modules} or ({base} & modules.keys())
            graph[module] |= targets - {module}
    return graph


def _route_groups(root: Path, package: str) -> set[str]:
    """The package's route groups: each of its packages with a `routes.py`."""
    return {f"{package}.{path.parent.name}" for path in (root / package).glob("*/routes.py")}


def _group_graph(root: Path, package: str) -> dict[str, set[str]]:
    """Which other route groups each route group's modules import (what else they import aside)."""
    groups = _route_groups(root, package)

    def group_of(module: str) -> str | None:
        name = ".".join(module.split(".")[:2])
        return name if name in groups else None

    graph: dict[str, set[str]] = {group: set() for group in groups}
    for module, targets in _graph(root, package).items():
        group = group_of(module)
        if group is not None:
            graph[group] |= {other for other in map(group_of, targets) if other not in (None, group)}
    return graph


def _loops(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The graph's strongly connected components of more than one module (Tarjan's, iterative),
    each sorted: every module of one reaches every other through imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    loops: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            following = next(edges, None)
            if following is not None:
                if following not in index:
                    index[following] = low[following] = len(index)
                    stack.append(following)
                    on_stack.add(following)
                    work.append((following, iter(sorted(graph[following]))))
                elif following in on_stack:
                    low[node] = min(low[node], index[following])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    loops.append(sorted(component))
    return sorted(loops)


def test_the_mocks_and_the_provider_client_import_nothing_of_the_gateway() -> None:
    assert _outside_imports(ROOT, STAND_INS + SHARED, ("gateway",)) == []


def test_what_is_shared_imports_neither_side() -> None:
    assert _outside_imports(ROOT, SHARED, ("gateway", *STAND_INS)) == []


def test_no_import_loop_among_the_gateways_modules() -> None:
    found = {frozenset(loop) for loop in _loops(_graph(ROOT, "gateway"))}
    assert sorted(map(sorted, found - KNOWN_LOOPS)) == []
    # A known loop once broken leaves the list, so it cannot come back unnoticed.
    assert sorted(map(sorted, KNOWN_LOOPS - found)) == []
    # Nor among the route groups: the three that were one (issue 60) are among those read.
    assert {"gateway.checkout", "gateway.orders", "gateway.addresses"} <= _route_groups(ROOT, "gateway")
    assert _loops(_group_graph(ROOT, "gateway")) == []


TYPES_ONLY = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


# The app's wiring: what may lie at gateway/'s top; everything else is in a package named for what
# it holds (route groups, upstreams, plumbing, serving; India's rules in india/).
WIRING = {"__init__", "__main__", "app", "clients", "embedded", "health", "openapi_export", "services", "settings"}


def test_the_gateways_top_holds_only_the_apps_wiring() -> None:
    top = {path.stem for path in (ROOT / "gateway").glob("*.py")}
    assert top - WIRING == set(), "put it in the package named for what it holds (docs/architecture.md)"


def test_the_check_finds_a_gateway_import_however_it_is_written(tmp_path: Path) -> None:
    root = _write(
        tmp_path,
        {
            "upstream_mocks/__init__.py": "",
            "upstream_mocks/money.py": "from gateway.checkout import schemas\n",
            "upstream_mocks/served.py": "def suite():\n    import gateway.plumbing.telemetry\n",
            "upstream_mocks/kinds.py": TYPES_ONLY + "    from gateway import app\n",
            "upstream_mocks/fine.py": "from upstream_mocks.money import x\nimport gateway_like\n",
            "india/money.py": "from upstream_mocks import money\n",
        },
    )
    assert _outside_imports(root, ("upstream_mocks",), ("gateway",)) == [
        "upstream_mocks/kinds.py: gateway",
        "upstream_mocks/money.py: gateway.checkout",
        "upstream_mocks/served.py: gateway.plumbing.telemetry",
    ]
    assert _outside_imports(root, ("india",), ("gateway", "upstream_mocks")) == ["india/money.py: upstream_mocks"]


def test_the_check_finds_a_loop_direct_longer_or_only_for_types(tmp_path: Path) -> None:
    root = _write(
        tmp_path,
        {
            "gateway/__init__.py": "",
            "gateway/addresses/__init__.py": "from gateway.addresses.service import AddressesService\n",
            "gateway/addresses/routes.py": "from gateway.addresses import service\n",
            "gateway/addresses/service.py": TYPES_ONLY + "    from gateway.addresses.address_book import Book\n",
            "gateway/addresses/address_book.py": "from .service import pincode_check\n",
            # Two route groups reading each other through modules that do not: a loop of groups.
            "gateway/checkout/routes.py": "from gateway.checkout import service\n",
            "gateway/checkout/service.py": "from gateway.orders.views import order_view\n",
            "gateway/checkout/cash_limit.py": "",
            "gateway/orders/routes.py": "from gateway.checkout.cash_limit import CashLimit\n",
            "gateway/orders/views.py": "from gateway.addresses.delivery_views import delivery_view\n",
            "gateway/a.py": "from gateway import b\n",
            "gateway/b.py": "import gateway.c\n",
            "gateway/c.py": "def late():\n    from gateway.a import x\n",
            "gateway/d.py": "from gateway.addresses import service\nfrom gateway import a\n",
        },
    )
    assert _loops(_graph(root, "gateway")) == [
        ["gateway.a", "gateway.b", "gateway.c"],
        ["gateway.addresses.address_book", "gateway.addresses.service"],
    ]
    assert _route_groups(root, "gateway") == {"gateway.addresses", "gateway.checkout", "gateway.orders"}
    assert _loops(_group_graph(root, "gateway")) == [["gateway.checkout", "gateway.orders"]]
