# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.payment_callback_data import PaymentCallbackData


T = TypeVar("T", bound="PaymentCallbackPayload")


@_attrs_define
class PaymentCallbackPayload:
    """Decoded `response` of a server-to-server callback; resembles the status answer.

    Attributes:
        success (bool):
        code (str): Decides success or failure (OPEN string; see ResultCode).
        message (str | None):
        data (PaymentCallbackData | None):
    """

    success: bool
    code: str
    message: str | None = None
    data: PaymentCallbackData | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["success"] = self.success
        field_dict["code"] = self.code
        if self.message is not None:
            field_dict["message"] = self.message
        if self.data is not None:
            field_dict["data"] = self.data.to_dict()

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.payment_callback_data import PaymentCallbackData  # noqa: PLC0415

        d = dict(src_dict)
        success = d.pop("success")

        code = d.pop("code")

        message: str | None = d.pop("message", None)

        _data = d.pop("data", None)
        data = None if _data is None else PaymentCallbackData.from_dict(_data)

        payment_callback_payload = cls(
            success=success,
            code=code,
            message=message,
            data=data,
        )

        payment_callback_payload.additional_properties = d
        return payment_callback_payload

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        parts.append(f"success={self.success!r}")
        parts.append(f"code={self.code!r}")
        if self.message is not None:
            parts.append(f"message={self.message!r}")
        if self.data is not None:
            parts.append(f"data={self.data!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"PaymentCallbackPayload({', '.join(parts)})"

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
