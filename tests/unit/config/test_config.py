from __future__ import annotations

import merchant_gateway as mg
import pytest
from merchant_gateway.config import LOCAL_APPS_URL, LOCAL_AUTH_URL, LOCAL_BASE_URL, GatewayConfig
from merchant_gateway.errors import ConfigurationError

BASE = {"MGW_MERCHANT_ID": "M1", "MGW_SALT_KEY": "secret-salt", "MGW_SALT_INDEX": "1"}


def test_local_defaults() -> None:
    cfg = GatewayConfig.from_env(BASE)
    assert (cfg.base, cfg.apps, cfg.auth) == (LOCAL_BASE_URL, LOCAL_APPS_URL, LOCAL_AUTH_URL)
    assert cfg.environment == "local"
    assert "secret-salt" not in repr(cfg)
    assert cfg.salts == {"1": "secret-salt"}


def test_full_env() -> None:
    env = {
        **BASE,
        "MGW_ENV": "production",
        "MGW_BASE_URL": "https://b.example/x/",
        "MGW_APPS_URL": "https://a.example",
        "MGW_AUTH_URL": "https://t.example",
        "MGW_CLIENT_ID": "cid",
        "MGW_CLIENT_SECRET": "csecret",
        "MGW_CLIENT_VERSION": "7",
    }
    cfg = GatewayConfig.from_env(env)
    assert cfg.base == "https://b.example/x"
    assert cfg.client_version == "7"
    assert "csecret" not in repr(cfg)


@pytest.mark.parametrize(
    ("change", "variable"),
    [
        ({"MGW_MERCHANT_ID": ""}, "MGW_MERCHANT_ID"),
        ({"MGW_SALT_KEY": ""}, "MGW_SALT_KEY"),
        ({"MGW_SALT_INDEX": "one"}, "MGW_SALT_INDEX"),
        ({"MGW_SALT_INDEX": "١"}, "MGW_SALT_INDEX"),
        ({"MGW_ENV": "prod"}, "MGW_ENV"),
        ({"MGW_ENV": "sandbox"}, "MGW_BASE_URL"),
        ({"MGW_BASE_URL": "ftp://x"}, "MGW_BASE_URL"),
        ({"MGW_APPS_URL": "not a url"}, "MGW_APPS_URL"),
        ({"MGW_AUTH_URL": "http://h/?q=1"}, "MGW_AUTH_URL"),
        ({"MGW_CLIENT_ID": "cid"}, "MGW_CLIENT_SECRET"),
        ({"MGW_CLIENT_SECRET": "s"}, "MGW_CLIENT_ID"),
        ({"MGW_MERCHANT_ID": "M 1"}, "MGW_MERCHANT_ID"),
        ({"MGW_SALT_KEY": " k"}, "MGW_SALT_KEY"),
    ],
)
def test_bad_config_names_variable(change: dict[str, str], variable: str) -> None:
    with pytest.raises(ConfigurationError) as info:
        GatewayConfig.from_env({**BASE, **change})
    assert info.value.variable == variable
    assert variable in str(info.value)
    assert "secret-salt" not in str(info.value) + repr(info.value)


def test_missing_variable() -> None:
    env = dict(BASE)
    del env["MGW_SALT_KEY"]
    with pytest.raises(ConfigurationError, match="MGW_SALT_KEY"):
        GatewayConfig.from_env(env)


def test_production_needs_https_and_version() -> None:
    urls = {"MGW_BASE_URL": "https://b", "MGW_APPS_URL": "https://a", "MGW_AUTH_URL": "http://t"}
    with pytest.raises(ConfigurationError, match="MGW_AUTH_URL"):
        GatewayConfig.from_env({**BASE, "MGW_ENV": "production", **urls})
    urls["MGW_AUTH_URL"] = "https://t"
    with pytest.raises(ConfigurationError, match="MGW_CLIENT_VERSION"):
        GatewayConfig.from_env(
            {**BASE, "MGW_ENV": "production", **urls, "MGW_CLIENT_ID": "c", "MGW_CLIENT_SECRET": "s"}
        )


def test_sandbox_client_version_defaults_to_1() -> None:
    cfg = GatewayConfig.from_env({**BASE, "MGW_CLIENT_ID": "c", "MGW_CLIENT_SECRET": "s"})
    assert cfg.client_version == "1"


def test_bad_timeouts() -> None:
    for bad in (0, -1, float("inf"), float("nan"), True):
        with pytest.raises(ConfigurationError, match="timeout"):
            GatewayConfig(merchant_id="M", salt_key="k", salt_index="1", timeout=bad)


@pytest.mark.parametrize(
    ("settings", "variable", "says"),
    [
        ({"merchant_id": "M"}, "MGW_SALT_KEY", "is missing"),
        ({"merchant_id": "M", "salt_key": "k"}, "MGW_SALT_INDEX", "is missing"),
        ({"merchant_id": "M", "salt_key": "k", "salt_index": 1}, "MGW_SALT_INDEX", "must be a string, got int"),
        ({"merchant_id": "M", "salt_key": "k", "salt_index": "1", "timout": 3}, "timout", "is not a setting"),
        ({"merchant_id": "M", "salt_key": "", "salt_index": "1"}, "MGW_SALT_KEY", "is empty"),
    ],
)
def test_constructor_arguments_fail_as_configuration_errors(settings: dict, variable: str, says: str) -> None:
    """Whatever the argument's type, a bad or missing setting is a ConfigurationError naming it (never TypeError)."""
    with pytest.raises(mg.ConfigurationError) as info:
        mg.Gateway(**settings)
    assert info.value.variable == variable
    assert says in str(info.value)
    with pytest.raises(mg.ConfigurationError):
        mg.AsyncGateway(**settings)


@pytest.mark.parametrize("dots", [".", ".."])
def test_a_dot_segment_merchant_id_is_refused(dots: str) -> None:
    # httpx drops a '.' or '..' path segment, so /v3/transaction/../TX1/status would be signed and /v3/TX1/status sent
    with pytest.raises(ConfigurationError, match=r"MGW_MERCHANT_ID.*not '\.' or '\.\.'"):
        GatewayConfig(merchant_id=dots, salt_key="k", salt_index="1")
