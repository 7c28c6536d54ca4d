# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.wallet_balance_upi import WalletBalanceUpi
    from ..models.wallet_balance_wallet import WalletBalanceWallet


T = TypeVar("T", bound="WalletBalanceData")


@_attrs_define
class WalletBalanceData:
    """On failure (e.g. MERCHANT_USER_NOT_FOUND) holds merchantId, allowPartialPayment and empty upi and wallet objects.

    Attributes:
        merchant_id (str | None):
        allow_partial_payment (str | None): Whether partial payment across instruments is allowed.
        message (str | None):
        upi (WalletBalanceUpi | None):
        wallet (WalletBalanceWallet | None):
    """

    merchant_id: str | None = None
    allow_partial_payment: str | None = None
    message: str | None = None
    upi: WalletBalanceUpi | None = None
    wallet: WalletBalanceWallet | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if self.merchant_id is not None:
            field_dict["merchantId"] = self.merchant_id
        if self.allow_partial_payment is not None:
            field_dict["allowPartialPayment"] = self.allow_partial_payment
        if self.message is not None:
            field_dict["message"] = self.message
        if self.upi is not None:
            field_dict["upi"] = self.upi.to_dict()
        if self.wallet is not None:
            field_dict["wallet"] = self.wallet.to_dict()

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.wallet_balance_upi import WalletBalanceUpi  # noqa: PLC0415
        from ..models.wallet_balance_wallet import WalletBalanceWallet  # noqa: PLC0415

        d = dict(src_dict)
        merchant_id: str | None = d.pop("merchantId", None)

        allow_partial_payment: str | None = d.pop("allowPartialPayment", None)

        message: str | None = d.pop("message", None)

        _upi = d.pop("upi", None)
        upi = None if _upi is None else WalletBalanceUpi.from_dict(_upi)

        _wallet = d.pop("wallet", None)
        wallet = None if _wallet is None else WalletBalanceWallet.from_dict(_wallet)

        wallet_balance_data = cls(
            merchant_id=merchant_id,
            allow_partial_payment=allow_partial_payment,
            message=message,
            upi=upi,
            wallet=wallet,
        )

        wallet_balance_data.additional_properties = d
        return wallet_balance_data

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        if self.merchant_id is not None:
            parts.append(f"merchant_id={self.merchant_id!r}")
        if self.allow_partial_payment is not None:
            parts.append(f"allow_partial_payment={self.allow_partial_payment!r}")
        if self.message is not None:
            parts.append(f"message={self.message!r}")
        if self.upi is not None:
            parts.append(f"upi={self.upi!r}")
        if self.wallet is not None:
            parts.append(f"wallet={self.wallet!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"WalletBalanceData({', '.join(parts)})"

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
