"""The release artifacts shipped in the Python package (merchant_gateway_client/artifacts/, written by the generator)
through merchant_gateway.artifacts and `mgw artifacts`: the same files `make spec-artifacts` writes, the kit and the
vectors byte for byte the repository's, each checked against manifest.json before it is handed out."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

import merchant_gateway.artifacts as artifacts
import pytest
from merchant_gateway import ValidationError
from merchant_gateway.cli import main as mgw

from tools.artifacts import make_artifacts

ROOT = Path(__file__).resolve().parents[3]
SHIPPED = ROOT / "generated_client" / "merchant_gateway_client" / "artifacts"


def test_every_release_artifact_is_shipped() -> None:
    assert artifacts.names() == sorted([*make_artifacts.FILES, make_artifacts.MANIFEST_FILE])
    assert {"kit.json", "signing-vectors.json", "operations.json", "openapi.base.json"} <= set(artifacts.names())
    assert artifacts.spec_version() == json.loads((SHIPPED.parent / "spec.json").read_text())["info"]["version"]


def test_the_kit_and_the_vectors_are_the_repositorys() -> None:
    assert artifacts.read_bytes("kit.json") == (ROOT / "spec/conformance/kit.json").read_bytes()
    assert artifacts.read_bytes("signing-vectors.json") == (ROOT / "spec/vectors/signing.json").read_bytes()
    kit = artifacts.read_json("kit.json")
    assert kit["requests"]
    assert kit["callbacks"]
    assert kit["rule_cases"]


def test_the_shipped_set_is_what_make_spec_artifacts_writes(tmp_path: Path) -> None:
    """Built from the package's own spec.json (the spec it was generated from), so the comparison holds while the
    working spec is being edited; `make check-generated` ties spec.json to spec/openapi.yaml."""
    doc = json.loads((SHIPPED.parent / "spec.json").read_text(encoding="utf-8"))
    texts = make_artifacts.release_texts(doc)
    assert sorted(texts) == artifacts.names()
    for name, text in texts.items():
        assert artifacts.read_text(name) == text, name


def test_manifest_hashes_match() -> None:
    files = artifacts.manifest()["files"]
    for name in files:
        assert hashlib.sha256(artifacts.read_bytes(name)).hexdigest() == files[name]["sha256"]
    assert artifacts.describe()["kit.json"].startswith("conformance kit")


def test_an_unknown_name_is_refused_with_the_shipped_names() -> None:
    with pytest.raises(ValidationError) as info:
        artifacts.read_bytes("../spec.json")
    assert info.value.field == "name"
    assert "kit.json" in str(info.value)
    assert "signing-vectors.json" in str(info.value)


def test_a_changed_installed_file_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "artifacts"
    shutil.copytree(SHIPPED, copy)
    monkeypatch.setattr(artifacts, "_folder", lambda: copy)
    assert artifacts.read_json("kit.json")["kit_format"] == 1  # the copy reads as the original
    (copy / "kit.json").write_text((copy / "kit.json").read_text().replace('"valid": true', '"valid": false', 1))
    with pytest.raises(ValidationError, match="sha256 differs"):
        artifacts.read_bytes("kit.json")
    with pytest.raises(ValidationError, match="sha256 differs"):
        artifacts.write(tmp_path / "out")
    assert not (tmp_path / "out").exists()  # nothing written when one file is wrong


def test_write_puts_every_file_in_a_folder(tmp_path: Path) -> None:
    out = tmp_path / "a" / "b"
    written = artifacts.write(out)
    assert sorted(p.name for p in written) == artifacts.names() == sorted(p.name for p in out.iterdir())
    for path in written:
        assert path.read_bytes() == (SHIPPED / path.name).read_bytes()


def test_mgw_artifacts_writes_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert mgw(["artifacts", "--out", str(tmp_path / "vendor"), "--json"]) == 0
    doc: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert doc["ok"]
    assert doc["files"] == artifacts.names()
    assert doc["spec_version"] == artifacts.spec_version()
    for name in artifacts.names():
        assert (tmp_path / "vendor" / name).read_bytes() == (SHIPPED / name).read_bytes(), name

    assert mgw(["artifacts"]) == 0
    listing = capsys.readouterr().out
    assert "signing-vectors.json" in listing
    assert "mgw artifacts --out DIR" in listing


def test_mgw_artifacts_refuses_a_file_as_the_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "kit.json"
    target.write_text("mine")
    assert mgw(["artifacts", "--out", str(target)]) == 2
    assert "is not a folder" in capsys.readouterr().err
    assert target.read_text() == "mine"


def test_what_the_build_writes_names_no_repository_path() -> None:
    """A team has the packages, not the repository: the text the artifact build adds (document descriptions,
    operations.json, its schema) points to shipped files. (The spec's own prose is the spec's.)"""
    doc = json.loads((SHIPPED.parent / "spec.json").read_text(encoding="utf-8"))
    doc["info"]["description"] = ""
    texts = make_artifacts.release_texts(doc)
    for name, text in texts.items():
        if name in (make_artifacts.KIT_FILE, make_artifacts.VECTORS_FILE):
            continue  # tools/conformance/make_kit.py's text; the interface document's vectors verbatim
        for path in ("tools/", "spec/openapi.yaml", "make_artifacts.py", "generator/"):
            assert path not in text, (name, path)
    assert "mgw artifacts --out DIR" in json.loads(texts["openapi.base.json"])["info"]["description"]
