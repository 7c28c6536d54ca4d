"""merchant_gateway.semconv: ``error.type`` as the OpenTelemetry conventions say (the fully qualified class name,
never the message), computed without importing OpenTelemetry."""

from __future__ import annotations

import os
import subprocess
import sys

from merchant_gateway.errors import GatewayConnectionError, OutcomeUnknown
from merchant_gateway.semconv import OTHER, error_type


class Outer:
    class Failed(Exception):
        pass


def test_error_type_is_the_fully_qualified_class_name() -> None:
    assert error_type(ValueError("x")) == "builtins.ValueError"
    assert error_type(OutcomeUnknown("the outcome is unknown")) == "merchant_gateway.errors.OutcomeUnknown"
    assert error_type(GatewayConnectionError("refused")) == "merchant_gateway.errors.GatewayConnectionError"
    assert error_type(Outer.Failed()) == f"{__name__}.Outer.Failed"  # a nested class by its qualified name


def test_error_type_never_carries_the_message() -> None:
    secret = "postgresql://ledger:hunter2@db/ledger"
    assert "hunter2" not in error_type(RuntimeError(secret))
    assert error_type(RuntimeError(secret)) == error_type(RuntimeError())


def test_other_is_the_conventions_fallback_value() -> None:
    assert OTHER == "_OTHER"


def test_importing_it_loads_no_opentelemetry() -> None:
    code = "import sys, merchant_gateway.semconv; print(any(m.startswith('opentelemetry') for m in sys.modules))"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert done.stdout.strip() == "False"
