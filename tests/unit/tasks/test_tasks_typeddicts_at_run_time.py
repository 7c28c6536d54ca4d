"""Every keyword TypedDict, the generated payloads' (merchant_gateway_client.payloads) and the task layer's own,
resolves at run time: ``typing.get_type_hints`` gives each key's type, so a merchant validating keyword dicts with
a tool built on it (typeguard, pydantic) can. Before, payloads.py imported the models for type checkers only and
every TypedDict naming one raised ``NameError: MerchantContext``.

On 3.12+ (pydantic refuses ``typing.TypedDict`` before), pydantic's ``TypeAdapter`` builds for every one of them
(payloads.py allows the attrs models to be checked by isinstance; the task layer's inherit that), takes a minimal
valid dict and rejects a value outside an enum.
"""

from __future__ import annotations

import enum
import importlib
import json
import pkgutil
import subprocess
import sys
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any, Literal, TypedDict

import merchant_gateway.tasks
import pytest
from merchant_gateway_client import payloads
from merchant_gateway_client.models import MerchantContext

from bench.imports import OURS

NOT_A_VALUE = "NOT-A-SPEC-VALUE"


def typed_dicts_of(module: types.ModuleType) -> dict[str, Any]:  # TypedDicts: no attribute of `type` says so
    return {n: v for n, v in vars(module).items() if typing.is_typeddict(v) and v.__module__ == module.__name__}


def task_layer_modules() -> list[types.ModuleType]:
    """Every module of the task package, so that a TypedDict added in a new one is checked too."""
    names = [
        f"{merchant_gateway.tasks.__name__}.{m.name}" for m in pkgutil.iter_modules(merchant_gateway.tasks.__path__)
    ]
    return [merchant_gateway.tasks, *(importlib.import_module(n) for n in names)]


GENERATED = typed_dicts_of(payloads)
TASKS = {f"{m.__name__}.{n}": td for m in task_layer_modules() for n, td in typed_dicts_of(m).items()}
EVERY = {**{f"payloads.{n}": td for n, td in GENERATED.items()}, **TASKS}


def test_the_scan_finds_the_typeddicts() -> None:
    assert {"DebitV3Fields", "DebitV4WebKeywords", "ConfiguredMerchantId", "AppProfileFields"} <= GENERATED.keys()
    found = {name.rsplit(".", 1)[1] for name in TASKS}
    assert {"InlinePaymentFields", "IntentStartFields", "AppPaymentFields", "_AppSdkHeaders"} <= found


@pytest.mark.parametrize("name", sorted(EVERY))
def test_every_key_type_resolves_at_run_time(name: str) -> None:
    td = EVERY[name]
    hints = typing.get_type_hints(td)
    assert hints.keys() == td.__required_keys__ | td.__optional_keys__


def test_a_model_named_by_a_key_resolves_to_the_model_itself() -> None:
    hints = typing.get_type_hints(payloads.DebitV3Fields)
    assert MerchantContext in typing.get_args(hints["merchant_context"])  # the class, not a stand-in


def test_the_check_can_fail() -> None:
    # a TypedDict naming a model only a type checker imports: what every payload TypedDict naming one was
    class Unresolved(TypedDict):
        context: NotImportedModel  # noqa: F821

    with pytest.raises(NameError, match="NotImportedModel"):
        typing.get_type_hints(Unresolved)


def test_what_the_import_row_times_loads_neither_the_payloads_nor_a_model() -> None:
    # payloads.py imports its models at run time, which is free only while nothing imports it with the package:
    # bench/imports.py times OURS (no timing here: which modules load is deterministic)
    code = f"import json, sys\n{OURS}\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    loaded = json.loads(done.stdout)
    assert "merchant_gateway_client.public_methods" in loaded  # the probe saw the gateways load
    heavy = [m for m in loaded if m.startswith(("merchant_gateway_client.payloads", "merchant_gateway_client.models"))]
    assert heavy == []


# --- pydantic (3.12+) -------------------------------------------------------------------------------------------


def _options(hint: Any) -> list[Any]:
    """A union's members but None, else the type itself."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return [a for a in typing.get_args(hint) if a is not type(None)]
    return [hint]


def _is_enum(hint: Any) -> bool:
    """Only spec values fit (an Enum or a Literal in every member): a value outside them must be refused."""
    opts = _options(hint)
    return bool(opts) and all(
        typing.get_origin(o) is Literal or (isinstance(o, type) and issubclass(o, enum.Enum)) for o in opts
    )


def sample(hint: Any) -> Any:
    """A plain (JSON-like) value of the type, as a merchant's keyword dict would hold: a model as its wire mapping."""
    for option in _options(hint):
        origin = typing.get_origin(option)
        if origin is Literal:
            return typing.get_args(option)[0]
        if isinstance(option, type) and issubclass(option, enum.Enum):
            return next(iter(option)).value
        if option in (str, int, bool):
            return {str: "X1", int: 1, bool: True}[option]
        if origin is not None and isinstance(origin, type) and issubclass(origin, Mapping):
            return {}
        if origin is not None and isinstance(origin, type) and issubclass(origin, Sequence):
            return [sample(typing.get_args(option)[0])]
    raise AssertionError(f"no plain sample for {hint!r}: teach sample() the type")


def minimal(td: Any) -> dict[str, Any]:
    hints = typing.get_type_hints(td)
    return {key: sample(hints[key]) for key in sorted(td.__required_keys__)}


needs_pydantic = pytest.mark.skipif(
    sys.version_info < (3, 12), reason="pydantic takes only typing_extensions.TypedDict before 3.12"
)


@needs_pydantic
@pytest.mark.parametrize("name", sorted(EVERY))
def test_pydantic_builds_a_validator_that_takes_a_minimal_dict_and_refuses_a_value_outside_an_enum(name: str) -> None:
    pydantic = pytest.importorskip("pydantic")
    td = EVERY[name]
    adapter = pydantic.TypeAdapter(td)
    given = minimal(td)
    assert adapter.validate_python(given).keys() == given.keys()
    enums = sorted(k for k, hint in typing.get_type_hints(td).items() if _is_enum(hint))
    for key in enums[:1]:  # one enum key of each TypedDict that has any
        with pytest.raises(pydantic.ValidationError, match=key):
            adapter.validate_python({**given, key: NOT_A_VALUE})


@needs_pydantic
def test_pydantic_takes_a_model_or_its_wire_mapping_and_refuses_anything_else() -> None:
    pydantic = pytest.importorskip("pydantic")
    adapter = pydantic.TypeAdapter(payloads.DebitV3Fields)
    given = minimal(payloads.DebitV3Fields)
    context = MerchantContext()
    assert adapter.validate_python({**given, "merchant_context": context})["merchant_context"] is context
    assert adapter.validate_python({**given, "merchant_context": {"offerContext": {}}})["merchant_context"]
    with pytest.raises(pydantic.ValidationError, match="merchant_context"):
        adapter.validate_python({**given, "merchant_context": 5})


def test_the_refusal_is_checked_in_both_layers() -> None:
    # an enum key (call_mode, redirect_mode, instrument_type...) in these: the refusal above runs on each
    with_enum = {n for n, td in EVERY.items() if any(_is_enum(h) for h in typing.get_type_hints(td).values())}
    for name in ("DebitV3Fields", "CollectRequestKeywords", "InlinePayOptional", "SendOtpFields"):
        assert f"payloads.{name}" in with_enum
    for name in ("_models.InlinePaymentFields", "_models.IntentStartFields", "mobile.AppPaymentFields"):
        assert f"merchant_gateway.tasks.{name}" in with_enum
