# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="WalletBalanceWallet")


@_attrs_define
class WalletBalanceWallet:
    """
    Attributes:
        available_balance (int | Unset):
        usable_balance (int | Unset):
        state (str | Unset): Wallet state (OPEN set; only the sample value ACTIVATED is shown).
        response_code (str | Unset): Code for wallet information.
    """

    available_balance: int | Unset = UNSET
    usable_balance: int | Unset = UNSET
    state: str | Unset = UNSET
    response_code: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        available_balance = self.available_balance

        usable_balance = self.usable_balance

        state = self.state

        response_code = self.response_code

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if available_balance is not UNSET:
            field_dict["availableBalance"] = available_balance
        if usable_balance is not UNSET:
            field_dict["usableBalance"] = usable_balance
        if state is not UNSET:
            field_dict["state"] = state
        if response_code is not UNSET:
            field_dict["responseCode"] = response_code

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        available_balance = d.pop("availableBalance", UNSET)

        usable_balance = d.pop("usableBalance", UNSET)

        state = d.pop("state", UNSET)

        response_code = d.pop("responseCode", UNSET)

        wallet_balance_wallet = cls(
            available_balance=available_balance,
            usable_balance=usable_balance,
            state=state,
            response_code=response_code,
        )

        wallet_balance_wallet.additional_properties = d
        return wallet_balance_wallet

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
