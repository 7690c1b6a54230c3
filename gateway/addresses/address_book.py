"""The shopper's address book as the catalogue service keeps it (its `address` calls).

Read with the default first, then the one used last; an address saved or taken out; and, once an
order is placed, its address remembered: marked used last when it is already in the book, added
otherwise (the default when it is the first). The rules on what may be saved are service.py's;
the checkout only calls `remember`.
"""

from __future__ import annotations

from gateway.addresses.schemas import CheckoutAddress, SavedAddress
from gateway.plumbing.errors import NotFound
from gateway.sessions import Session, StoreLogin
from gateway.sessions.logins import forget_login_on_refusal
from gateway.upstreams.catalogue import Address, AddressSave, CatalogueClient

ADDRESS_NOT_FOUND = "This address is no longer in your address book."


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


class AddressBook:
    def __init__(self, catalogue: CatalogueClient) -> None:
        self.catalogue = catalogue

    async def saved(self, session: Session, login: StoreLogin) -> list[Address]:
        async with forget_login_on_refusal(session, "store"):
            return [a for a in await self.catalogue.addresses(int(login.user_id), login.access_token) if a.pincode]

    async def own(self, session: Session, login: StoreLogin, address_id: int) -> Address:
        """One of the shopper's addresses, or 404 (never another shopper's)."""
        found = next((a for a in await self.saved(session, login) if a.id == address_id), None)
        if found is None:
            raise NotFound(ADDRESS_NOT_FOUND, code="address_not_found")
        return found

    async def save(self, session: Session, login: StoreLogin, body: AddressSave) -> SavedAddress:
        async with forget_login_on_refusal(session, "store"):
            return saved_view(await self.catalogue.save_address(body, login.access_token))

    async def remove(self, session: Session, login: StoreLogin, address_id: int) -> None:
        async with forget_login_on_refusal(session, "store"):
            await self.catalogue.remove_address(int(login.user_id), address_id, login.access_token)

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
