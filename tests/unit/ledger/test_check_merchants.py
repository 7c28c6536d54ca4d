"""`mgw ledger check TXN` honours the merchants file (--merchants FILE or MGW_MERCHANTS_FILE) as the worker does: the
status is read with the settings of the payment's merchant in the file (its own sandbox and salt here: a sandbox
knows one merchant, so a read with the other merchant's settings could not succeed), on both backends;
--merchant-id chooses when the ledger holds the id for several of the file's merchants; a flag that would override
the file's settings is refused, and no secret is printed."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ledger_support import MERCHANT, SALT, settings
from merchant_gateway import Gateway
from merchant_gateway.cli import main
from merchant_gateway.ledger import Ledger

OTHER, OTHER_SALT = "CHECKSHOP2", "check-shop-two-salt-77e1"


@pytest.fixture(scope="module")
def other_sandbox() -> Iterator[Any]:
    sb = pytest.importorskip("merchant_gateway_sandbox")
    with sb.start_sandbox(
        port=0, merchant_id=OTHER, salts={"2": OTHER_SALT}, settle_after=5.0, clock=sb.ManualClock()
    ) as running:
        yield running


def hosts(sandbox: Any) -> str:
    return f'base_url = "{sandbox.base_url}"\napps_url = "{sandbox.apps_url}"\nauth_url = "{sandbox.auth_url}"\n'


def test_check_reads_the_status_with_the_payments_merchant_from_the_merchants_file(
    store_url: str,
    sandbox: Any,
    other_sandbox: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    t: Any,
) -> None:
    other = {**settings(other_sandbox), "merchant_id": OTHER, "salt_key": OTHER_SALT, "salt_index": "2"}
    with (
        Ledger.open(store_url) as web,
        Gateway(**settings(sandbox), observer=web.observer) as first,
        Gateway(**other, observer=web.observer) as second,
    ):
        first.debit_v4_web(transaction_id=t("CA"), amount=700, merchant_order_id="O", merchant_user_id="U")
        second.debit_v4_web(transaction_id=t("CB"), amount=800, merchant_order_id="O", merchant_user_id="U")
        # one id under both merchants (each merchant's ids are its own)
        first.debit_v4_web(transaction_id=t("CS"), amount=900, merchant_order_id="O", merchant_user_id="U")
        second.debit_v4_web(transaction_id=t("CS"), amount=901, merchant_order_id="O", merchant_user_id="U")
    sandbox.advance(6)
    other_sandbox.advance(6)
    (tmp_path / "second.salt").write_text(OTHER_SALT + "\n", encoding="utf-8")
    (tmp_path / "second.salt").chmod(0o600)
    merchants = tmp_path / "merchants.toml"
    merchants.write_text(
        f'[[merchant]]\nmerchant_id = "{MERCHANT}"\nsalt_index = "1"\nsalt_key_env = "FIRST_SHOP_SALT"\n'
        f"{hosts(sandbox)}\n"
        f'[[merchant]]\nmerchant_id = "{OTHER}"\nsalt_index = 2\nsalt_key_file = "second.salt"\n{hosts(other_sandbox)}',
        encoding="utf-8",
    )
    for name in list(os.environ):
        if name.startswith("MGW_"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("MGW_ENV", "local")
    monkeypatch.setenv("MGW_LEDGER_URL", store_url)
    monkeypatch.setenv("FIRST_SHOP_SALT", SALT)

    def check(*args: str) -> tuple[int, str, str]:
        status = main(["ledger", "check", *args])
        out, err = capsys.readouterr()
        assert SALT not in out + err
        assert OTHER_SALT not in out + err
        return status, out, err

    # the flag names the file: each payment read through its own merchant's sandbox and made final
    status, out, err = check(t("CB"), "--merchants", str(merchants), "--json")
    assert status == 0, out + err
    assert (json.loads(out)["result"], json.loads(out)["code"]) == ("final", "PAYMENT_SUCCESS")
    monkeypatch.setenv("MGW_MERCHANTS_FILE", str(merchants))  # the variable names it as well
    status, out, err = check(t("CA"), "--json")
    assert status == 0, out + err
    assert (json.loads(out)["result"], json.loads(out)["code"]) == ("final", "PAYMENT_SUCCESS")
    with Ledger.open(store_url) as ledger:
        for merchant, txn in ((MERCHANT, t("CA")), (OTHER, t("CB"))):
            p = ledger.get(txn, merchant)
            assert p is not None
            assert (p.is_final, p.code) == (True, "PAYMENT_SUCCESS")

    # an id the ledger holds for both merchants of the file: --merchant-id chooses
    status, _, err = check(t("CS"))
    assert status == 2
    assert f"is in the ledger for 2 merchants of MGW_MERCHANTS_FILE ({MERCHANT}, {OTHER})" in err
    assert "give --merchant-id to choose one" in err
    status, out, err = check(t("CS"), "--merchant-id", OTHER)
    assert status == 0, out + err
    assert "final PAYMENT_SUCCESS (by this check" in out
    with Ledger.open(store_url) as ledger:
        chosen, untouched = ledger.get(t("CS"), OTHER), ledger.get(t("CS"), MERCHANT)
        assert chosen is not None
        assert chosen.is_final
        assert untouched is not None
        assert not untouched.is_final

    # what cannot be read with the file's settings is refused, naming what to do
    status, _, err = check(t("NONE"))
    assert status == 2
    assert f"is not in the ledger for any merchant of MGW_MERCHANTS_FILE ({MERCHANT}, {OTHER})" in err
    status, _, err = check(t("CA"), "--merchant-id", "NOSUCHSHOP")
    assert status == 2
    assert f"--merchant-id: NOSUCHSHOP is not a merchant of MGW_MERCHANTS_FILE (it lists {MERCHANT}, {OTHER})" in err
    status, _, err = check(t("CA"), "--base-url", "http://127.0.0.1:9/x")
    assert status == 2
    assert "--base-url: is given together with MGW_MERCHANTS_FILE: give it in the file's entries" in err
