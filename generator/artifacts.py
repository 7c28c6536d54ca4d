"""The release artifacts inside the generated package (merchant_gateway_client/artifacts/).

Why here: they are built from the same spec as the package, so writing them at generation time keeps the wheel's
copies in step with it and `make check-generated` guards them like every other generated file. What they are and
how they are built is tools/artifacts/make_artifacts.py's (`release_texts()`, the same set `make spec-artifacts`
writes and the npm package ships); the package reads them through merchant_gateway.artifacts.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

from .spec import SpecError

REPO = Path(__file__).resolve().parent.parent
BUILDER = REPO / "tools" / "artifacts" / "make_artifacts.py"
FOLDER = "artifacts"


def _builder() -> Any:
    name = "mgw_make_artifacts"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, BUILDER)
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def write(package: Path, document: dict[str, Any]) -> None:
    """Write every release artifact of `document` into `package`/artifacts. A spec the artifacts cannot be built
    from (a test fixture without named body schemas) gets no folder and a note on stderr; the release's wheel
    check (tools/release/check_dist.py) refuses a package without them."""
    try:
        texts: dict[str, str] = _builder().release_texts(document)
    except SpecError as err:
        print(f"generator: no release artifacts in the package: {err}", file=sys.stderr)
        return
    folder = package / FOLDER
    folder.mkdir()
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
