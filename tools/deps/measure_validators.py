"""Per-call cost of the JSON Schema validators considered for merchant_gateway.checks.schema (docs/performance.md,
validation).

Run: ``.venv/bin/python tools/deps/measure_validators.py``. Each validator is compiled once from the spec the
generated package ships, then timed on a valid v4 debit payload and a valid inline-pay payload (three payment
sources: the oneOf is tried for each); the best of 5 repetitions of 2,000 calls. Also ``first_problem`` itself
(the library plus our wrapper) and each library's import time.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.resources
import json
import subprocess
import sys
import timeit
from collections.abc import Callable
from typing import Any

DEBIT = {
    "merchantId": "M1",
    "transactionId": "TX1ABCDEF",
    "amount": 100,
    "merchantOrderId": "O1",
    "merchantUserId": "U1",
    "mobileNumber": "9999999999",
    "merchantContext": {"offerContext": {"tags": [{"id": "a", "amount": 1}]}},
}
INLINE = {
    "merchantId": "M1",
    "transactionId": "TX1ABCDEF",
    "amount": 100,
    "merchantUserId": "U1",
    "mobileNumber": "9999999999",
    "paymentSources": [
        {"mode": "card", "cardId": "c1", "cvv": "123"},
        {"mode": "wallets", "providers": ["PLATFORM"]},
        {"mode": "upi", "type": "INLINE", "accountId": "a1"},
    ],
}
CASES = (("DebitPayload", DEBIT), ("InlinePayPayload", INLINE))


def per_call_us(fn: Callable[[], object]) -> float:
    return min(timeit.repeat(fn, number=2000, repeat=5)) / 2000 * 1e6


def import_ms(module: str) -> float:
    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    return float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout) * 1e3


def main() -> int:
    text = importlib.resources.files("merchant_gateway_client").joinpath("spec.json").read_text(encoding="utf-8")
    components = json.loads(text)["components"]

    def root(name: str) -> dict[str, Any]:
        return {"components": components, "$ref": f"#/components/schemas/{name}"}

    rows: list[tuple[str, str, float]] = []
    import jsonschema

    for name, payload in CASES:
        validator = jsonschema.Draft202012Validator(root(name), format_checker=jsonschema.FormatChecker())
        assert validator.is_valid(payload)
        label = f"jsonschema {importlib.metadata.version('jsonschema')} (Draft202012Validator, FormatChecker)"
        rows.append((label, name, per_call_us(lambda v=validator, p=payload: v.is_valid(p))))
    import fastjsonschema

    for name, payload in CASES:
        validate = fastjsonschema.compile(root(name), use_default=False)
        validate(payload)
        rows.append((f"fastjsonschema {fastjsonschema.VERSION}", name, per_call_us(lambda f=validate, p=payload: f(p))))
    try:
        jsonschema_rs = importlib.import_module("jsonschema_rs")
    except ImportError:
        jsonschema_rs = None
    if jsonschema_rs is not None:
        for name, payload in CASES:
            rs = jsonschema_rs.validator_for(root(name), validate_formats=True)
            assert rs.is_valid(payload)
            rows.append(
                (
                    f"jsonschema_rs {importlib.metadata.version('jsonschema_rs')}",
                    name,
                    per_call_us(lambda v=rs, p=payload: v.is_valid(p)),
                )
            )
    from merchant_gateway.checks.schema import first_problem

    for name, payload in CASES:
        assert first_problem(name, payload) is None
        label = "checks.schema.first_problem (fastjsonschema and our wrapper)"
        rows.append((label, name, per_call_us(lambda n=name, p=payload: first_problem(n, p))))
    for label, name, us in rows:
        print(f"{label:66} {name:18} {us:7.1f} us per call")
    for module in ("jsonschema", "fastjsonschema", "jsonschema_rs"):
        try:
            print(f"import {module:59} {import_ms(module):7.1f} ms")
        except subprocess.CalledProcessError:
            print(f"import {module:59} not installed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
