"""Typed settings (issue 25): the constructors' and from_env's settings are GatewaySettings, so mypy --strict
rejects a misspelt or mistyped setting, and at run time the same mistakes raise ConfigurationError naming the
setting and what to give instead, before anything is sent."""

from __future__ import annotations

import os
import subprocess
import sys
import typing
from dataclasses import fields
from pathlib import Path

import pytest
from merchant_gateway import AsyncGateway, ConfigurationError, Gateway, GatewayConfig, GatewaySettings
from merchant_gateway.config import ENVIRONMENTS, LOCATION_BASES

ROOT = Path(__file__).resolve().parents[3]

GOOD = """\
from merchant_gateway import AsyncGateway, Gateway, GatewayConfig, GatewaySettings

Gateway(merchant_id="M1", salt_key="k", salt_index="1", environment="local", max_in_flight=4)
AsyncGateway.from_env(salt_index="2", timeout=5.0, sleep=None)
GatewayConfig.from_env({}, merchant_id="M1", salt_key="k", salt_index="1").with_changes(location_base="origin")
settings: GatewaySettings = {"merchant_id": "M1", "salt_key": "k", "salt_index": "1"}
Gateway.from_env(None, **settings)
"""

# one mistake per line; the test finds each line's error by the name mypy quotes
BAD = """\
from merchant_gateway import AsyncGateway, Gateway, GatewayConfig

Gateway(merchant_id="M1", salt_key="k", salt_idx="1")
AsyncGateway(merchant_id="M1", salt_key="k", salt_index=1)
Gateway.from_env(enviroment="local")
AsyncGateway.from_env(environment="prod")
GatewayConfig.from_env({}, max_inflight=3)
Gateway(merchant_id="M1", salt_key="k", salt_index="1").config.with_changes(location_base="host")
"""


def _mypy(folder: Path) -> list[str]:
    env = {**os.environ, "MYPYPATH": os.pathsep.join([str(ROOT / "generated_client"), str(ROOT / "overlays")])}
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", os.devnull, "good.py", "bad.py"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.returncode in (0, 1), run.stdout + run.stderr  # 2: mypy itself failed
    return [line for line in run.stdout.splitlines() if ": error:" in line]


def test_mypy_strict_accepts_the_settings_and_rejects_a_misspelt_or_mistyped_one(tmp_path: Path) -> None:
    (tmp_path / "good.py").write_text(GOOD, encoding="utf-8")
    (tmp_path / "bad.py").write_text(BAD, encoding="utf-8")
    errors = _mypy(tmp_path)
    assert not [e for e in errors if e.startswith("good.py")], errors
    by_line = {int(e.split(":")[1]): e for e in errors if e.startswith("bad.py")}
    expected = {
        3: '"salt_idx"',  # Unexpected keyword argument "salt_idx" ...; did you mean "salt_index"?
        4: '"salt_index"',  # incompatible type "int"; expected "str"
        5: '"enviroment"',
        6: "\"Literal['prod']\"",
        7: '"max_inflight"',
        8: "\"Literal['host']\"",
    }
    for line, quoted in expected.items():
        assert line in by_line, (line, errors)
        assert quoted in by_line[line], (line, errors)


def test_the_typed_settings_are_the_configuration_fields_with_their_types() -> None:
    config_types = typing.get_type_hints(GatewayConfig)
    settings_types = typing.get_type_hints(GatewaySettings)
    assert list(settings_types) == [f.name for f in fields(GatewayConfig)]
    narrowed = {"environment": ENVIRONMENTS, "location_base": LOCATION_BASES}
    for name, annotation in settings_types.items():
        if name in narrowed:  # the allowed values, as a Literal
            assert typing.get_args(annotation) == narrowed[name]
            assert config_types[name] is str
        else:
            assert annotation == config_types[name], name


def _settings(**extra: object) -> dict[str, object]:
    return {"merchant_id": "M1", "salt_key": "key-1", "salt_index": "1", **extra}


@pytest.mark.parametrize("cls", [Gateway, AsyncGateway])
def test_a_misspelt_setting_at_run_time_names_it_and_the_right_one(cls: type[Gateway] | type[AsyncGateway]) -> None:
    settings = _settings()
    del settings["salt_index"]
    with pytest.raises(ConfigurationError) as caught:
        cls(**settings, salt_idx="1")  # type: ignore[arg-type]
    assert caught.value.variable == "salt_idx"
    assert "did you mean salt_index?" in str(caught.value)


@pytest.mark.parametrize("cls", [Gateway, AsyncGateway])
def test_from_env_takes_settings_that_win_over_the_environment(cls: type[Gateway] | type[AsyncGateway]) -> None:
    environ = {"MGW_MERCHANT_ID": "M1", "MGW_SALT_KEY": "key-1", "MGW_SALT_INDEX": "1"}
    gateway = cls.from_env(environ, salt_index="2", max_in_flight=3)
    assert (gateway.config.merchant_id, gateway.config.salt_index, gateway.config.max_in_flight) == ("M1", "2", 3)
    # a required setting may come from the keywords alone
    assert cls.from_env({}, **_settings()).config.merchant_id == "M1"  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError) as caught:
        cls.from_env(environ, max_inflight=3)  # type: ignore[call-arg]
    assert caught.value.variable == "max_inflight"
    assert "did you mean max_in_flight?" in str(caught.value)


def test_bad_values_at_run_time_name_the_setting_and_the_allowed_values() -> None:
    with pytest.raises(ConfigurationError) as caught:
        Gateway(**_settings(environment="prod"))  # type: ignore[arg-type]
    assert caught.value.variable == "MGW_ENV"
    assert "must be one of local, sandbox, production" in str(caught.value)
    with pytest.raises(ConfigurationError) as caught:
        Gateway(**_settings(salt_index=1))  # type: ignore[arg-type]
    assert caught.value.variable == "MGW_SALT_INDEX"
    assert 'salt_index="1"' in str(caught.value)
    with pytest.raises(ConfigurationError) as caught:
        GatewayConfig.from_env({}, **_settings(location_base="host"))  # type: ignore[arg-type]
    assert "must be one of base_url, origin" in str(caught.value)
