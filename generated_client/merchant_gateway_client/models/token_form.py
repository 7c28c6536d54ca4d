# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.token_form_grant_type import TokenFormGrantType

T = TypeVar("T", bound="TokenForm")


@_attrs_define
class TokenForm:
    """Form fields of the token call (application/x-www-form-urlencoded).

    Attributes:
        client_id (str): Client id shared at onboarding.
        client_version (str): Sandbox: value 1. Production: the value received at onboarding.
        client_secret (str): Client secret shared at onboarding.
        grant_type (TokenFormGrantType):
    """

    client_id: str
    client_version: str
    client_secret: str = _attrs_field(repr=False)
    grant_type: TokenFormGrantType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        client_version = self.client_version

        client_secret = self.client_secret

        grant_type = self.grant_type.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["client_id"] = client_id
        field_dict["client_version"] = client_version
        field_dict["client_secret"] = client_secret
        field_dict["grant_type"] = grant_type

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        client_id = d.pop("client_id")

        client_version = d.pop("client_version")

        client_secret = d.pop("client_secret")

        grant_type = TokenFormGrantType(d.pop("grant_type"))

        token_form = cls(
            client_id=client_id,
            client_version=client_version,
            client_secret=client_secret,
            grant_type=grant_type,
        )

        token_form.additional_properties = d
        return token_form

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
