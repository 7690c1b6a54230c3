"""The `Accept-Language` extension of the lending and orders contracts: the gateway's clients
send it where a text for the user is made, the mocks write in it, and the documents refuse
a language they do not name."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lenders.native.repayments import LendingClient
from tests.contract.conftest import RecordingMock, assert_conforms, contract_for

RAMESH = "9876543210"


async def test_a_code_asked_for_in_hindi_is_sent_in_hindi_and_conforms(
    recording_mock: Callable[..., AbstractAsyncContextManager[RecordingMock]],
) -> None:
    async with recording_mock("lending") as mock:
        client = LendingClient(UpstreamHttp("lending", mock.client))
        await client.send_otp(RAMESH, "hi")
        sent = mock.world.outbox[RAMESH]
        assert (sent.language, sent.message) == (
            "hi",
            f"आपका OTP {sent.otp} है। यह 10 मिनट तक मान्य है। इसे किसी के साथ साझा न करें।",
        )
        await client.send_otp(RAMESH)  # English unless asked
        assert mock.world.outbox[RAMESH].message.startswith("Your OTP is ")
        [first, second] = mock.recorded.exchanges
        assert (first[0].headers["accept-language"], second[0].headers["accept-language"]) == ("hi", "en")
        assert_conforms(contract_for("lending"), mock.recorded.exchanges)


async def test_a_language_the_contract_does_not_name_is_refused_by_the_checking_mock(
    recording_mock: Callable[..., AbstractAsyncContextManager[RecordingMock]],
) -> None:
    async with recording_mock("lending", check_contracts=True) as mock:
        refused = await mock.client.post("sendOtp", json={"mobileNumber": RAMESH}, headers={"Accept-Language": "fr"})
        assert refused.status_code == 400
        assert "'fr' is not one of ['en', 'hi']" in refused.json()["message"]
        assert RAMESH not in mock.world.outbox
        sent = await mock.client.post("sendOtp", json={"mobileNumber": RAMESH}, headers={"Accept-Language": "hi"})
        assert sent.status_code == 200 and mock.world.outbox[RAMESH].language == "hi"
