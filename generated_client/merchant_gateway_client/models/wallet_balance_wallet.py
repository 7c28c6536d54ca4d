# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WalletBalanceWallet")


@_attrs_define
class WalletBalanceWallet:
    """
    Attributes:
        available_balance (int | None):
        usable_balance (int | None):
        state (str | None): Wallet state (OPEN set; only the sample value ACTIVATED is shown).
        response_code (str | None): Code for wallet information.
    """

    available_balance: int | None = None
    usable_balance: int | None = None
    state: str | None = None
    response_code: str | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if self.available_balance is not None:
            field_dict["availableBalance"] = self.available_balance
        if self.usable_balance is not None:
            field_dict["usableBalance"] = self.usable_balance
        if self.state is not None:
            field_dict["state"] = self.state
        if self.response_code is not None:
            field_dict["responseCode"] = self.response_code

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        available_balance: int | None = d.pop("availableBalance", None)

        usable_balance: int | None = d.pop("usableBalance", None)

        state: str | None = d.pop("state", None)

        response_code: str | None = d.pop("responseCode", None)

        wallet_balance_wallet = cls(
            available_balance=available_balance,
            usable_balance=usable_balance,
            state=state,
            response_code=response_code,
        )

        wallet_balance_wallet.additional_properties = d
        return wallet_balance_wallet

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        if self.available_balance is not None:
            parts.append(f"available_balance={self.available_balance!r}")
        if self.usable_balance is not None:
            parts.append(f"usable_balance={self.usable_balance!r}")
        if self.state is not None:
            parts.append(f"state={self.state!r}")
        if self.response_code is not None:
            parts.append(f"response_code={self.response_code!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"WalletBalanceWallet({', '.join(parts)})"

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
