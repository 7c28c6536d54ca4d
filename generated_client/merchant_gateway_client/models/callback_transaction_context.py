# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CallbackTransactionContext")


@_attrs_define
class CallbackTransactionContext:
    """
    Attributes:
        qr_code_id (None | str):
        store_id (None | str):
        terminal_id (None | str):
        pos_device_id (None | str):
    """

    qr_code_id: None | str = None
    store_id: None | str = None
    terminal_id: None | str = None
    pos_device_id: None | str = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if self.qr_code_id is not None:
            field_dict["qrCodeId"] = self.qr_code_id
        if self.store_id is not None:
            field_dict["storeId"] = self.store_id
        if self.terminal_id is not None:
            field_dict["terminalId"] = self.terminal_id
        if self.pos_device_id is not None:
            field_dict["posDeviceId"] = self.pos_device_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        qr_code_id: None | str = d.pop("qrCodeId", None)

        store_id: None | str = d.pop("storeId", None)

        terminal_id: None | str = d.pop("terminalId", None)

        pos_device_id: None | str = d.pop("posDeviceId", None)

        callback_transaction_context = cls(
            qr_code_id=qr_code_id,
            store_id=store_id,
            terminal_id=terminal_id,
            pos_device_id=pos_device_id,
        )

        callback_transaction_context.additional_properties = d
        return callback_transaction_context

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        if self.qr_code_id is not None:
            parts.append(f"qr_code_id={self.qr_code_id!r}")
        if self.store_id is not None:
            parts.append(f"store_id={self.store_id!r}")
        if self.terminal_id is not None:
            parts.append(f"terminal_id={self.terminal_id!r}")
        if self.pos_device_id is not None:
            parts.append(f"pos_device_id={self.pos_device_id!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"CallbackTransactionContext({', '.join(parts)})"

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
