# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="UnlinkPayload")


@_attrs_define
class UnlinkPayload:
    """Unlink payload.

    Attributes:
        merchant_id (str): Id assigned to the merchant.
        user_auth_token (str): Token to disable.
    """

    merchant_id: str
    user_auth_token: str = _attrs_field(repr=False)
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        merchant_id = self.merchant_id

        user_auth_token = self.user_auth_token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["merchantId"] = merchant_id
        field_dict["userAuthToken"] = user_auth_token

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        merchant_id = d.pop("merchantId")

        user_auth_token = d.pop("userAuthToken")

        unlink_payload = cls(
            merchant_id=merchant_id,
            user_auth_token=user_auth_token,
        )

        unlink_payload.additional_properties = d
        return unlink_payload

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
