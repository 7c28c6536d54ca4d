"""`python -m generator [--spec X] [--out Y] [--check]`: generate the client package from the spec."""

from __future__ import annotations

import argparse
import gc
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from . import artifacts, spec

REPO = Path(__file__).resolve().parent.parent
DEFAULT_SPEC = REPO / "spec" / "openapi.yaml"
DEFAULT_OUT = REPO / "generated_client" / "merchant_gateway_client"


def spec_label(path: Path) -> str:
    """How the header names the spec: repository-relative, so it does not depend on the checkout location."""
    try:
        return path.resolve().relative_to(REPO).as_posix()
    except ValueError:
        return path.name


def build(spec_path: Path, work: Path) -> Path:
    """Generate the finished package into `work` and return its folder."""
    spec_bytes = spec_path.read_bytes()
    # The release artifacts need the spec only, not the package: a child process builds them (artifacts.py) while
    # this one generates. A spec in the parse cache is known at once, so they start now and are built while
    # openapi-python-client is imported; a spec to parse starts them once the parse is done.
    started: list[artifacts.Background] = []
    document = spec.cached_document(spec_path)
    try:
        if document is not None:
            started.append(artifacts.write_in_background(document, work))
        package, label, generated_ops, document = _generate(spec_path, work, document, started)
        started[0].finish(package)  # before the MANIFEST, which lists them
    except BaseException:
        for background in started:
            background.stop()
        raise
    from . import postprocess, run

    postprocess.write_package_data(package, document, spec_bytes, label, generated_ops, run.check_version())
    return package


def _generate(
    spec_path: Path, work: Path, document: dict[str, Any] | None, started: list[artifacts.Background]
) -> tuple[Path, str, list[str], dict[str, Any]]:
    """The package without its package data: (folder, spec label, generated operation ids, the document)."""
    pending = spec.load_spec_in_background(spec_path) if document is None else None
    # Imported only now: importing openapi-python-client (via run) overlaps the spec parse in the child.
    # openapi-python-client imports httpx, whose package init tries `from ._main import main`: httpx's command-line
    # tool, loading rich, click and pygments (a large part of a run that never uses them). A None entry makes that
    # import fail and httpx falls back to its stub `main` (as without the CLI extra). No effect when httpx is
    # already loaded (e.g. the generator called inside the test process).
    sys.modules.setdefault("httpx._main", None)  # type: ignore[arg-type]
    from . import answers, postprocess, public_api, rewrite, run

    if pending is not None:
        document = pending()
        started.append(artifacts.write_in_background(document, work))
    assert document is not None
    parsed = document
    metas = spec.collect(parsed)
    generated_ops = [m.operation_id for m in metas if not m.mobile_sdk_only]
    package = run.generate(
        rewrite.rewrite(parsed, metas),
        metas,
        work,
        extra=lambda out: public_api.render(out, parsed, metas),
        answer_refs=answers.answer_schema_refs(parsed),
    )
    label = spec_label(spec_path)
    postprocess.check_endpoints(package, generated_ops)
    postprocess.add_headers(package, label)
    return package, label, generated_ops, parsed


def tree(root: Path) -> dict[str, bytes]:
    if not root.is_dir():
        return {}
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }


def diff_trees(expected: Path, actual: Path, max_lines: int = 200) -> list[str]:
    """Unified diff of `actual` (committed) against `expected` (fresh); empty when identical."""
    import difflib  # --check only

    new, old = tree(expected), tree(actual)
    lines: list[str] = []
    for name in sorted(set(new) | set(old)):
        if new.get(name) == old.get(name):
            continue
        if name not in old:
            lines.append(f"only in fresh output: {name}")
        elif name not in new:
            lines.append(f"only in committed output: {name}")
        else:
            a = old[name].decode("utf-8", "replace").splitlines(keepends=True)
            b = new[name].decode("utf-8", "replace").splitlines(keepends=True)
            lines.extend(line.rstrip("\n") for line in difflib.unified_diff(a, b, f"committed/{name}", f"fresh/{name}"))
    if len(lines) > max_lines:
        lines = [*lines[:max_lines], f"... {len(lines) - max_lines} more diff lines"]
    return lines


def replace_dir(src: Path, dest: Path) -> None:
    # Refuse to wipe a folder that is not a previous generator output (a mistyped --out).
    if dest.exists() and any(dest.iterdir()) and not (dest / "MANIFEST.json").exists():
        raise SystemExit(f"{dest} exists and is not a generated package (no MANIFEST.json); not replacing it")
    if dest.exists():
        shutil.rmtree(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    try:  # a rename when the work folder is on the same file system (copying the whole package is slower)
        os.replace(src, dest)
    except OSError:
        shutil.copytree(src, dest)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator", description=__doc__)
    parser.add_argument("--spec", type=Path, default=DEFAULT_SPEC, help="OpenAPI YAML (default: spec/openapi.yaml)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="package folder to write")
    parser.add_argument("--check", action="store_true", help="regenerate into a temp folder and diff with --out")
    args = parser.parse_args(argv)
    # A short run that allocates many long-lived objects (pydantic models, parsed spec, templates): the cyclic
    # collector would scan them again and again and frees nothing that matters; on again when done.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _main(args)
    finally:
        if was_enabled:
            gc.enable()


def _main(args: argparse.Namespace) -> int:
    try:
        # the work folder sits beside --out (same file system: the result is moved in by a rename, not copied)
        work_parent = None
        if not args.check:
            args.out.parent.mkdir(parents=True, exist_ok=True)
            work_parent = args.out.parent
        with tempfile.TemporaryDirectory(prefix=".mgw-gen-", dir=work_parent) as tmp:
            package = build(args.spec, Path(tmp))
            if args.check:
                lines = diff_trees(package, args.out)
                if lines:
                    print("\n".join(lines))
                    print(f"\n{args.out} is out of date with {args.spec}: run `python -m generator`", file=sys.stderr)
                    return 1
                print(f"{args.out} is up to date")
                return 0
            replace_dir(package, args.out)
            print(f"wrote {args.out}")
            return 0
    except spec.SpecError as err:
        print(err, file=sys.stderr)
        return 2


if __name__ == "__main__":
    # A process of its own that never runs async code: httpcore (imported by openapi-python-client through httpx)
    # imports trio when it is installed (the dev venv has it for the tests), a large part of this run's imports. A
    # None entry makes that import fail and httpcore goes without trio, as when trio is not installed. Only here,
    # not in build(): a process that calls build() may run trio afterwards.
    sys.modules.setdefault("trio", None)  # type: ignore[arg-type]
    sys.exit(main())
