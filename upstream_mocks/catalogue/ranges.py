"""What the seeded shop sells: brands, and the categories with their items, tax codes and warranties.

Prices are printed M.R.P.s in whole rupees (GST included), made up but in the range an Indian
electrical shop would see. HSN codes are the four-digit headings a GST invoice of a small trader
carries; the GST rates are the ones in force for those headings (12 % for LED lamps and fittings,
18 % for the rest of the range).
"""

from __future__ import annotations

from decimal import Decimal

import msgspec


class Brand(msgspec.Struct, kw_only=True):
    id: int
    name: str
    colour: str  # drawing colour of the generated logo


class Item(msgspec.Struct, frozen=True):
    stem: str  # the product name without the brand
    detail: str
    size: str
    mrp: int  # printed M.R.P. in rupees, GST included
    pack: str = "1 piece"
    hsn: str | None = None  # when the item's heading differs from its category's
    picture: str | None = None  # a drawing of its own when the category's would mislead
    warranty: str | None = None  # when it differs from its category's
    # Cut to the length the buyer orders: made for that buyer, so it cannot be returned.
    cut_length: bool = False


class Category(msgspec.Struct, kw_only=True):
    slug: str
    name: str
    colour: str
    hsn: str
    gst_rate: Decimal
    warranty: str | None  # None: sold without a warranty
    brand_ids: list[int]  # the brands that make this range, in turn
    items: list[Item]


BRANDS = [
    Brand(id=1, name="Voltara", colour="#1e2a78"),
    Brand(id=2, name="Shaktiwire", colour="#b42318"),
    Brand(id=3, name="Brightnest", colour="#0c7f7f"),
    Brand(id=4, name="Kavach Power", colour="#6a3fa0"),
    Brand(id=5, name="Orbitron", colour="#176b3a"),
    Brand(id=6, name="Suryaline", colour="#a05a00"),
    Brand(id=7, name="Trikon", colour="#2a5db0"),
    Brand(id=8, name="Dhruva Electric", colour="#7a2048"),
    Brand(id=9, name="Sheetal Fans", colour="#0b6e99"),
]

GST_STANDARD = Decimal(18)
GST_LED = Decimal(12)

CATEGORIES = [
    Category(
        slug="pvc-conduit-pipes",
        name="PVC conduit pipes",
        colour="#3b82c4",
        hsn="3917",
        gst_rate=GST_STANDARD,
        warranty=None,
        brand_ids=[7, 2, 4],
        items=[
            Item("PVC Conduit Pipe 20mm", "Medium gauge, 3 m length, ISI marked", "20mm x 3m", 62, "1 length (3 m)"),
            Item("PVC Conduit Pipe 25mm", "Heavy gauge, 3 m length, fire retardant", "25mm x 3m", 88, "1 length (3 m)"),
            Item(
                "PVC Flexible Conduit 19mm",
                "Corrugated, 50 m coil for concealed wiring",
                "19mm x 50m",
                540,
                "1 coil (50 m)",
            ),
            Item("PVC Conduit Bend 20mm", "Long radius bend for smooth cable pull", "20mm", 14),
            Item("PVC Junction Box 2-Way", "Deep box for conduit runs", "20mm", 22, picture="junction-box"),
            Item("PVC Conduit Pipe 32mm", "Heavy gauge for main runs, 3 m", "32mm x 3m", 142, "1 length (3 m)"),
            Item("PVC Conduit Coupler 25mm", "Push-fit coupler, pack of 10", "25mm", 45, "Pack of 10"),
            Item("PVC Saddle Clip 20mm", "Wall saddle, pack of 50", "20mm", 75, "Pack of 50"),
            Item("PVC Conduit Elbow 25mm", "", "25mm", 18),
            Item("PVC Conduit Tee 20mm", "Inspection tee with cover", "20mm", 24),
            Item("PVC Conduit Pipe 16mm", "Light gauge for surface runs", "16mm x 3m", 48, "1 length (3 m)"),
            Item("PVC Reducer 25-20mm", "", "25mm to 20mm", 12),
            Item("PVC Round Box 4-Way", "Ceiling box with 4 entries", "20mm", 28, picture="junction-box"),
        ],
    ),
    Category(
        slug="socket-switchgear",
        name="Socket & Switchgears",
        colour="#7c5cc4",
        hsn="8536",
        gst_rate=GST_STANDARD,
        warranty="2 years",
        brand_ids=[1, 5, 4],
        items=[
            Item("6A 3-Pin Socket", "Modular, child-safe shutters", "1 module", 85),
            Item("16A 3-Pin Power Socket", "For geysers and air conditioners", "2 module", 165),
            Item("Universal Socket 6A", "Takes round and flat pins", "2 module", 120),
            Item(
                "USB Charger Socket", "Dual port, 2.4 A total", "2 module", 690, picture="usb-socket", warranty="1 year"
            ),
            Item("16A Switch Socket Combined", "Metal clad, surface mount", "Single", 420),
            Item("Industrial Socket 32A", "IP44, 3-pin plus earth", "32A", 980),
            Item("TV Coaxial Socket", "", "1 module", 95),
            Item("RJ45 Data Socket", "Cat6 keystone jack", "1 module", 210, picture="data-socket"),
            Item("Telephone Socket RJ11", "", "1 module", 90, picture="data-socket"),
            Item("5-Pin Socket 6A", "Classic round pin pattern", "Single", 70),
            Item("Shaver Socket", "Bathroom safe, isolated output", "2 module", 760),
            Item("20A Power Socket", "Heavy duty contacts", "3 module", 240),
            Item("Multi Socket Plate", "4 sockets with master switch", "8 module", 560),
        ],
    ),
    Category(
        slug="switches",
        name="Switches",
        colour="#2f9e8f",
        hsn="8536",
        gst_rate=GST_STANDARD,
        warranty="2 years",
        brand_ids=[5, 1, 8],
        items=[
            Item("6A One-Way Switch", "Modular, silver contacts", "1 module", 45),
            Item("6A Two-Way Switch", "For staircase wiring", "1 module", 68),
            Item("16A One-Way Switch", "For heavy appliances", "2 module", 98),
            Item("Bell Push Switch", "Momentary contact", "1 module", 52),
            Item("20A DP Switch", "Double pole with indicator", "2 module", 310),
            Item(
                "Fan Regulator Step Type", "5-step, silent operation", "2 module", 380, hsn="8543", picture="regulator"
            ),
            Item("Touch Switch 2-Gang", "Glass panel touch control", "2 gang", 1450, warranty="1 year"),
            Item("Dimmer 400W", "Rotary, for incandescent loads", "2 module", 520, hsn="8543", picture="regulator"),
            Item("Bed Switch", "Cord switch with strain relief", "Single", 38),
            Item("Intermediate Switch", "For three-place control", "1 module", 145),
            Item("Key Card Switch", "Hotel style energy saver", "3 module", 1180),
            Item("Indicator Switch 6A", "Neon indicator", "1 module", 82),
            Item("Piano Switch Board 8-Way", "", "8 way", 260),
        ],
    ),
    Category(
        slug="home-wires",
        name="Home Wires",
        colour="#c4573b",
        hsn="8544",
        gst_rate=GST_STANDARD,
        warranty=None,
        brand_ids=[2, 8, 1],
        items=[
            Item("FR House Wire 1.0 sq mm", "Flame retardant, 90 m coil", "1.0 sq mm x 90m", 1150, "1 coil (90 m)"),
            Item("FR House Wire 1.5 sq mm", "Flame retardant, 90 m coil", "1.5 sq mm x 90m", 1620, "1 coil (90 m)"),
            Item("FR House Wire 2.5 sq mm", "Flame retardant, 90 m coil", "2.5 sq mm x 90m", 2590, "1 coil (90 m)"),
            Item("FRLS House Wire 4.0 sq mm", "Low smoke, 90 m coil", "4.0 sq mm x 90m", 4120, "1 coil (90 m)"),
            Item("HFFR House Wire 1.5 sq mm", "Halogen free", "1.5 sq mm x 90m", 1990, "1 coil (90 m)"),
            Item("Flexible Copper Wire 0.75 sq mm", "Multi-strand, 90 m", "0.75 sq mm x 90m", 860, "1 coil (90 m)"),
            Item("Twin Flat Cable 1.0 sq mm", "For appliances", "1.0 sq mm x 90m", 2240, "1 coil (90 m)"),
            Item("3-Core Round Cable 1.5 sq mm", "Sheathed, 100 m", "1.5 sq mm x 100m", 5450, "1 coil (100 m)"),
            Item(
                "Submersible Flat Cable 2.5 sq mm",
                "Cut to the length you order",
                "2.5 sq mm x 100m",
                6800,
                "1 coil (100 m)",
                cut_length=True,
            ),
            Item("Earthing Wire 2.5 sq mm", "Green-yellow", "2.5 sq mm x 90m", 2480, "1 coil (90 m)"),
            Item("Speaker Wire 0.5 sq mm", "Red-black pair", "0.5 sq mm x 90m", 720, "1 coil (90 m)"),
            Item("CCTV Coaxial Cable", "RG6 with power pair", "90m", 1850, "1 coil (90 m)"),
            Item("LAN Cable Cat6", "Solid copper, 305 m box", "305m", 7600, "1 box (305 m)"),
        ],
    ),
    Category(
        slug="lamps-bulbs",
        name="Lamps & Bulbs",
        colour="#d9a400",
        hsn="8539",
        gst_rate=GST_STANDARD,
        warranty=None,
        brand_ids=[3, 6, 1],
        items=[
            Item("Halogen Lamp 50W", "GU10 base, warm light", "50W", 120),
            Item("CFL Spiral 23W", "Cool daylight", "23W", 180, picture="cfl"),
            Item("Incandescent Bulb 60W", "Clear glass, B22 base", "60W", 25),
            Item(
                "Table Lamp Classic",
                "Fabric shade, E27 holder",
                "Medium",
                890,
                hsn="9405",
                picture="table-lamp",
                warranty="1 year",
            ),
            Item(
                "Emergency Lamp Rechargeable",
                "4 hour backup",
                "Portable",
                650,
                hsn="9405",
                picture="emergency-lamp",
                warranty="6 months",
            ),
            Item("Night Lamp Plug-in", "Soft glow, 0.5 W", "Mini", 75, hsn="9405"),
            Item("Fluorescent Tube 36W", "T8, 4 ft", "4 ft", 95, picture="tube"),
            Item("Decorative Filament Lamp", "Vintage style, E27", "G95", 240),
            Item("Sodium Vapour Lamp 70W", "For street lighting", "70W", 420),
            Item("Study Lamp Adjustable", "", "Medium", 760, hsn="9405", picture="table-lamp", warranty="1 year"),
            Item("Pendant Lamp Holder", "Brass, B22", "B22", 60, hsn="8536", picture="lamp-holder"),
            Item("Garden Spike Lamp", "Weatherproof", "IP65", 540, hsn="9405", warranty="1 year"),
            Item("Mirror Lamp 8W", "Bathroom mirror fitting", "8W", 390, hsn="9405", picture="tube", warranty="1 year"),
        ],
    ),
    Category(
        slug="door-bells",
        name="Home Door Bells",
        colour="#c43b7c",
        hsn="8531",
        gst_rate=GST_STANDARD,
        warranty="1 year",
        brand_ids=[5, 6, 3],
        items=[
            Item("Ding Dong Door Bell", "Two-tone chime, 230 V", "Standard", 210),
            Item("Musical Door Bell 16 Tunes", "Selectable melodies", "Standard", 290),
            Item("Wireless Door Bell", "100 m range, plug-in receiver", "Wireless", 780),
            Item("Bird Chirp Door Bell", "", "Compact", 240),
            Item("Video Door Phone", "4.3 inch indoor screen", "4.3 in", 6400, hsn="8517", picture="door-phone"),
            Item("Battery Door Bell", "Runs on 2 AA cells", "Compact", 320),
            Item("Mantra Door Bell", "Devotional chant", "Standard", 350),
            Item("Call Bell Buzzer", "For offices and clinics", "Mini", 150),
            Item("Waterproof Bell Push", "For outdoor gates", "IP44", 180, hsn="8536", picture="bell-push"),
            Item("Smart Wi-Fi Door Bell", "App alerts and two-way talk", "Smart", 4200, picture="door-camera"),
            Item("Door Bell Transformer", "8 V output", "8 V", 260, hsn="8504", picture="transformer"),
            Item("Gong Bell Heavy", "Loud metal gong", "Large", 540),
            Item("Door Bell Push Brass", "", "Brass", 130, hsn="8536", picture="bell-push"),
        ],
    ),
    Category(
        slug="mcb-rccb",
        name="MCB & RCCB",
        colour="#3b5bc4",
        hsn="8536",
        gst_rate=GST_STANDARD,
        warranty="5 years",
        brand_ids=[4, 1, 8],
        items=[
            Item("MCB 6A Single Pole", "C curve, 10 kA", "1 pole", 190),
            Item("MCB 16A Single Pole", "C curve, 10 kA", "1 pole", 195),
            Item("MCB 32A Double Pole", "C curve, isolator grade", "2 pole", 620),
            Item("MCB 63A Four Pole", "For main incomer", "4 pole", 2450),
            Item("RCCB 25A 30mA", "Double pole, shock protection", "2 pole", 1890),
            Item("RCCB 40A 30mA", "Four pole", "4 pole", 3250),
            Item("RCBO 16A 30mA", "Overload and leakage in one", "1 pole+N", 2150),
            Item("Isolator 63A", "", "2 pole", 540),
            Item(
                "Distribution Board 8-Way", "SPN, double door", "8 way", 1450, hsn="8537", picture="distribution-board"
            ),
            Item("Changeover Switch 63A", "For inverter and genset", "4 pole", 1980),
            Item("MCB 10A B Curve", "For lighting circuits", "1 pole", 185),
            Item("Surge Protector Type 2", "40 kA", "2 pole", 2650),
            Item("Timer Switch Digital", "DIN rail, weekly programme", "1 module", 1350, warranty="1 year"),
        ],
    ),
    Category(
        slug="led-bulbs",
        name="LED Bulbs",
        colour="#e08a00",
        hsn="8539",
        gst_rate=GST_LED,
        warranty="2 years",
        brand_ids=[3, 6, 1],
        items=[
            Item("LED Bulb 9W", "Cool daylight, B22 base", "9W", 99),
            Item("LED Bulb 12W", "Cool daylight, B22 base", "12W", 135),
            Item("LED Bulb 15W", "Warm white, E27 base", "15W", 175),
            Item("LED Bulb 20W", "High lumen, B22 base", "20W", 299),
            Item("LED Bulb 0.5W Night", "Coloured zero-watt, pack of 4", "0.5W", 120, "Pack of 4", warranty="1 year"),
            Item("LED Emergency Bulb 9W", "4 hour backup on power cut", "9W", 420, warranty="1 year"),
            Item("LED Candle Bulb 5W", "E14, for chandeliers", "5W", 110),
            Item(
                "LED Strip Light 5 m",
                "With driver, warm white",
                "5 m",
                690,
                hsn="9405",
                picture="strip",
                warranty="1 year",
            ),
            Item("LED Flood Light 50W", "IP65, outdoor", "50W", 1250, hsn="9405", picture="flood", warranty="2 years"),
            Item("LED Downlight 7W", "", "7W", 260, hsn="9405", picture="panel"),
            Item("LED Colour Changing Bulb", "Remote controlled, 16 colours", "9W", 399, warranty="1 year"),
            Item("LED Street Light 30W", "Die-cast body", "30W", 1650, hsn="9405", picture="flood", warranty="3 years"),
            Item("LED Smart Bulb 10W", "App and voice control", "10W", 650, warranty="1 year"),
        ],
    ),
    Category(
        slug="casing-capping",
        name="Casing & Capping",
        colour="#6b7a3b",
        hsn="3925",
        gst_rate=GST_STANDARD,
        warranty=None,
        brand_ids=[7, 2, 4],
        items=[
            Item("PVC Casing Capping 20mm", "2 m length, white", "20mm x 2m", 38, "1 length (2 m)"),
            Item("PVC Casing Capping 25mm", "2 m length, white", "25mm x 2m", 52, "1 length (2 m)"),
            Item("PVC Casing Capping 32mm", "2 m length, ivory", "32mm x 2m", 74, "1 length (2 m)"),
            Item("PVC Casing Capping 40mm", "2 m length, white", "40mm x 2m", 96, "1 length (2 m)"),
            Item("Casing Bend 25mm", "", "25mm", 10),
            Item("Casing Tee 25mm", "", "25mm", 12),
            Item("Casing End Cap 20mm", "Pack of 20", "20mm", 40, "Pack of 20"),
            Item("Floor Cable Trunking", "Walk-over, 1 m", "1 m", 240, "1 length (1 m)"),
            Item("Skirting Trunking", "Three compartments", "2 m", 420, "1 length (2 m)"),
            Item(
                "Cable Tray Perforated",
                "GI, 100 mm wide",
                "100mm x 2.5m",
                680,
                "1 length (2.5 m)",
                hsn="7308",
                picture="cable-tray",
            ),
            Item("PVC Raceway 16mm", "Self-adhesive backing", "16mm x 2m", 45, "1 length (2 m)"),
            Item("Casing Screw Pack", "Pack of 100", "25mm", 65, "Pack of 100", hsn="7318", picture="screws"),
            Item("Trunking Joiner 40mm", "", "40mm", 16),
        ],
    ),
    Category(
        slug="boxes-enclosures",
        name="Boxes and Enclosures",
        colour="#4b5563",
        hsn="8538",
        gst_rate=GST_STANDARD,
        warranty=None,
        brand_ids=[4, 7, 5],
        items=[
            Item("Modular Box 3 Module", "Concealed, GI", "3 module", 42),
            Item("Modular Box 6 Module", "Concealed, GI", "6 module", 68),
            Item("Modular Box 12 Module", "Concealed, GI", "12 module", 120),
            Item("Surface Box 2 Module", "PVC, white", "2 module", 55),
            Item("Meter Box Single Phase", "Polycarbonate with window", "Single phase", 480),
            Item("Weatherproof Enclosure IP65", "ABS, 200 x 150 mm", "200x150mm", 620),
            Item("Junction Box Metal", "Powder coated", "150x150mm", 340),
            Item("Fan Box Ceiling", "With hook", "Standard", 85),
            Item("Panel Board Enclosure", "CRCA, double door", "600x400mm", 3600, "1 piece", warranty="1 year"),
            Item("Cable Gland Kit", "Brass, pack of 10", "20mm", 290, "Pack of 10", hsn="7419", picture="screws"),
            Item("Plate Cover 8 Module", "", "8 module", 145),
            Item("Flush Box 18 Module", "Two rows", "18 module", 190),
            Item("Outdoor Socket Box", "Flip lid", "2 module", 380),
        ],
    ),
    Category(
        slug="fans",
        name="Fans",
        colour="#0b6e99",
        hsn="8414",
        gst_rate=GST_STANDARD,
        warranty="2 years",
        brand_ids=[9, 6, 8],
        items=[
            Item("Ceiling Fan 1200mm", "High speed, 3 blades, 75 W", "1200mm", 2450, picture="ceiling-fan"),
            Item(
                "BLDC Ceiling Fan 1200mm",
                "5-star rated, 28 W, with remote",
                "1200mm",
                4290,
                picture="ceiling-fan",
                warranty="3 years",
            ),
            Item("Ceiling Fan 900mm", "For small rooms and kitchens", "900mm", 2150, picture="ceiling-fan"),
            Item(
                "Decorative Ceiling Fan 1320mm",
                "Wood finish blades with under-light",
                "1320mm",
                6890,
                picture="ceiling-fan",
            ),
            Item(
                "High Speed Ceiling Fan 1400mm", "400 RPM, for shops and halls", "1400mm", 2890, picture="ceiling-fan"
            ),
            Item("Wall Fan 400mm", "Oscillating, 3 speeds", "400mm", 2390, picture="wall-fan"),
            Item("Wall Fan 300mm", "Compact, cord pull control", "300mm", 1890, picture="wall-fan"),
            Item("Remote Wall Fan 400mm", "Timer and remote control", "400mm", 3290, picture="wall-fan"),
            Item("Exhaust Fan 150mm", "Kitchen and bathroom, with shutter", "150mm", 1190, picture="exhaust-fan"),
            Item("Exhaust Fan 230mm", "Metal body, high suction", "230mm", 1690, picture="exhaust-fan"),
            Item("Ventilation Fan 100mm", "Bathroom, axial, low noise", "100mm", 890, picture="exhaust-fan"),
            Item("Heavy Duty Exhaust Fan 300mm", "Industrial, 1400 RPM", "300mm", 3490, picture="exhaust-fan"),
        ],
    ),
    Category(
        slug="led-battens-panels",
        name="LED Battens & Panels",
        colour="#b7791f",
        hsn="9405",
        gst_rate=GST_LED,
        warranty="2 years",
        brand_ids=[3, 1, 6],
        items=[
            Item("LED Batten 20W", "4 ft, slim profile, cool daylight", "4 ft", 499, picture="batten"),
            Item("LED Batten 36W", "4 ft, high lumen", "4 ft", 749, picture="batten"),
            Item("LED Batten 10W", "2 ft, for cabinets and corridors", "2 ft", 349, picture="batten"),
            Item("LED Panel Light 18W Round", "Recessed, cool daylight", "18W", 649, picture="panel"),
            Item("LED Panel Light 12W Square", "Recessed, warm white", "12W", 549, picture="square-panel"),
            Item("LED Surface Panel 15W", "Surface mount, no false ceiling needed", "15W", 699, picture="panel"),
            Item("LED Panel 2x2 ft 36W", "For false ceiling grids, 595 mm", "595x595mm", 1899, picture="square-panel"),
            Item("LED Slim Panel 6W", "Ultra-thin, recessed", "6W", 349, picture="panel"),
            Item("LED Batten Colour Changing 20W", "Three tones from the wall switch", "4 ft", 699, picture="batten"),
            Item("LED Surface Batten 40W", "Aluminium body, 4 ft", "4 ft", 1099, picture="batten"),
            Item("LED Edge-lit Panel 24W", "Square, 300 mm", "300x300mm", 1149, picture="square-panel"),
            Item("LED Batten Pack of 2", "4 ft, 20 W each", "4 ft", 949, "Pack of 2", picture="batten"),
        ],
    ),
]
