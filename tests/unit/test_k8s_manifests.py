"""deploy/k8s: every document of both variants (test, production) valid against the Kubernetes
schemas (those kubernetes-validate bundles, read with the network shut), and the test variant in
step with compose.yaml: the same setting names, ports, upstream addresses and health paths, which
the gateway serves. (What each variant may start with: tests/unit/test_deployment_environments.py.)"""

from __future__ import annotations

import re
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import kubernetes_validate
import msgspec
import pytest
import yaml
from litestar.testing import TestClient

from gateway.app import create_app
from gateway.settings import Settings
from upstream_mocks.settings import MockSettings

ROOT = Path(__file__).resolve().parents[2]
K8S = ROOT / "deploy" / "k8s"
KUBERNETES_VERSION = "1.33"  # the oldest release still supported upstream when written

# What differs on purpose, and why. On Kubernetes Redis is found through Sentinel, never at one
# address; replicas drain behind the readiness probe; the traces name their service.
GATEWAY_ONLY_IN_COMPOSE = {"REDIS_URL"}
GATEWAY_ONLY_ON_K8S = {
    "REDIS_SENTINELS",
    "REDIS_SENTINEL_MASTER",
    "REDIS_WAIT_REPLICAS",
    "SHUTDOWN_DRAIN_SECONDS",
    "OTEL_SERVICE_NAME",
}
# Staging on a shared cluster: the mocks send traces.
MOCKS_ONLY_ON_K8S = {"OTEL_EXPORTER_OTLP_ENDPOINT"}
GATEWAY_READS_ALSO = {"MOCKS_URL"}  # read beside Settings (gateway/embedded.py)


def kustomize(folder: Path) -> list[dict[str, Any]]:
    """The documents `kubectl apply -k folder` applies: its resources, a folder's recursively (the
    variants list resources only, no patches, so this is all kustomize does with them)."""
    kustomization = yaml.safe_load((folder / "kustomization.yaml").read_text())
    documents: list[dict[str, Any]] = []
    for resource in kustomization["resources"]:
        path = (folder / resource).resolve()
        if path.is_dir():
            documents += kustomize(path)
        else:
            documents += [doc for doc in yaml.safe_load_all(path.read_text()) if doc]
    return documents


def secret_keys(variant: str) -> dict[str, set[str]]:
    """Each Secret deploy/k8s/secrets.sh makes for `variant`, with its keys."""
    script = (K8S / "secrets.sh").read_text()
    section = re.search(rf"\n  {variant}\)\n(.*?)\n    ;;", script, re.DOTALL)
    assert section is not None, variant
    made: dict[str, set[str]] = {}
    # The shared ones after the case, and the variant's own.
    for block in (section.group(1), script[script.index("esac") :]):
        for command in re.findall(r"create ([a-z-]+)((?:[^\n]*\\\n)*[^\n]*)", block):
            keys = set(re.findall(r"--from-literal=([A-Za-z_]+)=", command[1]))
            if "desk_staff" in command[1]:
                keys.add("DESK_STAFF")  # when given
            made[command[0]] = keys
    return made


DOCUMENTS = kustomize(K8S / "test")
PRODUCTION = kustomize(K8S / "production")
SECRETS = secret_keys("test")


def _one(kind: str, name: str) -> dict[str, Any]:
    [found] = [d for d in DOCUMENTS if d["kind"] == kind and d["metadata"]["name"] == name]
    return found


def _container(workload: dict[str, Any], name: str) -> dict[str, Any]:
    [found] = [c for c in workload["spec"]["template"]["spec"]["containers"] if c["name"] == name]
    return found


def _env_names(container: dict[str, Any]) -> set[str]:
    """Every variable a container is given: its own, and each ConfigMap's and Secret's keys."""
    names = {e["name"] for e in container.get("env", [])}
    for source in container.get("envFrom", []):
        if "configMapRef" in source:
            names |= set(_one("ConfigMap", source["configMapRef"]["name"])["data"])
        if "secretRef" in source:
            names |= SECRETS[source["secretRef"]["name"]]
    return names


def _settings(container: dict[str, Any]) -> dict[str, str]:
    values = {e["name"]: e["value"] for e in container.get("env", []) if "value" in e}
    for source in container.get("envFrom", []):
        if "configMapRef" in source:
            values.update(_one("ConfigMap", source["configMapRef"]["name"])["data"])
    return values


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    services: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]
    return services


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    def refuse(*_: Any, **__: Any) -> None:
        raise AssertionError("the validation tried to reach the network")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    yield


def _document_id(document: dict[str, Any]) -> str:
    data = document.get("data", {}) if document["kind"] == "ConfigMap" else {}
    return "/".join(filter(None, (document["kind"], document["metadata"]["name"], data.get("ENVIRONMENT"))))


@pytest.mark.parametrize("document", [*DOCUMENTS, *(d for d in PRODUCTION if d not in DOCUMENTS)], ids=_document_id)
def test_each_document_is_valid_against_the_kubernetes_schemas(document: dict[str, Any], no_network: None) -> None:
    # strict: a field the schema does not know (a misspelt probe) is an error, not ignored.
    assert kubernetes_validate.validate(document, KUBERNETES_VERSION, strict=True) == KUBERNETES_VERSION


def test_a_misspelt_field_is_refused(no_network: None) -> None:
    deployment = yaml.safe_load(yaml.safe_dump(_one("Deployment", "gateway")))
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    container["readinesProbe"] = container.pop("readinessProbe")
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, KUBERNETES_VERSION, strict=True)


def _names(environment: dict[str, Any]) -> set[str]:
    """The settings given, whether as themselves or as the file `<NAME>_FILE` names."""
    return {name.removesuffix("_FILE") for name in environment}


def test_the_gateway_has_the_settings_compose_gives_it(compose: dict[str, Any]) -> None:
    in_compose = _names(compose["gateway"]["environment"])
    on_k8s = _env_names(_container(_one("Deployment", "gateway"), "gateway"))
    assert in_compose - on_k8s == GATEWAY_ONLY_IN_COMPOSE
    assert on_k8s - in_compose == GATEWAY_ONLY_ON_K8S
    # Each is a setting the gateway reads: a misspelt name would be silently ignored.
    fields = {f.name.upper() for f in msgspec.structs.fields(Settings)}
    assert on_k8s | in_compose <= fields | GATEWAY_READS_ALSO


def test_the_mocks_have_the_settings_compose_gives_them(compose: dict[str, Any]) -> None:
    in_compose = _names(compose["mocks"]["environment"])
    on_k8s = _env_names(_container(_one("Deployment", "mocks"), "mocks"))
    assert on_k8s - in_compose == MOCKS_ONLY_ON_K8S and in_compose <= on_k8s
    fields = {f"MOCKS_{f.name.upper()}" for f in msgspec.structs.fields(MockSettings)} | {"MOCKS_HOST", "MOCKS_PORT"}
    assert on_k8s - {"OTEL_EXPORTER_OTLP_ENDPOINT"} <= fields


def test_ports_and_upstream_addresses_are_compose_s(compose: dict[str, Any]) -> None:
    gateway = _container(_one("Deployment", "gateway"), "gateway")
    settings = _settings(gateway)
    port = int(compose["gateway"]["environment"]["PORT"])
    assert int(settings["PORT"]) == port == gateway["ports"][0]["containerPort"]
    [service_port] = _one("Service", "gateway")["spec"]["ports"]
    assert service_port["targetPort"] == gateway["ports"][0]["name"]

    mocks = _container(_one("Deployment", "mocks"), "mocks")
    mocks_port = int(compose["mocks"]["environment"]["MOCKS_PORT"])
    assert int(_settings(mocks)["MOCKS_PORT"]) == mocks_port == mocks["ports"][0]["containerPort"]
    [mocks_service_port] = _one("Service", "mocks")["spec"]["ports"]
    assert mocks_service_port["port"] == mocks_port
    # The mocks' Service has compose's service name, so the upstream addresses are the very same.
    for name, value in compose["gateway"]["environment"].items():
        if name.endswith("_URL") and name not in GATEWAY_ONLY_IN_COMPOSE and "://mocks:" in str(value):
            assert settings[name] == value, name


def _probe_path(container: dict[str, Any], probe: str) -> str:
    path: str = container[probe]["httpGet"]["path"]
    return path


def test_health_paths_are_compose_s_and_the_gateway_serves_them(
    compose: dict[str, Any], make_settings: Callable[..., Settings]
) -> None:
    gateway = _container(_one("Deployment", "gateway"), "gateway")
    readiness, liveness = _probe_path(gateway, "readinessProbe"), _probe_path(gateway, "livenessProbe")
    found = re.search(r"http://127\.0\.0\.1:(\d+)(/[a-z]+)", " ".join(compose["gateway"]["healthcheck"]["test"]))
    assert found is not None
    assert (int(found.group(1)), found.group(2)) == (int(compose["gateway"]["environment"]["PORT"]), readiness)
    assert (readiness, liveness) == ("/readyz", "/healthz")
    with TestClient(app=create_app(make_settings())) as client:
        assert client.get(readiness).status_code == 200
        assert client.get(liveness).status_code == 200
        assert (
            client.get(_probe_path(_container(_one("Deployment", "mocks"), "mocks"), "readinessProbe")).status_code
            == 200
        )


def test_three_replicas_that_a_disruption_leaves_two_of() -> None:
    deployment = _one("Deployment", "gateway")
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert deployment["spec"]["replicas"] == 3
    assert deployment["spec"]["strategy"]["rollingUpdate"]["maxUnavailable"] == 0
    budget = _one("PodDisruptionBudget", "gateway")["spec"]
    assert budget["selector"]["matchLabels"].items() <= labels.items()
    assert 0 < budget["minAvailable"] < deployment["spec"]["replicas"]
    assert _one("Service", "gateway")["spec"]["selector"].items() <= labels.items()


def test_every_container_asks_for_and_is_held_to_its_resources() -> None:
    workloads = [d for d in DOCUMENTS if d["kind"] in ("Deployment", "StatefulSet")]
    for workload in workloads:
        for container in workload["spec"]["template"]["spec"]["containers"]:
            resources = container["resources"]
            assert {"cpu", "memory"} <= set(resources["requests"]) & set(resources["limits"]), container["name"]


def test_the_gateway_finds_redis_through_each_sentinel() -> None:
    settings = _settings(_container(_one("Deployment", "gateway"), "gateway"))
    redis = _one("StatefulSet", "redis")
    headless = redis["spec"]["serviceName"]
    sentinel = _container(redis, "sentinel")
    [port] = [p["containerPort"] for p in sentinel["ports"] if p["name"] == "sentinel"]
    expected = [f"{redis['metadata']['name']}-{i}.{headless}:{port}" for i in range(redis["spec"]["replicas"])]
    assert settings["REDIS_SENTINELS"].split(",") == expected
    assert settings["REDIS_SENTINEL_MASTER"] == _one("ConfigMap", "redis-scripts")["data"]["MASTER_NAME"]
    assert _one("Service", headless)["spec"]["clusterIP"] == "None"


def test_the_replicas_share_one_postgresql_whose_password_they_are_given() -> None:
    script = (K8S / "secrets.sh").read_text()
    [database_url] = re.findall(r'database_url="(.*)"', script)
    postgres = _one("StatefulSet", "postgres")
    container = _container(postgres, "postgres")
    env = {e["name"]: e for e in container["env"]}
    secret = env["POSTGRES_PASSWORD"]["valueFrom"]["secretKeyRef"]
    assert (secret["name"], secret["key"]) == ("postgres-secrets", "POSTGRES_PASSWORD")
    # The same password made once goes to PostgreSQL and into the gateway's DATABASE_URL.
    assert '--from-literal=POSTGRES_PASSWORD="$database_password"' in script
    assert '--from-literal=DATABASE_URL="$database_url"' in script
    [port] = [p["containerPort"] for p in container["ports"] if p["name"] == "postgres"]
    user, database = env["POSTGRES_USER"]["value"], env["POSTGRES_DB"]["value"]
    host = postgres["spec"]["serviceName"]
    assert database_url == f"postgresql://{user}:$database_password@{host}:{port}/{database}"
    assert (
        _one("Service", host)["spec"]["selector"].items() <= postgres["spec"]["template"]["metadata"]["labels"].items()
    )
    for variant in ("test", "production"):
        assert "DATABASE_URL" in secret_keys(variant)["gateway-secrets"], variant
