"""Seed catalogue: 130 products over the credit page's ten categories, 8 invented brands,
and the store user 9876543210 with two saved addresses."""

from __future__ import annotations

import random

import msgspec

PRODUCT_TYPE = "quickCommerce"


class Brand(msgspec.Struct, kw_only=True):
    id: int
    name: str
    colour: str  # drawing colour of the generated logo


class Category(msgspec.Struct, kw_only=True):
    slug: str
    name: str
    colour: str
    # (name stem, detail, size, base price in rupees)
    items: list[tuple[str, str, str, float]]


class Product(msgspec.Struct, kw_only=True):
    id: int
    product_name: str
    product_detail: str
    category: str
    brand_id: int
    listing_price: float
    mrp: float
    mrp_with_cash_discount: float
    discount: str
    ratings: float
    discount_to_merchant: float
    distributor_id: int
    color: str
    size: str
    # Tax and stock facts the orders service reads: HSN heading, GST rate (percent), units on hand.
    hsn_code: str = "8536"
    gst_rate: int = 18
    stock_quantity: int = 25


class Address(msgspec.Struct, kw_only=True):
    id: int
    user_id: int
    name: str
    mobile_number: str
    address1: str
    address2: str
    pincode: str
    city: str
    state: str
    country: str
    is_active: int
    is_last_address: str


class StoreUser(msgspec.Struct, kw_only=True):
    user_id: int
    mobile_number: str
    user_name: str
    email: str | None = None  # where order mails go; None: no e-mail on record


class CartLine(msgspec.Struct, kw_only=True):
    id: int
    product_id: int
    quantity: int
    distributor_id: int


class CatalogueState(msgspec.Struct, kw_only=True):
    brands: list[Brand]
    products: list[Product]
    users: dict[str, StoreUser]  # by mobile number
    addresses: list[Address]
    carts: dict[int, list[CartLine]] = msgspec.field(default_factory=dict)  # by user id
    tokens: dict[str, int] = msgspec.field(default_factory=dict)  # access token -> user id
    next_user_id: int = 7000
    next_line_id: int = 1


BRANDS = [
    Brand(id=1, name="Voltara", colour="#1e2a78"),
    Brand(id=2, name="Shaktiwire", colour="#b42318"),
    Brand(id=3, name="Brightnest", colour="#0c7f7f"),
    Brand(id=4, name="Kavach Power", colour="#6a3fa0"),
    Brand(id=5, name="Orbitron", colour="#176b3a"),
    Brand(id=6, name="Suryaline", colour="#a05a00"),
    Brand(id=7, name="Trikon", colour="#2a5db0"),
    Brand(id=8, name="Dhruva Electric", colour="#7a2048"),
]

CATEGORIES = [
    Category(
        slug="pvc-conduit-pipes",
        name="PVC conduit pipes",
        colour="#3b82c4",
        items=[
            ("PVC Conduit Pipe 20mm", "Medium gauge, 3 m length, ISI marked", "20mm x 3m", 62.0),
            ("PVC Conduit Pipe 25mm", "Heavy gauge, 3 m length, fire retardant", "25mm x 3m", 88.0),
            ("PVC Flexible Conduit 19mm", "Corrugated, 50 m coil for concealed wiring", "19mm x 50m", 540.0),
            ("PVC Conduit Bend 20mm", "Long radius bend for smooth cable pull", "20mm", 14.0),
            ("PVC Junction Box 2-Way", "Deep box for conduit runs", "20mm", 22.0),
            ("PVC Conduit Pipe 32mm", "Heavy gauge for main runs, 3 m", "32mm x 3m", 142.0),
            ("PVC Conduit Coupler 25mm", "Push-fit coupler, pack of 10", "25mm", 45.0),
            ("PVC Saddle Clip 20mm", "Wall saddle, pack of 50", "20mm", 75.0),
            ("PVC Conduit Elbow 25mm", "", "25mm", 18.0),
            ("PVC Conduit Tee 20mm", "Inspection tee with cover", "20mm", 24.0),
            ("PVC Conduit Pipe 16mm", "Light gauge for surface runs", "16mm x 3m", 48.0),
            ("PVC Reducer 25-20mm", "", "25mm to 20mm", 12.0),
            ("PVC Round Box 4-Way", "Ceiling box with 4 entries", "20mm", 28.0),
        ],
    ),
    Category(
        slug="socket-switchgear",
        name="Socket & Switchgear",
        colour="#7c5cc4",
        items=[
            ("6A 3-Pin Socket", "Modular, child-safe shutters", "1 module", 85.0),
            ("16A 3-Pin Power Socket", "For geysers and air conditioners", "2 module", 165.0),
            ("Universal Socket 6A", "Takes round and flat pins", "2 module", 120.0),
            ("USB Charger Socket", "Dual port, 2.4 A total", "2 module", 690.0),
            ("16A Switch Socket Combined", "Metal clad, surface mount", "Single", 420.0),
            ("Industrial Socket 32A", "IP44, 3-pin plus earth", "32A", 980.0),
            ("TV Coaxial Socket", "", "1 module", 95.0),
            ("RJ45 Data Socket", "Cat6 keystone jack", "1 module", 210.0),
            ("Telephone Socket RJ11", "", "1 module", 90.0),
            ("5-Pin Socket 6A", "Classic round pin pattern", "Single", 70.0),
            ("Shaver Socket", "Bathroom safe, isolated output", "2 module", 760.0),
            ("20A Power Socket", "Heavy duty contacts", "3 module", 240.0),
            ("Multi Socket Plate", "4 sockets with master switch", "8 module", 560.0),
        ],
    ),
    Category(
        slug="switches",
        name="Switches",
        colour="#2f9e8f",
        items=[
            ("6A One-Way Switch", "Modular, silver contacts", "1 module", 45.0),
            ("6A Two-Way Switch", "For staircase wiring", "1 module", 68.0),
            ("16A One-Way Switch", "For heavy appliances", "2 module", 98.0),
            ("Bell Push Switch", "Momentary contact", "1 module", 52.0),
            ("20A DP Switch", "Double pole with indicator", "2 module", 310.0),
            ("Fan Regulator Step Type", "5-step, silent operation", "2 module", 380.0),
            ("Touch Switch 2-Gang", "Glass panel touch control", "2 gang", 1450.0),
            ("Dimmer 400W", "Rotary, for incandescent loads", "2 module", 520.0),
            ("Bed Switch", "Cord switch with strain relief", "Single", 38.0),
            ("Intermediate Switch", "For three-place control", "1 module", 145.0),
            ("Key Card Switch", "Hotel style energy saver", "3 module", 1180.0),
            ("Indicator Switch 6A", "Neon indicator", "1 module", 82.0),
            ("Piano Switch Board 8-Way", "", "8 way", 260.0),
        ],
    ),
    Category(
        slug="home-wires",
        name="Home Wires",
        colour="#c4573b",
        items=[
            ("FR House Wire 1.0 sq mm", "Flame retardant, 90 m coil", "1.0 sq mm x 90m", 1150.0),
            ("FR House Wire 1.5 sq mm", "Flame retardant, 90 m coil", "1.5 sq mm x 90m", 1620.0),
            ("FR House Wire 2.5 sq mm", "Flame retardant, 90 m coil", "2.5 sq mm x 90m", 2590.0),
            ("FRLS House Wire 4.0 sq mm", "Low smoke, 90 m coil", "4.0 sq mm x 90m", 4120.0),
            ("HFFR House Wire 1.5 sq mm", "Halogen free", "1.5 sq mm x 90m", 1990.0),
            ("Flexible Copper Wire 0.75 sq mm", "Multi-strand, 90 m", "0.75 sq mm x 90m", 860.0),
            ("Twin Flat Cable 1.0 sq mm", "For appliances", "1.0 sq mm x 90m", 2240.0),
            ("3-Core Round Cable 1.5 sq mm", "Sheathed, 100 m", "1.5 sq mm x 100m", 5450.0),
            ("Submersible Flat Cable 2.5 sq mm", "", "2.5 sq mm x 100m", 6800.0),
            ("Earthing Wire 2.5 sq mm", "Green-yellow", "2.5 sq mm x 90m", 2480.0),
            ("Speaker Wire 0.5 sq mm", "Red-black pair", "0.5 sq mm x 90m", 720.0),
            ("CCTV Coaxial Cable", "RG6 with power pair", "90m", 1850.0),
            ("LAN Cable Cat6", "Solid copper, 305 m box", "305m", 7600.0),
        ],
    ),
    Category(
        slug="lamps-bulbs",
        name="Lamps & Bulbs",
        colour="#d9a400",
        items=[
            ("Halogen Lamp 50W", "GU10 base, warm light", "50W", 120.0),
            ("CFL Spiral 23W", "Cool daylight", "23W", 180.0),
            ("Incandescent Bulb 60W", "Clear glass, B22 base", "60W", 25.0),
            ("Table Lamp Classic", "Fabric shade, E27 holder", "Medium", 890.0),
            ("Emergency Lamp Rechargeable", "4 hour backup", "Portable", 650.0),
            ("Night Lamp Plug-in", "Soft glow, 0.5 W", "Mini", 75.0),
            ("Fluorescent Tube 36W", "T8, 4 ft", "4 ft", 95.0),
            ("Decorative Filament Lamp", "Vintage style, E27", "G95", 240.0),
            ("Sodium Vapour Lamp 70W", "For street lighting", "70W", 420.0),
            ("Study Lamp Adjustable", "", "Medium", 760.0),
            ("Pendant Lamp Holder", "Brass, B22", "B22", 60.0),
            ("Garden Spike Lamp", "Weatherproof", "IP65", 540.0),
            ("Mirror Lamp 8W", "Bathroom mirror fitting", "8W", 390.0),
        ],
    ),
    Category(
        slug="door-bells",
        name="Home Door Bells",
        colour="#c43b7c",
        items=[
            ("Ding Dong Door Bell", "Two-tone chime, 230 V", "Standard", 210.0),
            ("Musical Door Bell 16 Tunes", "Selectable melodies", "Standard", 290.0),
            ("Wireless Door Bell", "100 m range, plug-in receiver", "Wireless", 780.0),
            ("Bird Chirp Door Bell", "", "Compact", 240.0),
            ("Video Door Phone", "4.3 inch indoor screen", "4.3 in", 6400.0),
            ("Battery Door Bell", "Runs on 2 AA cells", "Compact", 320.0),
            ("Mantra Door Bell", "Devotional chant", "Standard", 350.0),
            ("Call Bell Buzzer", "For offices and clinics", "Mini", 150.0),
            ("Waterproof Bell Push", "For outdoor gates", "IP44", 180.0),
            ("Smart Wi-Fi Door Bell", "App alerts and two-way talk", "Smart", 4200.0),
            ("Door Bell Transformer", "8 V output", "8 V", 260.0),
            ("Gong Bell Heavy", "Loud metal gong", "Large", 540.0),
            ("Door Bell Push Brass", "", "Brass", 130.0),
        ],
    ),
    Category(
        slug="mcb-rccb",
        name="MCB & RCCB",
        colour="#3b5bc4",
        items=[
            ("MCB 6A Single Pole", "C curve, 10 kA", "1 pole", 190.0),
            ("MCB 16A Single Pole", "C curve, 10 kA", "1 pole", 195.0),
            ("MCB 32A Double Pole", "C curve, isolator grade", "2 pole", 620.0),
            ("MCB 63A Four Pole", "For main incomer", "4 pole", 2450.0),
            ("RCCB 25A 30mA", "Double pole, shock protection", "2 pole", 1890.0),
            ("RCCB 40A 30mA", "Four pole", "4 pole", 3250.0),
            ("RCBO 16A 30mA", "Overload and leakage in one", "1 pole+N", 2150.0),
            ("Isolator 63A", "", "2 pole", 540.0),
            ("Distribution Board 8-Way", "SPN, double door", "8 way", 1450.0),
            ("Changeover Switch 63A", "For inverter and genset", "4 pole", 1980.0),
            ("MCB 10A B Curve", "For lighting circuits", "1 pole", 185.0),
            ("Surge Protector Type 2", "40 kA", "2 pole", 2650.0),
            ("Timer Switch Digital", "DIN rail, weekly programme", "1 module", 1350.0),
        ],
    ),
    Category(
        slug="led-bulbs",
        name="LED Bulbs",
        colour="#e08a00",
        items=[
            ("LED Bulb 9W", "Cool daylight, B22 base", "9W", 99.0),
            ("LED Bulb 12W", "Cool daylight, B22 base", "12W", 135.0),
            ("LED Bulb 15W", "Warm white, E27 base", "15W", 175.0),
            ("LED Batten 20W", "4 ft, slim profile", "4 ft", 320.0),
            ("LED Panel Light 18W", "Round, recessed", "18W", 480.0),
            ("LED Emergency Bulb 9W", "4 hour backup on power cut", "9W", 420.0),
            ("LED Candle Bulb 5W", "E14, for chandeliers", "5W", 110.0),
            ("LED Strip Light 5 m", "With driver, warm white", "5 m", 690.0),
            ("LED Flood Light 50W", "IP65, outdoor", "50W", 1250.0),
            ("LED Downlight 7W", "", "7W", 260.0),
            ("LED Colour Changing Bulb", "Remote controlled, 16 colours", "9W", 399.0),
            ("LED Street Light 30W", "Die-cast body", "30W", 1650.0),
            ("LED Smart Bulb 10W", "App and voice control", "10W", 650.0),
        ],
    ),
    Category(
        slug="casing-capping",
        name="Casing & Capping",
        colour="#6b7a3b",
        items=[
            ("PVC Casing Capping 20mm", "2 m length, white", "20mm x 2m", 38.0),
            ("PVC Casing Capping 25mm", "2 m length, white", "25mm x 2m", 52.0),
            ("PVC Casing Capping 32mm", "2 m length, ivory", "32mm x 2m", 74.0),
            ("PVC Casing Capping 40mm", "2 m length, white", "40mm x 2m", 96.0),
            ("Casing Bend 25mm", "", "25mm", 10.0),
            ("Casing Tee 25mm", "", "25mm", 12.0),
            ("Casing End Cap 20mm", "Pack of 20", "20mm", 40.0),
            ("Floor Cable Trunking", "Walk-over, 1 m", "1 m", 240.0),
            ("Skirting Trunking", "Three compartments", "2 m", 420.0),
            ("Cable Tray Perforated", "GI, 100 mm wide", "100mm x 2.5m", 680.0),
            ("PVC Raceway 16mm", "Self-adhesive backing", "16mm x 2m", 45.0),
            ("Casing Screw Pack", "Pack of 100", "25mm", 65.0),
            ("Trunking Joiner 40mm", "", "40mm", 16.0),
        ],
    ),
    Category(
        slug="boxes-enclosures",
        name="Boxes and Enclosers",
        colour="#4b5563",
        items=[
            ("Modular Box 3 Module", "Concealed, GI", "3 module", 42.0),
            ("Modular Box 6 Module", "Concealed, GI", "6 module", 68.0),
            ("Modular Box 12 Module", "Concealed, GI", "12 module", 120.0),
            ("Surface Box 2 Module", "PVC, white", "2 module", 55.0),
            ("Meter Box Single Phase", "Polycarbonate with window", "Single phase", 480.0),
            ("Weatherproof Enclosure IP65", "ABS, 200 x 150 mm", "200x150mm", 620.0),
            ("Junction Box Metal", "Powder coated", "150x150mm", 340.0),
            ("Fan Box Ceiling", "With hook", "Standard", 85.0),
            ("Panel Board Enclosure", "CRCA, double door", "600x400mm", 3600.0),
            ("Cable Gland Kit", "Brass, pack of 10", "20mm", 290.0),
            ("Plate Cover 8 Module", "", "8 module", 145.0),
            ("Flush Box 18 Module", "Two rows", "18 module", 190.0),
            ("Outdoor Socket Box", "Flip lid", "2 module", 380.0),
        ],
    ),
]

# HSN headings by category; every one is taxed at 18%.
HSN_CODES = {
    "pvc-conduit-pipes": "3917",
    "socket-switchgear": "8536",
    "switches": "8536",
    "home-wires": "8544",
    "lamps-bulbs": "8539",
    "door-bells": "8531",
    "mcb-rccb": "8536",
    "led-bulbs": "8539",
    "casing-capping": "3925",
    "boxes-enclosures": "8538",
}
# A few products are nearly sold out, so QA can see 'Buy again' skip what is out of stock.
LOW_STOCK = {13: 3}
COLOURS = ["White", "Ivory", "Grey", "Black", "Red", "Blue"]
RATINGS = [3.0, 3.5, 4.0, 4.5, 5.0, 2.5, 4.5, 4.0]
DISTRIBUTORS = [301, 302, 303, 304]


def _money(value: float) -> float:
    return round(value + 1e-9, 2)


def products() -> list[Product]:
    """Interleaved by category so every page of the list mixes categories."""
    rng = random.Random(20261122)
    out: list[Product] = []
    per_category = len(CATEGORIES[0].items)
    for index in range(per_category):
        for category in CATEGORIES:
            stem, detail, size, base = category.items[index]
            pid = len(out) + 1
            brand = BRANDS[(pid * 3 + index) % len(BRANDS)]
            mrp = _money(base)
            off = rng.choice([8, 10, 12, 15, 18, 20, 22])
            listing = _money(mrp * (100 - off) / 100)
            # Cash discount price: odd paise on purpose, so totals exercise 2-decimal rounding.
            cash = _money(listing * 0.985)
            merchant = 0.0 if pid % 4 == 0 else float(rng.choice([2, 3, 5, 7, 10]))
            out.append(
                Product(
                    id=pid,
                    product_name=f"{brand.name} {stem}",
                    product_detail=detail,
                    category=category.slug,
                    brand_id=brand.id,
                    listing_price=listing,
                    mrp=mrp,
                    mrp_with_cash_discount=cash,
                    discount=f"Save ₹{mrp - listing:.2f} on M.R.P.",
                    ratings=RATINGS[pid % len(RATINGS)],
                    discount_to_merchant=merchant,
                    distributor_id=DISTRIBUTORS[pid % len(DISTRIBUTORS)],
                    color=COLOURS[pid % len(COLOURS)],
                    size=size,
                    hsn_code=HSN_CODES[category.slug],
                    stock_quantity=LOW_STOCK.get(pid, 25),
                )
            )
    return out


def seed() -> CatalogueState:
    users = [
        StoreUser(user_id=2001, mobile_number="9876543210", user_name="Ramesh Kumar", email="ramesh.kumar@shop.example")
    ]
    addresses = [
        Address(
            id=1,
            user_id=2001,
            name="Ramesh Kumar",
            mobile_number="9876543210",
            address1="Shop 12, Lakshmi Electricals",
            address2="Karol Bagh Market",
            pincode="110005",
            city="New Delhi",
            state="Delhi",
            country="India",
            is_active=1,
            is_last_address="0",
        ),
        Address(
            id=2,
            user_id=2001,
            name="Ramesh Kumar",
            mobile_number="9876543210",
            address1="Plot 44, Sector 18",
            address2="Near Metro Station",
            pincode="122015",
            city="Gurugram",
            state="Haryana",
            country="India",
            is_active=1,
            is_last_address="1",
        ),
    ]
    return CatalogueState(
        brands=list(BRANDS),
        products=products(),
        users={u.mobile_number: u for u in users},
        addresses=addresses,
    )
