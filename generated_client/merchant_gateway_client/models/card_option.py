# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.saved_card import SavedCard


T = TypeVar("T", bound="CardOption")


@_attrs_define
class CardOption:
    """
    Attributes:
        enabled (bool | Unset):
        instrument_priority (int | Unset): Instrument-level priority; 0 is highest.
        saved_cards (list[SavedCard] | Unset):
    """

    enabled: bool | Unset = UNSET
    instrument_priority: int | Unset = UNSET
    saved_cards: list[SavedCard] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        instrument_priority = self.instrument_priority

        saved_cards: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.saved_cards, Unset):
            saved_cards = []
            for saved_cards_item_data in self.saved_cards:
                saved_cards_item = saved_cards_item_data.to_dict()
                saved_cards.append(saved_cards_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if instrument_priority is not UNSET:
            field_dict["instrumentPriority"] = instrument_priority
        if saved_cards is not UNSET:
            field_dict["savedCards"] = saved_cards

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.saved_card import SavedCard  # noqa: PLC0415

        d = dict(src_dict)
        enabled = d.pop("enabled", UNSET)

        instrument_priority = d.pop("instrumentPriority", UNSET)

        _saved_cards = d.pop("savedCards", UNSET)
        saved_cards: list[SavedCard] | Unset = UNSET
        if _saved_cards is not UNSET:
            saved_cards = []
            for saved_cards_item_data in _saved_cards:
                saved_cards_item = SavedCard.from_dict(saved_cards_item_data)

                saved_cards.append(saved_cards_item)

        card_option = cls(
            enabled=enabled,
            instrument_priority=instrument_priority,
            saved_cards=saved_cards,
        )

        card_option.additional_properties = d
        return card_option

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
