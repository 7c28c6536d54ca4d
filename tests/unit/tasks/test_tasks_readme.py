"""README's first steps as a new merchant reads them, top to bottom: what the package does, the install (from the
internal index, with the sandbox extra), `mgw sandbox`, the first payment in a `with Gateway(...)` block, the callback
handler, the async form, then "Working on this repository". The Python blocks run as written against a sandbox started
like `mgw sandbox --port 8080` (same merchant, salt and URLs; here on a free port, its clock moved by the gateway's
sleep). tests/release/test_readme_fresh_venv.py follows the same steps in a fresh virtualenv outside the repository,
installed from a package index."""

from __future__ import annotations

import contextlib
import functools
import io
import re
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import merchant_gateway
import pytest
from merchant_gateway import config

from tests.support.ports import bound_socket

README = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")


def section(heading: str) -> str:
    start = README.index(f"\n## {heading}")
    return README[start : README.index("\n## ", start + 1)]


def blocks(text: str, lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", text, flags=re.S)


def test_the_readme_leads_with_what_it_does_and_the_install_then_the_contributors_part() -> None:
    order = [
        "# merchant-gateway-client",
        "\n## Install",
        "\n## Your first payment",
        "\n## The callback handler",
        "\n## The async form",
        "\n## Working on this repository",
    ]
    at = [README.index(h) for h in order]
    assert at == sorted(at)
    assert "make demo" not in README[: at[-1]]
    assert "make test" not in README[: at[-1]]
    assert not re.search(r"\.venv/bin/(python|mgw)", README[: at[-1]])  # a merchant runs nothing from this repository
    intro = README[: at[1]]
    assert "docs/reference/index.md" in intro  # the Python API reference is linked first thing
    (install,) = blocks(section("Install"), "sh")
    lines = install.strip().splitlines()
    assert lines[1] == "pip config --site set global.index-url https://pypi.internal.example/simple/"
    assert lines[2] == 'pip install "merchant-gateway-client[sandbox]"'
    publishing = (Path(__file__).resolve().parents[3] / "docs" / "publishing.md").read_text(encoding="utf-8")
    assert "https://pypi.internal.example/" in publishing  # the index docs/publishing.md publishes to


def test_the_first_block_uses_the_task_layer_in_a_with_block() -> None:
    (block,) = blocks(section("Your first payment"), "python")
    assert "with Gateway(" in block
    assert "gateway.payments.start(" in block
    assert "gateway.payments.wait(" in block
    assert "gateway.refunds.create(" in block
    assert not re.search(r"\b\w*_v\d\w*", block), "a version-suffixed name in the first block"
    assert not re.search(r"\b(debit|refund)_", block)
    assert "public reference" in section("Your first payment")  # where the schedule comes from is said


def test_the_sandbox_command_serves_what_the_block_configures() -> None:
    sb_config = pytest.importorskip("merchant_gateway_sandbox.config")
    first = section("Your first payment")
    (command,) = blocks(first, "sh")
    port = re.search(r"mgw sandbox --port (\d+)", command)
    assert port
    assert f"127.0.0.1:{port.group(1)}/" in config.LOCAL_BASE_URL
    for block in (*blocks(first, "python"), *blocks(section("The async form"), "python")):
        assert f'merchant_id="{sb_config.DEFAULT_MERCHANT_ID}"' in block
        assert f'salt_key="{sb_config.DEFAULT_SALTS["1"]}", salt_index="1"' in block
    (handler,) = blocks(section("The callback handler"), "python")
    assert f'{{"1": "{sb_config.DEFAULT_SALTS["1"]}"}}, "{sb_config.DEFAULT_MERCHANT_ID}"' in handler


@pytest.fixture
def sandbox(monkeypatch: pytest.MonkeyPatch) -> Any:
    sb = pytest.importorskip("merchant_gateway_sandbox")
    with sb.start_sandbox(port=0, clock=sb.ManualClock()) as running:  # the defaults of `mgw sandbox`
        monkeypatch.setattr(config, "LOCAL_BASE_URL", running.base_url)
        monkeypatch.setattr(config, "LOCAL_APPS_URL", running.apps_url)
        monkeypatch.setattr(config, "LOCAL_AUTH_URL", running.auth_url)
        yield running


def test_the_first_block_runs_against_the_sandbox(monkeypatch: pytest.MonkeyPatch, sandbox: Any) -> None:
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        sandbox.advance(seconds)

    closed: list[bool] = []

    class Gateway(merchant_gateway.Gateway):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, clock=sandbox.clock.now, sleep=sleep, **kwargs)

        def close(self) -> None:
            closed.append(True)
            super().close()

    monkeypatch.setattr(merchant_gateway, "Gateway", Gateway)
    (block,) = blocks(section("Your first payment"), "python")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, "README.md", "exec"), {})
    url, succeeded, code, refunded = out.getvalue().split()
    assert url.startswith(sandbox.base_url.split("/apis/")[0] + "/")
    assert "/_sandbox/pay/" in url
    assert (succeeded, code, refunded) == ("True", "PAYMENT_SUCCESS", "True")
    assert slept[0] == pytest.approx(1.0)  # against the local sandbox: its own pace, seconds
    assert closed == [True]  # the with block closed it


def test_the_async_block_runs_against_the_sandbox(monkeypatch: pytest.MonkeyPatch, sandbox: Any) -> None:
    async def sleep(seconds: float) -> None:
        sandbox.advance(seconds)

    monkeypatch.setattr(
        merchant_gateway,
        "AsyncGateway",
        functools.partial(merchant_gateway.AsyncGateway, clock=sandbox.clock.now, sleep=sleep),
    )
    (block,) = blocks(section("The async form"), "python")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, "README.md", "exec"), {"__name__": "readme"})
    assert out.getvalue().split() == ["True", "PAYMENT_SUCCESS"]


def test_the_callback_handler_prints_a_signed_callback_and_refuses_a_tampered_one(capsys: Any) -> None:
    sb = pytest.importorskip("merchant_gateway_sandbox")
    uvicorn = pytest.importorskip("uvicorn")
    (handler,) = blocks(section("The callback handler"), "python")
    namespace: dict[str, Any] = {"__name__": "shop"}
    exec(compile(handler, "README.md", "exec"), namespace)
    sock = bound_socket()  # the server's port from the start: a port found free and let go may be taken meanwhile
    port = int(sock.getsockname()[1])
    server = uvicorn.Server(uvicorn.Config(namespace["app"], log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.started:
            assert time.monotonic() < deadline, "the handler's server did not start in time"
            assert thread.is_alive(), "the handler's server ended before it started"
            time.sleep(0.01)
        url = f"http://127.0.0.1:{port}/gateway/callback"
        with sb.start_sandbox(port=0, settle_after=0.2) as sandbox:  # `mgw sandbox`'s merchant and salt
            urls = {"base_url": sandbox.base_url, "apps_url": sandbox.apps_url, "auth_url": sandbox.auth_url}
            with merchant_gateway.Gateway(
                merchant_id="MERCHANTUAT", salt_key="099eb0cd-02cf-4e2a-8aca-3e6c6aff0399", salt_index="1", **urls
            ) as gateway:
                payment = gateway.payments.start(
                    amount=10_000, merchant_user_id="U1", redirect_url="https://r.example", callback_url=url
                )
                assert gateway.payments.wait(payment, poll_every=0.1).succeeded
            deadline = time.monotonic() + 30
            while f"callback {payment.transaction_id} PAYMENT_SUCCESS" not in capsys.readouterr().out:
                assert time.monotonic() < deadline, "no callback printed"
                time.sleep(0.05)
        tampered = httpx.post(url, content=b'{"response": "eyJ9"}', headers={"X-VERIFY": "0" * 64 + "###1"})
        assert tampered.status_code == 400
    finally:
        server.should_exit = True
        thread.join(30)
        sock.close()
