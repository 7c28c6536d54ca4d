# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CollectData")


@_attrs_define
class CollectData:
    """
    Attributes:
        transaction_id (str | None):
        amount (int | None):
        merchant_id (str | None):
        mobile_number (str | None):
        provider_reference_id (str | None):
    """

    transaction_id: str | None = None
    amount: int | None = None
    merchant_id: str | None = None
    mobile_number: str | None = None
    provider_reference_id: str | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if self.transaction_id is not None:
            field_dict["transactionId"] = self.transaction_id
        if self.amount is not None:
            field_dict["amount"] = self.amount
        if self.merchant_id is not None:
            field_dict["merchantId"] = self.merchant_id
        if self.mobile_number is not None:
            field_dict["mobileNumber"] = self.mobile_number
        if self.provider_reference_id is not None:
            field_dict["providerReferenceId"] = self.provider_reference_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        transaction_id: str | None = d.pop("transactionId", None)

        amount: int | None = d.pop("amount", None)

        merchant_id: str | None = d.pop("merchantId", None)

        mobile_number: str | None = d.pop("mobileNumber", None)

        provider_reference_id: str | None = d.pop("providerReferenceId", None)

        collect_data = cls(
            transaction_id=transaction_id,
            amount=amount,
            merchant_id=merchant_id,
            mobile_number=mobile_number,
            provider_reference_id=provider_reference_id,
        )

        collect_data.additional_properties = d
        return collect_data

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        if self.transaction_id is not None:
            parts.append(f"transaction_id={self.transaction_id!r}")
        if self.amount is not None:
            parts.append(f"amount={self.amount!r}")
        if self.merchant_id is not None:
            parts.append(f"merchant_id={self.merchant_id!r}")
        if self.mobile_number is not None:
            parts.append(f"mobile_number={self.mobile_number!r}")
        if self.provider_reference_id is not None:
            parts.append(f"provider_reference_id={self.provider_reference_id!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"CollectData({', '.join(parts)})"

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
