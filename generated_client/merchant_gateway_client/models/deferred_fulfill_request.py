# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DeferredFulfillRequest")


@_attrs_define
class DeferredFulfillRequest:
    """Wire body: {"request": base64 of the JSON DeferredFulfillPayload}.

    Attributes:
        request (str): Base64 of the JSON payload (DeferredFulfillPayload); hashed as sent for X-VERIFY.
    """

    request: str

    def to_dict(self) -> dict[str, Any]:
        request = self.request

        field_dict: dict[str, Any] = {}

        field_dict["request"] = request

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        request = d.pop("request")

        deferred_fulfill_request = cls(
            request=request,
        )

        return deferred_fulfill_request
