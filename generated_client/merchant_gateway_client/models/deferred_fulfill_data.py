# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="DeferredFulfillData")


@_attrs_define
class DeferredFulfillData:
    """
    Attributes:
        transaction_id (str | None):
        merchant_id (str | None):
        amount (int | None):
        status (str | None): Status of the request (OPEN set; values seen SUCCESS, PENDING, FAILED).
        merchant_user_id (str | None):
        mobile_number (str | None):
        provider_reference_id (str | None):
        pay_response_code (str | None): Internal granular status code (OPEN set). Informative only: decisions use
            `code`. New values can
            appear at any time and must not be mapped to a fixed enum. Refund-specific values come with code
            PAYMENT_ERROR: DUPLICATE_TXN_REQUEST (transaction id already used for a refund),
            EXCESS_REFUND_AMOUNT (amount above the forward payment, or already refunded), WALLET_NOT_ACTIVATED
            (the user disabled the wallet; spelled WALLLET_NOT_ACTIVATED in the apps-host listing).
    """

    transaction_id: str | None = None
    merchant_id: str | None = None
    amount: int | None = None
    status: str | None = None
    merchant_user_id: str | None = None
    mobile_number: str | None = None
    provider_reference_id: str | None = None
    pay_response_code: str | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if self.transaction_id is not None:
            field_dict["transactionId"] = self.transaction_id
        if self.merchant_id is not None:
            field_dict["merchantId"] = self.merchant_id
        if self.amount is not None:
            field_dict["amount"] = self.amount
        if self.status is not None:
            field_dict["status"] = self.status
        if self.merchant_user_id is not None:
            field_dict["merchantUserId"] = self.merchant_user_id
        if self.mobile_number is not None:
            field_dict["mobileNumber"] = self.mobile_number
        if self.provider_reference_id is not None:
            field_dict["providerReferenceId"] = self.provider_reference_id
        if self.pay_response_code is not None:
            field_dict["payResponseCode"] = self.pay_response_code

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        transaction_id: str | None = d.pop("transactionId", None)

        merchant_id: str | None = d.pop("merchantId", None)

        amount: int | None = d.pop("amount", None)

        status: str | None = d.pop("status", None)

        merchant_user_id: str | None = d.pop("merchantUserId", None)

        mobile_number: str | None = d.pop("mobileNumber", None)

        provider_reference_id: str | None = d.pop("providerReferenceId", None)

        pay_response_code: str | None = d.pop("payResponseCode", None)

        deferred_fulfill_data = cls(
            transaction_id=transaction_id,
            merchant_id=merchant_id,
            amount=amount,
            status=status,
            merchant_user_id=merchant_user_id,
            mobile_number=mobile_number,
            provider_reference_id=provider_reference_id,
            pay_response_code=pay_response_code,
        )

        deferred_fulfill_data.additional_properties = d
        return deferred_fulfill_data

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        if self.transaction_id is not None:
            parts.append(f"transaction_id={self.transaction_id!r}")
        if self.merchant_id is not None:
            parts.append(f"merchant_id={self.merchant_id!r}")
        if self.amount is not None:
            parts.append(f"amount={self.amount!r}")
        if self.status is not None:
            parts.append(f"status={self.status!r}")
        if self.merchant_user_id is not None:
            parts.append(f"merchant_user_id={self.merchant_user_id!r}")
        if self.mobile_number is not None:
            parts.append(f"mobile_number={self.mobile_number!r}")
        if self.provider_reference_id is not None:
            parts.append(f"provider_reference_id={self.provider_reference_id!r}")
        if self.pay_response_code is not None:
            parts.append(f"pay_response_code={self.pay_response_code!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"DeferredFulfillData({', '.join(parts)})"

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
