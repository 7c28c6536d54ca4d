# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="OtpVerifyPayload")


@_attrs_define
class OtpVerifyPayload:
    """OTP verification payload (send the latest otpToken with its matching otp). The fields are the
    interface document's ("OTP verification request: merchantId, otpToken, otp"); the operation that
    carries them (method, path, base64 wrapping) is from the gateway's public reference.

        Attributes:
            merchant_id (str): Id assigned to the merchant.
            otp_token (str): The latest otpToken issued by sendOtp.
            otp (str): OTP typed by the user.
    """

    merchant_id: str
    otp_token: str = _attrs_field(repr=False)
    otp: str = _attrs_field(repr=False)
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        merchant_id = self.merchant_id

        otp_token = self.otp_token

        otp = self.otp

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["merchantId"] = merchant_id
        field_dict["otpToken"] = otp_token
        field_dict["otp"] = otp

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        merchant_id = d.pop("merchantId")

        otp_token = d.pop("otpToken")

        otp = d.pop("otp")

        otp_verify_payload = cls(
            merchant_id=merchant_id,
            otp_token=otp_token,
            otp=otp,
        )

        otp_verify_payload.additional_properties = d
        return otp_verify_payload

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
