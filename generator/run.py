"""Run the pinned openapi-python-client on the rewritten spec with the project's templates."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

from openapi_python_client.strings import PythonIdentifier

from .spec import OperationMeta

PINNED_VERSION = "0.29.1"
HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
CONFIG = HERE / "config.yaml"
# Model fields (wire names) whose values are secrets: generated with repr=False.
SECRET_FIELDS = (
    "client_secret",
    "access_token",
    "encrypted_access_token",
    "accessToken",
    "userAuthToken",
    "grantToken",
    "otp",
    "otpToken",
)
FIELD_PREFIX = "field_"  # openapi-python-client's default; endpoint names are computed the same way


def check_version() -> str:
    found = version("openapi-python-client")
    if found != PINNED_VERSION:
        # The templates are full copies of 0.29.1's; other versions render them differently or crash.
        raise SystemExit(f"openapi-python-client {PINNED_VERSION} is required, found {found}")
    return found


def operations_include(metas: list[OperationMeta]) -> str:
    """A Jinja file setting OPS, keyed by endpoint.name, with the facts the endpoint template needs.

    String values that end up in Python source are stored as ready-made Python literals (`*_py`), so the
    template never has to escape spec text itself.
    """
    ops: dict[str, dict[str, Any]] = {}
    for m in metas:
        if m.mobile_sdk_only:
            continue
        ops[str(PythonIdentifier(m.operation_id, prefix=FIELD_PREFIX))] = {
            "operation_id_py": json.dumps(m.operation_id),
            "host": m.host,
            "signing_mode": m.signing_mode,
            "signing_path_py": json.dumps(m.signing_path) if m.signing_path else "None",
            "signing_path_has_params": bool(m.signing_path and "{" in m.signing_path),
            "signing_required": m.signing_required,
            "body_wrapping": m.body_wrapping,
            "follow_redirects": m.follow_redirects,
            "retry": m.retry,
        }
    body = json.dumps(ops, indent=1, sort_keys=True)
    return (
        "{# Written by generator/run.py for one run; not committed. #}\n"
        f"{{% set SECRET_FIELDS = {json.dumps(list(SECRET_FIELDS))} %}}\n"
        f"{{% set OPS = {body} %}}\n"
    )


def generate(rewritten: dict[str, Any], metas: list[OperationMeta], work: Path) -> Path:
    """Generate into `work`/merchant_gateway_client and return that folder."""
    check_version()
    spec_path = work / "openapi.rewritten.json"
    spec_path.write_text(json.dumps(rewritten, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    templates = work / "templates"
    shutil.copytree(TEMPLATES, templates)
    (templates / "mgw_operations.jinja").write_text(operations_include(metas), encoding="utf-8")
    out = work / "merchant_gateway_client"

    bin_dir = Path(sys.executable).parent
    env = dict(os.environ)
    # The post hooks call `ruff` from PATH: make it the venv's pinned ruff.
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    cli = shutil.which("openapi-python-client", path=str(bin_dir)) or "openapi-python-client"
    cmd = [
        cli,
        "generate",
        "--path",
        str(spec_path),
        "--config",
        str(CONFIG),
        "--custom-template-path",
        str(templates),
        "--meta",
        "none",
        "--output-path",
        str(out),
        "--fail-on-warning",
    ]
    proc = subprocess.run(cmd, cwd=work, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout + proc.stderr)
        raise SystemExit(f"openapi-python-client failed (exit {proc.returncode})")
    return out
