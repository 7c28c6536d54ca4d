#!/usr/bin/env bash
# TypeScript reuse checks (issue 7), called by `make ts-check`; all output goes to build/typescript/.
#   clients/typescript/run.sh [all|types|generator|example]   (default: all)
#   types:     openapi-typescript spec -> build/typescript/schema.d.ts, then tsc --strict on it
#   generator: openapi-generator (PyPI openapi-generator-cli, Java) typescript-fetch -> build/typescript/fetch-client,
#              then tsc --strict on it (webhooks are left out of its input: they are calls TO the merchant, and
#              openapi-generator 7.x's beta 3.1 support emits an uncompilable CallbacksApi for them)
#   example:   tsc --strict example.ts/replay.ts, then node runs them on the shared vectors and the conformance kit
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
BIN="$ROOT/.tools/node_modules/.bin"
OUT="$ROOT/build/typescript"
PY="${PY:-$ROOT/.venv/bin/python}"
STEP="${1:-all}"
mkdir -p "$OUT"

need() { [ -x "$BIN/$1" ] || { echo "missing $BIN/$1: run 'make ts-check' (installs .tools) or npm install --prefix .tools $2" >&2; exit 2; }; }

types() {
  need openapi-typescript "openapi-typescript@7.13.0"; need tsc "typescript@5"
  "$BIN/openapi-typescript" spec/openapi.yaml -o "$OUT/schema.d.ts" --silent
  "$BIN/tsc" -p clients/typescript/tsconfig.schema.json
  echo "ts-check: openapi-typescript types compile with tsc --strict"
}

generator() {
  need tsc "typescript@5"
  local gen="$ROOT/.venv/bin/openapi-generator-cli"
  [ -x "$gen" ] || { echo "missing $gen: .venv/bin/pip install openapi-generator-cli" >&2; exit 2; }
  "$PY" - "$OUT/openapi.client-input.json" <<'PYEOF'
import json, sys
from ruamel.yaml import YAML
doc = YAML(typ="safe", pure=True).load(open("spec/openapi.yaml", encoding="utf-8"))
doc.pop("webhooks", None)
json.dump(doc, open(sys.argv[1], "w", encoding="utf-8"), indent=1, default=str)
PYEOF
  rm -rf "$OUT/fetch-client"
  "$gen" generate -i "$OUT/openapi.client-input.json" -g typescript-fetch -o "$OUT/fetch-client" \
    --additional-properties=supportsES6=true > "$OUT/openapi-generator.log" 2>&1 \
    || { tail -30 "$OUT/openapi-generator.log" >&2; exit 1; }
  "$BIN/tsc" -p clients/typescript/tsconfig.fetch.json
  echo "ts-check: openapi-generator typescript-fetch client compiles with tsc --strict"
}

example() {
  need tsc "typescript@5"
  [ -f "$OUT/schema.d.ts" ] || types
  "$PY" tools/conformance/make_kit.py --out "$OUT/kit.json" > /dev/null
  rm -rf "$OUT/out"
  "$BIN/tsc" -p clients/typescript/tsconfig.json
  node "$OUT/out/example.js" spec/vectors/signing.json
  node "$OUT/out/replay.js" "$OUT/kit.json" spec/vectors/signing.json
}

case "$STEP" in
  types) types ;;
  generator) generator ;;
  example) example ;;
  all) types; generator; example ;;
  *) echo "usage: $0 [all|types|generator|example]" >&2; exit 2 ;;
esac
