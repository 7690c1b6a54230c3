"""No shared deployment runs as development (issue 55): compose.yaml, `make cluster` (deploy/local)
and both Kubernetes variants, read from their files (nothing is started).

Each with the mocks runs as ENVIRONMENT=test behind the QA login; the production variant has no
mock, no /_mocks and no MOCKS_URL; every secret is made for the deployment or read from a Secret
(never a literal in the repository); none gives the desk a demonstration account; /metrics is
never open to everyone; PostgreSQL is in each. Each check is a function listing what is wrong, and
is shown to catch a planted demonstration secret, so a deployment that would start with one fails.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from deploy.local.cluster import Cluster
from deploy.local.layout import Layout, Ports
from gateway.desk.staff import DEMO_ACCOUNTS, demo_entries, secret_matches, staff_accounts
from gateway.embedded import embed
from gateway.security.operations_access import metrics_networks
from gateway.security.qa_login import parse_qa_staff
from gateway.settings import Settings
from tests.unit.test_k8s_manifests import K8S, kustomize, secret_keys

ROOT = Path(__file__).resolve().parents[2]
# A setting whose value is a secret: never written in a deployment's files.
SECRET = re.compile(r"SECRET|PASSWORD|_KEY$|TOKEN|_STAFF$|^DATABASE_URL$")
# Every value this repository publishes for a secret somewhere (code defaults, the README, the mocks).
PUBLISHED = re.compile(r"change-me|mock-|demo|password|^secret$", re.IGNORECASE)
DEMO_SECRETS = [secret for _, secret, _ in DEMO_ACCOUNTS.values()]


def demonstration_accounts(desk_staff: str) -> list[str]:
    """The entries of DESK_STAFF (or QA_STAFF) that are a demonstration account, by name or secret."""
    found = []
    for entry in filter(None, (e.strip() for e in desk_staff.split(","))):
        name, _, rest = entry.partition(":")
        secret_hash = rest.rsplit(":", 1)[-1]
        if name in DEMO_ACCOUNTS or any(secret_matches(secret, secret_hash) for secret in DEMO_SECRETS):
            found.append(name)
    return found


def secret_problems(where: str, settings: dict[str, str]) -> list[str]:
    """A secret given as a literal (not a file, a `${...}` from whoever starts it, or a Secret)."""
    problems = []
    for name, value in settings.items():
        if name.endswith("_FILE") or not SECRET.search(name) or not value:
            continue
        if re.fullmatch(r"\$\{[A-Z_]+(:-)?\}", value):  # passed through from the operator, no default
            continue
        problems.append(f"{where}: {name} is written in the file ({value[:24]}...)")
    return problems


def shared_problems(where: str, env: dict[str, str], *, with_mocks: bool) -> list[str]:
    """What a shared deployment's gateway settings must not be."""
    problems = []
    environment = env.get("ENVIRONMENT")
    expected = "test" if with_mocks else "production"
    if environment != expected:
        problems.append(f"{where}: ENVIRONMENT={environment}, not {expected}")
    for name in ("DESK_STAFF", "QA_STAFF"):
        if demo := demonstration_accounts(env.get(name, "")):
            problems.append(f"{where}: {name} has the demonstration accounts {demo}")
    if with_mocks and not (env.get("QA_STAFF") or env.get("QA_STAFF_FILE")):
        problems.append(f"{where}: /_mocks without the QA login (QA_STAFF)")
    if not with_mocks and ("MOCKS_URL" in env or any("mocks" in v for k, v in env.items() if k.endswith("_URL"))):
        problems.append(f"{where}: production with the mocks' QA API")
    if re.search(r"(^|,)\s*(0\.0\.0\.0/0|::/0)", env.get("METRICS_ALLOWED_NETWORKS", "")):
        problems.append(f"{where}: /metrics open to everyone")
    if not (env.get("DATABASE_URL") or env.get("DATABASE_URL_FILE")):
        problems.append(f"{where}: no PostgreSQL (DATABASE_URL)")
    return problems


# compose.yaml --------------------------------------------------------------------------------


def compose_problems(compose: dict[str, Any]) -> list[str]:
    services = compose["services"]
    gateway = {k: str(v) for k, v in services["gateway"]["environment"].items()}
    problems = shared_problems("compose gateway", gateway, with_mocks="mocks" in services)
    for name, service in services.items():
        problems += secret_problems(f"compose {name}", {k: str(v) for k, v in service.get("environment", {}).items()})
    mocks = services.get("mocks", {}).get("environment", {})
    if mocks.get("MOCKS_ENVIRONMENT", "development") == "development":
        problems.append("compose mocks: MOCKS_ENVIRONMENT=development takes the published client secret")
    if not mocks.get("MOCKS_PAYOUTS_CLIENT_SECRET_FILE"):
        problems.append("compose mocks: the payouts account's published client secret")
    if mocks.get("MOCKS_PAYMENTS_CLIENT_SECRET_FILE") != gateway.get("PAYMENTS_CLIENT_SECRET_FILE"):
        problems.append("compose: the mocks sign webhooks with another account's secret than the gateway's")
    if mocks.get("MOCKS_PAYOUTS_CLIENT_SECRET_FILE") != gateway.get("PAYOUTS_CLIENT_SECRET_FILE"):
        problems.append("compose: the gateway reads transfers with another payouts account's secret than the mocks'")
    if "postgres" not in services:
        problems.append("compose: no PostgreSQL")
    # Each secret file is made by the secrets service's script.
    script = (ROOT / "deploy" / "compose" / "make-secrets.sh").read_text()
    made = set(re.findall(r"(?:new|\[ -s) ([a-z_]+)", script))
    for service in services.values():
        for name, value in service.get("environment", {}).items():
            if name.endswith("_FILE") and Path(str(value)).name not in made:
                problems.append(f"compose: {name} names {value}, which make-secrets.sh does not make")
    return problems


def test_compose_runs_as_test_with_secrets_of_its_own() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    assert compose_problems(compose) == []
    # The generated QA login is a tester's, not a demonstration account; nobody is on the desk.
    assert compose["services"]["gateway"]["environment"]["DESK_STAFF"] == "${DESK_STAFF:-}"


def test_compose_with_a_demonstration_secret_or_development_fails() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    planted = copy.deepcopy(compose)
    planted["services"]["gateway"]["environment"]["SECRET_KEY"] = "change-me-shared-by-every-replica"
    planted["services"]["gateway"]["environment"]["DESK_STAFF"] = demo_entries()
    planted["services"]["gateway"]["environment"]["ENVIRONMENT"] = "development"
    found = compose_problems(planted)
    assert any("SECRET_KEY is written" in p for p in found), found
    assert any("demonstration accounts ['asha.agent', 'vikram.supervisor']" in p for p in found), found
    assert any("ENVIRONMENT=development" in p for p in found), found


# make cluster ----------------------------------------------------------------------------------


def cluster_problems(cluster: Cluster) -> list[str]:
    parts = cluster.parts()
    problems = []
    for name in cluster.gateway_names:
        env = dict(parts[name].env or {})
        problems += shared_problems(f"cluster {name}", env, with_mocks=True)
        if PUBLISHED.search(env["SECRET_KEY"]):
            problems.append(f"cluster {name}: the published SECRET_KEY {env['SECRET_KEY']!r}")
        settings = Settings.from_env(env)
        if staff_accounts(settings):
            problems.append(f"cluster {name}: desk accounts {sorted(staff_accounts(settings))} with DESK_STAFF unset")
        if metrics_networks(settings) is None:
            problems.append(f"cluster {name}: /metrics open to everyone")
    mocks = dict(parts["mocks"].env or {})
    secret = mocks.get("MOCKS_PAYMENTS_CLIENT_SECRET", "mock-")
    if mocks.get("MOCKS_ENVIRONMENT") != "test" or PUBLISHED.search(secret):
        problems.append("cluster mocks: the published client secret")
    if PUBLISHED.search(mocks.get("MOCKS_PAYOUTS_CLIENT_SECRET", "mock-")):
        problems.append("cluster mocks: the payouts account's published client secret")
    for name in cluster.gateway_names:
        if dict(parts[name].env or {}).get("PAYMENTS_CLIENT_SECRET") != secret:
            problems.append(f"cluster {name}: another merchant account's secret than the mocks'")
        if dict(parts[name].env or {}).get("PAYOUTS_CLIENT_SECRET") != mocks.get("MOCKS_PAYOUTS_CLIENT_SECRET"):
            problems.append(f"cluster {name}: another payouts account's secret than the mocks'")
    if "postgres" not in parts:
        problems.append("cluster: no PostgreSQL")
    return problems


@pytest.fixture
def cluster(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Cluster:
    monkeypatch.delenv("DESK_STAFF", raising=False)
    return Cluster(Layout(tmp_path / "one", Ports.default()))


def test_make_cluster_runs_as_test_with_secrets_made_for_it(cluster: Cluster, tmp_path: Path) -> None:
    assert cluster_problems(cluster) == []
    env = dict(cluster.parts()["gateway-1"].env or {})
    # Made for this cluster's folder: another folder's are others.
    other = dict(Cluster(Layout(tmp_path / "two", Ports.default())).parts()["gateway-1"].env or {})
    assert env["SECRET_KEY"] != other["SECRET_KEY"] and env["DATABASE_URL"] != other["DATABASE_URL"]
    # The QA login's secret is kept for the testers beside it.
    [(tester, secret_hash)] = parse_qa_staff(env["QA_STAFF"]).items()
    assert secret_matches((cluster.layout.root / "qa_secret").read_text(), secret_hash) and tester == "qa"


def test_make_cluster_with_the_demonstration_staff_fails(cluster: Cluster) -> None:
    planted = Cluster(cluster.layout, gateway_env={"DESK_STAFF": demo_entries()})
    assert any("demonstration accounts" in p for p in cluster_problems(planted))


# Kubernetes ----------------------------------------------------------------------------------


def _settings(documents: list[dict[str, Any]]) -> dict[str, str]:
    [config] = [d for d in documents if d["kind"] == "ConfigMap" and d["metadata"]["name"] == "gateway-settings"]
    return {k: str(v) for k, v in config["data"].items()}


def k8s_problems(variant: str, documents: list[dict[str, Any]]) -> list[str]:
    with_mocks = variant == "test"
    settings = _settings(documents)
    keys = secret_keys(variant)
    from_secrets = dict.fromkeys(keys["gateway-secrets"], "(from gateway-secrets)")
    problems = shared_problems(f"k8s {variant}", {**from_secrets, **settings}, with_mocks=with_mocks)
    # Secrets never in the manifests: secrets.sh makes them in the namespace.
    problems += [
        f"k8s {variant}: a Secret in the manifests ({d['metadata']['name']})"
        for d in documents
        if d["kind"] == "Secret"
    ]
    for document in documents:
        if document["kind"] == "ConfigMap":
            problems += secret_problems(f"k8s {variant} {document['metadata']['name']}", document["data"])
        for container in document.get("spec", {}).get("template", {}).get("spec", {}).get("containers", []):
            literal = {e["name"]: str(e["value"]) for e in container.get("env", []) if "value" in e}
            problems += secret_problems(f"k8s {variant} {container['name']}", literal)
            if container["name"] == "mocks" and literal.get("MOCKS_ENVIRONMENT") != "test":
                problems.append(f"k8s {variant}: the mocks take the published client secret")
    mocks = [d for d in documents if "mocks" in d["metadata"]["name"] or "mocks" in yaml.safe_dump(d.get("spec", {}))]
    if with_mocks and not (
        "MOCKS_PAYMENTS_CLIENT_SECRET" in keys.get("mocks-secrets", set())
        and "PAYMENTS_CLIENT_SECRET" in keys["gateway-secrets"]
    ):
        problems.append(f"k8s {variant}: the mocks' merchant account has no secret of its own shared with the gateway")
    if with_mocks and not (
        "MOCKS_PAYOUTS_CLIENT_SECRET" in keys.get("mocks-secrets", set())
        and "PAYOUTS_CLIENT_SECRET" in keys["gateway-secrets"]
    ):
        problems.append(f"k8s {variant}: the payouts account has no secret of its own shared with the gateway")
    if with_mocks and "QA_STAFF" not in keys["gateway-secrets"]:
        problems.append(f"k8s {variant}: /_mocks without the QA login (QA_STAFF in gateway-secrets)")
    if not with_mocks and mocks:
        problems.append(f"k8s {variant}: production with the mocks' QA API ({[d['metadata']['name'] for d in mocks]})")
    if not any(d["kind"] == "StatefulSet" and d["metadata"]["name"] == "postgres" for d in documents):
        problems.append(f"k8s {variant}: no PostgreSQL")
    return problems


@pytest.mark.parametrize("variant", ["test", "production"])
def test_each_kubernetes_variant_has_its_environment_and_secrets_from_secrets(variant: str) -> None:
    assert k8s_problems(variant, kustomize(K8S / variant)) == []


def test_the_production_variant_starts_without_any_mock(tmp_path: Path) -> None:
    settings = _settings(kustomize(K8S / "production"))
    # What secrets.sh takes from the operator, as they would be.
    given = {key: f"{key.lower()}-of-our-own" for key in secret_keys("production")["gateway-secrets"]}
    built = Settings.from_env({**settings, **given, "DESK_STAFF": "", "DATABASE_URL": f"sqlite:///{tmp_path}/db"})
    built.refuse_unsafe()
    embedded = embed(built, {})
    assert (embedded.handlers, embedded.clients) == ([], {})  # no /_mocks, no upstream mocked
    assert metrics_networks(built) is not None and staff_accounts(built) == {}


def test_a_kubernetes_variant_with_mocks_in_production_or_a_literal_secret_fails() -> None:
    production = kustomize(K8S / "production")
    with_mocks = production + [d for d in kustomize(K8S / "test") if d["metadata"]["name"] == "mocks"]
    assert any("the mocks' QA API" in p for p in k8s_problems("production", with_mocks))
    secret = {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "gateway-secrets"}, "stringData": {}}
    assert any("a Secret in the manifests" in p for p in k8s_problems("test", [*kustomize(K8S / "test"), secret]))
    planted = copy.deepcopy(production)
    [config] = [d for d in planted if d["kind"] == "ConfigMap" and d["metadata"]["name"] == "gateway-settings"]
    config["data"]["DESK_STAFF"] = demo_entries()
    found = k8s_problems("production", planted)
    assert any("demonstration accounts" in p for p in found) and any("DESK_STAFF is written" in p for p in found)
