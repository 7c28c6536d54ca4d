#!/usr/bin/env bash
# Type-checks the JS SDK declarations: tsc --noEmit --strict over spec/js-sdk (tsconfig.json).
# Usage: spec/js-sdk/check.sh [extra tsc arguments]. TypeScript comes from .tools/ (make ts-check installs it from tools/npm/package-lock.json).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
tsc="${TSC:-$root/.tools/node_modules/.bin/tsc}"
if [ ! -x "$tsc" ]; then
  echo "tsc not found at $tsc: run  make ts-check (it installs tools/npm/package-lock.json into .tools)" >&2
  exit 2
fi
exec "$tsc" --noEmit --strict -p "$here/tsconfig.json" "$@"
