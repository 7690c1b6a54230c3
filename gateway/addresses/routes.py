"""Routes of the address book under /api/addresses (mirrors frontend/src/features/addresses)."""

from __future__ import annotations

from typing import Annotated

from litestar import Router, delete, get, post, put
from litestar.di import NamedDependency, Provide
from litestar.params import JSONBody, PathParameter

from gateway.addresses.address_book import AddressBook
from gateway.addresses.schemas import (
    AddressBookEntry,
    AddressCheck,
    AddressDraft,
    CheckoutAddresses,
    SavedAddress,
)
from gateway.addresses.service import AddressesService
from gateway.services import AppServices
from gateway.sessions import Session, StoreLogin
from gateway.sessions.logins import store_login

AddressIdPath = Annotated[int, PathParameter(ge=1, le=2_147_483_647)]


def build_router(services: AppServices) -> Router:
    """The group's routes, over the catalogue service that keeps the book and the orders service
    that knows each pin code's place."""
    clients = services.clients
    book = AddressesService(AddressBook(clients.catalogue), clients.orders)

    @get("/", summary="The shopper's address book: the default first, then the one used last")
    async def list_addresses(
        session: NamedDependency[Session], login: NamedDependency[StoreLogin]
    ) -> CheckoutAddresses:
        return await book.list(session, login)

    @post(
        "/",
        status_code=200,
        summary="Add an address to the book; the first one, or one sent with default, is the default",
    )
    async def add_address(
        session: NamedDependency[Session], login: NamedDependency[StoreLogin], data: JSONBody[AddressBookEntry]
    ) -> SavedAddress:
        return await book.add(session, login, data)

    @put("/{address_id:int}", summary="Change one of the book's addresses (every field)")
    async def change_address(
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        address_id: AddressIdPath,
        data: JSONBody[AddressBookEntry],
    ) -> SavedAddress:
        return await book.change(session, login, address_id, data)

    @put("/{address_id:int}/default", summary="Make one of the book's addresses the default")
    async def default_address(
        session: NamedDependency[Session], login: NamedDependency[StoreLogin], address_id: AddressIdPath
    ) -> SavedAddress:
        return await book.make_default(session, login, address_id)

    @delete("/{address_id:int}", summary="Take an address out of the book (past orders keep theirs)")
    async def remove_address(
        session: NamedDependency[Session], login: NamedDependency[StoreLogin], address_id: AddressIdPath
    ) -> None:
        await book.remove(session, login, address_id)

    @post(
        "/check",
        status_code=200,
        summary="The gateway's address rules on the form as typed: each field's problem, the pin code's place",
    )
    async def check_address(data: JSONBody[AddressDraft]) -> AddressCheck:
        # Open like the pin code lookup: it reads nothing of the shopper's, and a login that ended
        # is met once, by the quote, not by every pause in typing.
        return await book.check(data)

    return Router(
        path="/api/addresses",
        route_handlers=[list_addresses, add_address, change_address, default_address, remove_address, check_address],
        dependencies={
            # Every handler that declares `login` is for a logged-in shopper only (401 otherwise).
            "login": Provide(store_login, sync_to_thread=False),
        },
        tags=["addresses"],
    )
