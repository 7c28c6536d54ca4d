# Generated from tests/generator/fixtures/mini.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="TokenResponse")


@_attrs_define
class TokenResponse:
    """
    Attributes:
        access_token (str | Unset):
        encrypted_access_token (str | Unset):
        expires_at (int | Unset):
        token_type (str | Unset):
    """

    access_token: str | Unset = _attrs_field(default=UNSET, repr=False)
    encrypted_access_token: str | Unset = _attrs_field(default=UNSET, repr=False)
    expires_at: int | Unset = UNSET
    token_type: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        access_token = self.access_token

        encrypted_access_token = self.encrypted_access_token

        expires_at = self.expires_at

        token_type = self.token_type

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if access_token is not UNSET:
            field_dict["access_token"] = access_token
        if encrypted_access_token is not UNSET:
            field_dict["encrypted_access_token"] = encrypted_access_token
        if expires_at is not UNSET:
            field_dict["expires_at"] = expires_at
        if token_type is not UNSET:
            field_dict["token_type"] = token_type

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        access_token = d.pop("access_token", UNSET)

        encrypted_access_token = d.pop("encrypted_access_token", UNSET)

        expires_at = d.pop("expires_at", UNSET)

        token_type = d.pop("token_type", UNSET)

        token_response = cls(
            access_token=access_token,
            encrypted_access_token=encrypted_access_token,
            expires_at=expires_at,
            token_type=token_type,
        )

        token_response.additional_properties = d
        return token_response

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
