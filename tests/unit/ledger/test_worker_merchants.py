"""One `mgw reconcile --worker` process serves every merchant of a ledger (issue 34): the merchants file
(--merchants FILE or MGW_MERCHANTS_FILE, TOML) names each merchant, its salt index, its hosts and where each of its
secrets comes from (an environment variable or a file, never the file itself). Two merchants, each against its own
sandbox (a sandbox knows one merchant) over real sockets, on both backends; a bad file is exit 2 naming the entry
and the field, before the ledger is opened, and no secret is ever printed."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ledger_support import MERCHANT, SALT, settings
from merchant_gateway import Gateway
from merchant_gateway.cli import main
from merchant_gateway.ledger import FINAL, Ledger

OTHER, OTHER_SALT = "SECONDSHOP", "second-shop-salt-4b1d"
UNUSED_LEDGER = "postgresql://mgw@127.0.0.1:1/none"  # opened, it would be exit 6: exit 2 proves it never was


@pytest.fixture(scope="module")
def other_sandbox() -> Iterator[Any]:
    sb = pytest.importorskip("merchant_gateway_sandbox")
    with sb.start_sandbox(
        port=0, merchant_id=OTHER, salts={"2": OTHER_SALT}, settle_after=5.0, clock=sb.ManualClock()
    ) as running:
        yield running


def hosts(sandbox: Any) -> str:
    return f'base_url = "{sandbox.base_url}"\napps_url = "{sandbox.apps_url}"\nauth_url = "{sandbox.auth_url}"\n'


def clean(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    for name in list(os.environ):
        if name.startswith("MGW_"):
            monkeypatch.delenv(name)


def test_one_worker_settles_the_payments_of_two_merchants_each_with_its_own_credentials(
    store_url: str,
    sandbox: Any,
    other_sandbox: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    t: Any,
) -> None:
    # two shops' web processes wrote their payments down 100 s ago and died before any final state was known
    with Ledger.open(store_url, clock=lambda: time.time() - 100) as web:
        other = {**settings(other_sandbox), "merchant_id": OTHER, "salt_key": OTHER_SALT, "salt_index": "2"}
        with (
            Gateway(**settings(sandbox), observer=web.observer) as first,
            Gateway(**other, observer=web.observer) as second,
        ):
            for i in range(2):
                first.debit_v4_web(
                    transaction_id=t(f"MA{i}"), amount=500 + i, merchant_order_id="O", merchant_user_id="U"
                )
                second.debit_v4_web(
                    transaction_id=t(f"MB{i}"), amount=600 + i, merchant_order_id="O", merchant_user_id="U"
                )
    sandbox.advance(6)
    other_sandbox.advance(6)
    # the first merchant's salt from a variable, the second's from a file beside the merchants file (mode 0600, with
    # the line break editors and echo leave); the merchants file itself holds no secret
    (tmp_path / "second.salt").write_text(OTHER_SALT + "\n", encoding="utf-8")
    (tmp_path / "second.salt").chmod(0o600)
    merchants = tmp_path / "merchants.toml"
    merchants.write_text(
        f'[[merchant]]\nmerchant_id = "{MERCHANT}"\nsalt_index = "1"\nsalt_key_env = "FIRST_SHOP_SALT"\n'
        f"{hosts(sandbox)}\n"
        f'[[merchant]]\nmerchant_id = "{OTHER}"\nsalt_index = 2\nsalt_key_file = "second.salt"\n{hosts(other_sandbox)}',
        encoding="utf-8",
    )
    clean(monkeypatch)
    monkeypatch.setenv("MGW_LEDGER_URL", store_url)
    monkeypatch.setenv("FIRST_SHOP_SALT", SALT)
    monkeypatch.setenv("MGW_MERCHANTS_FILE", str(merchants))
    assert main(["reconcile", "--worker", "--once", "--json", "--log-format", "json"]) == 0
    out, err = capsys.readouterr()
    done = json.loads(out)
    assert (done["checks"], done["finals"], done["errors"]) == (4, 4, 0)
    started = [json.loads(line) for line in err.splitlines() if '"worker.started"' in line]
    assert started[0]["merchants"] == f"{MERCHANT},{OTHER}"
    assert "merchant_id" not in started[0]  # a worker of several merchants has none of its own
    assert SALT not in out + err
    assert OTHER_SALT not in out + err
    with Ledger.open(store_url) as ledger:
        for merchant, name in ((MERCHANT, "MA"), (OTHER, "MB")):
            for i in range(2):
                p = ledger.get(t(f"{name}{i}"), merchant)
                assert p is not None
                # each read through its merchant's own sandbox: the other knows neither its id nor its salt
                assert (p.state, p.code) == (FINAL, "PAYMENT_SUCCESS")
        (worker,) = ledger.workers(running_only=False)
        assert worker.merchant_id is None
        assert worker.counters["finals"] == 4


def entry(merchant: str | None = "SHOP1", **fields: Any) -> str:
    body = {"merchant_id": merchant, "salt_index": "1", "salt_key_env": "SHOP_SALT", **fields}
    lines = [f"{k} = {json.dumps(v)}" for k, v in body.items() if v is not None]
    return "[[merchant]]\n" + "\n".join(lines) + "\n"


SECRET = "s3cret-salt-value-ab12"

# (what the file says, the extra environment, what the message must name)
BAD = [
    (entry() + entry("SHOP2", salt_key=SECRET, salt_key_env=None), {}, "merchant 2 (SHOP2), salt_key: is a secret"),
    (entry(salt_key_env="NOT_SET_HERE"), {}, "merchant 1 (SHOP1), salt_key_env: names NOT_SET_HERE, which is not set"),
    (entry(salt_key_env=None, salt_key_file="missing.salt"), {}, "merchant 1 (SHOP1), salt_key_file: cannot be read"),
    (entry(salt_key_file="x.salt"), {}, "merchant 1 (SHOP1), salt_key_env: and salt_key_file are both given"),
    (entry(salt_indx="1"), {}, "merchant 1 (SHOP1), salt_indx: is not a field of a merchant; did you mean salt_index"),
    (entry() + entry(), {}, "merchant 2 (SHOP1), merchant_id: is listed twice"),
    (entry(merchant=None), {}, "merchant 1, merchant_id: is missing"),
    (entry(salt_index="x"), {}, "merchant 1 (SHOP1), salt_index: must be a decimal number"),
    (entry(client_id="C1"), {}, "merchant 1 (SHOP1), client_secret_env: client id and client secret"),
    (entry(environment="production", base_url="http://gw.example"), {}, "(SHOP1), base_url: must use https"),
    (entry(environment="production", base_url="https://gw.example"), {}, "(SHOP1), apps_url (or MGW_APPS_URL): is"),
    (entry(environment="moon"), {}, "merchant 1 (SHOP1), environment: must be one of local, sandbox, production"),
    ("[[merchant]\n", {}, "is not valid TOML"),
    ("[defaults]\n", {}, "has a table or key 'defaults' it does not read"),
    ("", {}, "lists no merchant"),
    (entry(), {"MGW_MERCHANT_ID": "SHOP9"}, "MGW_MERCHANT_ID: is set together with MGW_MERCHANTS_FILE"),
]


@pytest.mark.parametrize(("text", "extra", "named"), BAD)
def test_a_bad_merchants_file_is_exit_2_naming_the_entry_and_field_before_anything_is_opened(
    text: str,
    extra: dict[str, str],
    named: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "merchants.toml"
    path.write_text(text, encoding="utf-8")
    (tmp_path / "x.salt").write_text(SECRET, encoding="utf-8")
    clean(monkeypatch)
    monkeypatch.setenv("SHOP_SALT", SECRET)
    for name, value in extra.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("MGW_MERCHANTS_FILE", str(path))
    argv = ["reconcile", "--worker", "--once", "--ledger", UNUSED_LEDGER]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert named in err
    assert SECRET not in err
    assert main([*argv, "--json"]) == 2  # the same as one JSON document
    doc = json.loads(capsys.readouterr().out)
    assert (doc["ok"], doc["error"]) == (False, "invalid_input")
    assert named in doc["message"]
    assert SECRET not in json.dumps(doc)


def test_the_flag_names_the_file_and_identity_flags_are_refused_beside_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "merchants.toml"
    path.write_text(entry(salt_key_env="NOT_SET_HERE"), encoding="utf-8")
    clean(monkeypatch)
    argv = ["reconcile", "--worker", "--once", "--ledger", UNUSED_LEDGER, "--merchants", str(path)]
    assert main(argv) == 2
    assert "--merchants merchant 1 (SHOP1), salt_key_env: names NOT_SET_HERE" in capsys.readouterr().err
    assert main([*argv, "--merchant-id", "SHOP1"]) == 2
    assert "--merchant-id: is given together with --merchants: give it in its entry" in capsys.readouterr().err
    assert main([*argv, "--base-url", "http://127.0.0.1:9/x"]) == 2
    assert "--base-url: is given together with --merchants" in capsys.readouterr().err
    assert main(["reconcile", "--worker", "--once", "--ledger", UNUSED_LEDGER, "--merchants", str(tmp_path)]) == 2
    assert "--merchants: cannot read" in capsys.readouterr().err


def test_the_documented_merchants_file_uses_only_fields_the_worker_reads() -> None:
    import re
    import tomllib

    from merchant_gateway.cli.merchants import FIELDS, SECRETS

    doc = (Path(__file__).resolve().parents[3] / "docs" / "operations.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"^```toml\n(.*?)^```", doc, re.S | re.M)
    merchants = tomllib.loads(block)["merchant"]
    assert len(merchants) == 2
    for entry in merchants:
        assert set(entry) <= set(FIELDS)
        assert not set(entry) & set(SECRETS)
