"""merchant_gateway._lazy: a package's names loaded from their modules on first access, then kept."""

from __future__ import annotations

import sys

import merchant_gateway
import merchant_gateway.flows
import pytest
from merchant_gateway._lazy import reexport


def test_a_name_is_imported_on_first_read_and_kept_in_the_namespace() -> None:
    namespace: dict[str, object] = {"__name__": "merchant_gateway"}
    getattr_, dir_ = reexport(namespace, {"new_transaction_id": ".ids", "OrderedDict": "collections"})
    from merchant_gateway.ids import new_transaction_id

    assert getattr_("new_transaction_id") is new_transaction_id  # relative to the package
    assert namespace["new_transaction_id"] is new_transaction_id  # later reads are plain lookups
    assert getattr_("OrderedDict") is sys.modules["collections"].OrderedDict  # an absolute path as it is
    assert dir_() == ["OrderedDict", "__name__", "new_transaction_id"]


def test_an_unknown_name_is_an_attribute_error_naming_the_package() -> None:
    getattr_, _ = reexport({"__name__": "merchant_gateway"}, {})
    with pytest.raises(AttributeError, match="module 'merchant_gateway' has no attribute 'nope'"):
        getattr_("nope")
    with pytest.raises(AttributeError, match="has no attribute 'nope'"):
        merchant_gateway.flows.nope  # noqa: B018 (the package's own __getattr__)


def test_the_packages_list_their_lazy_names() -> None:
    assert {"Gateway", "GatewayConfig", "CallMode"} <= set(dir(merchant_gateway))
    assert "wait_for_payment" in dir(merchant_gateway.flows)
