"""The merchants file of `mgw reconcile --worker --merchants FILE` (``MGW_MERCHANTS_FILE``): every merchant one
reconciler process serves, each with its own credentials (docs/operations.md, "Many merchants, one worker").

Why this module exists: one worker process serves every merchant of a ledger, and the MGW_* variables describe one
merchant. The file (TOML, read with the standard library's tomllib) lists the merchants; it holds no secret: each
merchant names where its salt key and client secret come from, an environment variable (``salt_key_env``) or a file
(``salt_key_file``: a secret mounted as a file). A secret written in the merchants file itself is refused, so the
file can live with the rest of the deployment's configuration (a repository, a ConfigMap) while secrets stay in the
secret store. Settings every merchant shares (environment, hosts, timeouts, TLS) come from the MGW_* variables unless
an entry gives its own.

Every problem is a ConfigurationError naming the file's entry and the field, raised before anything is opened or
sent; no message ever holds a secret's value (only the variable's name or the file's path).
"""

from __future__ import annotations

import difflib
import os
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..config import ENV_VARS, GatewayConfig
from ..errors import ConfigurationError

MERCHANTS_VAR = "MGW_MERCHANTS_FILE"
# settings an entry may give in the clear (each over the MGW_* variable of the same setting, where there is one)
PLAIN: tuple[str, ...] = ("merchant_id", "salt_index", "environment", "base_url", "apps_url", "auth_url")
PLAIN += ("client_id", "client_version", "location_base")
# the secrets: each from an environment variable (NAME_env) or a file (NAME_file), never written in the file
SECRETS = ("salt_key", "client_secret")
FIELDS = (*PLAIN, *(f"{s}_{how}" for s in SECRETS for how in ("env", "file")))
# the identity of one merchant: read from its entry only, never from the MGW_* variables
OWN = frozenset({"merchant_id", "salt_key", "salt_index", "client_id", "client_secret"})
MAX_SECRET_BYTES = 4096  # a salt key or client secret is short: a larger file is the wrong file
_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,127}")


def merchants_file(given: str | None, environ: Mapping[str, str] | None = None) -> tuple[str, str] | None:
    """(the setting that named it, its path): ``--merchants`` over MGW_MERCHANTS_FILE; None when neither is set."""
    env = os.environ if environ is None else environ
    if given:
        return "--merchants", given
    path = env.get(MERCHANTS_VAR)
    return (MERCHANTS_VAR, path) if path else None


def load_merchants(
    path: str, *, setting: str = MERCHANTS_VAR, environ: Mapping[str, str] | None = None
) -> dict[str, GatewayConfig]:
    """Merchant id -> that merchant's configuration, in the file's order. ``setting`` is how the file was named
    (``--merchants`` or MGW_MERCHANTS_FILE), said in every error."""
    env = os.environ if environ is None else environ
    if env.get("MGW_MERCHANT_ID"):
        raise ConfigurationError(
            "MGW_MERCHANT_ID",
            f"is set together with {setting}: with a merchants file every merchant comes from the file",
            remedy=f"unset MGW_MERCHANT_ID, and add that merchant to {path} if the worker should serve it",
        )
    entries = _entries(path, setting)
    shared = _shared_settings(env)
    found: dict[str, GatewayConfig] = {}
    for number, entry in enumerate(entries, start=1):
        config = _merchant(entry, number, path, setting, shared, env)
        if config.merchant_id in found:
            raise _fault(setting, number, config.merchant_id, "merchant_id", "is listed twice: list each merchant once")
        found[config.merchant_id] = config
    return found


def _entries(path: str, setting: str) -> list[Any]:
    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except OSError as exc:
        raise ConfigurationError(
            setting,
            f"cannot read {path} ({exc.strerror or type(exc).__name__})",
            remedy="give the path of the merchants file (TOML), readable by the worker's user",
        ) from None
    except tomllib.TOMLDecodeError as exc:  # its message says where (line, column), never the text there
        raise ConfigurationError(
            setting, f"{path} is not valid TOML: {exc}", remedy="correct the file (docs/operations.md shows one)"
        ) from None
    unknown = sorted(set(data) - {"merchant"})
    entries = data.get("merchant")
    if unknown or not isinstance(entries, list) or not entries or not all(isinstance(e, dict) for e in entries):
        what = f"has a table or key {unknown[0]!r} it does not read" if unknown else "lists no merchant"
        raise ConfigurationError(
            setting,
            f"{path} {what}",
            remedy="give one [[merchant]] table per merchant, with merchant_id, salt_index and salt_key_env or "
            "salt_key_file (docs/operations.md, Many merchants, one worker)",
        )
    return entries


def _shared_settings(env: Mapping[str, str]) -> dict[str, str]:
    """The environment with the merchant's own settings taken out: what every merchant shares (MGW_ENV, the hosts,
    MGW_TIMEOUT, the TLS variables); the entry's own values go over it."""
    own_vars = {ENV_VARS[name] for name in OWN}
    return {k: v for k, v in env.items() if k not in own_vars and k != MERCHANTS_VAR}


def _merchant(
    entry: dict[str, Any],
    number: int,
    path: str,
    setting: str,
    shared: Mapping[str, str],
    env: Mapping[str, str],
) -> GatewayConfig:
    raw_id = entry.get("merchant_id")
    label = raw_id if isinstance(raw_id, str) and raw_id else None
    for name in entry:
        if name not in FIELDS:
            raise _fault(setting, number, label, name, _unknown_field(name))
    if label is None:
        raise _fault(setting, number, None, "merchant_id", "is missing: give the merchant id received at onboarding")
    settings: dict[str, Any] = {}
    for name in PLAIN:
        if name not in entry:
            continue
        value = entry[name]
        if name == "salt_index" and type(value) is int and value >= 0:
            value = str(value)  # salt_index = 1 reads as well as "1"
        if not isinstance(value, str):
            raise _fault(setting, number, label, name, f'must be a string, e.g. {name} = "..."')
        settings[name] = value
    fields = {name: name for name in PLAIN if name in entry}  # GatewayConfig's field -> the entry's that gave it
    for secret in SECRETS:
        value = _secret(entry, secret, number, label, path, setting, env)
        if value is not None:
            settings[secret] = value
            fields[secret] = f"{secret}_env" if f"{secret}_env" in entry else f"{secret}_file"
    if "salt_key" not in settings:
        raise _fault(setting, number, label, "salt_key_env", "is missing: give salt_key_env or salt_key_file")
    if "salt_index" not in settings:
        raise _fault(setting, number, label, "salt_index", "is missing: give the index received with the salt key")
    try:
        return GatewayConfig.from_env(shared, **settings)
    except ConfigurationError as exc:
        raise _in_file(exc, setting, number, label, fields) from None


def _secret(
    entry: Mapping[str, Any], secret: str, number: int, label: str, path: str, setting: str, env: Mapping[str, str]
) -> str | None:
    """The secret's value from the variable or the file the entry names (None when it names neither)."""
    by_env, by_file = entry.get(f"{secret}_env"), entry.get(f"{secret}_file")
    if by_env is not None and by_file is not None:
        raise _fault(setting, number, label, f"{secret}_env", f"and {secret}_file are both given: give one of them")
    if by_env is not None:
        field = f"{secret}_env"
        if not isinstance(by_env, str) or not _ENV_NAME.fullmatch(by_env):
            raise _fault(setting, number, label, field, "must be the name of an environment variable, e.g. SHOP1_SALT")
        value = env.get(by_env)
        if not value:
            raise _fault(
                setting, number, label, field, f"names {by_env}, which is not set: set it to the {_what(secret)}"
            )
        return value
    if by_file is not None:
        field = f"{secret}_file"
        if not isinstance(by_file, str) or not by_file:
            raise _fault(setting, number, label, field, "must be the path of a file holding only the secret")
        where = Path(path).parent / by_file  # a relative path is relative to the merchants file, never the cwd
        try:
            with open(where, "rb") as fh:
                data = fh.read(MAX_SECRET_BYTES + 1)
        except OSError as exc:
            raise _fault(
                setting, number, label, field, f"cannot be read: {where} ({exc.strerror or type(exc).__name__})"
            ) from None
        if len(data) > MAX_SECRET_BYTES:
            raise _fault(setting, number, label, field, f"{where} is larger than a secret: name the secret's own file")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise _fault(
                setting, number, label, field, f"{where} is not text: it should hold only the secret"
            ) from None
        # one final line break is how files end (echo, editors); anything else is checked with the setting itself
        text = text[:-2] if text.endswith("\r\n") else text[:-1] if text.endswith("\n") else text
        if not text:
            raise _fault(setting, number, label, field, f"{where} is empty: write the {_what(secret)} into it")
        return text
    return None


def _what(secret: str) -> str:
    return "salt key received at onboarding" if secret == "salt_key" else "client secret received at onboarding"


def _unknown_field(name: str) -> str:
    if name in SECRETS:
        return (
            f"is a secret, which the merchants file does not hold: give {name}_env (an environment variable's name) "
            f"or {name}_file (a file holding only the secret) instead"
        )
    close = difflib.get_close_matches(name, FIELDS, n=1)
    return f"is not a field of a merchant; did you mean {close[0]}?" if close else f"is not one of {', '.join(FIELDS)}"


def _fault(setting: str, number: int, label: str | None, field: str, problem: str) -> ConfigurationError:
    who = f"merchant {number}" + (f" ({label[:64]})" if label else "")
    return ConfigurationError(
        f"{setting} {who}, {field}",
        problem,
        remedy="correct that merchant's entry in the file; nothing was started",
    )


def _in_file(
    exc: ConfigurationError, setting: str, number: int, label: str, fields: Mapping[str, str]
) -> ConfigurationError:
    """GatewayConfig's error about one merchant, said of the file's entry: the entry's field that gave the value
    (``fields``), else, for a setting every merchant shares, that field or its MGW_* variable."""
    name = next((n for n, var in ENV_VARS.items() if var == exc.variable), exc.variable)
    problem = exc.message.split(": ", 1)[1] if exc.message.startswith(f"{exc.variable}: ") else exc.message
    own = {n: fields.get(n, f"{n}_env" if n in SECRETS else n) for n in OWN}  # the entry's field of each
    for other, var in ENV_VARS.items():
        if other in OWN:  # "set MGW_CLIENT_SECRET (or pass client_secret=)", "MGW_CLIENT_ID": the entry's fields
            problem = problem.replace(f"set {var} (or pass {other}=)", f"set {own[other]}").replace(var, own[other])
        problem = problem.replace(f"(or pass {other}=)", f"(or {other} in the merchant's entry)")
    if name in fields or name in OWN:
        return _fault(setting, number, label, fields.get(name) or own[name], problem)
    return _fault(setting, number, label, f"{name} (or {exc.variable})", problem)
