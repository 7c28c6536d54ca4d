# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="RefundV3Payload")


@_attrs_define
class RefundV3Payload:
    """Refund payload of `/v3/credit/backToSource/` (uses `subMerchant`). Send exactly one of
    originalTransactionId and providerReferenceId (stated with `if`/`then`/`else` in this schema and
    listed in `x-field-rules`). transactionId must differ from the debit's. amount is at most the
    original payment amount.

        Attributes:
            merchant_id (str): Id assigned to the merchant.
            transaction_id (str): Merchant-generated unique transaction id; length < 38 characters. Limited by this project
                to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes
                into the status path, and how the gateway signs a percent-encoded path is not shown, so any other character
                could make the payment unreadable.
            amount (int): Amount in paise (integer, Long).
            merchant_order_id (str): Merchant's order id; length < 48 characters.
            message (str): Refund message.
            original_transaction_id (str | Unset): Merchant transaction id of the forward payment (one of
                originalTransactionId and providerReferenceId).
            provider_reference_id (str | Unset): The service's id of the forward payment (one of originalTransactionId and
                providerReferenceId).
            sub_merchant (str | Unset): Tag (v3 path).
    """

    merchant_id: str
    transaction_id: str
    amount: int
    merchant_order_id: str
    message: str
    original_transaction_id: str | Unset = UNSET
    provider_reference_id: str | Unset = UNSET
    sub_merchant: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        merchant_id = self.merchant_id

        transaction_id = self.transaction_id

        amount = self.amount

        merchant_order_id = self.merchant_order_id

        message = self.message

        original_transaction_id = self.original_transaction_id

        provider_reference_id = self.provider_reference_id

        sub_merchant = self.sub_merchant

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["merchantId"] = merchant_id
        field_dict["transactionId"] = transaction_id
        if original_transaction_id is not UNSET:
            field_dict["originalTransactionId"] = original_transaction_id
        if provider_reference_id is not UNSET:
            field_dict["providerReferenceId"] = provider_reference_id
        field_dict["amount"] = amount
        field_dict["merchantOrderId"] = merchant_order_id
        if sub_merchant is not UNSET:
            field_dict["subMerchant"] = sub_merchant
        field_dict["message"] = message

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        merchant_id = d.pop("merchantId")

        transaction_id = d.pop("transactionId")

        amount = d.pop("amount")

        merchant_order_id = d.pop("merchantOrderId")

        message = d.pop("message")

        original_transaction_id = d.pop("originalTransactionId", UNSET)

        provider_reference_id = d.pop("providerReferenceId", UNSET)

        sub_merchant = d.pop("subMerchant", UNSET)

        refund_v3_payload = cls(
            merchant_id=merchant_id,
            transaction_id=transaction_id,
            amount=amount,
            merchant_order_id=merchant_order_id,
            message=message,
            original_transaction_id=original_transaction_id,
            provider_reference_id=provider_reference_id,
            sub_merchant=sub_merchant,
        )

        refund_v3_payload.additional_properties = d
        return refund_v3_payload

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
