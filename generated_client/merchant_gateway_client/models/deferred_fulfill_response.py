# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.deferred_fulfill_data import DeferredFulfillData


T = TypeVar("T", bound="DeferredFulfillResponse")


@_attrs_define
class DeferredFulfillResponse:
    """Envelope with DeferredFulfillData.

    Attributes:
        success (bool): Success status of the request.
        code (str): Result code (OPEN string; documented values in ResultCode).
        message (str): Short message about the code.
        data (DeferredFulfillData | None):
    """

    success: bool
    code: str
    message: str
    data: DeferredFulfillData | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["success"] = self.success
        field_dict["code"] = self.code
        field_dict["message"] = self.message
        if self.data is not None:
            field_dict["data"] = self.data.to_dict()

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.deferred_fulfill_data import DeferredFulfillData  # noqa: PLC0415

        d = dict(src_dict)
        success = d.pop("success")

        code = d.pop("code")

        message = d.pop("message")

        _data = d.pop("data", None)
        data = None if _data is None else DeferredFulfillData.from_dict(_data)

        deferred_fulfill_response = cls(
            success=success,
            code=code,
            message=message,
            data=data,
        )

        deferred_fulfill_response.additional_properties = d
        return deferred_fulfill_response

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        parts.append(f"success={self.success!r}")
        parts.append(f"code={self.code!r}")
        parts.append(f"message={self.message!r}")
        if self.data is not None:
            parts.append(f"data={self.data!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"DeferredFulfillResponse({', '.join(parts)})"

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
