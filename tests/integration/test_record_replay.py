"""Record a service's exchanges through the recording proxy, then replay them from a fresh mock.

The "real service" here is the running mock suite; the replaying one is a fresh suite loaded
with the recording (`--seed DIR`), whose own seed data would answer differently.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import httpx

from upstream_mocks.examples import contract_path
from upstream_mocks.recorder import create_recorder
from upstream_mocks.suite import create_suite

VERIFY = {"platform": "WEB", "userType": "USER", "businessType": 1}


async def _record(service: str, live: Any, out: Path, calls: Any) -> list[httpx.Response]:
    log = io.StringIO()
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=live), base_url=f"http://live.internal/_mocks/{service}/"
    ) as target:
        recorder = create_recorder(service, target, out, contract_path(service), log=log)
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=recorder), base_url="http://rec/") as client:
            answers = await calls(client)
    assert "BREAKS THE CONTRACT" not in log.getvalue()
    return answers


async def _replay(service: str, seed: Path, calls: Any) -> list[httpx.Response]:
    fresh = create_suite(seed=seed)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=fresh), base_url=f"http://fresh.internal/_mocks/{service}/"
    ) as client:
        answers: list[httpx.Response] = await calls(client)
        return answers


async def test_a_recorded_borrower_replays_with_personal_data_masked(tmp_path: Path) -> None:
    live = create_suite()
    world = live.state.world

    async def login(client: httpx.AsyncClient) -> list[httpx.Response]:
        await client.post("sendOtp", json={"mobileNumber": "9876543210"})
        code = world.outbox["9876543210"].otp if "9876543210" in world.outbox else "000000"
        verified = await client.post(
            "webRepayment/verifyOtp", json={"mobileNumber": "9876543210", "otp": code, **VERIFY}
        )
        token = verified.json().get("accessToken", "none")
        detail = await client.get(
            "webRepayment/repaymentDetail", params={"userId": 1001}, headers={"Authorization": f"Bearer {token}"}
        )
        return [verified, detail]

    live_verified, live_detail = await _record("lending", live, tmp_path, login)
    assert live_verified.json()["data"][0]["userName"] == "Ramesh Kumar"  # the client got the real answer

    files = sorted((tmp_path / "lending").glob("*.json"))
    assert [f.name.split("-", 1)[1] for f in files] == [
        "sendOtp.json",
        "verifyRepaymentOtp.json",
        "repaymentDetail.json",
    ]
    recorded = "".join(f.read_text() for f in files)
    for secret in ("9876543210", "Ramesh Kumar", live_verified.json()["accessToken"]):
        assert secret not in recorded

    # The fresh mock never sent a code, so only the recording can log this borrower in.
    async def replay_login(client: httpx.AsyncClient) -> list[httpx.Response]:
        code = json.loads(files[1].read_text())["request"]["body"]["otp"]
        verified = await client.post(
            "webRepayment/verifyOtp", json={"mobileNumber": "9876543210", "otp": code, **VERIFY}
        )
        detail = await client.get(
            "webRepayment/repaymentDetail", params={"userId": 1001}, headers={"Authorization": "Bearer anything"}
        )
        return [verified, detail]

    verified, detail = await _replay("lending", tmp_path, replay_login)
    assert verified.status_code == 200 and detail.status_code == 200
    assert detail.json() == live_detail.json()
    record, live_record = verified.json()["data"][0], live_verified.json()["data"][0]
    assert record["userId"] == 1001 and record["remainingAmount"] == live_record["remainingAmount"]
    assert record["userName"].startswith("Customer ") and record["mobileNumber"] != "9876543210"
    assert verified.json()["accessToken"].startswith("masked-")


async def _fill_cart(client: httpx.AsyncClient, auth: dict[str, str]) -> list[httpx.Response]:
    """The empty cart, a product added, the full cart and the first catalogue page."""
    empty = await client.get("electrician/getCart/2001", headers=auth)
    line = {"userId": 2001, "productId": 2, "quantity": 3, "distributorId": 303}
    await client.post("electrician/addCart", json=line, headers=auth)
    full = await client.get("electrician/getCart/2001", headers=auth)
    page = await client.get("electrician/getProductCatalogListMobile", params={"productType": "quickCommerce"})
    return [empty, full, page]


async def test_a_recorded_cart_replays_in_order(tmp_path: Path) -> None:
    live = create_suite()
    world = live.state.world

    async def shop(client: httpx.AsyncClient) -> list[httpx.Response]:
        world.record_code("9876543210", "482913")
        login = await client.post("verifyOtp", json={"mobileNumber": "9876543210", "otp": "482913", **VERIFY})
        return await _fill_cart(client, {"Authorization": f"Bearer {login.json()['accessToken']}"})

    live_answers = await _record("catalogue", live, tmp_path, shop)

    async def replay(client: httpx.AsyncClient) -> list[httpx.Response]:
        return await _fill_cart(client, {"Authorization": "Bearer replayed"})

    replayed = await _replay("catalogue", tmp_path, replay)
    assert [r.status_code for r in replayed] == [r.status_code for r in live_answers] == [400, 200, 200]
    assert [r.json() for r in replayed] == [r.json() for r in live_answers]
    assert replayed[1].json()["data"][0]["productName"] == "Voltara 6A 3-Pin Socket"
