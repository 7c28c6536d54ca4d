# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.offer import Offer


T = TypeVar("T", bound="UpiAccount")


@_attrs_define
class UpiAccount:
    """
    Attributes:
        account_id (str | Unset):
        priority (int | Unset): Order inside the instrument (0 first).
        account_no (str | Unset): Masked account number.
        account_holder_name (str | Unset):
        bank_name (str | Unset):
        offers (list[Offer] | Unset):
    """

    account_id: str | Unset = UNSET
    priority: int | Unset = UNSET
    account_no: str | Unset = UNSET
    account_holder_name: str | Unset = UNSET
    bank_name: str | Unset = UNSET
    offers: list[Offer] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        account_id = self.account_id

        priority = self.priority

        account_no = self.account_no

        account_holder_name = self.account_holder_name

        bank_name = self.bank_name

        offers: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.offers, Unset):
            offers = []
            for offers_item_data in self.offers:
                offers_item = offers_item_data.to_dict()
                offers.append(offers_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if account_id is not UNSET:
            field_dict["accountId"] = account_id
        if priority is not UNSET:
            field_dict["priority"] = priority
        if account_no is not UNSET:
            field_dict["accountNo"] = account_no
        if account_holder_name is not UNSET:
            field_dict["accountHolderName"] = account_holder_name
        if bank_name is not UNSET:
            field_dict["bankName"] = bank_name
        if offers is not UNSET:
            field_dict["offers"] = offers

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.offer import Offer  # noqa: PLC0415

        d = dict(src_dict)
        account_id = d.pop("accountId", UNSET)

        priority = d.pop("priority", UNSET)

        account_no = d.pop("accountNo", UNSET)

        account_holder_name = d.pop("accountHolderName", UNSET)

        bank_name = d.pop("bankName", UNSET)

        _offers = d.pop("offers", UNSET)
        offers: list[Offer] | Unset = UNSET
        if _offers is not UNSET:
            offers = []
            for offers_item_data in _offers:
                offers_item = Offer.from_dict(offers_item_data)

                offers.append(offers_item)

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
