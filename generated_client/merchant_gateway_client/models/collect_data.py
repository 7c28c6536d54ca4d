# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="CollectData")


@_attrs_define
class CollectData:
    """
    Attributes:
        transaction_id (str | Unset):
        amount (int | Unset):
        merchant_id (str | Unset):
        mobile_number (str | Unset):
        provider_reference_id (str | Unset):
    """

    transaction_id: str | Unset = UNSET
    amount: int | Unset = UNSET
    merchant_id: str | Unset = UNSET
    mobile_number: str | Unset = UNSET
    provider_reference_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        transaction_id = self.transaction_id

        amount = self.amount

        merchant_id = self.merchant_id

        mobile_number = self.mobile_number

        provider_reference_id = self.provider_reference_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if transaction_id is not UNSET:
            field_dict["transactionId"] = transaction_id
        if amount is not UNSET:
            field_dict["amount"] = amount
        if merchant_id is not UNSET:
            field_dict["merchantId"] = merchant_id
        if mobile_number is not UNSET:
            field_dict["mobileNumber"] = mobile_number
        if provider_reference_id is not UNSET:
            field_dict["providerReferenceId"] = provider_reference_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        transaction_id = d.pop("transactionId", UNSET)

        amount = d.pop("amount", UNSET)

        merchant_id = d.pop("merchantId", UNSET)

        mobile_number = d.pop("mobileNumber", UNSET)

        provider_reference_id = d.pop("providerReferenceId", UNSET)

        collect_data = cls(
            transaction_id=transaction_id,
            amount=amount,
            merchant_id=merchant_id,
            mobile_number=mobile_number,
            provider_reference_id=provider_reference_id,
        )

        collect_data.additional_properties = d
        return collect_data

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
