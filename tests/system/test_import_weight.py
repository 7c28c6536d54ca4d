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
    "merchant_gateway.hooks": "never by the package: the deprecated alias of observers loads when imported",
    "merchant_gateway.tokens": "the first token use (a payment call needs none)",
    "queue": "the first sync gateway (its in-flight slots)",
    "heapq": "the first sync gateway (queue imports it)",
    "merchant_gateway.callbacks": "the first callback verification",
    "merchant_gateway.transports": "the first proxied or httpcore transport",
    "merchant_gateway.tasks": "the first task-layer call",
    "merchant_gateway_client.models": "the first call (its payload and result models)",
    "merchant_gateway_client.api": "the first call (its endpoint module)",
    # with the first gateway built: what a Gateway is made of, but not `from merchant_gateway import Gateway`
    "merchant_gateway.config": "the first gateway built or configuration read (its dataclasses and checks)",
    "merchant_gateway.retry": "the first gateway built (the retry policy)",
    "merchant_gateway.checks": "the first gateway built (the amount, limit and schema checks)",
    "dataclasses": "the first gateway built (the configuration's dataclasses)",
    "merchant_gateway.pipeline": "the first gateway built (its request pipeline)",
    "merchant_gateway._core": "the first gateway built (the call core)",
    "merchant_gateway.verdicts": "the first gateway built (the outcome tables)",
    "merchant_gateway_client.client": "the first gateway built (the X-VERIFY signing)",
    "merchant_gateway_client.operations": "the first gateway built (the operation facts)",
    "merchant_gateway_client.outcomes": "the first gateway built (the outcome tables)",
    "attrs": "the first gateway built (the generated client's classes)",
    "attr": "the first gateway built (attrs itself)",
    # what a payment call never needs
    "merchant_gateway.flows": "the first flow used (polling, linking, launches)",
    "merchant_gateway.ledger": "the first ledger built",
    "merchant_gateway.telemetry": "the first telemetry observer built",
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
built = {name: name in sys.modules for name in BUILT}
auth = view.token_auth()  # the cache is made here, in the box the view shares with its gateway
gateway.close()
from merchant_gateway.tokens import token_from_response

token = token_from_response({"access_token": "a", "token_type": "O-Bearer", "issued_at": 1, "expires_at": 61}, 0.0)
print(json.dumps({
    "built": built,
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


# loaded by building a gateway, deferred from the import (DEFERRED)
BUILT = (
    "merchant_gateway.config",
    "merchant_gateway.retry",
    "merchant_gateway.pipeline",
    "merchant_gateway._core",
    "merchant_gateway.verdicts",
    "merchant_gateway_client.client",
    "merchant_gateway_client.operations",
)


def test_the_deferred_pieces_load_when_used() -> None:
    used = _run(USE.replace("import json, sys, httpx", f"import json, sys, httpx\nBUILT = {BUILT!r}", 1))
    assert used == {
        "built": dict.fromkeys(BUILT, True),
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


EVERY_NAME = """
import json
import merchant_gateway as mg
import merchant_gateway.config, merchant_gateway.retry, merchant_gateway.checks.amounts

values = {name: getattr(mg, name) for name in mg.__all__}
print(json.dumps({
    "not_in_dir": [name for name in mg.__all__ if name not in dir(mg)],
    "all_resolved": len(values) == len(mg.__all__),
    "same_objects": [
        mg.GatewayConfig is merchant_gateway.config.GatewayConfig,
        mg.RetryPolicy is merchant_gateway.retry.RetryPolicy,
        mg.check_paise is merchant_gateway.checks.amounts.check_paise,
    ],
}))
"""


def test_every_public_name_resolves_to_its_module_s_object() -> None:
    """The names deferred from the package import are still its public API: each in ``dir()``, each the very object
    of the module that defines it."""
    assert _run(EVERY_NAME) == {"not_in_dir": [], "all_resolved": True, "same_objects": [True, True, True]}
