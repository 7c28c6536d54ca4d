# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.card_payment_source_mode import CardPaymentSourceMode
from ..types import UNSET, Unset

T = TypeVar("T", bound="CardPaymentSource")


@_attrs_define
class CardPaymentSource:
    """Saved card source.

    Attributes:
        mode (CardPaymentSourceMode):
        card_id (str): From payment options savedCards[].cardId.
        card_issuer (str | Unset):
        type_ (str | Unset): Card type, e.g. DEBIT_CARD.
        cvv (str | Unset):
        card_holder_name (str | Unset):
    """

    mode: CardPaymentSourceMode
    card_id: str
    card_issuer: str | Unset = UNSET
    type_: str | Unset = UNSET
    cvv: str | Unset = UNSET
    card_holder_name: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        mode = self.mode.value

        card_id = self.card_id

        card_issuer = self.card_issuer

        type_ = self.type_

        cvv = self.cvv

        card_holder_name = self.card_holder_name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["mode"] = mode
        field_dict["cardId"] = card_id
        if card_issuer is not UNSET:
            field_dict["cardIssuer"] = card_issuer
        if type_ is not UNSET:
            field_dict["type"] = type_
        if cvv is not UNSET:
            field_dict["cvv"] = cvv
        if card_holder_name is not UNSET:
            field_dict["cardHolderName"] = card_holder_name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mode = CardPaymentSourceMode(d.pop("mode"))

        card_id = d.pop("cardId")

        card_issuer = d.pop("cardIssuer", UNSET)

        type_ = d.pop("type", UNSET)

        cvv = d.pop("cvv", UNSET)

        card_holder_name = d.pop("cardHolderName", UNSET)

        card_payment_source = cls(
            mode=mode,
            card_id=card_id,
            card_issuer=card_issuer,
            type_=type_,
            cvv=cvv,
            card_holder_name=card_holder_name,
        )

        card_payment_source.additional_properties = d
        return card_payment_source

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
