"""What ``from merchant_gateway import Gateway, AsyncGateway`` loads (issue 24, import time). Which modules load is
deterministic, so this guards the import-time work without timing anything (the figure is bench/imports.py's):
what a payment call does not need loads with its first use, and still works when used."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

# module -> when it loads instead
DEFERRED = {
    "merchant_gateway.observers": "the first attempt an observer is told about",
    "merchant_gateway.tokens": "the first token use (a payment call needs none)",
    "queue": "the first sync gateway (its in-flight slots)",
    "heapq": "the first sync gateway (queue imports it)",
    "merchant_gateway.callbacks": "the first callback verification",
    "merchant_gateway.transports": "the first proxied or httpcore transport",
    "merchant_gateway.tasks": "the first task-layer call",
    "merchant_gateway_client.models": "the first call (its payload and result models)",
    "merchant_gateway_client.api": "the first call (its endpoint module)",
}

IMPORT = """
import json, sys, httpx
before = set(sys.modules)
from merchant_gateway import AsyncGateway, Gateway
print(json.dumps(sorted(set(sys.modules) - before)))
"""

USE = """
import json, sys, httpx
import merchant_gateway as mg
from merchant_gateway import Gateway, RetryPolicy

gateway = Gateway(merchant_id="M1", salt_key="k" * 36, salt_index="1")
view = gateway.with_options(retry=RetryPolicy(max_attempts=1))
tokens_at_construction = "merchant_gateway.tokens" in sys.modules
auth = view.token_auth()  # the cache is made here, in the box the view shares with its gateway
gateway.close()
from merchant_gateway.tokens import token_from_response

token = token_from_response({"access_token": "a", "token_type": "O-Bearer", "issued_at": 1, "expires_at": 61}, 0.0)
print(json.dumps({
    "queue": "queue" in sys.modules,
    "tokens_at_construction": tokens_at_construction,
    "auth": isinstance(auth, mg.TokenAuth),
    "one_cache": gateway._tokens is view._tokens and isinstance(gateway._tokens, mg.TokenCache),
    "token_class": isinstance(token, mg.AuthorizationToken),
    "same_class": mg.AuthorizationToken is sys.modules["merchant_gateway.tokens._token"].AuthorizationToken,
    "lifetime": token.lifetime,
}))
"""


def _run(code: str) -> object:
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120, check=False
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _deferred_in(modules: list[str]) -> list[str]:
    return [m for m in modules if any(m == name or m.startswith(name + ".") for name in DEFERRED)]


def test_the_import_leaves_what_a_payment_call_does_not_need() -> None:
    loaded = _run(IMPORT)
    assert isinstance(loaded, list)
    assert "merchant_gateway.gateway._sync" in loaded  # the probe saw the package being imported
    assert _deferred_in(loaded) == []


def test_the_check_sees_a_deferred_module_that_is_loaded() -> None:
    observed = "import merchant_gateway.observers\nfrom merchant_gateway import"
    loaded = _run(IMPORT.replace("from merchant_gateway import", observed))
    assert isinstance(loaded, list)
    assert "merchant_gateway.observers" in _deferred_in(loaded)


def test_the_deferred_pieces_load_when_used() -> None:
    used = _run(USE)
    assert used == {
        "queue": True,
        "tokens_at_construction": False,
        "auth": True,
        "one_cache": True,
        "token_class": True,
        "same_class": True,
        "lifetime": 60.0,
    }


CONFIG_ONLY = """
import json, sys
import merchant_gateway.config
from merchant_gateway import ConfigurationError, GatewayConfig
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in ("httpx", "httpcore", "merchant_gateway"))))
"""


def test_the_configuration_loads_without_httpx() -> None:
    """What imports only the configuration and the errors (the `mgw` CLI, the ledger) does not pay for httpx or the
    gateways; they load with the first URL checked or gateway built."""
    loaded = _run(CONFIG_ONLY)
    assert isinstance(loaded, list)
    assert "merchant_gateway.config" in loaded  # the probe saw the module load
    assert [m for m in loaded if m.split(".")[0] in ("httpx", "httpcore")] == []
    assert [m for m in loaded if m.startswith("merchant_gateway.gateway")] == []
    built = _run(
        CONFIG_ONLY.replace("print(", 'GatewayConfig(merchant_id="M1", salt_key="k" * 36, salt_index="1")\nprint(', 1)
    )
    assert isinstance(built, list)
    assert "httpx" in built  # the URLs are checked with httpx once a configuration is built
