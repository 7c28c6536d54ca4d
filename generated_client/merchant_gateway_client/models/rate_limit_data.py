# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="RateLimitData")


@_attrs_define
class RateLimitData:
    """The limit that was breached. The document says the answer carries API_LIMIT and TIME_WINDOW; their exact placement
    and types are not shown (read here from `data`).

        Attributes:
            api_limit (int | str | Unset): Call limit.
            time_window (int | str | Unset): Time window of the limit.
    """

    api_limit: int | str | Unset = UNSET
    time_window: int | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        api_limit: int | str | Unset
        if isinstance(self.api_limit, Unset):
            api_limit = UNSET
        else:
            api_limit = self.api_limit

        time_window: int | str | Unset
        if isinstance(self.time_window, Unset):
            time_window = UNSET
        else:
            time_window = self.time_window

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if api_limit is not UNSET:
            field_dict["API_LIMIT"] = api_limit
        if time_window is not UNSET:
            field_dict["TIME_WINDOW"] = time_window

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_api_limit(data: object) -> int | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(int | str | Unset, data)

        api_limit = _parse_api_limit(d.pop("API_LIMIT", UNSET))

        def _parse_time_window(data: object) -> int | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(int | str | Unset, data)

        time_window = _parse_time_window(d.pop("TIME_WINDOW", UNSET))

        rate_limit_data = cls(
            api_limit=api_limit,
            time_window=time_window,
        )

        rate_limit_data.additional_properties = d
        return rate_limit_data

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
