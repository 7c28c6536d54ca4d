# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="UnlinkData")


@_attrs_define
class UnlinkData:
    """
    Attributes:
        merchant_id (str | Unset):
        user_auth_token (str | Unset): The disabled token.
    """

    merchant_id: str | Unset = UNSET
    user_auth_token: str | Unset = _attrs_field(default=UNSET, repr=False)
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        merchant_id = self.merchant_id

        user_auth_token = self.user_auth_token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if merchant_id is not UNSET:
            field_dict["merchantId"] = merchant_id
        if user_auth_token is not UNSET:
            field_dict["userAuthToken"] = user_auth_token

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        merchant_id = d.pop("merchantId", UNSET)

        user_auth_token = d.pop("userAuthToken", UNSET)

        unlink_data = cls(
            merchant_id=merchant_id,
            user_auth_token=user_auth_token,
        )

        unlink_data.additional_properties = d
        return unlink_data

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
