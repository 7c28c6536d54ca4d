# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.wallet_balance_upi import WalletBalanceUpi
    from ..models.wallet_balance_wallet import WalletBalanceWallet


T = TypeVar("T", bound="WalletBalanceData")


@_attrs_define
class WalletBalanceData:
    """On failure (e.g. MERCHANT_USER_NOT_FOUND) holds merchantId, allowPartialPayment and empty upi and wallet objects.

    Attributes:
        merchant_id (str | Unset):
        allow_partial_payment (str | Unset): Whether partial payment across instruments is allowed.
        message (str | Unset):
        upi (WalletBalanceUpi | Unset):
        wallet (WalletBalanceWallet | Unset):
    """

    merchant_id: str | Unset = UNSET
    allow_partial_payment: str | Unset = UNSET
    message: str | Unset = UNSET
    upi: WalletBalanceUpi | Unset = UNSET
    wallet: WalletBalanceWallet | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        merchant_id = self.merchant_id

        allow_partial_payment = self.allow_partial_payment

        message = self.message

        upi: dict[str, Any] | Unset = UNSET
        if not isinstance(self.upi, Unset):
            upi = self.upi.to_dict()

        wallet: dict[str, Any] | Unset = UNSET
        if not isinstance(self.wallet, Unset):
            wallet = self.wallet.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if merchant_id is not UNSET:
            field_dict["merchantId"] = merchant_id
        if allow_partial_payment is not UNSET:
            field_dict["allowPartialPayment"] = allow_partial_payment
        if message is not UNSET:
            field_dict["message"] = message
        if upi is not UNSET:
            field_dict["upi"] = upi
        if wallet is not UNSET:
            field_dict["wallet"] = wallet

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.wallet_balance_upi import WalletBalanceUpi  # noqa: PLC0415
        from ..models.wallet_balance_wallet import WalletBalanceWallet  # noqa: PLC0415

        d = dict(src_dict)
        merchant_id = d.pop("merchantId", UNSET)

        allow_partial_payment = d.pop("allowPartialPayment", UNSET)

        message = d.pop("message", UNSET)

        _upi = d.pop("upi", UNSET)
        upi: WalletBalanceUpi | Unset
        if isinstance(_upi, Unset):
            upi = UNSET
        else:
            upi = WalletBalanceUpi.from_dict(_upi)

        _wallet = d.pop("wallet", UNSET)
        wallet: WalletBalanceWallet | Unset
        if isinstance(_wallet, Unset):
            wallet = UNSET
        else:
            wallet = WalletBalanceWallet.from_dict(_wallet)

        wallet_balance_data = cls(
            merchant_id=merchant_id,
            allow_partial_payment=allow_partial_payment,
            message=message,
            upi=upi,
            wallet=wallet,
        )

        wallet_balance_data.additional_properties = d
        return wallet_balance_data

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
