# Generated from tests/generator/fixtures/mini.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="StatusData")


@_attrs_define
class StatusData:
    """
    Attributes:
        transaction_id (str | Unset):
        merchant_id (str | Unset):
        amount (int | Unset):
        payment_state (str | Unset):
        pay_response_code (str | Unset):
    """

    transaction_id: str | Unset = UNSET
    merchant_id: str | Unset = UNSET
    amount: int | Unset = UNSET
    payment_state: str | Unset = UNSET
    pay_response_code: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        transaction_id = self.transaction_id

        merchant_id = self.merchant_id

        amount = self.amount

        payment_state = self.payment_state

        pay_response_code = self.pay_response_code

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if transaction_id is not UNSET:
            field_dict["transactionId"] = transaction_id
        if merchant_id is not UNSET:
            field_dict["merchantId"] = merchant_id
        if amount is not UNSET:
            field_dict["amount"] = amount
        if payment_state is not UNSET:
            field_dict["paymentState"] = payment_state
        if pay_response_code is not UNSET:
            field_dict["payResponseCode"] = pay_response_code

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        transaction_id = d.pop("transactionId", UNSET)

        merchant_id = d.pop("merchantId", UNSET)

        amount = d.pop("amount", UNSET)

        payment_state = d.pop("paymentState", UNSET)

        pay_response_code = d.pop("payResponseCode", UNSET)

        status_data = cls(
            transaction_id=transaction_id,
            merchant_id=merchant_id,
            amount=amount,
            payment_state=payment_state,
            pay_response_code=pay_response_code,
        )

        status_data.additional_properties = d
        return status_data

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
