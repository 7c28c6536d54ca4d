# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TokenResponse")


@_attrs_define
class TokenResponse:
    """Authorization token (not wrapped in the envelope).

    Attributes:
        access_token (str): Token to send on later calls.
        expires_at (int): Expiry (epoch seconds); refresh before it.
        encrypted_access_token (str | None):
        expires_in (int | None): null in the sample.
        issued_at (int | None): Time of issue (epoch seconds).
        session_expires_at (int | None): Epoch seconds.
        token_type (str | None): Value O-Bearer.
    """

    access_token: str
    expires_at: int
    encrypted_access_token: str | None = None
    expires_in: int | None = None
    issued_at: int | None = None
    session_expires_at: int | None = None
    token_type: str | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["access_token"] = self.access_token
        if self.encrypted_access_token is not None:
            field_dict["encrypted_access_token"] = self.encrypted_access_token
        if self.expires_in is not None:
            field_dict["expires_in"] = self.expires_in
        if self.issued_at is not None:
            field_dict["issued_at"] = self.issued_at
        field_dict["expires_at"] = self.expires_at
        if self.session_expires_at is not None:
            field_dict["session_expires_at"] = self.session_expires_at
        if self.token_type is not None:
            field_dict["token_type"] = self.token_type

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        access_token = d.pop("access_token")

        expires_at = d.pop("expires_at")

        encrypted_access_token: str | None = d.pop("encrypted_access_token", None)

        expires_in: int | None = d.pop("expires_in", None)

        issued_at: int | None = d.pop("issued_at", None)

        session_expires_at: int | None = d.pop("session_expires_at", None)

        token_type: str | None = d.pop("token_type", None)

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

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        if self.expires_in is not None:
            parts.append(f"expires_in={self.expires_in!r}")
        if self.issued_at is not None:
            parts.append(f"issued_at={self.issued_at!r}")
        parts.append(f"expires_at={self.expires_at!r}")
        if self.session_expires_at is not None:
            parts.append(f"session_expires_at={self.session_expires_at!r}")
        if self.token_type is not None:
            parts.append(f"token_type={self.token_type!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"TokenResponse({', '.join(parts)})"

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
