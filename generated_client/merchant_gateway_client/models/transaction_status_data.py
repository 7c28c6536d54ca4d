# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.payment_state import PaymentState
from ..types import UNSET, Unset

T = TypeVar("T", bound="TransactionStatusData")


@_attrs_define
class TransactionStatusData:
    """Status data; `{}` on TRANSACTION_NOT_FOUND.

    Attributes:
        transaction_id (str | Unset):
        merchant_id (str | Unset):
        amount (int | Unset): Paise; cross-check with the forward payment.
        provider_reference_id (str | Unset): The service's own transaction id.
        payment_state (PaymentState | Unset): COMPLETED or FAILED. Informative only; decisions use `code`.
        pay_response_code (str | Unset): Internal granular status code (OPEN set). Informative only: decisions use
            `code`. New values can
            appear at any time and must not be mapped to a fixed enum. Refund-specific values come with code
            PAYMENT_ERROR: DUPLICATE_TXN_REQUEST (transaction id already used for a refund),
            EXCESS_REFUND_AMOUNT (amount above the forward payment, or already refunded), WALLET_NOT_ACTIVATED
            (the user disabled the wallet; spelled WALLLET_NOT_ACTIVATED in the apps-host listing).
        status (str | Unset): Status of the request (OPEN set; values seen SUCCESS, PENDING, FAILED).
    """

    transaction_id: str | Unset = UNSET
    merchant_id: str | Unset = UNSET
    amount: int | Unset = UNSET
    provider_reference_id: str | Unset = UNSET
    payment_state: PaymentState | Unset = UNSET
    pay_response_code: str | Unset = UNSET
    status: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        transaction_id = self.transaction_id

        merchant_id = self.merchant_id

        amount = self.amount

        provider_reference_id = self.provider_reference_id

        payment_state: str | Unset = UNSET
        if not isinstance(self.payment_state, Unset):
            payment_state = self.payment_state.value

        pay_response_code = self.pay_response_code

        status = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if transaction_id is not UNSET:
            field_dict["transactionId"] = transaction_id
        if merchant_id is not UNSET:
            field_dict["merchantId"] = merchant_id
        if amount is not UNSET:
            field_dict["amount"] = amount
        if provider_reference_id is not UNSET:
            field_dict["providerReferenceId"] = provider_reference_id
        if payment_state is not UNSET:
            field_dict["paymentState"] = payment_state
        if pay_response_code is not UNSET:
            field_dict["payResponseCode"] = pay_response_code
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        transaction_id = d.pop("transactionId", UNSET)

        merchant_id = d.pop("merchantId", UNSET)

        amount = d.pop("amount", UNSET)

        provider_reference_id = d.pop("providerReferenceId", UNSET)

        _payment_state = d.pop("paymentState", UNSET)
        payment_state: PaymentState | Unset
        if isinstance(_payment_state, Unset):
            payment_state = UNSET
        else:
            payment_state = PaymentState(_payment_state)

        pay_response_code = d.pop("payResponseCode", UNSET)

        status = d.pop("status", UNSET)

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
