# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.otp_verify_data import OtpVerifyData


T = TypeVar("T", bound="OtpVerifyResponse")


@_attrs_define
class OtpVerifyResponse:
    """Envelope with OtpVerifyData.

    Attributes:
        success (bool): Success status of the request.
        code (str): Result code (OPEN string; documented values in ResultCode).
        message (str): Short message about the code.
        data (OtpVerifyData | None): Data of the OTP verification answer (fields as the interface document lists them;
            the operation is from the public reference).
    """

    success: bool
    code: str
    message: str
    data: OtpVerifyData | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["success"] = self.success
        field_dict["code"] = self.code
        field_dict["message"] = self.message
        if self.data is not None:
            field_dict["data"] = self.data.to_dict()

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.otp_verify_data import OtpVerifyData  # noqa: PLC0415

        d = dict(src_dict)
        success = d.pop("success")

        code = d.pop("code")

        message = d.pop("message")

        _data = d.pop("data", None)
        data = None if _data is None else OtpVerifyData.from_dict(_data)

        otp_verify_response = cls(
            success=success,
            code=code,
            message=message,
            data=data,
        )

        otp_verify_response.additional_properties = d
        return otp_verify_response

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        parts.append(f"success={self.success!r}")
        parts.append(f"code={self.code!r}")
        parts.append(f"message={self.message!r}")
        if self.data is not None:
            parts.append(f"data={self.data!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"OtpVerifyResponse({', '.join(parts)})"

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
