#!/usr/bin/env bash
# `make docs`: render spec/openapi.yaml to one static HTML page with Redocly CLI (build/docs/index.html).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
[ -x .tools/node_modules/.bin/redocly ] || { echo "missing .tools/node_modules/.bin/redocly: run 'make docs' (installs .tools)" >&2; exit 2; }
mkdir -p build/docs
# Redocly would otherwise try to send usage telemetry; the machine has no network beyond the registries.
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true
# --inlineBundle: the page carries the Redoc scripts itself (no CDN: it works offline and in CI).
npx --prefix .tools redocly build-docs spec/openapi.yaml -o build/docs/index.html --inlineBundle
echo "wrote build/docs/index.html"
