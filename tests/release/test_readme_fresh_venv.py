"""README.md followed top to bottom by a new merchant, in a fresh virtual environment outside the repository: the
package installed from a package index (the loopback pypiserver the release tests run, in place of the internal
index; the README's own `pip config --site set global.index-url ...` line points pip at it), `mgw sandbox`, the
callback handler saved as shop.py and run with uvicorn, the first payment with its refund, and the async form, each
block run as the README shows it.

Two substitutions, both of where things listen, never of what runs: the sandbox listens on a free port instead of
8080 (the blocks' `local` environment is pointed there by a two-line prelude), and the handler on a free port instead
of 8000 (the blocks' callback URL follows it). Nothing from the repository is on the path: the venv has only what
the index served."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.package_index import copy_files, package_index

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
INTERNAL = "https://pypi.internal.example/simple/"

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]


def section(heading: str) -> str:
    start = README.index(f"\n## {heading}")
    return README[start : README.index("\n## ", start + 1)]


def block(heading: str, lang: str) -> str:
    (found,) = re.findall(rf"```{lang}\n(.*?)```", section(heading), flags=re.S)
    return str(found)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def clean_env(home: Path) -> dict[str, str]:
    """No PIP_* variable, user configuration or virtualenv of this machine: pip sees only what the README sets."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PIP_", "PYTHON", "VIRTUAL_ENV", "MGW_"))}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), PIP_DISABLE_PIP_VERSION_CHECK="1")
    return env


def wait_for_port(port: int, proc: subprocess.Popen[str], what: str) -> None:
    deadline = time.monotonic() + 60
    while True:
        assert proc.poll() is None, f"{what} ended: {proc.stdout.read() if proc.stdout else ''}"
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        assert time.monotonic() < deadline, f"{what} did not listen on {port}"
        time.sleep(0.1)


@pytest.fixture
def index(tmp_path: Path, built_dist: Path, dist_dependencies: Path) -> Iterator[str]:
    """A package index serving the built package and its public dependencies (as the internal index mirrors them)."""
    with package_index(tmp_path / "index", "unused-password-not-a-secret", "releaser") as server:
        copy_files(built_dist, server.folder)
        copy_files(dist_dependencies, server.folder)
        yield server.url.rstrip("/") + "/simple/"


def test_a_new_merchant_follows_the_readme_in_a_fresh_venv(index: str, tmp_path: Path) -> None:
    shop = tmp_path / "shop"  # the merchant's own project folder, outside the repository
    shop.mkdir()
    env = clean_env(tmp_path / "home")

    # Install: the block as written, the internal index's URL replaced by the local one
    install = block("Install", "sh")
    assert INTERNAL in install
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", install.replace(INTERNAL, index)],
        cwd=shop,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    bin_ = shop / ".venv" / "bin"
    site = subprocess.run(
        [str(bin_ / "python"), "-c", "import merchant_gateway, sys; print(merchant_gateway.__file__)"],
        cwd=shop,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert str(shop / ".venv") in site  # installed into the venv, not taken from the repository
    assert index in (shop / ".venv" / "pip.conf").read_text()  # the README's one line pointed pip there

    # Your first payment: `mgw sandbox --port 8080`, here on a free port
    sandbox_port, shop_port = free_port(), free_port()
    (command,) = re.findall(r"^mgw sandbox .*$", block("Your first payment", "sh"), flags=re.M)
    sandbox = subprocess.Popen(
        [str(bin_ / "mgw"), *command.split()[1:-1], str(sandbox_port)],
        cwd=shop,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    handler = None
    try:
        wait_for_port(sandbox_port, sandbox, "mgw sandbox")
        # The callback handler: saved as shop.py, run with uvicorn as the README says
        (shop / "shop.py").write_text(block("The callback handler", "python"))
        run_line = re.search(r"`(uvicorn shop:app --port )(\d+)`", section("The callback handler"))
        assert run_line
        handler = subprocess.Popen(
            [str(bin_ / "uvicorn"), *run_line.group(1).split()[1:], str(shop_port)],
            cwd=shop,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        wait_for_port(shop_port, handler, "uvicorn shop:app")

        prelude = (
            "from merchant_gateway import config\n"
            f"for _n in ('BASE', 'APPS', 'AUTH'): setattr(config, f'LOCAL_{{_n}}_URL', getattr(config, "
            f"f'LOCAL_{{_n}}_URL').replace(':8080', ':{sandbox_port}'))\n"
        )

        def run(code: str) -> str:
            code = code.replace(f"127.0.0.1:{run_line.group(2)}", f"127.0.0.1:{shop_port}")
            proc = subprocess.run(
                [str(bin_ / "python"), "-c", prelude + code],
                cwd=shop,
                env=env,
                capture_output=True,
                text=True,
                check=False,
                timeout=300,
            )
            assert proc.returncode == 0, proc.stdout + proc.stderr
            return proc.stdout

        url, succeeded, code, refunded = run(block("Your first payment", "python")).split()
        assert url.startswith(f"http://127.0.0.1:{sandbox_port}/")
        assert (succeeded, code, refunded) == ("True", "PAYMENT_SUCCESS", "True")
        assert run(block("The async form", "python")).split() == ["True", "PAYMENT_SUCCESS"]
    finally:
        for proc in (handler, sandbox):
            if proc is not None:
                proc.terminate()
                proc.wait(30)
    logged = handler.stdout.read() if handler and handler.stdout else ""
    # the sandbox's signed callbacks reached the handler and were verified: one per payment
    assert len(re.findall(r"^callback \S+ PAYMENT_SUCCESS$", logged, flags=re.M)) >= 2, logged
