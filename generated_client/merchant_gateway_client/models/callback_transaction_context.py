# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="CallbackTransactionContext")


@_attrs_define
class CallbackTransactionContext:
    """
    Attributes:
        qr_code_id (None | str | Unset):
        store_id (None | str | Unset):
        terminal_id (None | str | Unset):
        pos_device_id (None | str | Unset):
    """

    qr_code_id: None | str | Unset = UNSET
    store_id: None | str | Unset = UNSET
    terminal_id: None | str | Unset = UNSET
    pos_device_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        qr_code_id: None | str | Unset
        if isinstance(self.qr_code_id, Unset):
            qr_code_id = UNSET
        else:
            qr_code_id = self.qr_code_id

        store_id: None | str | Unset
        if isinstance(self.store_id, Unset):
            store_id = UNSET
        else:
            store_id = self.store_id

        terminal_id: None | str | Unset
        if isinstance(self.terminal_id, Unset):
            terminal_id = UNSET
        else:
            terminal_id = self.terminal_id

        pos_device_id: None | str | Unset
        if isinstance(self.pos_device_id, Unset):
            pos_device_id = UNSET
        else:
            pos_device_id = self.pos_device_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if qr_code_id is not UNSET:
            field_dict["qrCodeId"] = qr_code_id
        if store_id is not UNSET:
            field_dict["storeId"] = store_id
        if terminal_id is not UNSET:
            field_dict["terminalId"] = terminal_id
        if pos_device_id is not UNSET:
            field_dict["posDeviceId"] = pos_device_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_qr_code_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        qr_code_id = _parse_qr_code_id(d.pop("qrCodeId", UNSET))

        def _parse_store_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        store_id = _parse_store_id(d.pop("storeId", UNSET))

        def _parse_terminal_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        terminal_id = _parse_terminal_id(d.pop("terminalId", UNSET))

        def _parse_pos_device_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pos_device_id = _parse_pos_device_id(d.pop("posDeviceId", UNSET))

        callback_transaction_context = cls(
            qr_code_id=qr_code_id,
            store_id=store_id,
            terminal_id=terminal_id,
            pos_device_id=pos_device_id,
        )

        callback_transaction_context.additional_properties = d
        return callback_transaction_context

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
