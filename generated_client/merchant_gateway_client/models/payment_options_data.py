# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.card_option import CardOption
    from ..models.upi_option import UpiOption
    from ..models.wallets_option import WalletsOption


T = TypeVar("T", bound="PaymentOptionsData")


@_attrs_define
class PaymentOptionsData:
    """Only enabled instruments are to be shown; more instruments (e.g. e-gift vouchers) may be added.

    Attributes:
        wallets (WalletsOption | None):
        upi (UpiOption | None):
        card (CardOption | None):
    """

    wallets: WalletsOption | None = None
    upi: UpiOption | None = None
    card: CardOption | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if self.wallets is not None:
            field_dict["wallets"] = self.wallets.to_dict()
        if self.upi is not None:
            field_dict["upi"] = self.upi.to_dict()
        if self.card is not None:
            field_dict["card"] = self.card.to_dict()

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card_option import CardOption  # noqa: PLC0415
        from ..models.upi_option import UpiOption  # noqa: PLC0415
        from ..models.wallets_option import WalletsOption  # noqa: PLC0415

        d = dict(src_dict)
        _wallets = d.pop("wallets", None)
        wallets = None if _wallets is None else WalletsOption.from_dict(_wallets)

        _upi = d.pop("upi", None)
        upi = None if _upi is None else UpiOption.from_dict(_upi)

        _card = d.pop("card", None)
        card = None if _card is None else CardOption.from_dict(_card)

        payment_options_data = cls(
            wallets=wallets,
            upi=upi,
            card=card,
        )

        payment_options_data.additional_properties = d
        return payment_options_data

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        if self.wallets is not None:
            parts.append(f"wallets={self.wallets!r}")
        if self.upi is not None:
            parts.append(f"upi={self.upi!r}")
        if self.card is not None:
            parts.append(f"card={self.card!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"PaymentOptionsData({', '.join(parts)})"

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
