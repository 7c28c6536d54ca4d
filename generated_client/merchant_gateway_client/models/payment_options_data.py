# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.card_option import CardOption
    from ..models.upi_option import UpiOption
    from ..models.wallets_option import WalletsOption


T = TypeVar("T", bound="PaymentOptionsData")


@_attrs_define
class PaymentOptionsData:
    """Only enabled instruments are to be shown; more instruments (e.g. e-gift vouchers) may be added.

    Attributes:
        wallets (WalletsOption | Unset):
        upi (UpiOption | Unset):
        card (CardOption | Unset):
    """

    wallets: WalletsOption | Unset = UNSET
    upi: UpiOption | Unset = UNSET
    card: CardOption | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        wallets: dict[str, Any] | Unset = UNSET
        if not isinstance(self.wallets, Unset):
            wallets = self.wallets.to_dict()

        upi: dict[str, Any] | Unset = UNSET
        if not isinstance(self.upi, Unset):
            upi = self.upi.to_dict()

        card: dict[str, Any] | Unset = UNSET
        if not isinstance(self.card, Unset):
            card = self.card.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if wallets is not UNSET:
            field_dict["wallets"] = wallets
        if upi is not UNSET:
            field_dict["upi"] = upi
        if card is not UNSET:
            field_dict["card"] = card

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card_option import CardOption  # noqa: PLC0415
        from ..models.upi_option import UpiOption  # noqa: PLC0415
        from ..models.wallets_option import WalletsOption  # noqa: PLC0415

        d = dict(src_dict)
        _wallets = d.pop("wallets", UNSET)
        wallets: WalletsOption | Unset
        if isinstance(_wallets, Unset):
            wallets = UNSET
        else:
            wallets = WalletsOption.from_dict(_wallets)

        _upi = d.pop("upi", UNSET)
        upi: UpiOption | Unset
        if isinstance(_upi, Unset):
            upi = UNSET
        else:
            upi = UpiOption.from_dict(_upi)

        _card = d.pop("card", UNSET)
        card: CardOption | Unset
        if isinstance(_card, Unset):
            card = UNSET
        else:
            card = CardOption.from_dict(_card)

        payment_options_data = cls(
            wallets=wallets,
            upi=upi,
            card=card,
        )

        payment_options_data.additional_properties = d
        return payment_options_data

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
