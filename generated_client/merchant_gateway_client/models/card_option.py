# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.saved_card import SavedCard


T = TypeVar("T", bound="CardOption")


@_attrs_define
class CardOption:
    """
    Attributes:
        enabled (bool | None):
        instrument_priority (int | None): Instrument-level priority; 0 is highest.
        saved_cards (list[SavedCard] | None):
    """

    enabled: bool | None = None
    instrument_priority: int | None = None
    saved_cards: list[SavedCard] | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if self.enabled is not None:
            field_dict["enabled"] = self.enabled
        if self.instrument_priority is not None:
            field_dict["instrumentPriority"] = self.instrument_priority
        if self.saved_cards is not None:
            field_dict["savedCards"] = [item.to_dict() for item in self.saved_cards]

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.saved_card import SavedCard  # noqa: PLC0415

        d = dict(src_dict)
        enabled: bool | None = d.pop("enabled", None)

        instrument_priority: int | None = d.pop("instrumentPriority", None)

        _saved_cards = d.pop("savedCards", None)
        saved_cards = None if _saved_cards is None else [SavedCard.from_dict(item) for item in _saved_cards]

        card_option = cls(
            enabled=enabled,
            instrument_priority=instrument_priority,
            saved_cards=saved_cards,
        )

        card_option.additional_properties = d
        return card_option

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        if self.enabled is not None:
            parts.append(f"enabled={self.enabled!r}")
        if self.instrument_priority is not None:
            parts.append(f"instrument_priority={self.instrument_priority!r}")
        if self.saved_cards is not None:
            parts.append(f"saved_cards={self.saved_cards!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"CardOption({', '.join(parts)})"

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
