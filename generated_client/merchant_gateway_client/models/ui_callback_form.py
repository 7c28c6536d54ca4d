# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

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
        param1 (str | None): Optional; reserved for later use.
        param2 (str | None): Optional; reserved for later use.
        param3 (str | None): Optional; reserved for later use.
        param4 (str | None): Optional; reserved for later use.
        param5 (str | None): Optional; reserved for later use.
        param6 (str | None): Optional; reserved for later use.
        param7 (str | None): Optional; reserved for later use.
        param8 (str | None): Optional; reserved for later use.
        param9 (str | None): Optional; reserved for later use.
        param10 (str | None): Optional; reserved for later use.
        param11 (str | None): Optional; reserved for later use.
        param12 (str | None): Optional; reserved for later use.
        param13 (str | None): Optional; reserved for later use.
        param14 (str | None): Optional; reserved for later use.
        param15 (str | None): Optional; reserved for later use.
        param16 (str | None): Optional; reserved for later use.
        param17 (str | None): Optional; reserved for later use.
        param18 (str | None): Optional; reserved for later use.
        param19 (str | None): Optional; reserved for later use.
        param20 (str | None): Optional; reserved for later use.
    """

    code: str
    merchant_id: str
    transaction_id: str
    amount: int
    provider_reference_id: str
    checksum: str
    param1: str | None = None
    param2: str | None = None
    param3: str | None = None
    param4: str | None = None
    param5: str | None = None
    param6: str | None = None
    param7: str | None = None
    param8: str | None = None
    param9: str | None = None
    param10: str | None = None
    param11: str | None = None
    param12: str | None = None
    param13: str | None = None
    param14: str | None = None
    param15: str | None = None
    param16: str | None = None
    param17: str | None = None
    param18: str | None = None
    param19: str | None = None
    param20: str | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["code"] = self.code
        field_dict["merchantId"] = self.merchant_id
        field_dict["transactionId"] = self.transaction_id
        field_dict["amount"] = self.amount
        field_dict["providerReferenceId"] = self.provider_reference_id
        if self.param1 is not None:
            field_dict["param1"] = self.param1
        if self.param2 is not None:
            field_dict["param2"] = self.param2
        if self.param3 is not None:
            field_dict["param3"] = self.param3
        if self.param4 is not None:
            field_dict["param4"] = self.param4
        if self.param5 is not None:
            field_dict["param5"] = self.param5
        if self.param6 is not None:
            field_dict["param6"] = self.param6
        if self.param7 is not None:
            field_dict["param7"] = self.param7
        if self.param8 is not None:
            field_dict["param8"] = self.param8
        if self.param9 is not None:
            field_dict["param9"] = self.param9
        if self.param10 is not None:
            field_dict["param10"] = self.param10
        if self.param11 is not None:
            field_dict["param11"] = self.param11
        if self.param12 is not None:
            field_dict["param12"] = self.param12
        if self.param13 is not None:
            field_dict["param13"] = self.param13
        if self.param14 is not None:
            field_dict["param14"] = self.param14
        if self.param15 is not None:
            field_dict["param15"] = self.param15
        if self.param16 is not None:
            field_dict["param16"] = self.param16
        if self.param17 is not None:
            field_dict["param17"] = self.param17
        if self.param18 is not None:
            field_dict["param18"] = self.param18
        if self.param19 is not None:
            field_dict["param19"] = self.param19
        if self.param20 is not None:
            field_dict["param20"] = self.param20
        field_dict["checksum"] = self.checksum

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

        param1: str | None = d.pop("param1", None)

        param2: str | None = d.pop("param2", None)

        param3: str | None = d.pop("param3", None)

        param4: str | None = d.pop("param4", None)

        param5: str | None = d.pop("param5", None)

        param6: str | None = d.pop("param6", None)

        param7: str | None = d.pop("param7", None)

        param8: str | None = d.pop("param8", None)

        param9: str | None = d.pop("param9", None)

        param10: str | None = d.pop("param10", None)

        param11: str | None = d.pop("param11", None)

        param12: str | None = d.pop("param12", None)

        param13: str | None = d.pop("param13", None)

        param14: str | None = d.pop("param14", None)

        param15: str | None = d.pop("param15", None)

        param16: str | None = d.pop("param16", None)

        param17: str | None = d.pop("param17", None)

        param18: str | None = d.pop("param18", None)

        param19: str | None = d.pop("param19", None)

        param20: str | None = d.pop("param20", None)

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

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        parts.append(f"code={self.code!r}")
        parts.append(f"merchant_id={self.merchant_id!r}")
        parts.append(f"transaction_id={self.transaction_id!r}")
        parts.append(f"amount={self.amount!r}")
        parts.append(f"provider_reference_id={self.provider_reference_id!r}")
        if self.param1 is not None:
            parts.append(f"param1={self.param1!r}")
        if self.param2 is not None:
            parts.append(f"param2={self.param2!r}")
        if self.param3 is not None:
            parts.append(f"param3={self.param3!r}")
        if self.param4 is not None:
            parts.append(f"param4={self.param4!r}")
        if self.param5 is not None:
            parts.append(f"param5={self.param5!r}")
        if self.param6 is not None:
            parts.append(f"param6={self.param6!r}")
        if self.param7 is not None:
            parts.append(f"param7={self.param7!r}")
        if self.param8 is not None:
            parts.append(f"param8={self.param8!r}")
        if self.param9 is not None:
            parts.append(f"param9={self.param9!r}")
        if self.param10 is not None:
            parts.append(f"param10={self.param10!r}")
        if self.param11 is not None:
            parts.append(f"param11={self.param11!r}")
        if self.param12 is not None:
            parts.append(f"param12={self.param12!r}")
        if self.param13 is not None:
            parts.append(f"param13={self.param13!r}")
        if self.param14 is not None:
            parts.append(f"param14={self.param14!r}")
        if self.param15 is not None:
            parts.append(f"param15={self.param15!r}")
        if self.param16 is not None:
            parts.append(f"param16={self.param16!r}")
        if self.param17 is not None:
            parts.append(f"param17={self.param17!r}")
        if self.param18 is not None:
            parts.append(f"param18={self.param18!r}")
        if self.param19 is not None:
            parts.append(f"param19={self.param19!r}")
        if self.param20 is not None:
            parts.append(f"param20={self.param20!r}")
        parts.append(f"checksum={self.checksum!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"UiCallbackForm({', '.join(parts)})"

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
