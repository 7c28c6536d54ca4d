"""merchant_gateway.hooks, the deprecated name of merchant_gateway.observers (issue 37: "hooks" is the ledger's
post-payment actions): each name read warns, naming the new module, and is the very object observers holds; the
alias loads nothing until a name is read, and ``import merchant_gateway`` does not load it."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import merchant_gateway.hooks as hooks
import merchant_gateway.observers as observers
import pytest


def test_the_alias_answers_every_public_name_of_observers() -> None:
    assert sorted(hooks.NAMES) == sorted(observers.__all__)
    assert hooks.__all__ == list(hooks.NAMES)


@pytest.mark.parametrize("name", sorted(observers.__all__))
def test_each_name_warns_and_is_the_same_object(name: str) -> None:
    with pytest.warns(DeprecationWarning, match=r"merchant_gateway\.hooks is deprecated") as caught:
        value = getattr(hooks, name)
    assert value is getattr(observers, name)
    message = str(caught[0].message)
    assert f"import {name} from merchant_gateway.observers" in message
    assert "3.1.0" in message
    assert caught[0].filename == __file__  # at the caller's line, not inside the alias


def test_from_import_warns_at_the_importing_line() -> None:
    with pytest.warns(DeprecationWarning, match="merchant_gateway.observers") as caught:
        from merchant_gateway.hooks import CallObserver, combine
    assert CallObserver is observers.CallObserver
    assert combine is observers.combine
    assert {w.filename for w in caught} == {__file__}


def test_an_observer_written_against_the_old_name_still_works() -> None:
    with pytest.warns(DeprecationWarning, match="import CallObserver from merchant_gateway.observers"):
        base = hooks.CallObserver
    with pytest.warns(DeprecationWarning, match="import combine from merchant_gateway.observers"):
        combine = hooks.combine

    class Mine(base):  # type: ignore[misc,valid-type]
        pass

    mine = Mine()
    assert isinstance(mine, observers.CallObserver)
    assert combine(mine, None) is mine


def test_a_name_the_alias_does_not_have_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'ObserverCalls'"):
        hooks.ObserverCalls  # noqa: B018 -- private to observers: never answered through the alias


def test_nothing_is_loaded_until_a_name_is_read() -> None:
    code = """
    import json, sys, warnings
    import merchant_gateway
    at_package = "merchant_gateway.hooks" in sys.modules
    import merchant_gateway.hooks
    at_alias = "merchant_gateway.observers" in sys.modules
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        merchant_gateway.hooks.combine
    print(json.dumps([at_package, at_alias, "merchant_gateway.observers" in sys.modules, len(caught)]))
    """
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [False, False, True, 1]
