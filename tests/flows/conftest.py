"""The flow tests not moved to tests/unit/flows yet use its fixtures: a sandbox on a free loopback port and both
gateways configured for it (tests/unit/flows/conftest.py)."""

from tests.unit.flows.conftest import async_gateway, gateway, sandbox

__all__ = ["async_gateway", "gateway", "sandbox"]
