"""Golden records: the templates' output for tests/generator/fixtures/mini.yaml is committed and must not drift.

After an intended template or generator change, refresh it with
    python -m generator --spec tests/generator/fixtures/mini.yaml --out tests/generator/golden/merchant_gateway_client
and review the diff.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generator.__main__ import diff_trees, tree
from generator.spec import SpecError, load_spec, operation_meta
from tests.support.generator import FIXTURES, GOLDEN, REPO


def generate(spec: Path, out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "generator", "--spec", str(spec), "--out", str(out), *extra]
    return subprocess.run(cmd, cwd=REPO, capture_output=True, text=True)


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("gen") / "merchant_gateway_client"
    proc = generate(FIXTURES / "mini.yaml", out)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return out


def test_golden_matches(fresh: Path) -> None:
    lines = diff_trees(fresh, GOLDEN)
    assert not lines, "golden output differs from fresh output:\n" + "\n".join(lines)


def test_generation_is_deterministic(fresh: Path, tmp_path: Path) -> None:
    again = tmp_path / "merchant_gateway_client"
    assert generate(FIXTURES / "mini.yaml", again).returncode == 0
    assert tree(again) == tree(fresh)


def test_every_python_file_has_the_header(fresh: Path) -> None:
    header = "# Generated from tests/generator/fixtures/mini.yaml by generator/, do not edit.\n"
    for path in fresh.rglob("*.py"):
        assert path.read_text(encoding="utf-8").startswith(header), path


def test_no_tool_droppings(fresh: Path) -> None:
    names = {p.name for p in fresh.rglob("*")}
    assert ".ruff_cache" not in names
    assert "README.md" not in names
    assert "pyproject.toml" not in names
    assert {"py.typed", "MANIFEST.json", "spec.json"} <= names


def test_mobile_sdk_operation_not_generated_but_its_payload_is(fresh: Path) -> None:
    assert not (fresh / "api" / "default" / "app_profile.py").exists()
    assert (fresh / "models" / "profile_payload.py").exists()


def test_check_mode_reports_drift(fresh: Path, tmp_path: Path) -> None:
    ok = generate(FIXTURES / "mini.yaml", fresh, "--check")
    assert ok.returncode == 0, ok.stdout + ok.stderr
    client = fresh / "client.py"
    client.write_text(client.read_text(encoding="utf-8") + "# drift\n", encoding="utf-8")
    try:
        drift = generate(FIXTURES / "mini.yaml", fresh, "--check")
        assert drift.returncode == 1
        assert "+# drift" in drift.stdout or "-# drift" in drift.stdout
    finally:
        client.write_text(client.read_text(encoding="utf-8").removesuffix("# drift\n"), encoding="utf-8")


def test_unknown_extension_is_rejected(tmp_path: Path) -> None:
    text = (FIXTURES / "mini.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("x-retry: safe", "x-retry: safe\n      x-retries: 3", 1), encoding="utf-8")
    proc = generate(bad, tmp_path / "out")
    assert proc.returncode == 2
    assert "unknown extension x-retries" in proc.stderr


@pytest.mark.parametrize("mode", ["safe", "reconcile-first", "never"])
def test_retry_vocabulary_accepts_the_three_modes(mode: str) -> None:
    spec = load_spec(FIXTURES / "mini.yaml")
    op = spec["paths"]["/v3/debit"]["post"]
    op["x-retry"] = mode
    assert operation_meta(spec, "/v3/debit", "post", op).retry == mode


def test_retry_vocabulary_rejects_other_values() -> None:
    spec = load_spec(FIXTURES / "mini.yaml")
    op = spec["paths"]["/v3/debit"]["post"]
    op["x-retry"] = "sometimes"
    with pytest.raises(SpecError, match="x-retry must be one of"):
        operation_meta(spec, "/v3/debit", "post", op)


def test_refuses_to_replace_a_foreign_folder(tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("mine", encoding="utf-8")
    proc = generate(FIXTURES / "mini.yaml", tmp_path)
    assert proc.returncode != 0
    assert (tmp_path / "keep.txt").exists()


def test_the_fixtures_verdict_rules_say_what_the_spec_says() -> None:
    """mini.yaml carries the root x-verdict-rules so that the golden package renders them: a copy that keeps an old
    rule (it once said a 429 with another code was `rate-limited` unless it needed a 2xx) shows generated code and
    reviewers a rule no client follows. Every step the fixture names must read as the spec's step of that id."""
    import yaml

    spec = yaml.safe_load((REPO / "spec" / "openapi.yaml").read_text(encoding="utf-8"))["x-verdict-rules"]
    mini = yaml.safe_load((FIXTURES / "mini.yaml").read_text(encoding="utf-8"))["x-verdict-rules"]
    rules = {step["id"]: step["rule"] for step in spec["steps"]}
    stale = [step["id"] for step in mini["steps"] if rules.get(step["id"]) != step["rule"]]
    assert stale == [], f"mini.yaml's x-verdict-rules steps differ from spec/openapi.yaml's: {stale}"
    assert mini["judging"] == spec["judging"]
    assert mini["reading"] == spec["reading"]
