"""README's first screen: the block a new user copies, run as written against a sandbox started like
`mgw sandbox --port 8080` (same merchant, salt and URLs; here on a free port, with its clock moved by the
gateway's sleep so the 20 s of the polling schedule take no time)."""

from __future__ import annotations

import contextlib
import functools
import io
import re
from pathlib import Path
from typing import Any

import merchant_gateway
import pytest
from merchant_gateway import config

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def first_screen() -> str:
    """From the top to the section after the first payment's."""
    start = README.index("## Your first payment")
    return README[: README.index("\n## ", start + 1)]


def blocks(text: str, lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", text, flags=re.S)


def test_the_first_screen_leads_with_the_task_layer_and_no_version_suffix() -> None:
    screen = first_screen()
    assert screen.index("```python") < screen.index("`make demo` starts")
    (block,) = blocks(screen, "python")
    assert "gateway.payments.start(" in block
    assert "gateway.payments.wait(" in block
    assert not re.search(r"\b\w*_v\d\w*", block), "a version-suffixed name in the first block"
    assert not re.search(r"\b(debit|refund)_", block)
    # where the schedule comes from is said where it is used
    assert "public reference" in screen


def test_using_it_marks_what_comes_from_the_public_reference() -> None:
    using = README[README.index("## Using it") : README.index("### Callbacks")]
    for task in ("payments.start", "payments.wait", "refunds.create", "collects.create", "wallets.link", "wallets.pay"):
        assert f"gateway.{task}(" in using, task
    for row in ("wait for the final status", "link a wallet by OTP"):
        line = next(li for li in using.splitlines() if li.startswith(f"| {row}"))
        assert "†" in line, row
    assert "† Not from the interface document" in using
    assert "public reference" in using
    assert not re.search(r"published (polling )?schedule", README)  # presented like everything else


def test_the_sandbox_command_serves_what_the_block_configures() -> None:
    sb_config = pytest.importorskip("merchant_gateway_sandbox.config")
    screen = first_screen()
    (command,) = blocks(screen, "sh")[1:]
    port = re.search(r"mgw sandbox --port (\d+)", command)
    assert port
    assert f"127.0.0.1:{port.group(1)}/" in config.LOCAL_BASE_URL
    (block,) = blocks(screen, "python")
    assert f'merchant_id="{sb_config.DEFAULT_MERCHANT_ID}"' in block
    assert f'salt_key="{sb_config.DEFAULT_SALTS["1"]}", salt_index="1"' in block


def test_the_first_block_runs_against_the_sandbox(monkeypatch: pytest.MonkeyPatch) -> None:
    sb = pytest.importorskip("merchant_gateway_sandbox")
    with sb.start_sandbox(port=0, clock=sb.ManualClock()) as sandbox:  # the defaults of `mgw sandbox`
        monkeypatch.setattr(config, "LOCAL_BASE_URL", sandbox.base_url)
        monkeypatch.setattr(config, "LOCAL_APPS_URL", sandbox.apps_url)
        monkeypatch.setattr(config, "LOCAL_AUTH_URL", sandbox.auth_url)
        slept: list[float] = []

        def sleep(seconds: float) -> None:
            slept.append(seconds)
            sandbox.advance(seconds)

        monkeypatch.setattr(
            merchant_gateway,
            "Gateway",
            functools.partial(merchant_gateway.Gateway, clock=sandbox.clock.now, sleep=sleep),
        )
        (block,) = blocks(first_screen(), "python")
        out = io.StringIO()
        namespace: dict[str, Any] = {}
        with contextlib.redirect_stdout(out):
            exec(compile(block, "README.md", "exec"), namespace)
        namespace["gateway"].close()
    url, succeeded, code = out.getvalue().split()
    assert url.startswith(sandbox.base_url.split("/apis/")[0] + "/")
    assert "/_sandbox/pay/" in url
    assert (succeeded, code) == ("True", "PAYMENT_SUCCESS")
    assert slept[0] == pytest.approx(20.0)  # the schedule's first check
