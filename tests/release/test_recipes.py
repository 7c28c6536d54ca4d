"""docs/other-languages.md's recipes, run as written: the code blocks after each `<!-- recipe: NAME FILE -->` marker
are taken from the document, the tools are the tested versions (tests/release/recipes/package.json, installed by
`make release-e2e` into .tools/recipes; the openapi-generator jar from the dev dependencies), and the artifacts
come from `mgw artifacts`. The TypeScript recipes pay against the local sandbox and are refused with a wrong salt
key (the control: their signing is what is checked); the Java recipe is generated and inspected (compiling it
needs Maven Central, which this machine cannot reach, as the document says); the ajv and orval limits are
reproduced with their workarounds."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "other-languages.md"
TOOLS = ROOT / ".tools" / "recipes" / "node_modules"
GENERATOR = Path(sys.executable).parent / "openapi-generator-cli"
MERCHANT, SALT = "RECIPES", "recipes-salt-not-a-secret"
TSCONFIG = {
    "compilerOptions": {
        "strict": True,
        "target": "ES2022",
        "module": "NodeNext",
        "moduleResolution": "NodeNext",
        "types": ["node"],
        "typeRoots": [str(TOOLS / "@types")],
        "outDir": "out",
        "skipLibCheck": True,
    },
    "files": ["pay.ts"],
}


def recipes() -> dict[tuple[str, str], str]:
    """(recipe, file) -> the fenced block after its marker, dedented (blocks inside list items are indented)."""
    text = DOC.read_text(encoding="utf-8")
    found = re.findall(r"<!-- recipe: (\S+) (\S+) -->\n([ \t]*)```\w*\n(.*?)\n[ \t]*```", text, re.S)
    return {(name, file): textwrap.dedent(indent + body) + "\n" for name, file, indent, body in found}


def run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, check=False, timeout=300)
    assert proc.returncode == 0, f"{cmd}: {proc.stdout[-3000:]}{proc.stderr[-3000:]}"
    return proc


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty project with the release artifacts in gateway-artifacts/ and the recipe tools as node_modules."""
    if not (TOOLS / ".bin" / "tsc").exists():
        pytest.skip("the recipe tools are not installed: `make release-e2e` installs them into .tools/recipes")
    root = tmp_path_factory.mktemp("recipes")
    run([sys.executable, "-m", "merchant_gateway", "artifacts", "--out", "gateway-artifacts"], root)
    return root


def workdir(project: Path, name: str) -> Path:
    here = project / name
    here.mkdir()
    (here / "gateway-artifacts").symlink_to(project / "gateway-artifacts")
    (here / "node_modules").symlink_to(TOOLS)
    # the project as the document starts it (npm init -y, then "type": "module")
    run(["bash", "-euo", "pipefail", "-c", recipes()[("project", "setup.sh")]], here)
    assert json.loads((here / "package.json").read_text())["type"] == "module"
    (here / "tsconfig.json").write_text(json.dumps(TSCONFIG))
    for (recipe, file), code in recipes().items():
        if recipe == name:
            (here / file).write_text(code)
    return here


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "merchant_gateway", "sandbox", "--host", "127.0.0.1", "--port", "0"]
        + ["--merchant-id", MERCHANT, "--salt-key", SALT, "--salt-index", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=tmp_path_factory.mktemp("sandbox"),
        env={k: v for k, v in os.environ.items() if not k.startswith("MGW_")},
    )
    assert proc.stdout is not None
    urls = dict(proc.stdout.readline().strip().split("=", 1) for _ in range(3))
    try:
        yield urls["MGW_BASE_URL"]
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def pay(here: Path, base_url: str, salt: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MGW_")}
    env.update(MGW_BASE_URL=base_url, MGW_MERCHANT_ID=MERCHANT, MGW_SALT_KEY=salt, MGW_SALT_INDEX="1")
    return run(["node", "out/pay.js"], here, env).stdout


def compile_and_pay(here: Path, base_url: str) -> None:
    run([str(TOOLS / ".bin" / "tsc"), "-p", "tsconfig.json"], here)
    assert pay(here, base_url, SALT).split() == ["debit", "PAYMENT_SUCCESS", "status", "PAYMENT_PENDING"]
    assert pay(here, base_url, "wrong-salt").split() == [
        "debit",
        "AUTHORIZATION_FAILED",
        "status",
        "AUTHORIZATION_FAILED",
    ]


def test_the_document_has_every_recipe() -> None:
    assert set(recipes()) == {
        ("project", "setup.sh"),
        ("openapi-fetch", "pay.ts"),
        ("hey-api", "openapi-ts.config.mjs"),
        ("hey-api", "pay.ts"),
        ("ajv", "check.mjs"),
        ("orval", "orval.config.mjs"),
    }


def test_openapi_typescript_and_openapi_fetch(project: Path, sandbox: str) -> None:
    here = workdir(project, "openapi-fetch")
    run(
        [str(TOOLS / ".bin" / "openapi-typescript"), "gateway-artifacts/openapi.base.json", "-o", "gateway-base.ts"],
        here,
    )
    compile_and_pay(here, sandbox)


def test_hey_api_openapi_ts(project: Path, sandbox: str) -> None:
    here = workdir(project, "hey-api")
    run([str(TOOLS / ".bin" / "openapi-ts")], here)
    assert "from './client.gen.js'" in (here / "gateway-base" / "sdk.gen.ts").read_text()
    compile_and_pay(here, sandbox)


def test_java_native_from_the_pypi_jar(project: Path) -> None:
    if not GENERATOR.exists() or shutil.which("java") is None:
        pytest.skip("openapi-generator-cli (dev dependency) or a JDK is missing")
    block = re.search(r"openapi-generator-cli generate -g java .*?\n(?:.*\\\n)*.*", DOC.read_text())
    assert block is not None, "the Java recipe's command is not in the document"
    args = block[0].replace("\\\n", " ").split()[1:]  # as written, with the jar of the dev dependencies
    run([str(GENERATOR), *args], project)
    src = project / "gateway-base" / "src" / "main" / "java" / "gateway" / "base"
    apis = "\n".join(p.read_text() for p in (src / "api").glob("*.java"))
    table = json.loads((project / "gateway-artifacts" / "operations.json").read_text())["operations"]
    for op_id, op in table.items():
        if op["host"] == "base":  # every operation of the per-host document: a per-call headers overload
            assert re.search(rf"public \S+ {op_id}\([^)]*Map<String, String> headers\)", apis), op_id
    assert "public DebitV4Response debitV4Web(" in apis
    assert "JsonNullable" not in apis
    models = "\n".join(p.read_text() for p in (src / "model").glob("*.java"))
    assert "JsonNullable" not in models  # openApiNullable=false: no jackson-databind-nullable needed
    client = (src / "ApiClient.java").read_text()
    assert "public final void updateBaseUri(String baseUri)" in client
    assert table["debitV4Web"]["signing"]["path"] == "/v4/debit"  # the path the document's snippet signs


def test_ajv_discriminator_limit_and_workaround(project: Path) -> None:
    here = workdir(project, "ajv")
    out = run(["node", "check.mjs"], here).stdout.splitlines()
    assert out == [
        "discriminator: true: discriminator: mapping is not supported",
        "workaround: compiles; upi valid true, cash refused true",
    ]


def test_orval_compiles(project: Path) -> None:
    here = workdir(project, "orval")
    run([str(TOOLS / ".bin" / "orval"), "--config", "orval.config.mjs"], here)
    generated = (here / "gen" / "gateway.ts").read_text()
    assert "status: HTTPStatusCode4xx" in generated
    assert not re.search(r"status: \dXX\b", generated)
    (here / "tsconfig.json").write_text(
        json.dumps(
            {
                "compilerOptions": {
                    "strict": True,
                    "noEmit": True,
                    "target": "ES2022",
                    "module": "ES2022",
                    "moduleResolution": "bundler",
                    "lib": ["ES2022", "DOM", "DOM.Iterable"],
                    "types": [],
                },
                "include": ["gen/*.ts"],
            }
        )
    )
    run([str(TOOLS / ".bin" / "tsc"), "-p", "tsconfig.json"], here)
