# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.offer import Offer


T = TypeVar("T", bound="SavedCard")


@_attrs_define
class SavedCard:
    """
    Attributes:
        card_id (str | Unset):
        card_issuer (str | Unset):
        priority (int | Unset): Order inside the instrument (0 first).
        type_ (str | Unset): Card type, e.g. DEBIT_CARD.
        card_number (str | Unset): Masked card number.
        card_bin (str | Unset):
        card_holder_name (str | Unset):
        external_card_id (str | Unset):
        cvv_required (bool | Unset):
        offers (list[Offer] | Unset):
    """

    card_id: str | Unset = UNSET
    card_issuer: str | Unset = UNSET
    priority: int | Unset = UNSET
    type_: str | Unset = UNSET
    card_number: str | Unset = UNSET
    card_bin: str | Unset = UNSET
    card_holder_name: str | Unset = UNSET
    external_card_id: str | Unset = UNSET
    cvv_required: bool | Unset = UNSET
    offers: list[Offer] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        card_id = self.card_id

        card_issuer = self.card_issuer

        priority = self.priority

        type_ = self.type_

        card_number = self.card_number

        card_bin = self.card_bin

        card_holder_name = self.card_holder_name

        external_card_id = self.external_card_id

        cvv_required = self.cvv_required

        offers: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.offers, Unset):
            offers = []
            for offers_item_data in self.offers:
                offers_item = offers_item_data.to_dict()
                offers.append(offers_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if card_id is not UNSET:
            field_dict["cardId"] = card_id
        if card_issuer is not UNSET:
            field_dict["cardIssuer"] = card_issuer
        if priority is not UNSET:
            field_dict["priority"] = priority
        if type_ is not UNSET:
            field_dict["type"] = type_
        if card_number is not UNSET:
            field_dict["cardNumber"] = card_number
        if card_bin is not UNSET:
            field_dict["cardBin"] = card_bin
        if card_holder_name is not UNSET:
            field_dict["cardHolderName"] = card_holder_name
        if external_card_id is not UNSET:
            field_dict["externalCardId"] = external_card_id
        if cvv_required is not UNSET:
            field_dict["cvvRequired"] = cvv_required
        if offers is not UNSET:
            field_dict["offers"] = offers

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.offer import Offer  # noqa: PLC0415

        d = dict(src_dict)
        card_id = d.pop("cardId", UNSET)

        card_issuer = d.pop("cardIssuer", UNSET)

        priority = d.pop("priority", UNSET)

        type_ = d.pop("type", UNSET)

        card_number = d.pop("cardNumber", UNSET)

        card_bin = d.pop("cardBin", UNSET)

        card_holder_name = d.pop("cardHolderName", UNSET)

        external_card_id = d.pop("externalCardId", UNSET)

        cvv_required = d.pop("cvvRequired", UNSET)

        _offers = d.pop("offers", UNSET)
        offers: list[Offer] | Unset = UNSET
        if _offers is not UNSET:
            offers = []
            for offers_item_data in _offers:
                offers_item = Offer.from_dict(offers_item_data)

                offers.append(offers_item)

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
