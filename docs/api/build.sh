#!/usr/bin/env bash
# `make docs`: the Python API reference (MkDocs + mkdocstrings, mkdocs.yml: build/docs/index.html) and, beside it,
# the wire-level reference of spec/openapi.yaml rendered by Redocly CLI (build/docs/wire/index.html). Both offline.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
PY="${PY:-.venv/bin/python}"
# DOCS_OUT: where the site goes (the tests build into a folder of their run, not into the shared build/docs)
OUT="${DOCS_OUT:-build/docs}"
[ -x .tools/node_modules/.bin/redocly ] || { echo "missing .tools/node_modules/.bin/redocly: run 'make docs' (installs .tools)" >&2; exit 2; }
"$PY" -c 'import mkdocs, mkdocstrings' 2>/dev/null || { echo "mkdocs is not in $PY: run 'make docs' (installs the dev group)" >&2; exit 2; }
# the Python reference first: mkdocs build empties $OUT, the Redoc page goes in after it
NO_MKDOCS_2_WARNING=1 "$PY" -m mkdocs build --quiet --config-file mkdocs.yml --site-dir "$OUT"
mkdir -p "$OUT/wire"
# Redocly would otherwise try to send usage telemetry; the machine has no network beyond the registries.
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true
# --inlineBundle: the page carries the Redoc scripts itself (no CDN: it works offline and in CI).
npx --prefix .tools redocly build-docs spec/openapi.yaml -o "$OUT/wire/index.html" --inlineBundle
echo "wrote $OUT/index.html (Python API) and $OUT/wire/index.html (wire level)"
