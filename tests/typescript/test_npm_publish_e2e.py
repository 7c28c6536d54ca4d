"""Publish the npm package end to end, like the Python package (tests/release/test_publish_e2e.py): a real npm
registry on loopback (Verdaccio, installed from the npm registry by `make ts-release-e2e` into .tools/verdaccio), an
authenticated publish through clients/typescript/publish.sh (token in the environment only), the same version
refused a second time, a public registry refused, then an empty folder outside the repository that installs the
package from that registry only (the .npmrc routes the @merchant-gateway scope there), replays the conformance kit and
the signing vectors it ships (openapi/kit.json, openapi/signing-vectors.json) with the package's own code, compiles
the example with tsc --strict and runs it against the local sandbox: a signed web debit and the verified callback.
The registry is the one `make registries` runs (tools/release/registries.py)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import registries  # tools/release (pytest's `pythonpath`)

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / ".tools" / "node_modules"
VERDACCIO = ROOT / ".tools" / "verdaccio" / "node_modules" / ".bin" / "verdaccio"
USER, PASSWORD = "releaser", "test-only-password-not-a-secret"
EXAMPLE = ROOT / "clients" / "typescript" / "examples" / "pay-and-verify.ts"


def npm_env(tmp: Path, **extra: str) -> dict[str, str]:
    """npm reads no configuration of this machine: an empty user config, its own cache, no npm_config_* variable."""
    env = {k: v for k, v in os.environ.items() if not k.lower().startswith("npm_config_") and not k.startswith("MGW_")}
    user = tmp / "empty-user-npmrc"
    user.write_text("update-notifier=false\nfund=false\naudit=false\n")
    env.update(npm_config_userconfig=str(user), npm_config_cache=str(tmp / "npm-cache"), **extra)
    return env


@pytest.fixture
def registry(tmp_path: Path) -> Iterator[str]:
    if not registries.VERDACCIO.exists():
        pytest.skip("Verdaccio is not installed: run `make ts-release-e2e` (it installs .tools/verdaccio)")
    server = registries.start_npm_registry(tmp_path / "npm-registry", PASSWORD, USER)
    try:
        yield server.url
    finally:
        server.stop()


def create_token(url: str, password: str = PASSWORD) -> str:
    return registries.npm_token(url, password, USER)


def publish(tgz: Path, url: str, token: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    env = npm_env(tmp, MGW_NPM_REGISTRY=url, MGW_NPM_TOKEN=token)
    return subprocess.run(
        ["bash", str(ROOT / "clients" / "typescript" / "publish.sh"), str(tgz)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


def start_sandbox(tmp: Path) -> tuple[subprocess.Popen[str], dict[str, str]]:
    salt = "npm-e2e-salt-" + os.urandom(6).hex()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "merchant_gateway",
            "sandbox",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--merchant-id",
            "NPME2E",
            "--salt-key",
            salt,
            "--salt-index",
            "1",
            "--settle-after",
            "0.5",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=tmp,
        env={k: v for k, v in os.environ.items() if not k.startswith("MGW_")},
    )
    assert proc.stdout is not None
    urls = dict(proc.stdout.readline().strip().split("=", 1) for _ in range(3))
    assert set(urls) == {"MGW_BASE_URL", "MGW_APPS_URL", "MGW_AUTH_URL"}, urls
    return proc, {**urls, "MGW_MERCHANT_ID": "NPME2E", "MGW_SALT_KEY": salt, "MGW_SALT_INDEX": "1"}


def test_publish_install_from_the_internal_registry_and_pay(
    registry: str, tmp_path: Path, run_ts: Callable[..., str]
) -> None:
    if not (TOOLS / "typescript").is_dir() or not (TOOLS / "openapi-fetch").is_dir():
        pytest.skip(".tools lacks the TypeScript tools: run `make ts-release-e2e`")
    build = tmp_path / "build"
    run_ts(build, "artifacts", "package", "pack")
    tgz = next(build.glob("merchant-gateway-client-*.tgz"))
    version = json.loads((build / "package" / "package.json").read_text())["version"]

    # 1. publishing: a public registry and a wrong token refused; the right token accepted; the same version refused
    public = publish(tgz, "https://registry.npmjs.org/", "unused", tmp_path)
    assert public.returncode == 2, public.stdout + public.stderr
    assert "public registry" in public.stderr, public.stdout + public.stderr
    token = create_token(registry)
    bad = publish(tgz, registry, "not-a-token", tmp_path)
    assert bad.returncode != 0, bad.stdout + bad.stderr
    first = publish(tgz, registry, token, tmp_path)
    assert first.returncode == 0, first.stdout + first.stderr
    assert token not in first.stdout + first.stderr
    again = publish(tgz, registry, token, tmp_path)
    assert again.returncode != 0, again.stdout + again.stderr
    assert "previously published" in again.stdout + again.stderr, again.stdout + again.stderr

    # 2. an empty folder outside the repository installs it from the internal registry only (the scope line), with
    #    the token from the environment; without the token the scope is not readable
    app = tmp_path / "merchant-app"
    app.mkdir()
    (app / ".npmrc").write_text(registries.npmrc(registry, default_registry=registry))
    assert registries.scope_registry((app / ".npmrc").read_text()) == registry
    (app / "package.json").write_text('{"name": "merchant-app", "private": true, "type": "module"}\n')
    install = [
        "npm",
        "install",
        "--no-audit",
        "--no-fund",
        f"@merchant-gateway/client@{version}",
    ]
    denied = subprocess.run(
        install,
        cwd=app,
        env=npm_env(tmp_path, MGW_NPM_TOKEN="wrong"),
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert denied.returncode != 0, denied.stdout + denied.stderr
    done = subprocess.run(
        install,
        cwd=app,
        env=npm_env(tmp_path, MGW_NPM_TOKEN=token),
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    lock = json.loads((app / "package-lock.json").read_text())
    resolved = [p["resolved"] for p in lock["packages"].values() if "resolved" in p]
    assert resolved, resolved
    assert all(r.startswith(registry) for r in resolved), resolved
    installed = app / "node_modules" / "@merchant-gateway" / "client"
    assert json.loads((installed / "package.json").read_text())["version"] == version
    assert not installed.is_symlink()

    # 3. the kit and the signing vectors shipped in the installed package, replayed with its own code (the package's
    #    conformance and vector tests, compiled against the installed copy and given the installed files)
    replay = app / "replay"
    (replay / "src").mkdir(parents=True)
    for name in ("conformance.test.ts", "vectors.test.ts"):
        shutil.copy(ROOT / "clients" / "typescript" / "test" / name, replay / "src" / name)
    (replay / "tsconfig.json").write_text(
        json.dumps(
            {
                "compilerOptions": {
                    "strict": True,
                    "exactOptionalPropertyTypes": True,
                    "noUncheckedIndexedAccess": True,
                    "target": "ES2022",
                    "module": "NodeNext",
                    "moduleResolution": "NodeNext",
                    "lib": ["ES2022", "DOM", "DOM.Iterable"],
                    "types": ["node"],
                    "typeRoots": [str(TOOLS / "@types")],
                    "outDir": "dist",
                    "rootDir": "src",
                    "skipLibCheck": True,
                },
                "include": ["src"],
            }
        )
    )
    built = subprocess.run(
        [str(TOOLS / ".bin" / "tsc"), "-p", "replay/tsconfig.json"], cwd=app, capture_output=True, text=True
    )
    assert built.returncode == 0, built.stdout + built.stderr
    shipped = installed / "openapi"
    replayed = subprocess.run(
        ["node", "--test", "replay/dist/conformance.test.js", "replay/dist/vectors.test.js"],
        cwd=app,
        env={
            **npm_env(tmp_path),
            "MGW_TS_KIT": str(shipped / "kit.json"),
            "MGW_TS_VECTORS": str(shipped / "signing-vectors.json"),
        },
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert replayed.returncode == 0, replayed.stdout[-4000:] + replayed.stderr[-2000:]
    kit = json.loads((shipped / "kit.json").read_text())
    cases = sum(len(kit[k]) for k in ("requests", "callbacks", "ui_callbacks", "rule_cases", "schema_cases"))
    passed = int(re.search(r"^# pass (\d+)$", replayed.stdout, re.M).group(1))  # type: ignore[union-attr]
    assert passed >= cases > 0, replayed.stdout[-2000:]
    assert "# fail 0" in replayed.stdout, replayed.stdout[-2000:]

    # 4. the team's own code (< 20 lines) compiles with tsc --strict against the installed package and runs
    code = [ln for ln in EXAMPLE.read_text().splitlines() if ln.strip() and not ln.strip().startswith("//")]
    assert len(code) < 20, f"the example has {len(code)} lines of code"
    shutil.copy(EXAMPLE, app / "pay.ts")
    (app / "tsconfig.json").write_text(
        json.dumps(
            {
                "compilerOptions": {
                    "strict": True,
                    "target": "ES2022",
                    "module": "NodeNext",
                    "moduleResolution": "NodeNext",
                    "types": ["node"],
                    "typeRoots": [str(TOOLS / "@types")],
                    "outDir": "out",
                },
                "files": ["pay.ts"],
            }
        )
    )
    tsc = subprocess.run(
        [str(TOOLS / ".bin" / "tsc"), "-p", "tsconfig.json"],
        cwd=app,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert tsc.returncode == 0, tsc.stdout + tsc.stderr
    sandbox, env = start_sandbox(tmp_path)
    try:
        run = subprocess.run(
            ["node", "out/pay.js"],
            cwd=app,
            env={**npm_env(tmp_path), **env},
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
        )
    finally:
        sandbox.terminate()
        sandbox.wait(timeout=30)
    assert run.returncode == 0, run.stdout + run.stderr
    assert re.search(r"^debit PAYMENT_SUCCESS: pay at http://127\.0\.0\.1:\d+/", run.stdout, re.M), run.stdout
    assert "callback verified: PAYMENT_SUCCESS" in run.stdout, run.stdout
