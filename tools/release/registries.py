"""The local package registries the release tests use, for people too (`make registries`, docs/publishing.md).

    python tools/release/registries.py [--dir build/registries] [--no-npm]   # start both, print how to use them
    python tools/release/registries.py --stop [--dir build/registries]       # stop the ones started there

A Python package index (pypiserver, from the dev dependencies) and an npm registry (Verdaccio, installed by the
Makefile into .tools/verdaccio) on free loopback ports, each with one publishing user whose password is made per run.
Nothing secret is printed: the URLs, the user, the password and an npm token go to DIR/env (mode 0600) for
`set -a; . DIR/env; set +a`, in the variables tools/release/publish.sh and clients/typescript/publish.sh read.

Dependency confusion: the index serves its folder only (no fallback to the public index), and the npm registry has
no upstream for the @merchant-gateway scope (only that scope's user reads and publishes it; other packages are
proxied read-only). DIR/npmrc, the configuration a consuming project copies, routes the scope to this registry.

tests/release/test_publish_e2e.py and tests/typescript/test_npm_publish_e2e.py start their registries with the same
functions (start_index, start_npm_registry), so what a person runs is what CI tested.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent
VERDACCIO = ROOT / ".tools" / "verdaccio" / "node_modules" / ".bin" / "verdaccio"
DEFAULT_DIR = ROOT / "build" / "registries"
SCOPE = "@merchant-gateway"
PUBLIC_NPM = "https://registry.npmjs.org/"
USER = "releaser"


class RegistryError(RuntimeError):
    """A registry did not start (its log's end is in the message) or a request to it failed."""


@dataclass
class Registry:
    kind: str  # "index" (pypiserver) or "npm" (Verdaccio)
    url: str  # with a trailing slash
    folder: Path  # index: the served package folder; npm: the registry's storage
    log: Path
    process: subprocess.Popen[bytes]

    def stop(self, timeout: float = 15) -> None:
        """Its whole process group (it runs in a session of its own, so a terminal's Ctrl-C reaches only us)."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=timeout)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(kind: str, cmd: list[str], url: str, probe: str, folder: Path, log: Path, cwd: Path) -> Registry:
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=cwd, start_new_session=True)
    registry = Registry(kind, url, folder, log, proc)
    for _ in range(300):
        try:
            urllib.request.urlopen(url + probe, timeout=1).read()
            return registry
        except OSError:
            if proc.poll() is not None:
                raise RegistryError(f"the {kind} registry exited: {log.read_text(errors='replace')[-2000:]}") from None
            time.sleep(0.1)
    registry.stop()
    raise RegistryError(f"the {kind} registry did not answer on {url} within 30 s: {log}")


def start_index(folder: Path, password: str, user: str = USER, port: int = 0) -> Registry:
    """pypiserver on 127.0.0.1 serving folder/packages, uploads by `user` only, no fallback to the public index."""
    from passlib.apache import HtpasswdFile  # type: ignore[import-untyped]

    folder.mkdir(parents=True, exist_ok=True)
    packages = folder / "packages"
    packages.mkdir(exist_ok=True)
    htpasswd = HtpasswdFile(str(folder / "htpasswd"), new=True)
    htpasswd.set_password(user, password)
    htpasswd.save()
    port = port or free_port()
    cmd = [
        str(VENV_BIN / "pypi-server"),
        "run",
        "-i",
        "127.0.0.1",
        "-p",
        str(port),
        "-a",
        "update",
        "-P",
        str(folder / "htpasswd"),
        "--disable-fallback",
        str(packages),
    ]
    return _start("index", cmd, f"http://127.0.0.1:{port}/", "simple/", packages, folder / "pypiserver.log", folder)


def upstream_npm_registry() -> str:
    """What Verdaccio proxies for packages other than ours: the machine's configured npm registry."""
    out = subprocess.run(["npm", "config", "get", "registry"], capture_output=True, text=True, check=False)
    url = out.stdout.strip()
    return url if url.startswith("http") else PUBLIC_NPM


def verdaccio_config(storage: Path, htpasswd: Path, upstream: str, user: str = USER) -> str:
    """Our scope: only authenticated users read it, only `user` publishes, and it has NO proxy, so the registry never
    looks the name up upstream (a public package of the same name can never be served in its place)."""
    return f"""storage: {storage}
auth:
  htpasswd:
    file: {htpasswd}
    max_users: 1
uplinks:
  upstream:
    url: {upstream}
packages:
  '{SCOPE}/*':
    access: $authenticated
    publish: {user}
    unpublish: {user}
  '**':
    access: $all
    publish: no-one
    proxy: upstream
log: {{type: stdout, format: pretty, level: warn}}
"""


def start_npm_registry(folder: Path, password: str, user: str = USER, port: int = 0) -> Registry:
    """Verdaccio on 127.0.0.1 with one htpasswd user (`user`) and the scope served from its own storage only."""
    if not VERDACCIO.exists():
        raise RegistryError(f"Verdaccio is not installed ({VERDACCIO}): `make registries` installs it")
    folder.mkdir(parents=True, exist_ok=True)
    digest = base64.b64encode(hashlib.sha1(password.encode()).digest()).decode()  # htpasswd {SHA}: local use only
    (folder / "htpasswd").write_text(f"{user}:{{SHA}}{digest}\n")
    config = folder / "config.yaml"
    config.write_text(verdaccio_config(folder / "storage", folder / "htpasswd", upstream_npm_registry(), user))
    port = port or free_port()
    cmd = [str(VERDACCIO), "--config", str(config), "--listen", f"127.0.0.1:{port}"]
    url = f"http://127.0.0.1:{port}/"
    return _start("npm", cmd, url, "-/ping", folder / "storage", folder / "verdaccio.log", folder)


def npm_token(url: str, password: str, user: str = USER) -> str:
    """`npm token create` over the registry API (basic auth once; the token is what publishing and installs use)."""
    basic = base64.b64encode(f"{user}:{password}".encode()).decode()
    req = urllib.request.Request(
        url + "-/npm/v1/tokens",
        data=json.dumps({"password": password, "readonly": False, "cidr_whitelist": []}).encode(),
        headers={"authorization": f"Basic {basic}", "content-type": "application/json"},
        method="POST",
    )
    try:
        return str(json.loads(urllib.request.urlopen(req, timeout=10).read())["token"])
    except OSError as err:
        raise RegistryError(f"no npm token from {url}: {err}") from None


def npmrc(registry: str, token_variable: str = "MGW_NPM_TOKEN", default_registry: str | None = None) -> str:
    """The .npmrc of a project that installs the package: the scope resolves from the internal registry only, with
    the token read by npm from the environment (the file holds the variable's name, never the token)."""
    registry = registry.rstrip("/") + "/"
    lines = [f"{SCOPE}:registry={registry}", f"//{registry.split('://', 1)[1]}:_authToken=${{{token_variable}}}"]
    if default_registry:  # everything else (openapi-fetch, ...): here the same registry, proxying read-only
        lines.insert(0, f"registry={default_registry.rstrip('/')}/")
    return "\n".join(lines) + "\n"


def scope_registry(npmrc_text: str) -> str | None:
    """The registry an .npmrc routes the scope to (None when it does not route it: then npm would ask the default
    registry, the public one unless configured, for our name)."""
    for line in npmrc_text.splitlines():
        key, _, value = line.strip().partition("=")
        if key.strip() == f"{SCOPE}:registry":
            return value.strip()
    return None


@contextmanager
def running(folder: Path, *, npm: bool = True) -> Iterator[tuple[Registry, Registry | None, dict[str, str]]]:
    """Both registries with a fresh password (and an npm token), stopped on exit; the environment a publisher
    sources. Used by `make registries`."""
    password = secrets.token_urlsafe(18)
    index = start_index(folder / "index", password)
    registry: Registry | None = None
    try:
        env = {
            "MGW_PUBLISH_URL": index.url,
            "MGW_PUBLISH_USER": USER,
            "MGW_PUBLISH_PASSWORD": password,
            "MGW_INDEX_URL": index.url + "simple/",
            # a trial publish records its spec here, not in spec/released/ (which holds real releases only)
            "MGW_RELEASED_DIR": str(folder / "released"),
            # the JVM package's repository: a folder in Maven's layout, read through a file:// URL (no server)
            "MGW_MAVEN_REPO": str(folder / "maven"),
        }
        if npm:
            registry = start_npm_registry(folder / "npm", password)
            env.update(MGW_NPM_REGISTRY=registry.url, MGW_NPM_TOKEN=npm_token(registry.url, password))
        yield index, registry, env
    finally:
        if registry is not None:
            registry.stop()
        index.stop()


def _shown(path: Path) -> str:
    """A path as a person types it here: relative inside the working folder, absolute elsewhere."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def instructions(folder: Path, index: Registry, registry: Registry | None) -> str:
    rel = _shown(folder)
    text = f"""local registries running (stop: Ctrl-C here, or `make registries-stop` from another shell)
  Python index  {index.url}simple/   (packages: {_shown(index.folder)}; no fallback to PyPI)
  npm registry  {registry.url if registry else "(not started: --no-npm)"}   ({SCOPE}/* served from here only)
credentials (made for this run, never printed): {rel}/env

publish and install the Python package:
  set -a; . {rel}/env; set +a
  make publish                                   # tools/release/publish.sh: twine upload to MGW_PUBLISH_URL
  # the index serves only what is in its folder: mirror the public dependencies into it once
  python -m pip download --only-binary=:all: --dest {_shown(index.folder)} "$(ls dist/*.whl)[sandbox]"
  python -m venv /tmp/app && /tmp/app/bin/pip install --index-url "$MGW_INDEX_URL" "merchant-gateway-client[sandbox]"
"""
    if registry is not None:
        text += f"""
publish and install the npm package:
  clients/typescript/run.sh artifacts package pack && \\
    clients/typescript/publish.sh build/typescript/merchant-gateway-client-*.tgz
  mkdir /tmp/app-ts && cp {rel}/npmrc /tmp/app-ts/.npmrc     # {SCOPE} resolves from this registry only
  cd /tmp/app-ts && npm init -y >/dev/null && npm pkg set type=module   # the package and its examples: ES modules
  npm install {SCOPE}/client                     # MGW_NPM_TOKEN from the env file
"""
    maven = (folder / "maven").resolve()
    text += f"""
publish and install the JVM package (a Maven repository in a folder: {_shown(folder / "maven")}):
  set -a; . {rel}/env; set +a
  clients/java/run.sh package publish            # the jar and its pom into $MGW_MAVEN_REPO (make publish does it too)
  # a Maven project: <repository><url>{maven.as_uri()}</url></repository> and the dependency
  # com.merchantgateway:merchant-gateway-client (the spec's version); without the central repository, build with
  # mvn -o -Daether.offline.protocols=file (docs/other-languages.md)
"""
    return text


def _write_private(path: Path, text: str) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(text)


def _is(pid: int, marker: str) -> bool:
    """Whether process `pid` still runs a command naming `marker` (a recorded id may have been reused)."""
    try:
        return marker in Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return False


MARKERS = {"registries": "registries.py", "index": "pypi-server", "npm": "verdaccio"}


def stop_recorded(folder: Path, timeout: float = 30) -> int:
    """Stop the registries a `make registries` in `folder` started, by the ids it recorded in DIR/pids: the
    command itself (it stops both and cleans up), else, if it was killed, each registry's process group."""
    pids_file = folder / "pids"
    if not pids_file.is_file():
        print(f"registries: none running from {_shown(folder)}")
        return 0
    pids = {k: int(v) for k, v in json.loads(pids_file.read_text()).items()}
    main_pid = pids.pop("registries", 0)
    if main_pid and _is(main_pid, MARKERS["registries"]):
        os.kill(main_pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout
        while pids_file.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
    for kind, pid in pids.items():
        if _is(pid, MARKERS[kind]):
            os.killpg(pid, signal.SIGTERM)
    pids_file.unlink(missing_ok=True)
    (folder / "env").unlink(missing_ok=True)
    print("registries: stopped")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Run the local package index and npm registry until Ctrl-C.")
    ap.add_argument("--dir", type=Path, default=DEFAULT_DIR, help="state folder (default: build/registries)")
    ap.add_argument("--no-npm", action="store_true", help="the Python index only")
    ap.add_argument("--stop", action="store_true", help="stop the registries started from --dir and exit")
    args = ap.parse_args(argv)
    folder = args.dir.resolve()
    if args.stop:
        return stop_recorded(folder)
    if (folder / "pids").is_file():
        stop_recorded(folder)  # a previous run that was killed without cleaning up
    folder.mkdir(parents=True, exist_ok=True)
    stop = {"now": False}

    def on_signal(signum: int, _frame: object) -> None:
        stop["now"] = True

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    try:
        with running(folder, npm=not args.no_npm) as (index, registry, env):
            pids = {"registries": os.getpid(), "index": index.process.pid}
            if registry is not None:
                pids["npm"] = registry.process.pid
                # the scope only: every other package comes from the project's default registry (the public one
                # unless the team configured another), as docs/publishing.md says
                (folder / "npmrc").write_text(npmrc(registry.url))
            (folder / "pids").write_text(json.dumps(pids) + "\n")
            _write_private(folder / "env", "".join(f"{k}={v}\n" for k, v in env.items()))
            print(instructions(folder, index, registry), flush=True)
            while not stop["now"] and all(r.process.poll() is None for r in (index, registry) if r is not None):
                time.sleep(0.2)
            crashed = [r.kind for r in (index, registry) if r is not None and r.process.poll() is not None]
    except RegistryError as err:
        print(f"registries: {err}", file=sys.stderr)
        return 1
    finally:
        for name in ("pids", "env"):
            (folder / name).unlink(missing_ok=True)
    if crashed and not stop["now"]:
        print(f"registries: the {' and '.join(crashed)} registry stopped by itself (logs in {folder})", file=sys.stderr)
        return 1
    print("registries: stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
