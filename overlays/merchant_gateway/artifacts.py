"""The release artifacts shipped in this package, for teams that build in another language or check their own client.

Why this module exists: a team that installed the package has no repository checkout, yet needs the documents for
its generator, operations.json for its signing middleware, and the conformance kit and signing vectors to prove
its client byte-compatible. They ship as package data (merchant_gateway_client/artifacts/, written by the generator
from the same spec as the package: the set `make spec-artifacts` builds and the npm package carries in openapi/).

    from merchant_gateway import artifacts
    artifacts.names()                       # ['kit.json', 'manifest.json', 'openapi.apps.json', ...]
    kit = artifacts.read_json("kit.json")
    artifacts.write("vendor/gateway")       # every file, each checked against manifest.json's sha256

`mgw artifacts --out DIR` does the same from the command line.
"""

from __future__ import annotations

import hashlib
import json
import os
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from .errors import ValidationError

PACKAGE = "merchant_gateway_client"
FOLDER = "artifacts"
MANIFEST = "manifest.json"


def _folder() -> Traversable:
    return resources.files(PACKAGE).joinpath(FOLDER)


def manifest() -> dict[str, Any]:
    """manifest.json: the spec version and, per file, its sha256 and what it is for."""
    data: dict[str, Any] = json.loads(_folder().joinpath(MANIFEST).read_text(encoding="utf-8"))
    return data


def spec_version() -> str:
    """The spec version the artifacts were built from (the package's version)."""
    return str(manifest()["spec_version"])


def names() -> list[str]:
    """Every shipped file name, manifest.json included, sorted."""
    return sorted([*manifest()["files"], MANIFEST])


def describe() -> dict[str, str]:
    """File name -> what it is for (from manifest.json)."""
    return {name: str(entry["what"]) for name, entry in sorted(manifest()["files"].items())}


def read_bytes(name: str) -> bytes:
    """The exact bytes of one shipped file. Unknown names are refused with the list of shipped ones."""
    files = manifest()["files"]
    if name != MANIFEST and name not in files:
        # the error's length is capped: the families, and where the full list is
        raise ValidationError(
            "name",
            f"{name[:30]!r} is not shipped; artifacts.names() or `mgw artifacts` lists them: kit.json, "
            "signing-vectors.json, operations.json, openapi.{base,apps,auth,webhooks}.json, ...",
        )
    data = _folder().joinpath(name).read_bytes()
    if name != MANIFEST and hashlib.sha256(data).hexdigest() != files[name]["sha256"]:
        # an installed file that differs from the manifest was changed after installation: never hand it out
        raise ValidationError("name", f"{name}: its sha256 differs from manifest.json; reinstall the package")
    return data


def read_text(name: str) -> str:
    return read_bytes(name).decode("utf-8")


def read_json(name: str) -> Any:
    return json.loads(read_bytes(name))


def write(folder: str | os.PathLike[str]) -> list[Path]:
    """Write every shipped file into `folder` (created if missing; files of the same name are replaced) and
    return their paths. Each is checked against manifest.json before it is written."""
    out = Path(folder)
    if out.exists() and not out.is_dir():
        raise ValidationError("--out", f"{out} exists and is not a folder; give a folder to write the artifacts to")
    contents = {name: read_bytes(name) for name in names()}
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, data in contents.items():
        (out / name).write_bytes(data)
        written.append(out / name)
    return written
