"""The `Accept-Language` extension of the catalogue contract: the gateway's client asks for the
catalogue's words in the shopper's language, the mock answers them in Hindi (category names,
details, colours, sizes, the saving), names and brands as they are, and the exchange conforms."""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

from gateway.upstreams.catalogue import CatalogueClient
from gateway.upstreams.http import UpstreamHttp
from tests.contract.conftest import RecordingMock, assert_conforms, contract_for
from upstream_mocks.catalogue.hindi import HINDI
from upstream_mocks.catalogue.ranges import CATEGORIES
from upstream_mocks.catalogue.seed import COLOURS

DEVANAGARI = re.compile(r"[\u0900-\u097F]")


def test_every_word_of_the_seed_has_its_hindi() -> None:
    texts = {c.name for c in CATEGORIES} | set(COLOURS)
    for category in CATEGORIES:
        texts |= {category.warranty or "1 piece"}
        for item in category.items:
            texts |= {item.detail, item.pack, item.warranty or "1 piece"} - {""}
    missing = sorted(text for text in texts if text not in HINDI)
    assert missing == []
    # A size is numbers, units and codes ("20mm x 3m", "B22"), or has its Hindi ("2 module").
    plain = re.compile(r"[0-9.x]*(mm|m|W|V|A)?|sq|[A-Z]+[0-9]+")
    sizes = {item.size for category in CATEGORIES for item in category.items}
    worded = {size for size in sizes if not all(plain.fullmatch(word) for word in size.split())}
    assert sorted(worded - HINDI.keys()) == []
    assert all(DEVANAGARI.search(hindi) for text, hindi in HINDI.items() if re.search(r"[a-z]{3,}", text))


async def test_the_catalogue_answers_in_the_language_asked_for_and_conforms(
    recording_mock: Callable[..., AbstractAsyncContextManager[RecordingMock]],
) -> None:
    async with recording_mock("catalogue") as mock:
        client = CatalogueClient(UpstreamHttp("catalogue", mock.client))
        [hindi] = await client.products(1, 1, language="hi")
        [english] = await client.products(1, 1)
        assert english.product_name == hindi.product_name  # a name stays as it is
        assert english.product_detail == "Medium gauge, 3 m length, ISI marked"
        assert hindi.product_detail == "मीडियम गेज, 3 m लंबाई, ISI मार्क"
        assert hindi.discount is not None and hindi.discount.startswith("MRP पर ₹")
        categories = await client.categories("hi")
        assert categories[0].name == "PVC कंड्यूट पाइप" and categories[0].slug == "pvc-conduit-pipes"
        # A shopper reading Hindi searches in Hindi: 'पंख' finds the fans ('पंखे').
        fans = await client.products(1, 48, "पंख", language="hi")
        assert fans and {product.category.slug for product in fans if product.category} == {"fans"}
        sent = [request.headers["accept-language"] for request, _ in mock.recorded.exchanges]
        assert sent == ["hi", "en", "hi", "hi"]
        assert_conforms(contract_for("catalogue"), mock.recorded.exchanges)
