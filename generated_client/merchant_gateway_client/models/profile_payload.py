# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ProfilePayload")


@_attrs_define
class ProfilePayload:
    """Display profile payload (mobile SDK resource `/v3/profile`).

    Attributes:
        merchant_id (str): Id assigned to the merchant.
        transaction_id (str): Merchant-generated unique transaction id; length < 38 characters. Limited by this project
            to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes
            into the status path, and how the gateway signs a percent-encoded path is not shown, so any other character
            could make the payment unreadable.
        merchant_user_id (str):
        mobile_number (str | Unset):
        email (str | Unset):
        short_name (str | Unset):
    """

    merchant_id: str
    transaction_id: str
    merchant_user_id: str
    mobile_number: str | Unset = UNSET
    email: str | Unset = UNSET
    short_name: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        merchant_id = self.merchant_id

        transaction_id = self.transaction_id

        merchant_user_id = self.merchant_user_id

        mobile_number = self.mobile_number

        email = self.email

        short_name = self.short_name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["merchantId"] = merchant_id
        field_dict["transactionId"] = transaction_id
        field_dict["merchantUserId"] = merchant_user_id
        if mobile_number is not UNSET:
            field_dict["mobileNumber"] = mobile_number
        if email is not UNSET:
            field_dict["email"] = email
        if short_name is not UNSET:
            field_dict["shortName"] = short_name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        merchant_id = d.pop("merchantId")

        transaction_id = d.pop("transactionId")

        merchant_user_id = d.pop("merchantUserId")

        mobile_number = d.pop("mobileNumber", UNSET)

        email = d.pop("email", UNSET)

        short_name = d.pop("shortName", UNSET)

        profile_payload = cls(
            merchant_id=merchant_id,
            transaction_id=transaction_id,
            merchant_user_id=merchant_user_id,
            mobile_number=mobile_number,
            email=email,
            short_name=short_name,
        )

        profile_payload.additional_properties = d
        return profile_payload

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
