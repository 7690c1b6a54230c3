"""The credit and loan screens on a 360 px phone, in English and in Hindi: the Key Facts
Statement (a long e-mail address in it) does not scroll the page sideways, no amount beside a long
term breaks over two lines, no date in a loan's tables either, and each consent's tick box sits
beside its sentence. The return form in Hindi offers its photos with a button in Hindi (the
browser's own file button speaks the browser's language)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import Server
from tests.e2e.portal_steps import portal_login
from tests.e2e.store_steps import RAMESH, advance, api_login, place_by_api

# One new shopper a language: an approval's offers are kept by the shopper's number until one is
# accepted, so a second application by the same number would find the first one's offers.
NEW_SHOPPERS = {"en": "9000012399", "hi": "9000012398"}
# A 1x1 PNG, as a phone's photo would be picked.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de"
    "0000000c49444154789c63f8cfc0000003010100c9fe92ef0000000049454e44ae426082"
)

# Every ₹ amount in a figures list whose characters do not all sit on one line.
BROKEN_AMOUNTS = """() => {
  const broken = [];
  for (const dd of document.querySelectorAll("main dd")) {
    const walker = document.createTreeWalker(dd, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.textContent.matchAll(/₹[0-9,]+\\.[0-9]{2}/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
  }
  return broken;
}"""


# Every date in a table ("10 मार्च 2027") whose words do not all sit on one line.
BROKEN_DATES = """() => [...document.querySelectorAll("main td")]
  .filter((td) => /^[0-9]{1,2} \\S+ [0-9]{4}$/.test(td.textContent.trim()))
  .filter((td) => {
    const range = document.createRange();
    range.selectNodeContents(td);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
  })
  .map((td) => td.textContent)"""


def scrolls_sideways(page: Page) -> bool:
    return bool(page.evaluate("() => document.documentElement.scrollWidth > document.documentElement.clientWidth"))


def to_language(page: Page, language: str) -> None:
    """The store header's switch, as a shopper changes language on the page they are on."""
    if language == "hi":
        page.locator("button[lang=hi]").click()
        expect(page.locator("html")).to_have_attribute("lang", "hi")
        expect(page.locator("button[lang=en]")).to_be_visible()


def beside(box: Locator, sentence: Locator) -> None:
    """The tick box left of its sentence, on its first line, and a tick box's size."""
    tick, text = box.bounding_box(), sentence.bounding_box()
    assert tick is not None and text is not None
    assert tick["width"] < 32, tick
    assert tick["x"] + tick["width"] <= text["x"], (tick, text)
    assert abs(tick["y"] - text["y"]) < 16, (tick, text)


@pytest.mark.parametrize("language", ["en", "hi"])
def test_the_key_facts_fit_a_phone_with_their_tick_boxes_beside_their_sentences(
    phone_page: Page, server: Server, language: str
) -> None:
    page = phone_page
    api_login(page, server, NEW_SHOPPERS[language])
    page.goto("/credit/apply")
    consent = page.locator("main label").filter(has=page.get_by_role("checkbox"))
    beside(consent.get_by_role("checkbox"), consent.locator("span"))
    page.get_by_label("Your name").fill("Farhan Ali")
    page.get_by_label("Business name").fill("Ali Electricals")
    page.get_by_label("GSTIN or PAN").fill("27abcpa1234f1z5")
    page.get_by_role("checkbox", name=re.compile("check my credit bureau report")).check()
    page.get_by_role("button", name="Apply", exact=True).click()
    page.get_by_role("article").first.get_by_role("button", name=re.compile("Read the Key Facts")).click()
    expect(page.get_by_role("region", name="Key Facts Statement")).to_contain_text("nodal.officer@arthvik.example")
    to_language(page, language)
    # Found by its tick box: its name is in the page's language.
    facts = page.locator("main section").filter(has=page.get_by_role("checkbox")).last
    expect(facts).to_contain_text("nodal.officer@arthvik.example")

    assert not scrolls_sideways(page)
    assert page.evaluate(BROKEN_AMOUNTS) == []
    beside(facts.get_by_role("checkbox"), facts.locator("label span"))


@pytest.mark.parametrize("language", ["en", "hi"])
def test_a_loans_amounts_and_dates_stay_on_one_line_on_a_phone(phone_page: Page, server: Server, language: str) -> None:
    page = phone_page
    page.context.add_cookies([{"name": "lang", "value": language, "url": server.url}])
    portal_login(page, server)
    page.goto("/loans/LN-1001")
    expect(page.locator("main dd").filter(has_text="₹12,450.00").first).to_be_visible()
    assert not scrolls_sideways(page)
    assert page.evaluate(BROKEN_AMOUNTS) == []
    expect(page.locator("main td").filter(has_text="2027").first).to_be_visible()
    assert page.evaluate(BROKEN_DATES) == []


def test_the_return_form_in_hindi_picks_photos_with_a_hindi_button(phone_page: Page, server: Server) -> None:
    page = phone_page
    page.context.add_cookies([{"name": "lang", "value": "hi", "url": server.url}])
    api_login(page, server, RAMESH)
    number = place_by_api(page, {2: 1})
    advance(server, number, 4)  # delivered
    page.goto(f"/orders/{number}")
    page.get_by_role("button", name="सामान लौटाएँ").click()
    form = page.get_by_test_id("return-form")
    native = form.get_by_test_id("return-photos")
    box = native.bounding_box()
    assert box is not None and box["width"] <= 1  # the browser's English 'Choose Files' is not shown
    with page.expect_file_chooser() as chooser:
        form.get_by_text("फ़ोटो चुनें", exact=True).click()
    chooser.value.set_files(files=[{"name": "cracked.png", "mimeType": "image/png", "buffer": PNG}])
    expect(form.get_by_test_id("photo-count")).to_contain_text("4 में से 1 फ़ोटो जोड़ी गईं")
    assert not scrolls_sideways(page)
