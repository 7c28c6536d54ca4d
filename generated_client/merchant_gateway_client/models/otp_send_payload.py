# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.otp_request_type import OtpRequestType
from ..types import UNSET, Unset

T = TypeVar("T", bound="OtpSendPayload")


@_attrs_define
class OtpSendPayload:
    """OTP send payload (from the gateway's public reference).

    Attributes:
        merchant_id (str): Id assigned to the merchant.
        mobile_number (str): Mobile number that receives the OTP.
        email (str | Unset):
        short_name (str | Unset):
        request_type (OtpRequestType | Unset):
    """

    merchant_id: str
    mobile_number: str
    email: str | Unset = UNSET
    short_name: str | Unset = UNSET
    request_type: OtpRequestType | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        merchant_id = self.merchant_id

        mobile_number = self.mobile_number

        email = self.email

        short_name = self.short_name

        request_type: str | Unset = UNSET
        if not isinstance(self.request_type, Unset):
            request_type = self.request_type.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["merchantId"] = merchant_id
        field_dict["mobileNumber"] = mobile_number
        if email is not UNSET:
            field_dict["email"] = email
        if short_name is not UNSET:
            field_dict["shortName"] = short_name
        if request_type is not UNSET:
            field_dict["requestType"] = request_type

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        merchant_id = d.pop("merchantId")

        mobile_number = d.pop("mobileNumber")

        email = d.pop("email", UNSET)

        short_name = d.pop("shortName", UNSET)

        _request_type = d.pop("requestType", UNSET)
        request_type: OtpRequestType | Unset
        if isinstance(_request_type, Unset):
            request_type = UNSET
        else:
            request_type = OtpRequestType(_request_type)

        otp_send_payload = cls(
            merchant_id=merchant_id,
            mobile_number=mobile_number,
            email=email,
            short_name=short_name,
            request_type=request_type,
        )

        otp_send_payload.additional_properties = d
        return otp_send_payload

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
