# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="TokenResponse")


@_attrs_define
class TokenResponse:
    """Authorization token (not wrapped in the envelope).

    Attributes:
        access_token (str): Token to send on later calls.
        expires_at (int): Expiry (epoch seconds); refresh before it.
        encrypted_access_token (str | Unset):
        expires_in (int | None | Unset): null in the sample.
        issued_at (int | Unset): Time of issue (epoch seconds).
        session_expires_at (int | Unset): Epoch seconds.
        token_type (str | Unset): Value O-Bearer.
    """

    access_token: str = _attrs_field(repr=False)
    expires_at: int
    encrypted_access_token: str | Unset = _attrs_field(default=UNSET, repr=False)
    expires_in: int | None | Unset = UNSET
    issued_at: int | Unset = UNSET
    session_expires_at: int | Unset = UNSET
    token_type: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        access_token = self.access_token

        expires_at = self.expires_at

        encrypted_access_token = self.encrypted_access_token

        expires_in: int | None | Unset
        if isinstance(self.expires_in, Unset):
            expires_in = UNSET
        else:
            expires_in = self.expires_in

        issued_at = self.issued_at

        session_expires_at = self.session_expires_at

        token_type = self.token_type

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["access_token"] = access_token
        if encrypted_access_token is not UNSET:
            field_dict["encrypted_access_token"] = encrypted_access_token
        if expires_in is not UNSET:
            field_dict["expires_in"] = expires_in
        if issued_at is not UNSET:
            field_dict["issued_at"] = issued_at
        field_dict["expires_at"] = expires_at
        if session_expires_at is not UNSET:
            field_dict["session_expires_at"] = session_expires_at
        if token_type is not UNSET:
            field_dict["token_type"] = token_type

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        access_token = d.pop("access_token")

        expires_at = d.pop("expires_at")

        encrypted_access_token = d.pop("encrypted_access_token", UNSET)

        def _parse_expires_in(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expires_in = _parse_expires_in(d.pop("expires_in", UNSET))

        issued_at = d.pop("issued_at", UNSET)

        session_expires_at = d.pop("session_expires_at", UNSET)

        token_type = d.pop("token_type", UNSET)

        token_response = cls(
            access_token=access_token,
            expires_at=expires_at,
            encrypted_access_token=encrypted_access_token,
            expires_in=expires_in,
            issued_at=issued_at,
            session_expires_at=session_expires_at,
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
