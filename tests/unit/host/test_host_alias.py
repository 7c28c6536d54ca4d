"""merchant_gateway.host, the deprecated name of merchant_gateway.abstract ("host" is one of the gateway's base, apps
and auth hosts): each old name read warns, naming the new module and name, and is the very class abstract holds (so a
test double subclassing the old name is still an abstract gateway); the alias loads nothing until a name is read, and
``import merchant_gateway`` does not load it."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any, Self

import merchant_gateway as mg
import merchant_gateway.abstract as abstract
import merchant_gateway.host as host
import pytest

ROOT = Path(__file__).resolve().parents[3]
OLD_TO_NEW = {"GatewayHost": "AbstractGateway", "AsyncGatewayHost": "AsyncAbstractGateway"}


def test_the_alias_answers_the_old_name_of_each_class_of_abstract() -> None:
    assert host.RENAMED == OLD_TO_NEW
    public = {name for name in vars(abstract) if name.endswith("AbstractGateway")}
    assert set(host.RENAMED.values()) == public
    assert host.__all__ == list(host.NAMES) == list(OLD_TO_NEW)


@pytest.mark.parametrize(("old", "new"), sorted(OLD_TO_NEW.items()))
def test_each_old_name_warns_and_is_the_same_class(old: str, new: str) -> None:
    with pytest.warns(DeprecationWarning, match=r"merchant_gateway\.host is deprecated") as caught:
        value = getattr(host, old)
    assert value is getattr(abstract, new)
    message = str(caught[0].message)
    assert f"{old} is now {new}, import {new} from merchant_gateway.abstract" in message
    assert "3.1.0" in message
    assert caught[0].filename == __file__  # at the caller's line, not inside the alias


def test_from_import_warns_at_the_importing_line() -> None:
    with pytest.warns(DeprecationWarning, match="merchant_gateway.abstract") as caught:
        from merchant_gateway.host import AsyncGatewayHost, GatewayHost
    assert GatewayHost is abstract.AbstractGateway
    assert AsyncGatewayHost is abstract.AsyncAbstractGateway
    assert {w.filename for w in caught} == {__file__}


def test_a_double_written_against_the_old_name_still_works() -> None:
    with pytest.warns(DeprecationWarning, match="import AbstractGateway from merchant_gateway.abstract"):
        base = host.GatewayHost

    class Double(base):  # type: ignore[misc,valid-type]
        def __init__(self) -> None:
            self.now = 0.0

        @property
        def clock(self) -> Callable[[], float]:
            return lambda: self.now

        @property
        def sleep(self) -> Callable[[float], None]:
            def sleep(seconds: float) -> None:
                self.now += seconds

            return sleep

        def reconcile(self, transaction_id: str) -> Any:
            return {"transactionId": transaction_id}

        def with_options(self, *, retry: mg.RetryPolicy | None = None) -> Self:
            return self

    double = Double()
    assert isinstance(double, abstract.AbstractGateway)
    double.sleep(2.0)
    assert double.clock() == 2.0
    assert issubclass(mg.Gateway, base)


def test_a_name_the_alias_does_not_have_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'AbstractGateway'"):
        host.AbstractGateway  # noqa: B018 -- the new name is read from merchant_gateway.abstract, never the alias


def test_nothing_is_loaded_until_a_name_is_read() -> None:
    code = """
    import json, sys, warnings
    import merchant_gateway
    at_package = "merchant_gateway.host" in sys.modules
    import merchant_gateway.host
    at_alias = "merchant_gateway.abstract" in sys.modules
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        merchant_gateway.host.GatewayHost
    print(json.dumps([at_package, at_alias, "merchant_gateway.abstract" in sys.modules, len(caught)]))
    """
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [False, False, True, 1]


def test_a_double_written_against_the_old_names_still_type_checks(tmp_path: Path) -> None:
    """mypy --strict sees the very classes behind the old names (as the package's users' checkers do): a double
    subclassing them is accepted, and a wrong argument where one is expected is still rejected. Through the module
    __getattr__ alone they would be Any, and subclassing Any is an error under --strict."""
    mypy_api = pytest.importorskip("mypy.api")
    snippet = tmp_path / "old_names.py"
    snippet.write_text(
        textwrap.dedent(
            """
            from merchant_gateway.host import AsyncGatewayHost, GatewayHost


            class Double(GatewayHost):
                pass


            class AsyncDouble(AsyncGatewayHost):
                pass


            def uses(gateway: GatewayHost) -> None:
                pass


            uses(3)
            """
        ),
        encoding="utf-8",
    )
    stdout, stderr, _ = mypy_api.run(
        [
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--strict",
            "--follow-imports=silent",
            "--no-error-summary",
            "--cache-dir",
            str(tmp_path / ".mypy_cache"),
            str(snippet),
        ]
    )
    errors = [line for line in stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1, stdout + stderr
    assert '"uses" has incompatible type "int"; expected "AbstractGateway"' in errors[0], errors
