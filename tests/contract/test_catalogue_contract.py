"""contracts/catalogue.openapi.yaml vs the catalogue mock vs the gateway's CatalogueClient.

Every request the gateway's client sends to the in-process mock, and every answer the mock
gives, is validated against the document with openapi-core.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from openapi_core.validation.request.exceptions import SecurityValidationError

from gateway.plumbing.errors import UpstreamRefused
from gateway.upstreams.catalogue import AddCartBody, AddressSave, CatalogueClient, UpdateCartBody
from gateway.upstreams.http import UpstreamHttp
from tests.contract.conftest import Recorded, RecordingMock, assert_conforms, contract_for
from upstream_mocks.contract import Contract, ContractRequest
from upstream_mocks.sms import issue_code

STORE_USER = "9876543210"


@dataclass
class Catalogue:
    client: CatalogueClient
    raw: httpx.AsyncClient
    recorded: Recorded
    world: Any


@pytest.fixture(scope="module")
def contract() -> Contract:
    return contract_for("catalogue")


@pytest.fixture
async def catalogue(
    recording_mock: Callable[..., AbstractAsyncContextManager[RecordingMock]],
) -> AsyncIterator[Catalogue]:
    async with recording_mock("catalogue", check_contracts=True) as mock:
        client = CatalogueClient(UpstreamHttp("catalogue", mock.client))
        yield Catalogue(client, mock.client, mock.recorded, mock.world)


async def log_in(catalogue: Catalogue, mobile: str = STORE_USER) -> tuple[int, str]:
    result = await catalogue.client.verify_otp(mobile, issue_code(catalogue.world, mobile))
    return result.record.user_id, result.access_token


async def test_the_whole_store_conversation_conforms(contract: Contract, catalogue: Catalogue) -> None:
    client = catalogue.client
    page = await client.products(1, 12)
    assert len(page) == 12
    assert len(await client.products(13, 12)) < 12  # the last, short page
    assert all("led" in p.product_name.lower() for p in await client.products(1, 12, "LED"))
    assert (await client.product(5)) is not None
    assert (await client.product(99999)) is None

    user_id, token = await log_in(catalogue)
    with pytest.raises(UpstreamRefused) as empty:
        await client.cart(user_id, token)
    assert empty.value.status == 400  # the empty cart, as the real service answers it
    await client.add_cart(AddCartBody(user_id=user_id, product_id=5, quantity=1, distributor_id=304), token)
    await client.update_cart(UpdateCartBody(user_id=user_id, product_id=5, quantity=2, distributor_id=304), token)
    await client.add_cart(AddCartBody(user_id=user_id, product_id=9, quantity=1, distributor_id=301), token)
    await client.update_cart(UpdateCartBody(user_id=user_id, product_id=9, quantity=0), token)
    lines = await client.cart(user_id, token)
    assert [(line.product_id, line.quantity) for line in lines] == [(5, 2)]
    assert len(await client.brands(token)) >= 8
    addresses = await client.addresses(user_id, token)
    assert [a.is_last_address for a in addresses].count("1") == 1

    godown = AddressSave(
        user_id=user_id,
        name="Ramesh Kumar",
        mobile_number=STORE_USER,
        address1="Godown 3, Industrial Area Phase 2",
        pincode="110020",
        city="New Delhi",
        state="Delhi",
        is_default="1",
    )
    saved = await client.save_address(godown, token)
    assert saved.id is not None and saved.is_default == "1"
    changed = await client.save_address(AddressSave.of(saved, user_id), token)
    assert changed.is_default == "1"  # a change without the mark keeps it
    await client.remove_address(user_id, saved.id, token)
    await client.remove_address(user_id, saved.id, token)  # again: not an error
    assert saved.id not in {a.id for a in await client.addresses(user_id, token)}

    assert_conforms(contract, catalogue.recorded.exchanges)


async def test_refusals_conform_too(contract: Contract, catalogue: Catalogue) -> None:
    client = catalogue.client
    user_id, _ = await log_in(catalogue)
    with pytest.raises(UpstreamRefused) as wrong_code:
        await client.verify_otp(STORE_USER, "000000")  # the code sent was used by the login above
    assert wrong_code.value.status == 400
    with pytest.raises(UpstreamRefused) as forged:
        await client.cart(user_id, "forged-token")
    assert forged.value.status == 401
    other_id, other_token = await log_in(catalogue, "9000000002")
    with pytest.raises(UpstreamRefused) as someone_else:
        await client.addresses(user_id, other_token)
    assert someone_else.value.status == 403
    with pytest.raises(UpstreamRefused) as not_in_cart:
        await client.update_cart(UpdateCartBody(user_id=other_id, product_id=3, quantity=1), other_token)
    assert not_in_cart.value.status == 400
    assert other_id != user_id

    assert_conforms(contract, catalogue.recorded.exchanges)


async def test_a_new_number_becomes_a_store_user_with_no_addresses(catalogue: Catalogue) -> None:
    first_id, token = await log_in(catalogue, "9000000003")
    again_id, _ = await log_in(catalogue, "9000000003")
    assert first_id == again_id
    assert await catalogue.client.addresses(first_id, token) == []


async def test_the_mock_refuses_what_the_contract_forbids(catalogue: Catalogue) -> None:
    user_id, token = await log_in(catalogue)
    headers = {"Authorization": f"Bearer {token}"}
    missing = await catalogue.raw.post("electrician/addCart", json={"userId": user_id, "productId": 5}, headers=headers)
    assert missing.status_code == 400
    assert "quantity" in missing.json()["message"] or "distributorId" in missing.json()["message"]
    no_token = await catalogue.raw.get(f"electrician/getCart/{user_id}")
    assert no_token.status_code == 401
    wrong_type = await catalogue.raw.get("electrician/getProductCatalogListMobile", params={"productType": "bulk"})
    assert wrong_type.status_code == 400


def test_the_document_requires_a_bearer_where_the_specification_does(contract: Contract) -> None:
    for method, path in (
        ("GET", "/electrician/getCart/2001"),
        ("POST", "/electrician/addCart"),
        ("POST", "/electrician/updateCart"),
        ("GET", "/users/getBrands/1?productType=quickCommerce"),
        ("POST", "/address"),
        ("POST", "/address/save"),
        ("POST", "/address/remove"),
    ):
        bare, _, query = path.partition("?")
        request = ContractRequest.build(method, bare, query, [(b"content-type", b"application/json")], b"{}")
        with pytest.raises(SecurityValidationError):
            contract.openapi.validate_request(request)
    catalogue_list = ContractRequest.build(
        "GET", "/electrician/getProductCatalogListMobile", "productType=quickCommerce&page=1&pageSize=12", [], b""
    )
    contract.openapi.validate_request(catalogue_list)  # browsing needs no token
