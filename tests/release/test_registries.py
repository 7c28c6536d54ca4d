"""`make registries` (tools/release/registries.py): the release tests' package index and npm registry for people.
Started as a person would (the command, its printed instructions, the env file they source), used (an upload and an
npm token), and stopped both ways: `--stop` from another shell and Ctrl-C. Also the npm scope's routing: the .npmrc
a consuming project copies sends @merchant-gateway to the internal registry only (read back through npm itself),
and the registry's own configuration never proxies the scope upstream."""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import textwrap
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import SimpleNamespace

import pytest
import registries  # tools/release (pytest's `pythonpath`)

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "release" / "registries.py"


# --- the scope's routing (fast) --------------------------------------------------------------------------------


def test_the_project_npmrc_routes_the_scope_to_the_internal_registry_only() -> None:
    text = registries.npmrc("http://127.0.0.1:4873")
    assert registries.scope_registry(text) == "http://127.0.0.1:4873/"
    assert "//127.0.0.1:4873/:_authToken=${MGW_NPM_TOKEN}" in text.splitlines()  # the variable, never a token
    assert not any(line.startswith("registry=") for line in text.splitlines())  # the rest stays the team's default
    assert registries.scope_registry("registry=https://npm.internal.example/\n") is None


@pytest.mark.skipif(shutil.which("npm") is None, reason="npm is not installed")
def test_npm_itself_reads_the_scope_from_the_generated_npmrc(tmp_path: Path) -> None:
    """npm resolves our scope to the internal registry while its default registry stays the public one: the name
    is never asked of the public registry."""
    project = tmp_path / "app"
    project.mkdir()
    (project / ".npmrc").write_text(registries.npmrc("https://npm.internal.example/"))
    env = {k: v for k, v in os.environ.items() if not k.lower().startswith("npm_config_")}
    env.update(npm_config_userconfig=str(tmp_path / "empty-npmrc"), npm_config_cache=str(tmp_path / "cache"))
    (tmp_path / "empty-npmrc").write_text("")

    def get(key: str) -> str:
        out = subprocess.run(["npm", "config", "get", key], cwd=project, env=env, capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
        return out.stdout.strip()

    assert get("@merchant-gateway:registry") == "https://npm.internal.example/"
    assert get("registry") == "https://registry.npmjs.org/"


NPMRC_DOCS = ("docs/publishing.md", "clients/typescript/README.md", "clients/typescript/PUBLISHING.md")


def test_every_documented_npmrc_reads_the_token_from_one_variable() -> None:
    """The .npmrc a team copies names the variable `make registries`' env file and the publish script set."""
    used = {
        doc: set(re.findall(r"_authToken=\$\{(\w+)\}", (ROOT / doc).read_text(encoding="utf-8"))) for doc in NPMRC_DOCS
    }
    assert used == dict.fromkeys(NPMRC_DOCS, {"MGW_NPM_TOKEN"})
    assert "${MGW_NPM_TOKEN}" in registries.npmrc("http://127.0.0.1:4873")


def _printed_steps() -> str:
    here = Path("/srv/registries")
    index = SimpleNamespace(url="http://127.0.0.1:1/", folder=here / "index" / "packages")
    return registries.instructions(here, index, SimpleNamespace(url="http://127.0.0.1:2/"))  # type: ignore[arg-type]


def test_the_scripts_the_printed_steps_run_are_executable_in_a_clone() -> None:
    """A fresh clone has the mode git records: a script the steps run directly needs its run bit there."""
    scripts = sorted(set(re.findall(r"(?<![\w/.])((?:clients|tools)/[\w/.-]+\.sh)\b", _printed_steps())))
    assert "clients/typescript/publish.sh" in scripts
    listed = subprocess.run(["git", "ls-files", "-s", *scripts], cwd=ROOT, capture_output=True, text=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    modes = {line.split("\t", 1)[1]: line.split()[0] for line in listed.stdout.splitlines()}
    assert modes == dict.fromkeys(scripts, "100755")


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_registries_installs_the_tools_its_npm_steps_build_with(tmp_path: Path) -> None:
    """From a fresh clone (no tools yet): `make registries` installs the TypeScript tools (tools/npm, what
    `clients/typescript/run.sh package` needs) besides Verdaccio."""
    tools = tmp_path / "tools"
    planned = subprocess.run(
        ["make", "-n", "registries", f"TOOLS={tools}"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert f"cp tools/npm/package.json tools/npm/package-lock.json {tools}/ && npm ci --prefix {tools} " in planned
    assert f"npm ci --prefix {tools}/verdaccio " in planned


def test_the_registry_never_proxies_the_scope() -> None:
    from ruamel.yaml import YAML

    text = registries.verdaccio_config(Path("/s"), Path("/h"), "https://registry.npmjs.org/")
    packages = YAML(typ="safe", pure=True).load(text)["packages"]
    assert list(packages)[0] == "@merchant-gateway/*"  # Verdaccio takes the first pattern that matches
    ours = packages["@merchant-gateway/*"]
    assert "proxy" not in ours
    assert ours["access"] == "$authenticated"
    assert ours["publish"] == registries.USER
    assert packages["**"]["proxy"] == "upstream"
    assert packages["**"]["publish"] == "no-one"


# --- the command (slow: real servers) ---------------------------------------------------------------------------


def _start(folder: Path) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, str(SCRIPT), "--dir", str(folder)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # a Ctrl-C is sent to this process group only
    )
    assert proc.stdout is not None
    lines: list[str] = []
    for line in proc.stdout:  # the instructions end with the npm install line
        lines.append(line)
        if "npm install @merchant-gateway/client" in line:
            break
    return proc, "".join(lines)


def _env(folder: Path) -> dict[str, str]:
    return dict(line.split("=", 1) for line in (folder / "env").read_text().splitlines())


def _pids(folder: Path) -> dict[str, int]:
    return {k: int(v) for k, v in json.loads((folder / "pids").read_text()).items()}


def _gone(pid: int) -> bool:
    for _ in range(100):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        if Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z":  # exited, not yet reaped by its parent
            return True
        time.sleep(0.1)
    return False


@pytest.mark.slow
@pytest.mark.parametrize("how", ["make registries-stop", "ctrl-c"])
def test_make_registries_runs_both_and_stops_cleanly(tmp_path: Path, how: str) -> None:
    if not registries.VERDACCIO.exists():
        pytest.skip("Verdaccio is not installed: `make registries` (or make ts-release-e2e) installs it")
    pytest.importorskip("pypiserver")
    folder = tmp_path / "registries"
    proc, shown = _start(folder)
    try:
        env = _env(folder)
        assert (folder / "env").stat().st_mode & 0o077 == 0  # the credentials: for the user only
        for secret in (env["MGW_PUBLISH_PASSWORD"], env["MGW_NPM_TOKEN"]):
            assert secret not in shown
        assert env["MGW_INDEX_URL"] in shown
        assert env["MGW_NPM_REGISTRY"] in shown
        assert "make registries-stop" in shown
        assert "make publish" in shown
        npmrc = (folder / "npmrc").read_text()
        assert registries.scope_registry(npmrc) == env["MGW_NPM_REGISTRY"]
        assert not any(line.startswith("registry=") for line in npmrc.splitlines())  # the default stays the team's
        assert Path(env["MGW_RELEASED_DIR"]) == folder.resolve() / "released"  # a trial never writes spec/released

        # the index: the simple page answers, the right password may upload, a wrong one may not
        urllib.request.urlopen(env["MGW_INDEX_URL"], timeout=10).read()
        for password, allowed in (("wrong", False), (env["MGW_PUBLISH_PASSWORD"], True)):
            basic = base64.b64encode(f"{env['MGW_PUBLISH_USER']}:{password}".encode()).decode()
            req = urllib.request.Request(
                env["MGW_PUBLISH_URL"], data=b"", headers={"authorization": f"Basic {basic}"}, method="POST"
            )
            try:
                urllib.request.urlopen(req, timeout=10)
                status = 200
            except urllib.error.HTTPError as err:
                status = err.code
            assert (status != 401 and status != 403) == allowed, (password == "wrong", status)
        # the npm registry: the token made for this run is accepted (whoami), none is not
        who = urllib.request.Request(
            env["MGW_NPM_REGISTRY"] + "-/whoami", headers={"authorization": f"Bearer {env['MGW_NPM_TOKEN']}"}
        )
        assert b"releaser" in urllib.request.urlopen(who, timeout=10).read()
        pids = _pids(folder)
        assert set(pids) == {"registries", "index", "npm"}
        assert pids["registries"] == proc.pid

        if how == "ctrl-c":
            os.killpg(proc.pid, signal.SIGINT)
        else:
            stop = subprocess.run(
                [sys.executable, str(SCRIPT), "--dir", str(folder), "--stop"], capture_output=True, text=True
            )
            assert stop.returncode == 0, stop.stdout + stop.stderr
            assert "stopped" in stop.stdout, stop.stdout + stop.stderr
        rest, _ = proc.communicate(timeout=60)
        assert proc.returncode == 0, rest
        assert "registries: stopped" in rest
        assert _gone(pids["index"])
        assert _gone(pids["npm"])
        assert not (folder / "env").exists()
        assert not (folder / "pids").exists()
        with pytest.raises(urllib.error.URLError, match="Connection refused"):
            urllib.request.urlopen(env["MGW_INDEX_URL"], timeout=2)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)


def _npm_block(shown: str) -> str:
    """The npm steps as printed: the lines after 'publish and install the npm package:'."""
    block = shown.split("publish and install the npm package:", 1)[1]
    return textwrap.dedent("\n".join(line for line in block.splitlines() if line.strip()))


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_the_printed_npm_steps_publish_and_install_the_package(tmp_path: Path) -> None:
    """What a TypeScript team runs after `make registries`, line by line as printed (only the folders moved into the
    test's own: the build output and /tmp/app-ts), with the env file sourced and no npm configuration of this
    machine: the package is built, published by running publish.sh itself, and installed into an `npm init -y`
    project from the registry; its example compiles there as an ES module."""
    if not registries.VERDACCIO.exists():
        pytest.skip("Verdaccio is not installed: `make registries` (or make ts-release-e2e) installs it")
    tools = ROOT / ".tools" / "node_modules"
    if not (tools / "typescript").is_dir():
        pytest.skip(".tools lacks the TypeScript tools: `make registries` installs them")
    pytest.importorskip("pypiserver")
    folder, out, app = tmp_path / "registries", tmp_path / "typescript", tmp_path / "app-ts"
    proc, shown = _start(folder)
    try:
        steps = _npm_block(shown).replace("build/typescript/", f"{out}/").replace("/tmp/app-ts", str(app))
        assert "clients/typescript/publish.sh " in steps  # run as a command: its run bit is needed
        user_config = tmp_path / "user-npmrc"
        user_config.write_text("update-notifier=false\nfund=false\naudit=false\n")
        env = {k: v for k, v in os.environ.items() if not k.lower().startswith("npm_config_") and k[:4] != "MGW_"}
        env.update(OUT=str(out), npm_config_userconfig=str(user_config), npm_config_cache=str(tmp_path / "cache"))
        script = f"set -euo pipefail\nset -a; . {folder}/env; set +a\n{steps}\n"
        ran = subprocess.run(["bash", "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=800)
        assert ran.returncode == 0, (steps, ran.stdout[-3000:], ran.stderr[-3000:])
        installed = app / "node_modules" / "@merchant-gateway" / "client"
        version = json.loads((out / "package" / "package.json").read_text())["version"]
        assert json.loads((installed / "package.json").read_text())["version"] == version
        project = json.loads((app / "package.json").read_text())
        assert project["type"] == "module"
        lock = json.loads((app / "package-lock.json").read_text())
        ours = lock["packages"]["node_modules/@merchant-gateway/client"]["resolved"]
        assert ours.startswith(_env(folder)["MGW_NPM_REGISTRY"])
        # the package's example compiles in that project as the team's own code
        shutil.copy(ROOT / "clients" / "typescript" / "examples" / "pay-and-verify.ts", app / "pay.ts")
        options = {"strict": True, "target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext"}
        options.update(types=["node"], typeRoots=[str(tools / "@types")], outDir="out")  # type: ignore[arg-type]
        (app / "tsconfig.json").write_text(json.dumps({"compilerOptions": options, "files": ["pay.ts"]}))
        tsc = subprocess.run([str(tools / ".bin" / "tsc"), "-p", "."], cwd=app, capture_output=True, text=True)
        assert tsc.returncode == 0, tsc.stdout + tsc.stderr
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGINT)
            proc.communicate(timeout=60)
