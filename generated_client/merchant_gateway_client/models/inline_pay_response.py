# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.inline_pay_data import InlinePayData


T = TypeVar("T", bound="InlinePayResponse")


@_attrs_define
class InlinePayResponse:
    """Envelope with InlinePayData.

    Attributes:
        success (bool): Success status of the request.
        code (str): Result code (OPEN string; documented values in ResultCode).
        message (str): Short message about the code.
        data (InlinePayData | Unset): redirectUrl for card and wallet; intentURL and package for UPI intent.
    """

    success: bool
    code: str
    message: str
    data: InlinePayData | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        code = self.code

        message = self.message

        data: dict[str, Any] | Unset = UNSET
        if not isinstance(self.data, Unset):
            data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["success"] = success
        field_dict["code"] = code
        field_dict["message"] = message
        if data is not UNSET:
            field_dict["data"] = data

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.inline_pay_data import InlinePayData  # noqa: PLC0415

        d = dict(src_dict)
        success = d.pop("success")

        code = d.pop("code")

        message = d.pop("message")

        _data = d.pop("data", UNSET)
        data: InlinePayData | Unset
        if isinstance(_data, Unset):
            data = UNSET
        else:
            data = InlinePayData.from_dict(_data)

        inline_pay_response = cls(
            success=success,
            code=code,
            message=message,
            data=data,
        )

        inline_pay_response.additional_properties = d
        return inline_pay_response

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
