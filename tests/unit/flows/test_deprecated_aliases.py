"""The flows' deprecated aliases are listed with their replacements, in both flavours: what does not depend on a
gateway flavour, written once (the aliases at work are test_deprecated_starters_async.py's and its derived
test_deprecated_starters_sync.py's)."""

from __future__ import annotations

import merchant_gateway as mg
import pytest
from merchant_gateway import flows, tasks
from merchant_gateway.flows import deprecated, launch


def test_every_alias_is_listed_with_its_replacement() -> None:
    aliases = {n for n in flows.__all__ if "start_" in n and n not in ("start_intent", "start_sdk_less")}
    assert {f"merchant_gateway.flows.{n}" for n in aliases} == set(launch.DEPRECATED)
    for old, new in launch.DEPRECATED.items():
        alias = getattr(flows, old.rsplit(".", 1)[1])
        assert alias.__doc__ is not None
        assert alias.__doc__.startswith("Deprecated alias")
        owner, namespace, method = new.split(".")
        assert callable(getattr(getattr(mg, owner), namespace).fget)  # the gateway's task namespace exists
        payments = {"Gateway": tasks.Payments, "AsyncGateway": tasks.AsyncPayments}[owner]
        assert callable(getattr(payments, method))


@pytest.mark.parametrize("name", ["sign_in", "link_user", "unlink"])
def test_the_sign_in_and_link_aliases_are_listed_in_both_flavours(name: str) -> None:
    assert f"merchant_gateway.flows.{name}" in deprecated.ALIASES
    assert f"merchant_gateway.flows.async_{name}" in deprecated.ALIASES
