# Generated from tests/generator/fixtures/mini.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.payment_mode import PaymentMode
    from ..models.status_data import StatusData


T = TypeVar("T", bound="CallbackPayload")


@_attrs_define
class CallbackPayload:
    """
    Attributes:
        success (bool):
        code (str):
        data (StatusData | None):
        payment_modes (list[PaymentMode] | None):
    """

    success: bool
    code: str
    data: StatusData | None = None
    payment_modes: list[PaymentMode] | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["success"] = self.success
        field_dict["code"] = self.code
        if self.data is not None:
            field_dict["data"] = self.data.to_dict()
        if self.payment_modes is not None:
            field_dict["paymentModes"] = [item.to_dict() for item in self.payment_modes]

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.payment_mode import PaymentMode  # noqa: PLC0415
        from ..models.status_data import StatusData  # noqa: PLC0415

        d = dict(src_dict)
        success = d.pop("success")

        code = d.pop("code")

        _data = d.pop("data", None)
        data = None if _data is None else StatusData.from_dict(_data)

        _payment_modes = d.pop("paymentModes", None)
        payment_modes = None if _payment_modes is None else [PaymentMode.from_dict(item) for item in _payment_modes]

        callback_payload = cls(
            success=success,
            code=code,
            data=data,
            payment_modes=payment_modes,
        )

        callback_payload.additional_properties = d
        return callback_payload

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        parts.append(f"success={self.success!r}")
        parts.append(f"code={self.code!r}")
        if self.data is not None:
            parts.append(f"data={self.data!r}")
        if self.payment_modes is not None:
            parts.append(f"payment_modes={self.payment_modes!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"CallbackPayload({', '.join(parts)})"

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
