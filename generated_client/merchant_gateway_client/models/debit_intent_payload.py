# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.payment_scope import PaymentScope
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.device_context import DeviceContext
    from ..models.merchant_context import MerchantContext


T = TypeVar("T", bound="DebitIntentPayload")


@_attrs_define
class DebitIntentPayload:
    """Debit payload of the v4 intent variant (`POST /v4/debit`); adds paymentScope and deviceContext and
    requires merchantOrderId. merchantUserId is not to be sent together with userAuthToken, as for every
    debit payload (stated with `not` in this schema and listed in `x-field-rules`).

        Attributes:
            merchant_id (str): Id assigned to the merchant.
            transaction_id (str): Merchant-generated unique transaction id; length < 38 characters. Limited by this project
                to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`, `~`): the id goes
                into the status path, and how the gateway signs a percent-encoded path is not shown, so any other character
                could make the payment unreadable.
            amount (int): Amount in paise (integer, Long).
            merchant_order_id (str): Merchant's order id; length < 48 characters.
            payment_scope (PaymentScope):
            device_context (DeviceContext): Device facts of the intent variant.
            merchant_user_id (str | Unset): Pre-logs the user in. Required except for guest users. Not together with
                userAuthToken.
            user_auth_token (str | Unset): Only in the OTP linking flow.
            sub_merchant (str | Unset): Only when several merchants are tagged under one merchant id.
            mobile_number (str | Unset):
            message (str | Unset): Shown to the user on completion.
            email (str | Unset):
            short_name (str | Unset): Pre-filled name for registration.
            merchant_context (MerchantContext | Unset): Only if deep offers are allocated.
    """

    merchant_id: str
    transaction_id: str
    amount: int
    merchant_order_id: str
    payment_scope: PaymentScope
    device_context: DeviceContext
    merchant_user_id: str | Unset = UNSET
    user_auth_token: str | Unset = _attrs_field(default=UNSET, repr=False)
    sub_merchant: str | Unset = UNSET
    mobile_number: str | Unset = UNSET
    message: str | Unset = UNSET
    email: str | Unset = UNSET
    short_name: str | Unset = UNSET
    merchant_context: MerchantContext | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        merchant_id = self.merchant_id

        transaction_id = self.transaction_id

        amount = self.amount

        merchant_order_id = self.merchant_order_id

        payment_scope = self.payment_scope.value

        device_context = self.device_context.to_dict()

        merchant_user_id = self.merchant_user_id

        user_auth_token = self.user_auth_token

        sub_merchant = self.sub_merchant

        mobile_number = self.mobile_number

        message = self.message

        email = self.email

        short_name = self.short_name

        merchant_context: dict[str, Any] | Unset = UNSET
        if not isinstance(self.merchant_context, Unset):
            merchant_context = self.merchant_context.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["merchantId"] = merchant_id
        field_dict["transactionId"] = transaction_id
        if merchant_user_id is not UNSET:
            field_dict["merchantUserId"] = merchant_user_id
        if user_auth_token is not UNSET:
            field_dict["userAuthToken"] = user_auth_token
        field_dict["amount"] = amount
        field_dict["merchantOrderId"] = merchant_order_id
        if sub_merchant is not UNSET:
            field_dict["subMerchant"] = sub_merchant
        if mobile_number is not UNSET:
            field_dict["mobileNumber"] = mobile_number
        if message is not UNSET:
            field_dict["message"] = message
        if email is not UNSET:
            field_dict["email"] = email
        if short_name is not UNSET:
            field_dict["shortName"] = short_name
        field_dict["paymentScope"] = payment_scope
        field_dict["deviceContext"] = device_context
        if merchant_context is not UNSET:
            field_dict["merchantContext"] = merchant_context

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.device_context import DeviceContext  # noqa: PLC0415
        from ..models.merchant_context import MerchantContext  # noqa: PLC0415

        d = dict(src_dict)
        merchant_id = d.pop("merchantId")

        transaction_id = d.pop("transactionId")

        amount = d.pop("amount")

        merchant_order_id = d.pop("merchantOrderId")

        payment_scope = PaymentScope(d.pop("paymentScope"))

        device_context = DeviceContext.from_dict(d.pop("deviceContext"))

        merchant_user_id = d.pop("merchantUserId", UNSET)

        user_auth_token = d.pop("userAuthToken", UNSET)

        sub_merchant = d.pop("subMerchant", UNSET)

        mobile_number = d.pop("mobileNumber", UNSET)

        message = d.pop("message", UNSET)

        email = d.pop("email", UNSET)

        short_name = d.pop("shortName", UNSET)

        _merchant_context = d.pop("merchantContext", UNSET)
        merchant_context: MerchantContext | Unset
        if isinstance(_merchant_context, Unset):
            merchant_context = UNSET
        else:
            merchant_context = MerchantContext.from_dict(_merchant_context)

        debit_intent_payload = cls(
            merchant_id=merchant_id,
            transaction_id=transaction_id,
            amount=amount,
            merchant_order_id=merchant_order_id,
            payment_scope=payment_scope,
            device_context=device_context,
            merchant_user_id=merchant_user_id,
            user_auth_token=user_auth_token,
            sub_merchant=sub_merchant,
            mobile_number=mobile_number,
            message=message,
            email=email,
            short_name=short_name,
            merchant_context=merchant_context,
        )

        debit_intent_payload.additional_properties = d
        return debit_intent_payload

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
