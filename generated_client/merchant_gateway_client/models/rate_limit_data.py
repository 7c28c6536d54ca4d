# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RateLimitData")


@_attrs_define
class RateLimitData:
    """The limit that was breached. The document says the answer carries API_LIMIT and TIME_WINDOW; their exact placement
    and types are not shown (read here from `data`).

        Attributes:
            api_limit (int | str | None): Call limit.
            time_window (int | str | None): Time window of the limit.
    """

    api_limit: int | str | None = None
    time_window: int | str | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if self.api_limit is not None:
            field_dict["API_LIMIT"] = self.api_limit
        if self.time_window is not None:
            field_dict["TIME_WINDOW"] = self.time_window

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        api_limit: int | str | None = d.pop("API_LIMIT", None)

        time_window: int | str | None = d.pop("TIME_WINDOW", None)

        rate_limit_data = cls(
            api_limit=api_limit,
            time_window=time_window,
        )

        rate_limit_data.additional_properties = d
        return rate_limit_data

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        if self.api_limit is not None:
            parts.append(f"api_limit={self.api_limit!r}")
        if self.time_window is not None:
            parts.append(f"time_window={self.time_window!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"RateLimitData({', '.join(parts)})"

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
