"""Run the pinned openapi-python-client on the rewritten spec with the project's templates."""

from __future__ import annotations

import contextlib
import io
import json
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any

import jinja2
from jinja2 import ChoiceLoader, DictLoader, FileSystemBytecodeCache
from openapi_python_client import Project
from openapi_python_client.config import Config, ConfigFile, MetaType
from openapi_python_client.parser import GeneratorData
from openapi_python_client.parser.errors import GeneratorError
from openapi_python_client.strings import PythonIdentifier

from . import answers
from .spec import OperationMeta

PINNED_VERSION = "0.29.1"
HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
CONFIG = HERE / "config.yaml"
# Compiled-template cache (git-ignored build/), one folder per Jinja version.
CACHE = HERE.parent / "build" / "cache" / f"generator-templates-jinja-{jinja2.__version__}"
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


def generate(
    rewritten: dict[str, Any],
    metas: list[OperationMeta],
    work: Path,
    extra: Callable[[Path], None] | None = None,
    answer_refs: frozenset[str] = frozenset(),  # generator/answers.py: schemas answers and callbacks are read into
) -> Path:
    """Generate into `work`/merchant_gateway_client and return that folder.

    openapi-python-client runs in this process (its CLI in a subprocess would import it a second time, about
    a second here); `extra` then adds modules of our own (generator/public_api.py), and the post hooks from
    config.yaml run over everything, without a shell, with the venv's ruff.
    """
    check_version()
    spec_path = work / "openapi.rewritten.json"
    spec_text = json.dumps(rewritten, indent=1, ensure_ascii=False) + "\n"
    # Kept on disk for debugging a failed run. The parser gets `rewritten` itself: JSON builtins only, so it
    # equals what parsing that file gives (as the CLI would), without a second parse.
    spec_path.write_text(spec_text, encoding="utf-8")
    out = work / "merchant_gateway_client"

    config_file = ConfigFile.load_from_path(CONFIG)
    hooks = list(config_file.post_hooks or [])
    config_file.post_hooks = []  # run below, not through a shell per hook
    config = Config.from_sources(config_file, MetaType.NONE, spec_path, "utf-8", False, output_path=out)
    messages = io.StringIO()
    with contextlib.redirect_stdout(messages):  # the tool prints "Generating <dir>"
        openapi = GeneratorData.from_dict(rewritten, config=config)
        if isinstance(openapi, GeneratorError):
            errors: list[GeneratorError] = [openapi]
        else:
            project = Project(openapi=openapi, config=config, custom_template_path=TEMPLATES)
            # The per-run OPS include comes from memory, so that every template keeps a stable file name.
            assert project.env.loader is not None
            include = DictLoader(
                {
                    "mgw_operations.jinja": operations_include(metas),
                    "mgw_answers.jinja": answers.answers_include(openapi.models, answer_refs),
                }
            )
            project.env.loader = ChoiceLoader([include, project.env.loader])
            project.env.bytecode_cache = template_cache()
            errors = list(project.build())
    if errors:  # same as the CLI's --fail-on-warning: any warning fails the run
        for err in errors:
            sys.stderr.write(f"{err.level.value}: {err.header}\n{err.detail or ''}\n")
        raise SystemExit(f"openapi-python-client failed ({len(errors)} error(s)/warning(s))")
    if extra is not None:
        extra(out)
    run_post_hooks(hooks, out)
    return out


def template_cache() -> FileSystemBytecodeCache | None:
    """Jinja's cache of compiled templates (about a third of a second per run to compile them all).

    Entries are keyed by template name and file and checked against a hash of the template source, so an
    edited template (or another Python version) is recompiled; the rendered output never depends on the cache.
    """
    try:
        CACHE.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return FileSystemBytecodeCache(str(CACHE))


def run_post_hooks(hooks: list[str], folder: Path) -> None:
    """Run config.yaml's `ruff ...` hooks in `folder` with the venv's pinned ruff."""
    bin_dir = Path(sys.executable).parent
    for hook in hooks:
        argv = shlex.split(hook)
        argv[0] = shutil.which(argv[0], path=str(bin_dir)) or argv[0]
        proc = subprocess.run(argv, cwd=folder, capture_output=True, text=True)
        if proc.returncode != 0:
            sys.stderr.write(proc.stdout + proc.stderr)
            raise SystemExit(f"post hook failed (exit {proc.returncode}): {hook}")
