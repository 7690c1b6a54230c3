"""Amounts in Hindi words, Indian numbering (हज़ार, लाख, करोड़), as an invoice writes them:
"एक लाख पाँच हज़ार रुपये और पचास पैसे मात्र". num2words has no Hindi; Hindi names each number
below a hundred with a word of its own, so they are listed."""

from __future__ import annotations

from decimal import Decimal

from upstream_mocks.money import rupees

# fmt: off
BELOW_HUNDRED = (
    "शून्य", "एक", "दो", "तीन", "चार", "पाँच", "छह", "सात", "आठ", "नौ",
    "दस", "ग्यारह", "बारह", "तेरह", "चौदह", "पंद्रह", "सोलह", "सत्रह", "अठारह", "उन्नीस",
    "बीस", "इक्कीस", "बाईस", "तेईस", "चौबीस", "पच्चीस", "छब्बीस", "सत्ताईस", "अट्ठाईस", "उनतीस",
    "तीस", "इकतीस", "बत्तीस", "तैंतीस", "चौंतीस", "पैंतीस", "छत्तीस", "सैंतीस", "अड़तीस", "उनतालीस",
    "चालीस", "इकतालीस", "बयालीस", "तैंतालीस", "चवालीस", "पैंतालीस", "छियालीस", "सैंतालीस", "अड़तालीस", "उनचास",
    "पचास", "इक्यावन", "बावन", "तिरपन", "चौवन", "पचपन", "छप्पन", "सत्तावन", "अट्ठावन", "उनसठ",
    "साठ", "इकसठ", "बासठ", "तिरसठ", "चौंसठ", "पैंसठ", "छियासठ", "सड़सठ", "अड़सठ", "उनहत्तर",
    "सत्तर", "इकहत्तर", "बहत्तर", "तिहत्तर", "चौहत्तर", "पचहत्तर", "छिहत्तर", "सतहत्तर", "अठहत्तर", "उन्यासी",
    "अस्सी", "इक्यासी", "बयासी", "तिरासी", "चौरासी", "पचासी", "छियासी", "सत्तासी", "अट्ठासी", "नवासी",
    "नब्बे", "इक्यानवे", "बानवे", "तिरानवे", "चौरानवे", "पचानवे", "छियानवे", "सत्तानवे", "अट्ठानवे", "निन्यानवे",
)
# fmt: on
PLACES = ((10_000_000, "करोड़"), (100_000, "लाख"), (1_000, "हज़ार"), (100, "सौ"))


def hindi_number(number: int) -> str:
    if number < 100:
        return BELOW_HUNDRED[number]
    words: list[str] = []
    for size, name in PLACES:
        if number >= size:
            count, number = divmod(number, size)
            words += [hindi_number(count), name]
    if number:
        words.append(BELOW_HUNDRED[number])
    return " ".join(words)


def in_hindi_words(amount: Decimal) -> str:
    """ "एक हज़ार तीन सौ दो रुपये और बावन पैसे मात्र"."""
    value = rupees(amount)
    if value < 0:
        raise ValueError("an amount in words is never negative")
    whole = int(value)
    paise = int((value - whole) * 100)
    text = f"{hindi_number(whole)} रुपये"
    if paise:
        text += f" और {hindi_number(paise)} पैसे"
    return text + " मात्र"
