#!/usr/bin/env bash
# The TypeScript package and the generator checks (issue 16, finding 7). `make ts-check` runs `all`; tests run steps
# with OUT set to a temporary folder (the working tree is shared: nothing here writes outside $OUT).
#   clients/typescript/run.sh [STEP...]      STEP: artifacts package test generators pack all (default: all)
#   artifacts   tools/artifacts/make_artifacts.py -> $OUT/artifacts (the release artifacts, validated)
#   package     codegen.mjs (openapi-typescript types of the per-host documents + operations.json as code) and tsc
#               --strict -> $OUT/package: the npm package (version = info.version), dist/ and openapi/ (artifacts)
#   test        tsc --strict on test/*.ts against the built package (imported by name), then node --test: the
#               conformance kit, the signing vectors, the browser guard, and the payment story against a local
#               sandbox (`mgw sandbox --port 0`, started here unless MGW_BASE_URL is set)
#   generators  openapi-typescript on every released document and openapi-generator typescript-fetch on the
#               per-host documents and openapi.no-webhooks.json, each compiled with tsc --strict; the generated
#               base paths must be the host's (also for openapi-generator's java, generation only)
#   pack        npm pack -> $OUT/merchant-gateway-client-<version>.tgz
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
OUT="${OUT:-$ROOT/build/typescript}"
PY="${PY:-$ROOT/.venv/bin/python}"
TOOLS="$ROOT/.tools/node_modules"
BIN="$TOOLS/.bin"
SRC="$ROOT/clients/typescript"
PKG="$OUT/package"
ART="$OUT/artifacts"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"; PKG="$OUT/package"; ART="$OUT/artifacts"

need() { [ -e "$TOOLS/$1" ] || { echo "missing $TOOLS/$1: run 'make ts-check' (it installs clients/typescript/package.json's packages into .tools)" >&2; exit 2; }; }
tsc() { "$BIN/tsc" "$@"; }

artifacts() {
  "$PY" tools/artifacts/make_artifacts.py --out "$ART"
}

package() {
  need openapi-fetch; need openapi-typescript; need typescript; need @types/node
  [ -f "$ART/operations.json" ] || artifacts
  rm -rf "$PKG" && mkdir -p "$PKG/openapi"
  cp -r "$SRC/src" "$SRC/tsconfig.json" "$SRC/README.md" "$SRC/codegen.mjs" "$PKG/"
  cp "$ART"/*.json "$PKG/openapi/"
  "$PY" tools/release/release_notes.py --out "$PKG/release"   # CHANGELOG.md and spec-diff.json of this release
  ln -s "$TOOLS" "$PKG/node_modules"   # openapi-fetch and the build tools (npm pack leaves node_modules out)
  local version
  version="$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["spec"]["version"])' "$ART/operations.json")"
  node -e '
    const fs = require("fs"); const [src, out, version] = process.argv.slice(1);
    const p = JSON.parse(fs.readFileSync(src, "utf8"));
    p.version = version; delete p["//"]; delete p.devDependencies;
    fs.writeFileSync(out, JSON.stringify(p, null, 2) + "\n");' "$SRC/package.json" "$PKG/package.json" "$version"
  (cd "$PKG" && node codegen.mjs "$ART" src/generated && rm codegen.mjs)
  (cd "$PKG" && tsc -p tsconfig.json)
  rm "$PKG/tsconfig.json"
  mkdir -p "$OUT/node_modules/@merchant-gateway"
  ln -sfn "$PKG" "$OUT/node_modules/@merchant-gateway/client"   # tests import the package by its name
  echo "package: @merchant-gateway/client@$version built in $PKG (tsc --strict)"
}

start_sandbox() {
  local log="$OUT/sandbox.out"
  MGW_SALT_KEY="ts-story-salt-$RANDOM$RANDOM"; MGW_SALT_INDEX=1; MGW_MERCHANT_ID=TSMERCHANT
  "$PY" -m merchant_gateway sandbox --host 127.0.0.1 --port 0 --merchant-id "$MGW_MERCHANT_ID" \
    --salt-key "$MGW_SALT_KEY" --salt-index "$MGW_SALT_INDEX" --settle-after 0.5 > "$log" 2> "$OUT/sandbox.err" &
  SANDBOX_PID=$!
  trap 'kill "$SANDBOX_PID" 2>/dev/null || true' EXIT
  for _ in $(seq 1 150); do
    [ "$(grep -c '^MGW_.*_URL=' "$log" 2>/dev/null || true)" -ge 3 ] && break
    kill -0 "$SANDBOX_PID" 2>/dev/null || { cat "$OUT/sandbox.err" >&2; exit 1; }
    sleep 0.1
  done
  while IFS='=' read -r name value; do
    case "$name" in MGW_BASE_URL|MGW_APPS_URL|MGW_AUTH_URL) export "$name=$value" ;; esac
  done < "$log"
  [ -n "${MGW_BASE_URL:-}" ] || { echo "the sandbox printed no URLs" >&2; cat "$OUT/sandbox.err" >&2; exit 1; }
  export MGW_SALT_KEY MGW_SALT_INDEX MGW_MERCHANT_ID MGW_CLIENT_ID=SANDBOXCLIENT MGW_CLIENT_SECRET=sandbox-secret MGW_CLIENT_VERSION=1
}

test_() {
  [ -d "$PKG/dist" ] || package
  local t="$OUT/tests"
  rm -rf "$t" && mkdir -p "$t/src"
  cp "$SRC"/test/*.ts "$t/src/"
  echo '{"type": "module", "private": true}' > "$t/package.json"
  cat > "$t/tsconfig.json" <<EOF
{
  "compilerOptions": {
    "strict": true, "exactOptionalPropertyTypes": true, "noUncheckedIndexedAccess": true,
    "target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext", "lib": ["ES2022", "DOM", "DOM.Iterable"],
    "types": ["node"], "typeRoots": ["$TOOLS/@types"], "outDir": "dist", "rootDir": "src", "skipLibCheck": true
  },
  "include": ["src"]
}
EOF
  (cd "$t" && tsc -p tsconfig.json)
  "$PY" tools/conformance/make_kit.py --out "$OUT/kit.json" > /dev/null
  [ -n "${MGW_BASE_URL:-}" ] || start_sandbox
  MGW_TS_KIT="$OUT/kit.json" MGW_TS_VECTORS="$ROOT/spec/vectors/signing.json" MGW_TS_PARAMETER_CASES="$SRC/test/parameter-cases.json" \
    node --test --test-reporter=spec "$t"/dist/*.test.js
}

generators() {
  need typescript; need openapi-typescript
  [ -f "$ART/operations.json" ] || artifacts
  local g="$OUT/generators"
  rm -rf "$g" && mkdir -p "$g/openapi-typescript"
  local doc name host
  for doc in "$ART"/openapi*.json; do
    name="$(basename "$doc" .json)"
    "$BIN/openapi-typescript" "$doc" -o "$g/openapi-typescript/$name.ts" > "$g/openapi-typescript.log" 2>&1 \
      || { cat "$g/openapi-typescript.log" >&2; exit 1; }
  done

  local gen="$ROOT/.venv/bin/openapi-generator-cli"
  [ -x "$gen" ] || { echo "missing $gen (dev dependency openapi-generator-cli)" >&2; exit 2; }
  command -v java >/dev/null || { echo "openapi-generator needs Java 17" >&2; exit 2; }
  # one JVM for all of them: openapi-generator's batch mode, one config per output
  local configs=()
  for name in base apps auth no-webhooks; do
    printf 'generatorName: typescript-fetch\ninputSpec: %s\noutputDir: %s\nadditionalProperties:\n  supportsES6: true\n' \
      "$ART/openapi.$name.json" "$g/typescript-fetch-$name" > "$g/ts-$name.yaml"
    configs+=("$g/ts-$name.yaml")
  done
  for host in base apps auth; do
    printf 'generatorName: java\ninputSpec: %s\noutputDir: %s\nadditionalProperties:\n  library: native\n  hideGenerationTimestamp: true\n' \
      "$ART/openapi.$host.json" "$g/java-$host" > "$g/java-$host.yaml"
    configs+=("$g/java-$host.yaml")
  done
  "$gen" batch --fail-fast "${configs[@]}" > "$g/openapi-generator.log" 2>&1 || { tail -40 "$g/openapi-generator.log" >&2; exit 1; }

  # every TypeScript output in one tsc --strict run (each file is a module: no names collide), unedited
  printf '%s\n' '{' '  "compilerOptions": {' \
    '    "strict": true, "noEmit": true, "target": "ES2022", "module": "ES2022", "moduleResolution": "bundler",' \
    '    "lib": ["ES2022", "DOM"], "types": [], "skipLibCheck": false' '  },' \
    '  "include": ["openapi-typescript/*.ts", "typescript-fetch-*/**/*.ts"]' '}' > "$g/tsconfig.json"
  tsc -p "$g/tsconfig.json"
  echo "generators: tsc --strict compiles, unedited, openapi-typescript's output of the $(ls "$g/openapi-typescript" | wc -l)" \
    "released documents and openapi-generator typescript-fetch's clients of openapi.{base,apps,auth,no-webhooks}.json"
  "$PY" "$SRC/check_generated.py" "$ART/operations.json" "$g"
}

pack() {
  [ -d "$PKG/dist" ] || package
  (cd "$OUT" && npm pack "$PKG" --pack-destination "$OUT" --silent --loglevel=error)
}

[ $# -gt 0 ] || set -- all
for step in "$@"; do
  case "$step" in
    artifacts) artifacts ;;
    package) package ;;
    test) test_ ;;
    generators) generators ;;
    pack) pack ;;
    all) artifacts; package; test_; generators ;;
    *) echo "usage: $0 [artifacts|package|test|generators|pack|all]..." >&2; exit 2 ;;
  esac
done
