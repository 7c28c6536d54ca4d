"""The release artifacts inside the generated package (merchant_gateway_client/artifacts/).

Why here: they are built from the same spec as the package, so writing them at generation time keeps the wheel's
copies in step with it and `make check-generated` guards them like every other generated file. What they are and
how they are built is tools/artifacts/make_artifacts.py's (`release_texts()`, the same set `make spec-artifacts`
writes and the npm package ships); the package reads them through merchant_gateway.artifacts.

They depend on the spec document alone, not on the generated code, so `python -m generator` builds them in a child
process (:func:`write_in_background`) while it generates the package: the conformance kit and the JSON documents
are a large part of a run's work, done on the machine's other core.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from .spec import SpecError

REPO = Path(__file__).resolve().parent.parent
BUILDER = REPO / "tools" / "artifacts" / "make_artifacts.py"
FOLDER = "artifacts"
NO_ARTIFACTS = 3  # the child's exit status for a spec the artifacts cannot be built from (SpecError)


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
        _no_artifacts(err)
        return
    _write_texts(package / FOLDER, texts)


def _no_artifacts(err: object) -> None:
    print(f"generator: no release artifacts in the package: {err}", file=sys.stderr)


def _write_texts(folder: Path, texts: dict[str, str]) -> None:
    folder.mkdir()
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")


class Background:
    """:func:`write` of one document running in a child process (:func:`write_in_background`)."""

    def __init__(self, document: dict[str, Any], work: Path) -> None:
        # into a folder of `work`: the package folder does not exist yet (openapi-python-client makes it)
        self._staged = work / "artifacts.staged"
        source = work / "artifacts.document.json"
        source.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "generator.artifacts", str(source), str(self._staged)],
            cwd=REPO,
            stderr=subprocess.PIPE,
        )

    def finish(self, package: Path) -> None:
        """Wait for the child and move its folder into `package` (none, with the child's note, for a spec the
        artifacts cannot be built from)."""
        _, err = self._proc.communicate()
        message = err.decode("utf-8", "replace")
        if self._proc.returncode == NO_ARTIFACTS:
            sys.stderr.write(message)
            return
        if self._proc.returncode != 0:
            sys.stderr.write(message)
            raise SystemExit(f"building the release artifacts failed (exit {self._proc.returncode})")
        os.replace(self._staged, package / FOLDER)

    def stop(self) -> None:
        """The run failed: end the child before its work folder is removed."""
        if self._proc.poll() is None:
            self._proc.kill()
            self._proc.communicate()


def write_in_background(document: dict[str, Any], work: Path) -> Background:
    """Start :func:`write` of `document` in a child process; ``finish(package)`` waits for it and moves the folder
    into the package. The child gets the document as JSON (builtins only, as spec.load_spec gives it), so its
    artifacts are those :func:`write` gives in this process."""
    return Background(document, work)


def _main(argv: list[str]) -> int:
    source, staged = Path(argv[0]), Path(argv[1])
    document = json.loads(source.read_bytes())
    try:
        texts: dict[str, str] = _builder().release_texts(document)
    except SpecError as err:
        _no_artifacts(err)
        return NO_ARTIFACTS
    _write_texts(staged, texts)
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
