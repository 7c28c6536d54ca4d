# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="OtpVerifyData")


@_attrs_define
class OtpVerifyData:
    """Data of the OTP verification answer (fields as the interface document lists them; the operation is from the public
    reference).

        Attributes:
            merchant_id (str | None):
            user_auth_token (str | None): Auth token of the linked user; invalidated by unlinking.
    """

    merchant_id: str | None = None
    user_auth_token: str | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if self.merchant_id is not None:
            field_dict["merchantId"] = self.merchant_id
        if self.user_auth_token is not None:
            field_dict["userAuthToken"] = self.user_auth_token

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        merchant_id: str | None = d.pop("merchantId", None)

        user_auth_token: str | None = d.pop("userAuthToken", None)

        otp_verify_data = cls(
            merchant_id=merchant_id,
            user_auth_token=user_auth_token,
        )

        otp_verify_data.additional_properties = d
        return otp_verify_data

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        if self.merchant_id is not None:
            parts.append(f"merchant_id={self.merchant_id!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"OtpVerifyData({', '.join(parts)})"

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
