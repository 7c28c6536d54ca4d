# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.offer import Offer


T = TypeVar("T", bound="SavedCard")


@_attrs_define
class SavedCard:
    """
    Attributes:
        card_id (str | None):
        card_issuer (str | None):
        priority (int | None): Order inside the instrument (0 first).
        type_ (str | None): Card type, e.g. DEBIT_CARD.
        card_number (str | None): Masked card number.
        card_bin (str | None):
        card_holder_name (str | None):
        external_card_id (str | None):
        cvv_required (bool | None):
        offers (list[Offer] | None):
    """

    card_id: str | None = None
    card_issuer: str | None = None
    priority: int | None = None
    type_: str | None = None
    card_number: str | None = None
    card_bin: str | None = None
    card_holder_name: str | None = None
    external_card_id: str | None = None
    cvv_required: bool | None = None
    offers: list[Offer] | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if self.card_id is not None:
            field_dict["cardId"] = self.card_id
        if self.card_issuer is not None:
            field_dict["cardIssuer"] = self.card_issuer
        if self.priority is not None:
            field_dict["priority"] = self.priority
        if self.type_ is not None:
            field_dict["type"] = self.type_
        if self.card_number is not None:
            field_dict["cardNumber"] = self.card_number
        if self.card_bin is not None:
            field_dict["cardBin"] = self.card_bin
        if self.card_holder_name is not None:
            field_dict["cardHolderName"] = self.card_holder_name
        if self.external_card_id is not None:
            field_dict["externalCardId"] = self.external_card_id
        if self.cvv_required is not None:
            field_dict["cvvRequired"] = self.cvv_required
        if self.offers is not None:
            field_dict["offers"] = [item.to_dict() for item in self.offers]

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.offer import Offer  # noqa: PLC0415

        d = dict(src_dict)
        card_id: str | None = d.pop("cardId", None)

        card_issuer: str | None = d.pop("cardIssuer", None)

        priority: int | None = d.pop("priority", None)

        type_: str | None = d.pop("type", None)

        card_number: str | None = d.pop("cardNumber", None)

        card_bin: str | None = d.pop("cardBin", None)

        card_holder_name: str | None = d.pop("cardHolderName", None)

        external_card_id: str | None = d.pop("externalCardId", None)

        cvv_required: bool | None = d.pop("cvvRequired", None)

        _offers = d.pop("offers", None)
        offers = None if _offers is None else [Offer.from_dict(item) for item in _offers]

        saved_card = cls(
            card_id=card_id,
            card_issuer=card_issuer,
            priority=priority,
            type_=type_,
            card_number=card_number,
            card_bin=card_bin,
            card_holder_name=card_holder_name,
            external_card_id=external_card_id,
            cvv_required=cvv_required,
            offers=offers,
        )

        saved_card.additional_properties = d
        return saved_card

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        if self.card_id is not None:
            parts.append(f"card_id={self.card_id!r}")
        if self.card_issuer is not None:
            parts.append(f"card_issuer={self.card_issuer!r}")
        if self.priority is not None:
            parts.append(f"priority={self.priority!r}")
        if self.type_ is not None:
            parts.append(f"type_={self.type_!r}")
        if self.card_number is not None:
            parts.append(f"card_number={self.card_number!r}")
        if self.card_bin is not None:
            parts.append(f"card_bin={self.card_bin!r}")
        if self.card_holder_name is not None:
            parts.append(f"card_holder_name={self.card_holder_name!r}")
        if self.external_card_id is not None:
            parts.append(f"external_card_id={self.external_card_id!r}")
        if self.cvv_required is not None:
            parts.append(f"cvv_required={self.cvv_required!r}")
        if self.offers is not None:
            parts.append(f"offers={self.offers!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"SavedCard({', '.join(parts)})"

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
