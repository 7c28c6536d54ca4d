"""The task tests not moved to tests/unit/tasks yet use its fixtures: a sandbox on a free loopback port on a manual
clock and both gateways configured for it (tests/unit/tasks/conftest.py)."""

from tests.unit.tasks.conftest import async_gateway, gateway, sandbox, sleeps

__all__ = ["async_gateway", "gateway", "sandbox", "sleeps"]
