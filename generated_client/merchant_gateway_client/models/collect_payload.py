# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.instrument_type import InstrumentType
from ..types import UNSET, Unset

T = TypeVar("T", bound="CollectPayload")


@_attrs_define
class CollectPayload:
    """Collect request (offline) payload. The listings differ on `subMerchant` (v3) vs `subMerchantId`
    (later listing) and on whether `storeId` is required (No in one listing, Yes in another); both
    names are accepted here and storeId is optional.

        Attributes:
            merchant_id (str): Id assigned to the merchant.
            transaction_id (str): Merchant-generated unique transaction id; length < 38 characters. Limited by this project
                to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes
                into the status path, and how the gateway signs a percent-encoded path is not shown, so any other character
                could make the payment unreadable.
            merchant_order_id (str): Merchant's order id; length < 48 characters.
            amount (int): Amount in paise (integer, Long).
            instrument_type (InstrumentType):
            instrument_reference (str): User's mobile number.
            expires_in (int): Time within which the payment must complete, else it is marked failed. Default 30 days; the
                sample uses 180 and the status guidance counts it in seconds (seconds: 30 days = 2592000).
            message (str | Unset): Recommended to carry transaction id, order id, invoice number.
            email (str | Unset):
            short_name (str | Unset): Customer name.
            sub_merchant (str | Unset): Tag (v3 listing).
            sub_merchant_id (str | Unset): Tag (later listing).
            store_id (str | Unset): Unique across stores (optional in one listing, required in another).
            terminal_id (str | Unset): Unique within a store.
    """

    merchant_id: str
    transaction_id: str
    merchant_order_id: str
    amount: int
    instrument_type: InstrumentType
    instrument_reference: str
    expires_in: int
    message: str | Unset = UNSET
    email: str | Unset = UNSET
    short_name: str | Unset = UNSET
    sub_merchant: str | Unset = UNSET
    sub_merchant_id: str | Unset = UNSET
    store_id: str | Unset = UNSET
    terminal_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        merchant_id = self.merchant_id

        transaction_id = self.transaction_id

        merchant_order_id = self.merchant_order_id

        amount = self.amount

        instrument_type = self.instrument_type.value

        instrument_reference = self.instrument_reference

        expires_in = self.expires_in

        message = self.message

        email = self.email

        short_name = self.short_name

        sub_merchant = self.sub_merchant

        sub_merchant_id = self.sub_merchant_id

        store_id = self.store_id

        terminal_id = self.terminal_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["merchantId"] = merchant_id
        field_dict["transactionId"] = transaction_id
        field_dict["merchantOrderId"] = merchant_order_id
        field_dict["amount"] = amount
        field_dict["instrumentType"] = instrument_type
        field_dict["instrumentReference"] = instrument_reference
        field_dict["expiresIn"] = expires_in
        if message is not UNSET:
            field_dict["message"] = message
        if email is not UNSET:
            field_dict["email"] = email
        if short_name is not UNSET:
            field_dict["shortName"] = short_name
        if sub_merchant is not UNSET:
            field_dict["subMerchant"] = sub_merchant
        if sub_merchant_id is not UNSET:
            field_dict["subMerchantId"] = sub_merchant_id
        if store_id is not UNSET:
            field_dict["storeId"] = store_id
        if terminal_id is not UNSET:
            field_dict["terminalId"] = terminal_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        merchant_id = d.pop("merchantId")

        transaction_id = d.pop("transactionId")

        merchant_order_id = d.pop("merchantOrderId")

        amount = d.pop("amount")

        instrument_type = InstrumentType(d.pop("instrumentType"))

        instrument_reference = d.pop("instrumentReference")

        expires_in = d.pop("expiresIn")

        message = d.pop("message", UNSET)

        email = d.pop("email", UNSET)

        short_name = d.pop("shortName", UNSET)

        sub_merchant = d.pop("subMerchant", UNSET)

        sub_merchant_id = d.pop("subMerchantId", UNSET)

        store_id = d.pop("storeId", UNSET)

        terminal_id = d.pop("terminalId", UNSET)

        collect_payload = cls(
            merchant_id=merchant_id,
            transaction_id=transaction_id,
            merchant_order_id=merchant_order_id,
            amount=amount,
            instrument_type=instrument_type,
            instrument_reference=instrument_reference,
            expires_in=expires_in,
            message=message,
            email=email,
            short_name=short_name,
            sub_merchant=sub_merchant,
            sub_merchant_id=sub_merchant_id,
            store_id=store_id,
            terminal_id=terminal_id,
        )

        collect_payload.additional_properties = d
        return collect_payload

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
