"""Every generated payload TypedDict (merchant_gateway_client.payloads) says at run time which keys are required,
as the spec does: ``__required_keys__`` and ``__optional_keys__`` are what a user's run-time validator (pydantic,
typeguard, tools built on typing.get_type_hints) reads, and they must agree with what mypy reads from the source.

The expectation is computed here from spec/openapi.yaml, not from the generator's facts: each operation's payload
fields (the schema's properties and its required list) and request headers (required or not), minus what the
keyword form decides itself, as payloads.py's docstring explains:
- ``merchant_id`` is the configured merchant id: optional in ``<Operation>Fields``, in no other TypedDict;
- ``transaction_id`` is made by a task when not given: not in ``<Operation>Keywords``, required in ``Fields``;
- a header the interface document gives a default for (X-CLIENT-ID, X-CALL-MODE) is optional, and one the
  configuration fills (X-SALT-INDEX) is no keyword at all.
"""

from __future__ import annotations

import re
import sys
import typing
from typing import Any

import pytest
from merchant_gateway_client import payloads

from generator.spec import iter_operations, load_spec, operation_meta, payload_schema, resolve
from tests.support.generator import REPO

CONFIGURED = "merchant_id"
MADE = "transaction_id"
DEFAULTED_HEADERS = {"x-client-id", "x-call-mode"}  # the interface document states both defaults
CONFIGURED_HEADERS = {"x-salt-index"}  # the configured salt index

Keys = tuple[frozenset[str], frozenset[str]]  # (required, optional)


def _snake(wire: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", wire).lower()


def _header_keyword(header: str) -> str:
    return header.lower().removeprefix("x-").replace("-", "_")


def _operation_keys(spec: dict[str, Any], url_path: str, op: dict[str, Any], wrapping: str) -> dict[str, bool]:
    """The keyword form's keys of one operation, each with whether the spec requires it (payload, then headers)."""
    _, schema = payload_schema(spec, op, wrapping)
    required = set(schema.get("required") or ())
    keys = {_snake(wire): wire in required for wire in schema.get("properties") or {}}
    params = [resolve(spec, p) for p in [*spec["paths"][url_path].get("parameters", []), *op.get("parameters", [])]]
    for param in params:
        name = str(param["name"]).lower()
        if param.get("in") == "header" and name not in CONFIGURED_HEADERS:
            keys[_header_keyword(name)] = bool(param.get("required")) and name not in DEFAULTED_HEADERS
    return keys


def expected_keys() -> dict[str, Keys]:
    """Each payload TypedDict the spec calls for, by name, with its required and optional keys."""
    spec = load_spec(REPO / "spec" / "openapi.yaml")
    out: dict[str, Keys] = {}
    for url_path, method, op in iter_operations(spec):
        meta = operation_meta(spec, url_path, method, op)
        if meta.payload_from != "caller" or "requestBody" not in op:
            continue  # no payload the caller gives (the configuration's, or none): no keyword form
        stem = meta.operation_id[:1].upper() + meta.operation_id[1:]
        keys = _operation_keys(spec, url_path, op, meta.body_wrapping)
        payload_fields = set(payload_schema(spec, op, meta.body_wrapping)[1].get("properties") or {})
        payload_optional = {_snake(w) for w in payload_fields if not keys[_snake(w)]} - {CONFIGURED}
        optional = {k for k, needed in keys.items() if not needed} - {CONFIGURED}
        required = {k for k, needed in keys.items() if needed} - {CONFIGURED, MADE}
        out[f"{stem}PayloadOptional"] = (frozenset(), frozenset(payload_optional))
        out[f"{stem}Optional"] = (frozenset(), frozenset(optional))
        out[f"{stem}Keywords"] = (frozenset(required), frozenset(optional))
        fields = (required | ({MADE} & keys.keys()), optional | ({CONFIGURED} & keys.keys()))
        out[f"{stem}Fields"] = (frozenset(fields[0]), frozenset(fields[1]))
    # the base of every Fields whose payload has merchantId, holding that key alone
    out["ConfiguredMerchantId"] = (frozenset(), frozenset({CONFIGURED}))
    return out


def generated_typeddicts() -> dict[str, Any]:  # TypedDict classes: their key sets are no attributes of `type`
    return {n: v for n, v in vars(payloads).items() if typing.is_typeddict(v) and v.__module__ == payloads.__name__}


def test_every_payload_typeddict_has_the_required_and_optional_keys_the_spec_gives() -> None:
    expected = expected_keys()
    found = generated_typeddicts()
    assert "AppProfileFields" in expected  # the signed-only payloads (the app's SDK sends them) are covered too
    assert set(found) == set(expected), "a TypedDict the spec does not call for, or one missing"
    wrong = {
        name: {"required": sorted(cls.__required_keys__), "optional": sorted(cls.__optional_keys__)}
        for name, cls in found.items()
        if (cls.__required_keys__, cls.__optional_keys__) != expected[name]
    }
    assert not wrong, f"run-time keys differ from the spec's: {wrong}; expected {[expected[n] for n in wrong]}"


def test_merchant_id_is_optional_at_run_time_where_the_keyword_form_takes_it() -> None:
    for name in ("AppProfileFields", "DebitV4WebFields", "RefundV4Fields"):
        cls = generated_typeddicts()[name]
        assert "merchant_id" in cls.__optional_keys__, name
        assert "transaction_id" in cls.__required_keys__, name
    assert "merchant_id" not in payloads.GetSsoAccessTokenFields.__annotations__  # its payload has no merchantId


def test_the_check_can_fail() -> None:
    class Wrong(payloads.AppProfileKeywords):
        transaction_id: str
        merchant_id: str | None  # required: what every NotRequired[...] key was at run time

    assert (Wrong.__required_keys__, Wrong.__optional_keys__) != expected_keys()["AppProfileFields"]


@pytest.mark.skipif(sys.version_info < (3, 12), reason="pydantic takes only typing_extensions.TypedDict before 3.12")
def test_a_run_time_validator_accepts_fields_without_merchant_id() -> None:
    pydantic = pytest.importorskip("pydantic")
    adapter = pydantic.TypeAdapter(payloads.AppProfileFields)
    given = {"merchant_user_id": "U1", "transaction_id": "T1"}
    assert adapter.validate_python(given) == given
    with pytest.raises(pydantic.ValidationError, match="transaction_id"):
        adapter.validate_python({"merchant_user_id": "U1"})
