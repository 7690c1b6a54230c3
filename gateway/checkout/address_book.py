"""The shopper's address book, kept by the catalogue service (its `address` calls).

Listed with the default first, then the one used last; added, changed, removed and made the
default from the checkout; and, once an order is placed, its address is remembered: marked used
last when it is already in the book, added otherwise (the default when it is the first). The
pin code's city and state are the orders service's, never the browser's.
"""

from __future__ import annotations

import structlog

from gateway.checkout.address_rules import field_problems, pincode_problem
from gateway.checkout.delivery_views import pincode_check
from gateway.checkout.schemas import (
    AddressBookEntry,
    AddressCheck,
    AddressDraft,
    CheckoutAddress,
    CheckoutAddresses,
    FieldProblem,
    PincodeCheck,
    SavedAddress,
)
from gateway.plumbing.errors import InvalidInput, NotFound
from gateway.sessions import Session, StoreLogin
from gateway.sessions.logins import forget_login_on_refusal
from gateway.upstreams.catalogue import Address, AddressSave, CatalogueClient
from gateway.upstreams.orders import OrdersClient, PincodeInfo

log = structlog.get_logger("gateway.checkout")

ADDRESS_NOT_FOUND = "This address is no longer in your address book."
PINCODE_UNKNOWN = "We could not find this pin code. Please check it."


def saved_view(a: Address) -> SavedAddress:
    return SavedAddress(
        id=a.id,
        name=a.name or "",
        mobile_number=a.mobile_number or "",
        address1=a.address1 or "",
        address2=a.address2 or "",
        pincode=a.pincode or "",
        city=a.city or "",
        state=a.state or "",
        last_used=str(a.is_last_address) == "1",
        default=str(a.is_default) == "1",
    )


def book_order(views: list[SavedAddress]) -> list[SavedAddress]:
    """The default first, then the one used last, then the rest as the service keeps them."""
    return sorted(views, key=lambda v: (not v.default, not v.last_used))


def same_address(saved: Address, typed: CheckoutAddress) -> bool:
    def norm(text: str | None) -> str:
        return " ".join((text or "").split()).casefold()

    return (
        norm(saved.name) == norm(typed.name)
        and saved.mobile_number == typed.mobile_number
        and norm(saved.address1) == norm(typed.address1)
        and norm(saved.address2) == norm(typed.address2)
        and saved.pincode == typed.pincode
    )


def place_problem(pincode: str, info: PincodeInfo | None, check: PincodeCheck | None) -> FieldProblem | None:
    if info is None:
        return FieldProblem(field="pincode", code="pincode_unknown", message=PINCODE_UNKNOWN)
    if check is not None and check.serviceability == "notServiceable":
        return FieldProblem(field="pincode", code="pincode_not_serviceable", message=check.message)
    return None


class AddressBook:
    def __init__(self, catalogue: CatalogueClient, orders: OrdersClient) -> None:
        self.catalogue = catalogue
        self.orders = orders

    async def _saved(self, session: Session, login: StoreLogin) -> list[Address]:
        async with forget_login_on_refusal(session, "store"):
            return [a for a in await self.catalogue.addresses(int(login.user_id), login.access_token) if a.pincode]

    async def list(self, session: Session, login: StoreLogin) -> CheckoutAddresses:
        views = book_order([saved_view(a) for a in await self._saved(session, login)])
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
        if not await self._saved(session, login):
            body.is_default = "1"  # the first address is the default until the shopper picks another
        async with forget_login_on_refusal(session, "store"):
            return saved_view(await self.catalogue.save_address(body, login.access_token))

    async def change(
        self, session: Session, login: StoreLogin, address_id: int, entry: AddressBookEntry
    ) -> SavedAddress:
        await self._own(session, login, address_id)
        body = await self._body(login, entry, address_id)
        async with forget_login_on_refusal(session, "store"):
            return saved_view(await self.catalogue.save_address(body, login.access_token))

    async def make_default(self, session: Session, login: StoreLogin, address_id: int) -> SavedAddress:
        saved = await self._own(session, login, address_id)
        body = AddressSave.of(saved, int(login.user_id))
        body.is_default = "1"
        async with forget_login_on_refusal(session, "store"):
            return saved_view(await self.catalogue.save_address(body, login.access_token))

    async def remove(self, session: Session, login: StoreLogin, address_id: int) -> None:
        await self._own(session, login, address_id)
        async with forget_login_on_refusal(session, "store"):
            await self.catalogue.remove_address(int(login.user_id), address_id, login.access_token)

    async def _own(self, session: Session, login: StoreLogin, address_id: int) -> Address:
        found = next((a for a in await self._saved(session, login) if a.id == address_id), None)
        if found is None:
            raise NotFound(ADDRESS_NOT_FOUND, code="address_not_found")
        return found

    async def remember(self, login: StoreLogin, delivered: CheckoutAddress, city: str, state: str) -> None:
        """After an order: its address marked used last, added to the book when it is new (the
        default when the book was empty). Called once the order stands; a failure is only logged."""
        user_id = int(login.user_id)
        saved = [a for a in await self.catalogue.addresses(user_id, login.access_token) if a.pincode]
        known = next((a for a in saved if same_address(a, delivered)), None)
        if known is not None:
            if str(known.is_last_address) == "1":
                return
            body = AddressSave.of(known, user_id)
        else:
            body = AddressSave(
                user_id=user_id,
                name=delivered.name.strip(),
                mobile_number=delivered.mobile_number,
                address1=delivered.address1.strip(),
                address2=delivered.address2.strip(),
                pincode=delivered.pincode,
                city=city,
                state=state,
                is_default="1" if not saved else None,
            )
        body.is_last_address = "1"
        await self.catalogue.save_address(body, login.access_token)
