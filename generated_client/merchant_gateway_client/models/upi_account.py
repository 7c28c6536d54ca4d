# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.offer import Offer


T = TypeVar("T", bound="UpiAccount")


@_attrs_define
class UpiAccount:
    """
    Attributes:
        account_id (str | None):
        priority (int | None): Order inside the instrument (0 first).
        account_no (str | None): Masked account number.
        account_holder_name (str | None):
        bank_name (str | None):
        offers (list[Offer] | None):
    """

    account_id: str | None = None
    priority: int | None = None
    account_no: str | None = None
    account_holder_name: str | None = None
    bank_name: str | None = None
    offers: list[Offer] | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if self.account_id is not None:
            field_dict["accountId"] = self.account_id
        if self.priority is not None:
            field_dict["priority"] = self.priority
        if self.account_no is not None:
            field_dict["accountNo"] = self.account_no
        if self.account_holder_name is not None:
            field_dict["accountHolderName"] = self.account_holder_name
        if self.bank_name is not None:
            field_dict["bankName"] = self.bank_name
        if self.offers is not None:
            field_dict["offers"] = [item.to_dict() for item in self.offers]

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.offer import Offer  # noqa: PLC0415

        d = dict(src_dict)
        account_id: str | None = d.pop("accountId", None)

        priority: int | None = d.pop("priority", None)

        account_no: str | None = d.pop("accountNo", None)

        account_holder_name: str | None = d.pop("accountHolderName", None)

        bank_name: str | None = d.pop("bankName", None)

        _offers = d.pop("offers", None)
        offers = None if _offers is None else [Offer.from_dict(item) for item in _offers]

        upi_account = cls(
            account_id=account_id,
            priority=priority,
            account_no=account_no,
            account_holder_name=account_holder_name,
            bank_name=bank_name,
            offers=offers,
        )

        upi_account.additional_properties = d
        return upi_account

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        if self.account_id is not None:
            parts.append(f"account_id={self.account_id!r}")
        if self.priority is not None:
            parts.append(f"priority={self.priority!r}")
        if self.account_no is not None:
            parts.append(f"account_no={self.account_no!r}")
        if self.account_holder_name is not None:
            parts.append(f"account_holder_name={self.account_holder_name!r}")
        if self.bank_name is not None:
            parts.append(f"bank_name={self.bank_name!r}")
        if self.offers is not None:
            parts.append(f"offers={self.offers!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"UpiAccount({', '.join(parts)})"

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
