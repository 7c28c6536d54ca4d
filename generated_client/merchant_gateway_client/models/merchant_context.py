# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.offer_context import OfferContext


T = TypeVar("T", bound="MerchantContext")


@_attrs_define
class MerchantContext:
    """Only if deep offers are allocated.

    Attributes:
        offer_context (OfferContext | Unset):
    """

    offer_context: OfferContext | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        offer_context: dict[str, Any] | Unset = UNSET
        if not isinstance(self.offer_context, Unset):
            offer_context = self.offer_context.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if offer_context is not UNSET:
            field_dict["offerContext"] = offer_context

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.offer_context import OfferContext  # noqa: PLC0415

        d = dict(src_dict)
        _offer_context = d.pop("offerContext", UNSET)
        offer_context: OfferContext | Unset
        if isinstance(_offer_context, Unset):
            offer_context = UNSET
        else:
            offer_context = OfferContext.from_dict(_offer_context)

        merchant_context = cls(
            offer_context=offer_context,
        )

        merchant_context.additional_properties = d
        return merchant_context

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
