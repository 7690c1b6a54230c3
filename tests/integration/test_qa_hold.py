"""A tester's hold on the shared mock world (upstream_mocks/hold.py, docs/decisions/qa-holds.md):
while one tester holds it, another's clock move, reset, fault or order move answers 409 naming the
holder, and the holder's own work; reads stay open to all; the hold lapses after the minutes asked
for (real time, here a stand-in the test moves: no waiting), and nobody holding, the world is open
as `make test` and the recipes drive it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from litestar.testing import TestClient

from upstream_mocks.hold import keeper
from upstream_mocks.settings import MockSettings
from upstream_mocks.suite import create_suite
from upstream_mocks.world import MockWorld

ASHA, RAVI = {"X-QA-Tester": "asha.qa"}, {"X-QA-Tester": "ravi.qa"}
START = 1_800_000_000.0  # the stand-in real time's start (epoch seconds)


class RealTime:
    """Real time as the hold reads it, moved by the test."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def world() -> MockWorld:
    return MockWorld(MockSettings.from_env())


@pytest.fixture
def real_time(world: MockWorld) -> RealTime:
    stand_in = RealTime()
    keeper(world).now = stand_in
    return stand_in


@pytest.fixture
def client(world: MockWorld, real_time: RealTime) -> Iterator[TestClient[object]]:
    with TestClient(create_suite(world)) as client:
        yield client


def test_nobody_holding_the_world_is_open_to_every_caller(client: TestClient[object]) -> None:
    assert client.get("/_mocks/hold").json()["held"] is False
    assert client.post("/_mocks/clock", json={"days": 1}).status_code == 200
    assert client.post("/_mocks/clock", headers=RAVI, json={"days": 1}).status_code == 200
    assert client.post("/_mocks/reset").status_code == 200


def test_another_testers_clock_move_is_refused_naming_the_holder_while_the_holders_works(
    client: TestClient[object], real_time: RealTime
) -> None:
    taken = client.post("/_mocks/hold", headers=ASHA, json={"minutes": 30})
    assert taken.status_code == 200, taken.text
    assert taken.json()["holder"] == "asha.qa" and taken.json()["yours"] is True
    assert taken.json()["until"] == "2027-01-15T08:30:00Z"  # START + 30 minutes

    seen = client.get("/_mocks/hold", headers=RAVI).json()
    assert seen | {"since": None} == {
        "held": True,
        "holder": "asha.qa",
        "since": None,
        "until": "2027-01-15T08:30:00Z",
        "secondsLeft": 1800,
        "you": "ravi.qa",
        "yours": False,
        "token": None,  # the token is told only to whoever took the hold
    }
    before = client.get("/_mocks/clock").json()["offsetSeconds"]
    refused = client.post("/_mocks/clock", headers=RAVI, json={"days": 40})
    assert refused.status_code == 409
    assert refused.json()["holder"] == "asha.qa"
    assert refused.json()["message"].startswith("asha.qa holds the shared mocks (since 13:30, until 14:00 India time)")
    assert client.get("/_mocks/clock").json()["offsetSeconds"] == before  # nothing moved
    for method, path, body in (
        ("POST", "/_mocks/reset", None),
        ("POST", "/_mocks/scenarios", {"mock": "lending", "path": "*", "status": 503}),
        ("POST", "/_mocks/orders/VK10000002/advance", {}),
        ("POST", "/_mocks/scenario-files/lender-down-then-back/run", None),
        ("DELETE", "/_mocks/hold", None),  # nor can anyone else let it go
        ("POST", "/_mocks/hold", {"minutes": 60}),  # or take it over
    ):
        assert client.request(method, path, headers=RAVI, json=body).status_code == 409, path
    assert client.get("/_mocks/scenarios").json() == []
    # Reads stay open to all.
    for path in ("/_mocks/journal", "/_mocks/ledger", "/_mocks/lending/outbox", "/_mocks/mail/outbox"):
        assert client.get(path, headers=RAVI).status_code == 200, path
    # The gateway's own calls to the mocks are no QA control: the shop keeps working.
    assert client.post("/_mocks/lending/sendOtp", json={"mobileNumber": "9876543210"}).status_code == 200

    moved = client.post("/_mocks/clock", headers=ASHA, json={"days": 40})
    assert moved.status_code == 200 and moved.json()["offsetSeconds"] == before + 40 * 86400
    ran = client.post("/_mocks/scenario-files/lender-down-then-back/run", headers=ASHA)
    assert ran.status_code == 200 and ran.json()["passed"] is True  # the recipe's calls are the holder's
    assert client.post("/_mocks/reset", headers=ASHA).status_code == 200
    assert client.get("/_mocks/hold").json()["holder"] == "asha.qa"  # a reset keeps the hold

    # The hold lapses after its 30 minutes: then Ravi's move works.
    real_time.now += 29 * 60
    assert client.post("/_mocks/clock", headers=RAVI, json={"days": 1}).status_code == 409
    real_time.now += 60
    assert client.get("/_mocks/hold").json()["held"] is False
    assert client.post("/_mocks/clock", headers=RAVI, json={"days": 1}).status_code == 200


def test_the_holder_releases_and_the_world_is_open_again(client: TestClient[object]) -> None:
    client.post("/_mocks/hold", headers=ASHA).raise_for_status()
    released = client.delete("/_mocks/hold", headers=ASHA)
    assert released.status_code == 200 and released.json()["held"] is False
    assert client.post("/_mocks/clock", headers=RAVI, json={"days": 1}).status_code == 200


def test_a_script_takes_the_hold_by_name_and_acts_with_its_token(
    client: TestClient[object], real_time: RealTime
) -> None:
    assert client.post("/_mocks/hold", json={}).status_code == 400  # nobody named
    taken = client.post("/_mocks/hold", json={"name": "nightly.qa", "minutes": 5})
    token = taken.json()["token"]
    assert taken.status_code == 200 and token
    assert client.post("/_mocks/clock", json={"days": 1}).status_code == 409
    assert client.post("/_mocks/clock", headers={"X-QA-Hold": "not-the-token"}, json={"days": 1}).status_code == 409
    assert client.post("/_mocks/clock", headers={"X-QA-Hold": token}, json={"days": 1}).status_code == 200
    real_time.now += 4 * 60
    renewed = client.post("/_mocks/hold", headers={"X-QA-Hold": token}, json={"name": "nightly.qa", "minutes": 5})
    assert renewed.json()["token"] == token and renewed.json()["secondsLeft"] == 300
    assert client.delete("/_mocks/hold", headers={"X-QA-Hold": token}).json()["held"] is False
