"""What a production process loads: the client, its policy and its ledger, never the room next door. The one
distribution also carries the local sandbox, the demo and the JS SDK example page (docs/design.md, "Rooms"); they
must stay inert in a merchant's process: nothing a payment path touches imports them or their dependencies."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

# the sandbox, the demo and the example page, the CLI that hosts them, the build-time generator, the sandbox
# extra's dependencies, and the optional ones a process does not ask for here (PostgreSQL, OpenTelemetry)
NEVER = (
    "merchant_gateway_sandbox",
    "merchant_gateway.cli",
    "generator",
    "starlette",
    "uvicorn",
    "jsonschema",
    "psycopg",
    "opentelemetry",
)

PRODUCTION = """
import json, sys, tempfile, pathlib, httpx
from merchant_gateway import AsyncGateway, Gateway
from merchant_gateway.ledger import Ledger

def answer(request):
    return httpx.Response(503)  # no gateway here: what matters is what the call imported

folder = tempfile.mkdtemp()
Ledger.migrate(f"sqlite:///{folder}/ledger.sqlite3")
ledger = Ledger.open(f"sqlite:///{folder}/ledger.sqlite3")
gateway = Gateway(merchant_id="M1", salt_key="k" * 36, salt_index="1", observer=ledger.observer,
                  transport=httpx.MockTransport(answer))
try:
    gateway.payments.start(amount=100, merchant_order_id="OD-1", merchant_user_id="U1",
                           redirect_url="https://shop.example/return")
except Exception as exc:
    kind = type(exc).__name__
AsyncGateway(merchant_id="M1", salt_key="k" * 36, salt_index="1")
print(json.dumps({"kind": kind, "modules": sorted(sys.modules)}))
"""


def _loaded(code: str) -> tuple[str, list[str]]:
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120, check=False
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    data = json.loads(proc.stdout.strip().splitlines()[-1])
    return data["kind"], data["modules"]


def _offenders(modules: list[str]) -> list[str]:
    return [m for m in modules if any(m == n or m.startswith(n + ".") for n in NEVER)]


def test_a_payment_with_the_ledger_loads_no_sandbox_demo_cli_or_unasked_extra() -> None:
    kind, modules = _loaded(PRODUCTION)
    assert kind == "OutcomeUnknown"  # the call really went out (and the 503 after it was not taken as an answer)
    assert "merchant_gateway.ledger" in modules
    assert "merchant_gateway_client" in modules
    assert _offenders(modules) == []


def test_the_check_sees_a_room_that_is_loaded() -> None:
    # the same probe, with the demo imported the way a careless module would: the check must name it
    _, modules = _loaded(PRODUCTION.replace("import json, sys", "import merchant_gateway.cli.demo\nimport json, sys"))
    assert "merchant_gateway.cli.demo" in _offenders(modules)


def test_the_rooms_are_where_docs_design_says() -> None:
    design = (Path(__file__).resolve().parents[2] / "docs" / "design.md").read_text(encoding="utf-8")
    rooms = design.split("## Rooms", 1)[1].split("\n## ", 1)[0]
    for name in ("merchant_gateway_sandbox", "merchant_gateway.cli.demo", "jssdk_example", "merchant_gateway.ledger"):
        assert name in rooms, f"docs/design.md's Rooms section does not place {name}"
