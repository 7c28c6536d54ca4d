"""The `mgw` command line as a person runs it: a subprocess with only the MGW_* variables a test gives it."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]
Run = Callable[..., subprocess.CompletedProcess[str]]


def clean_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MGW_")}
    env.update(extra or {})
    return env


def mgw_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "merchant_gateway", *args]


@pytest.fixture
def run_mgw() -> Run:
    def run(*args: str, env: dict[str, str] | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            mgw_command(*args), env=clean_env(env), capture_output=True, text=True, timeout=timeout, cwd=ROOT
        )

    return run


@pytest.fixture
def env_for() -> Callable[..., dict[str, str]]:
    """The MGW_* variables of a running sandbox."""

    def make(sb: Any, merchant: str, salt: str, **more: str) -> dict[str, str]:
        return {
            "MGW_ENV": "local",
            "MGW_BASE_URL": sb.base_url,
            "MGW_APPS_URL": sb.apps_url,
            "MGW_AUTH_URL": sb.auth_url,
            "MGW_MERCHANT_ID": merchant,
            "MGW_SALT_KEY": salt,
            "MGW_SALT_INDEX": "1",
            **more,
        }

    return make


@pytest.fixture
def start_mgw() -> Iterator[Callable[..., subprocess.Popen[str]]]:
    """`mgw` running in the background (for a test that acts while the command waits)."""
    started: list[subprocess.Popen[str]] = []

    def start(*args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
        proc = subprocess.Popen(
            mgw_command(*args),
            env=clean_env(env),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        started.append(proc)
        return proc

    yield start
    for proc in started:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
