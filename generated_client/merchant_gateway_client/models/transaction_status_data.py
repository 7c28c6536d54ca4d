# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.payment_state import PaymentState

T = TypeVar("T", bound="TransactionStatusData")
_E = TypeVar("_E", bound=Enum)


def _open_enum(cls: type[_E], value: object) -> _E | str:
    """A value of an open set: its member when `cls` knows it, otherwise the string as received."""
    if not isinstance(value, str):
        raise TypeError(f"{cls.__name__}: expected a string, got {type(value).__name__}")
    try:
        return cls(value)
    except ValueError:
        return value


@_attrs_define
class TransactionStatusData:
    """Status data; `{}` on TRANSACTION_NOT_FOUND.

    Attributes:
        transaction_id (str | None):
        merchant_id (str | None):
        amount (int | None): Paise; cross-check with the forward payment.
        provider_reference_id (str | None): The service's own transaction id.
        payment_state (PaymentState | str | None): COMPLETED or FAILED. Informative only; decisions use `code`.
        pay_response_code (str | None): Internal granular status code (OPEN set). Informative only: decisions use
            `code`. New values can
            appear at any time and must not be mapped to a fixed enum. Refund-specific values come with code
            PAYMENT_ERROR: DUPLICATE_TXN_REQUEST (transaction id already used for a refund),
            EXCESS_REFUND_AMOUNT (amount above the forward payment, or already refunded), WALLET_NOT_ACTIVATED
            (the user disabled the wallet; spelled WALLLET_NOT_ACTIVATED in the apps-host listing).
        status (str | None): Status of the request (OPEN set; values seen SUCCESS, PENDING, FAILED).
    """

    transaction_id: str | None = None
    merchant_id: str | None = None
    amount: int | None = None
    provider_reference_id: str | None = None
    payment_state: PaymentState | str | None = None
    pay_response_code: str | None = None
    status: str | None = None
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
        if self.provider_reference_id is not None:
            field_dict["providerReferenceId"] = self.provider_reference_id
        if self.payment_state is not None:
            field_dict["paymentState"] = (
                self.payment_state.value if isinstance(self.payment_state, PaymentState) else self.payment_state
            )
        if self.pay_response_code is not None:
            field_dict["payResponseCode"] = self.pay_response_code
        if self.status is not None:
            field_dict["status"] = self.status

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        transaction_id: str | None = d.pop("transactionId", None)

        merchant_id: str | None = d.pop("merchantId", None)

        amount: int | None = d.pop("amount", None)

        provider_reference_id: str | None = d.pop("providerReferenceId", None)

        _payment_state = d.pop("paymentState", None)
        payment_state = None if _payment_state is None else _open_enum(PaymentState, _payment_state)

        pay_response_code: str | None = d.pop("payResponseCode", None)

        status: str | None = d.pop("status", None)

        transaction_status_data = cls(
            transaction_id=transaction_id,
            merchant_id=merchant_id,
            amount=amount,
            provider_reference_id=provider_reference_id,
            payment_state=payment_state,
            pay_response_code=pay_response_code,
            status=status,
        )

        transaction_status_data.additional_properties = d
        return transaction_status_data

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        if self.transaction_id is not None:
            parts.append(f"transaction_id={self.transaction_id!r}")
        if self.merchant_id is not None:
            parts.append(f"merchant_id={self.merchant_id!r}")
        if self.amount is not None:
            parts.append(f"amount={self.amount!r}")
        if self.provider_reference_id is not None:
            parts.append(f"provider_reference_id={self.provider_reference_id!r}")
        if self.payment_state is not None:
            parts.append(f"payment_state={str(self.payment_state)!r}")
        if self.pay_response_code is not None:
            parts.append(f"pay_response_code={self.pay_response_code!r}")
        if self.status is not None:
            parts.append(f"status={self.status!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"TransactionStatusData({', '.join(parts)})"

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
