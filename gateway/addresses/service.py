"""The address book's rules: listed default first, then the one used last; an address added,
changed, made the default or taken out, each held to the address rules (address_rules.py) with
city and state from the pin code (the orders service's), never the browser's; and the form as
typed checked field by field, with the pin code's place.
"""

from __future__ import annotations

from gateway.addresses.address_book import AddressBook, book_order, saved_view
from gateway.addresses.address_rules import field_problems, pincode_problem
from gateway.addresses.delivery_views import pincode_check
from gateway.addresses.schemas import (
    AddressBookEntry,
    AddressCheck,
    AddressDraft,
    CheckoutAddresses,
    FieldProblem,
    PincodeCheck,
    SavedAddress,
)
from gateway.plumbing.errors import InvalidInput
from gateway.sessions import Session, StoreLogin
from gateway.upstreams.catalogue import AddressSave
from gateway.upstreams.orders import OrdersClient, PincodeInfo

PINCODE_UNKNOWN = "We could not find this pin code. Please check it."


def place_problem(pincode: str, info: PincodeInfo | None, check: PincodeCheck | None) -> FieldProblem | None:
    if info is None:
        return FieldProblem(field="pincode", code="pincode_unknown", message=PINCODE_UNKNOWN)
    if check is not None and check.serviceability == "notServiceable":
        return FieldProblem(field="pincode", code="pincode_not_serviceable", message=check.message)
    return None


class AddressesService:
    def __init__(self, book: AddressBook, orders: OrdersClient) -> None:
        self.book = book
        self.orders = orders  # the pin code's city, state and promise

    async def list(self, session: Session, login: StoreLogin) -> CheckoutAddresses:
        views = book_order([saved_view(a) for a in await self.book.saved(session, login)])
        return CheckoutAddresses(addresses=views, mobile_number=login.mobile_number)

    async def check(self, draft: AddressDraft) -> AddressCheck:
        """The rules on the form as typed; the pin code is looked up once its form is right."""
        problems = field_problems(draft)
        place: PincodeCheck | None = None
        if pincode_problem(draft.pincode) is None:
            info = await self.orders.pincode(draft.pincode)
            place = pincode_check(info) if info is not None else None
            found = place_problem(draft.pincode, info, place)
            if found is not None:
                problems.append(found)
        return AddressCheck(problems=problems, place=place)

    async def _body(self, login: StoreLogin, entry: AddressBookEntry, address_id: int | None) -> AddressSave:
        a = entry.address
        problems = field_problems(
            AddressDraft(
                name=a.name, mobile_number=a.mobile_number, address1=a.address1, address2=a.address2, pincode=a.pincode
            )
        )
        if problems:
            first = problems[0]
            raise InvalidInput(first.message, code=first.code, field=f"address.{first.field}")
        info = await self.orders.pincode(a.pincode)
        if info is None:
            raise InvalidInput(PINCODE_UNKNOWN, code="pincode_unknown", field="address.pincode")
        return AddressSave(
            id=address_id,
            user_id=int(login.user_id),
            name=a.name.strip(),
            mobile_number=a.mobile_number,
            address1=a.address1.strip(),
            address2=a.address2.strip(),
            pincode=a.pincode,
            city=info.city,
            state=info.state,
            is_default="1" if entry.default else None,
        )

    async def add(self, session: Session, login: StoreLogin, entry: AddressBookEntry) -> SavedAddress:
        body = await self._body(login, entry, None)
        if not await self.book.saved(session, login):
            body.is_default = "1"  # the first address is the default until the shopper picks another
        return await self.book.save(session, login, body)

    async def change(
        self, session: Session, login: StoreLogin, address_id: int, entry: AddressBookEntry
    ) -> SavedAddress:
        await self.book.own(session, login, address_id)
        body = await self._body(login, entry, address_id)
        return await self.book.save(session, login, body)

    async def make_default(self, session: Session, login: StoreLogin, address_id: int) -> SavedAddress:
        saved = await self.book.own(session, login, address_id)
        body = AddressSave.of(saved, int(login.user_id))
        body.is_default = "1"
        return await self.book.save(session, login, body)

    async def remove(self, session: Session, login: StoreLogin, address_id: int) -> None:
        await self.book.own(session, login, address_id)
        await self.book.remove(session, login, address_id)
