"""The `mgw` command line tells the truth (issue 27): `mgw --help`, `mgw demo --help` and the README name the same
commands, variables and exit codes; a busy sandbox port, a callback body of the other kind and a refund above the
original (with no --original-amount) end in one line saying what to do, before anything is sent."""

from __future__ import annotations

import json
import re
import socket
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from merchant_gateway.config import ENV_VARS

MERCHANT = "TRUTHMERCHANT"
SALT = "truth-salt-7c21"
ROOT = Path(__file__).resolve().parents[3]
CLI = ROOT / "overlays" / "merchant_gateway" / "cli"
Run = Callable[..., subprocess.CompletedProcess[str]]


def readme_section(heading: str) -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index(heading)
    end = text.find("\n#", start + len(heading))
    return text[start : end if end > 0 else None]


def parser_commands() -> set[str]:
    import argparse

    from merchant_gateway.cli import _parser

    sub = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    return set(sub.choices)


def variables_the_demo_reads() -> set[str]:
    """From the code, not from any list meant for people: the configuration's variables (the demo builds its
    gateway with GatewayConfig.from_env) and every MGW_* name written in the demo's and the options' source."""
    found = set(ENV_VARS.values())
    for module in [*sorted((CLI / "demo").glob("*.py")), CLI / "options.py"]:  # the demo is a package of modules
        found |= set(re.findall(r"\"(MGW_[A-Z0-9_]+)\"", module.read_text(encoding="utf-8")))
    return found


def test_help_and_readme_agree_on_the_commands_the_variables_and_the_exit_codes(run_mgw: Run) -> None:
    commands = parser_commands()
    top_help = run_mgw("--help").stdout
    listed_in_help = set(re.findall(r"^ {4}([a-z][a-z-]+)", top_help, re.M))
    section = readme_section("### The `mgw` command line")
    listed_in_readme = set(re.findall(r"`mgw ([a-z][a-z-]+)`", section.split("\n\n")[1]))
    assert listed_in_help == commands
    assert listed_in_readme == commands, (sorted(commands - listed_in_readme), sorted(listed_in_readme - commands))

    demo_help = run_mgw("demo", "--help").stdout
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    variables = variables_the_demo_reads()
    assert {"MGW_DEMO_OTP", "MGW_DEMO_OTP_MOBILE", "MGW_BASE_URL"} <= variables
    assert sorted(v for v in variables if v not in demo_help) == []
    assert sorted(v for v in variables if not re.search(rf"`{v}`|`{v}=|{v},", readme)) == []

    # every exit status a command ends in is explained in both helps and the README
    for status in range(6):
        assert re.search(rf"\b{status} [a-z(]", top_help), status
        assert re.search(rf"\b{status} (success|refused|bad|outcome|not final|\(`mgw demo`\))", section), status
    # the ledger's and the worker's statuses (cli/exit_codes.py), in the top help and the README alike
    for status in range(6, 10):
        assert re.search(rf"\b{status} (the|/|mgw|\(`mgw)", top_help.replace("\n", " ")) or re.search(
            rf"/ {status} mgw", top_help.replace("\n", " ")
        ), status
        assert re.search(rf"\b{status} (the|/|\(`mgw)|/ {status} \(`mgw", section.replace("\n", " ")), status
    for status in (0, 1, 2, 5):
        assert re.search(rf"\b{status} (every|a step|bad|no step)", demo_help), status
    assert "exits 0 only if every step held" in readme
    assert "5 when none failed but some were skipped" in readme


# --- mgw sandbox on a busy port -----------------------------------------------------------------------------------


@pytest.fixture
def busy_port() -> Iterator[int]:
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        yield int(listener.getsockname()[1])


def test_a_busy_sandbox_port_is_one_line_naming_the_port_and_what_to_do(run_mgw: Run, busy_port: int) -> None:
    done = run_mgw("sandbox", "--port", str(busy_port), timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    line = done.stderr.strip()
    assert line.startswith(f"mgw: error: sandbox: port {busy_port} on 127.0.0.1 is already in use")
    assert "--port N" in line
    assert "--port 0 picks a free one" in line
    as_json = run_mgw("sandbox", "--json", "--port", str(busy_port), timeout=60)
    doc = json.loads(as_json.stdout)
    assert as_json.returncode == 2
    assert doc["ok"] is False
    assert doc["error"] == "cannot_listen"
    assert f"port {busy_port}" in doc["message"]
    assert as_json.stderr == ""


def test_a_sandbox_that_does_not_start_is_one_line_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The port was free when probed but the server still did not start (taken meanwhile, or failed)."""
    sandbox_cli = pytest.importorskip("merchant_gateway_sandbox.cli")
    from merchant_gateway.cli import main

    def does_not_start(*args: Any, **kwargs: Any) -> int:
        raise RuntimeError("the sandbox did not start")

    monkeypatch.setattr(sandbox_cli, "main", does_not_start)
    assert main(["sandbox", "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "did not start on 127.0.0.1 port 0" in err
    assert "--port 0" in err


# --- mgw verify-callback with a body of the other kind ------------------------------------------------------------


@pytest.fixture
def bodies(tmp_path: Path) -> dict[str, Any]:
    vectors = json.loads((ROOT / "spec/vectors/signing.json").read_text(encoding="utf-8"))
    s2s, ui = vectors["callback_signature"][0], vectors["ui_callback_checksum"][1]
    (tmp_path / "cb.json").write_text(json.dumps({"response": s2s["response_b64"]}))
    (tmp_path / "form.txt").write_text(str(httpx.QueryParams({**ui["form"], "checksum": ui["expect"]})))
    return {
        "json": str(tmp_path / "cb.json"),
        "form": str(tmp_path / "form.txt"),
        "json_env": {"MGW_SALT_KEY": s2s["salt_key"], "MGW_SALT_INDEX": s2s["salt_index"]},
        "x_verify": s2s["expect"],
        "form_env": {"MGW_SALT_KEY": ui["salt_key"], "MGW_SALT_INDEX": ui["salt_index"]},
    }


def test_a_json_callback_checked_as_a_form_names_the_kind_it_needs(run_mgw: Run, bodies: dict[str, Any]) -> None:
    done = run_mgw("verify-callback", "--kind", "form", "--body", bodies["json"], env=bodies["json_env"])
    assert done.returncode == 2, done.stdout + done.stderr
    assert "checksum header is missing" not in done.stderr
    assert done.stderr.count("\n") == 1
    assert "server-to-server callback" in done.stderr
    assert "--kind payment" in done.stderr
    assert "--x-verify" in done.stderr
    doc = json.loads(
        run_mgw("verify-callback", "--json", "--kind", "form", "--body", bodies["json"], env=bodies["json_env"]).stdout
    )
    assert doc["ok"] is False
    assert doc["error"] == "invalid_input"
    assert "--kind payment" in doc["message"]
    # the control: the same body with the kind it names verifies
    right = run_mgw(
        "verify-callback", "--kind", "payment", "--body", bodies["json"], "--x-verify", bodies["x_verify"],
        env=bodies["json_env"],
    )  # fmt: skip
    assert right.returncode == 0, right.stderr
    assert right.stdout.startswith("verified: code=PAYMENT_SUCCESS"), right.stderr


@pytest.mark.parametrize("kind", ["payment", "collect"])
def test_a_form_post_checked_as_a_json_callback_names_the_kind_it_needs(
    run_mgw: Run, bodies: dict[str, Any], kind: str
) -> None:
    done = run_mgw(
        "verify-callback", "--kind", kind, "--body", bodies["form"], "--x-verify", bodies["x_verify"],
        env=bodies["form_env"],
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert f"--kind: {kind} does not fit this body: it is a UI form post" in done.stderr
    assert "run with --kind form" in done.stderr
    assert "not JSON" not in done.stderr
    right = run_mgw("verify-callback", "--kind", "form", "--body", bodies["form"], env=bodies["form_env"])
    assert right.returncode == 0, right.stderr
    assert "PAYMENT_ERROR" in right.stdout, right.stderr


def test_a_json_callback_without_its_header_asks_for_x_verify(run_mgw: Run, bodies: dict[str, Any]) -> None:
    done = run_mgw("verify-callback", "--body", bodies["json"], env=bodies["json_env"])
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert "--x-verify: is required with --kind payment: give the X-VERIFY header" in done.stderr


# --- mgw refund checks against the original like the task layer ---------------------------------------------------


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Any]:
    sb = pytest.importorskip("merchant_gateway_sandbox")
    with sb.start_sandbox(port=0, merchant_id=MERCHANT, salts={"1": SALT}, settle_after=0.2) as running:
        yield running


def recorded(sandbox: Any, txn: str) -> int:
    return httpx.get(f"{sandbox.origin}/_sandbox/transactions/{MERCHANT}/{txn}", timeout=10).status_code


def test_refund_without_original_amount_reads_the_status_and_refuses_an_excess_before_sending(
    run_mgw: Run, sandbox: Any, env_for: Callable[..., dict[str, str]]
) -> None:
    env = env_for(sandbox, MERCHANT, SALT)
    assert run_mgw("pay", "--amount", "5000", "--transaction-id", "TRUTHPAY1", env=env).returncode == 0
    paid = run_mgw(
        "status", "TRUTHPAY1", "--expected-amount", "5000", "--wait", "--poll-every", "0.1", "--deadline", "30", env=env
    )
    assert paid.returncode == 0, paid.stdout + paid.stderr
    assert "PAYMENT_SUCCESS" in paid.stdout, paid.stdout + paid.stderr

    excess = run_mgw("refund", "--original", "TRUTHPAY1", "--amount", "6000", "--transaction-id", "TRUTHRF1", env=env)
    assert excess.returncode == 2, excess.stdout + excess.stderr
    assert excess.stderr.count("\n") == 1
    assert "amount" in excess.stderr
    assert "5000" in excess.stderr
    assert recorded(sandbox, "TRUTHRF1") == 404  # nothing was sent
    assert recorded(sandbox, "TRUTHPAY1") == 200  # the control: the sandbox answers for what it recorded

    within = run_mgw(
        "refund", "--json", "--original", "TRUTHPAY1", "--amount", "700", "--transaction-id", "TRUTHRF2", env=env
    )
    assert within.returncode == 0, within.stdout + within.stderr
    doc = json.loads(within.stdout)
    assert doc["original_amount"] == 5000
    assert doc["transaction_id"] == "TRUTHRF2"
    assert recorded(sandbox, "TRUTHRF2") == 200


def test_pay_says_the_documents_advice_as_warning_lines_and_in_the_json_document(
    run_mgw: Run, sandbox: Any, env_for: Callable[..., dict[str, str]]
) -> None:
    env = env_for(sandbox, MERCHANT, SALT)
    human = run_mgw(
        "pay", "--amount", "100", "--user-id", "asha@shop.example", "--transaction-id", "TRUTHADV1", env=env
    )
    assert human.returncode == 0, human.stderr
    lines = human.stderr.splitlines()
    assert [line.split(" (")[0] for line in lines] == [
        "mgw: warning: merchant_user_id",
        "mgw: warning: a web payment started without redirect_url",
        "mgw: warning: a web payment started without callback_url",
    ], human.stderr
    assert "looks like an email address" in lines[0]
    assert "AdviceWarning" not in human.stderr
    assert "asha@shop.example" not in human.stderr + human.stdout
    assert recorded(sandbox, "TRUTHADV1") == 200  # advice, not a refusal

    doc = json.loads(
        run_mgw("pay", "--json", "--amount", "100", "--user-id", "U1", "--transaction-id", "TRUTHADV2", env=env).stdout
    )
    assert doc["ok"] is True
    assert len(doc["warnings"]) == 2
    assert "without redirect_url" in doc["warnings"][0]
    assert "without callback_url" in doc["warnings"][1]
    shop = ("--redirect-url", "https://shop.example/r", "--callback-url", "http://127.0.0.1:9/cb")
    quiet = run_mgw("pay", "--amount", "100", "--user-id", "U1", *shop, env=env)
    assert quiet.returncode == 0
    assert quiet.stderr == ""


def test_status_says_a_paid_answer_is_unconfirmed_without_the_amount_and_a_wait_needs_it(
    run_mgw: Run, sandbox: Any, env_for: Callable[..., dict[str, str]]
) -> None:
    """A paid status is proven only at the amount sent (merchant_gateway.verdicts): `mgw status` says so instead
    of calling it final or pending, and `mgw status --wait` asks for the amount before sending anything."""
    env = env_for(sandbox, MERCHANT, SALT)
    assert run_mgw("pay", "--amount", "2500", "--transaction-id", "TRUTHST1", env=env).returncode == 0
    paid = run_mgw("status", "TRUTHST1", "--expected-amount", "2500", "--wait", "--poll-every", "0.1", env=env)
    assert paid.returncode == 0
    assert paid.stdout.startswith("TRUTHST1: PAYMENT_SUCCESS, amount 2500 paise")

    bare = run_mgw("status", "TRUTHST1", env=env)
    assert bare.returncode == 0
    assert "unconfirmed: give --expected-amount" in bare.stdout
    assert "pending" not in bare.stdout
    doc = json.loads(run_mgw("status", "TRUTHST1", "--json", env=env).stdout)
    assert doc["verdict"] == "unconfirmed"
    assert doc["final"] is False
    assert doc["code"] == "PAYMENT_SUCCESS"
    confirmed = json.loads(run_mgw("status", "TRUTHST1", "--json", "--expected-amount", "2500", env=env).stdout)
    assert confirmed["verdict"] == "succeeded"
    assert confirmed["final"] is True
    other = run_mgw("status", "TRUTHST1", "--expected-amount", "2400", env=env)
    assert other.returncode == 1
    assert "2500 paise differs from the expected 2400 paise" in other.stderr

    wait = run_mgw("status", "TRUTHST1", "--wait", env=env)
    assert wait.returncode == 2
    assert wait.stderr.startswith("mgw: error: --expected-amount: is required with --wait")
    bare_ids = run_mgw("reconcile", "TRUTHST1", env=env)
    assert bare_ids.returncode == 2
    assert "must be TRANSACTION_ID:AMOUNT" in bare_ids.stderr
