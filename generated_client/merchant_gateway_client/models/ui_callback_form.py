# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="UiCallbackForm")


@_attrs_define
class UiCallbackForm:
    """Form fields of the UI callback. Checksum rules are in the uiCallback webhook.

    Attributes:
        code (str): Transaction status code (OPEN string; see ResultCode).
        merchant_id (str):
        transaction_id (str):
        amount (int): Paise.
        provider_reference_id (str):
        checksum (str): hex SHA-256 of (code + merchantId + transactionId + amount + providerReferenceId +
            param1..param20, nulls left out, + salt key), then
        param1 (str | Unset): Optional; reserved for later use.
        param2 (str | Unset): Optional; reserved for later use.
        param3 (str | Unset): Optional; reserved for later use.
        param4 (str | Unset): Optional; reserved for later use.
        param5 (str | Unset): Optional; reserved for later use.
        param6 (str | Unset): Optional; reserved for later use.
        param7 (str | Unset): Optional; reserved for later use.
        param8 (str | Unset): Optional; reserved for later use.
        param9 (str | Unset): Optional; reserved for later use.
        param10 (str | Unset): Optional; reserved for later use.
        param11 (str | Unset): Optional; reserved for later use.
        param12 (str | Unset): Optional; reserved for later use.
        param13 (str | Unset): Optional; reserved for later use.
        param14 (str | Unset): Optional; reserved for later use.
        param15 (str | Unset): Optional; reserved for later use.
        param16 (str | Unset): Optional; reserved for later use.
        param17 (str | Unset): Optional; reserved for later use.
        param18 (str | Unset): Optional; reserved for later use.
        param19 (str | Unset): Optional; reserved for later use.
        param20 (str | Unset): Optional; reserved for later use.
    """

    code: str
    merchant_id: str
    transaction_id: str
    amount: int
    provider_reference_id: str
    checksum: str
    param1: str | Unset = UNSET
    param2: str | Unset = UNSET
    param3: str | Unset = UNSET
    param4: str | Unset = UNSET
    param5: str | Unset = UNSET
    param6: str | Unset = UNSET
    param7: str | Unset = UNSET
    param8: str | Unset = UNSET
    param9: str | Unset = UNSET
    param10: str | Unset = UNSET
    param11: str | Unset = UNSET
    param12: str | Unset = UNSET
    param13: str | Unset = UNSET
    param14: str | Unset = UNSET
    param15: str | Unset = UNSET
    param16: str | Unset = UNSET
    param17: str | Unset = UNSET
    param18: str | Unset = UNSET
    param19: str | Unset = UNSET
    param20: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        merchant_id = self.merchant_id

        transaction_id = self.transaction_id

        amount = self.amount

        provider_reference_id = self.provider_reference_id

        checksum = self.checksum

        param1 = self.param1

        param2 = self.param2

        param3 = self.param3

        param4 = self.param4

        param5 = self.param5

        param6 = self.param6

        param7 = self.param7

        param8 = self.param8

        param9 = self.param9

        param10 = self.param10

        param11 = self.param11

        param12 = self.param12

        param13 = self.param13

        param14 = self.param14

        param15 = self.param15

        param16 = self.param16

        param17 = self.param17

        param18 = self.param18

        param19 = self.param19

        param20 = self.param20

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["code"] = code
        field_dict["merchantId"] = merchant_id
        field_dict["transactionId"] = transaction_id
        field_dict["amount"] = amount
        field_dict["providerReferenceId"] = provider_reference_id
        if param1 is not UNSET:
            field_dict["param1"] = param1
        if param2 is not UNSET:
            field_dict["param2"] = param2
        if param3 is not UNSET:
            field_dict["param3"] = param3
        if param4 is not UNSET:
            field_dict["param4"] = param4
        if param5 is not UNSET:
            field_dict["param5"] = param5
        if param6 is not UNSET:
            field_dict["param6"] = param6
        if param7 is not UNSET:
            field_dict["param7"] = param7
        if param8 is not UNSET:
            field_dict["param8"] = param8
        if param9 is not UNSET:
            field_dict["param9"] = param9
        if param10 is not UNSET:
            field_dict["param10"] = param10
        if param11 is not UNSET:
            field_dict["param11"] = param11
        if param12 is not UNSET:
            field_dict["param12"] = param12
        if param13 is not UNSET:
            field_dict["param13"] = param13
        if param14 is not UNSET:
            field_dict["param14"] = param14
        if param15 is not UNSET:
            field_dict["param15"] = param15
        if param16 is not UNSET:
            field_dict["param16"] = param16
        if param17 is not UNSET:
            field_dict["param17"] = param17
        if param18 is not UNSET:
            field_dict["param18"] = param18
        if param19 is not UNSET:
            field_dict["param19"] = param19
        if param20 is not UNSET:
            field_dict["param20"] = param20
        field_dict["checksum"] = checksum

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        merchant_id = d.pop("merchantId")

        transaction_id = d.pop("transactionId")

        amount = d.pop("amount")

        provider_reference_id = d.pop("providerReferenceId")

        checksum = d.pop("checksum")

        param1 = d.pop("param1", UNSET)

        param2 = d.pop("param2", UNSET)

        param3 = d.pop("param3", UNSET)

        param4 = d.pop("param4", UNSET)

        param5 = d.pop("param5", UNSET)

        param6 = d.pop("param6", UNSET)

        param7 = d.pop("param7", UNSET)

        param8 = d.pop("param8", UNSET)

        param9 = d.pop("param9", UNSET)

        param10 = d.pop("param10", UNSET)

        param11 = d.pop("param11", UNSET)

        param12 = d.pop("param12", UNSET)

        param13 = d.pop("param13", UNSET)

        param14 = d.pop("param14", UNSET)

        param15 = d.pop("param15", UNSET)

        param16 = d.pop("param16", UNSET)

        param17 = d.pop("param17", UNSET)

        param18 = d.pop("param18", UNSET)

        param19 = d.pop("param19", UNSET)

        param20 = d.pop("param20", UNSET)

        ui_callback_form = cls(
            code=code,
            merchant_id=merchant_id,
            transaction_id=transaction_id,
            amount=amount,
            provider_reference_id=provider_reference_id,
            checksum=checksum,
            param1=param1,
            param2=param2,
            param3=param3,
            param4=param4,
            param5=param5,
            param6=param6,
            param7=param7,
            param8=param8,
            param9=param9,
            param10=param10,
            param11=param11,
            param12=param12,
            param13=param13,
            param14=param14,
            param15=param15,
            param16=param16,
            param17=param17,
            param18=param18,
            param19=param19,
            param20=param20,
        )

        ui_callback_form.additional_properties = d
        return ui_callback_form

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
