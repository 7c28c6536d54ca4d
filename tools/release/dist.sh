#!/usr/bin/env bash
# `make dist`: sdist + wheel with `python -m build` into dist/ (git-ignored), then twine check and a content check.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
PY="${PY:-$ROOT/.venv/bin/python}"
OUT="${1:-dist}"
rm -rf "$OUT"
"$PY" -m build --outdir "$OUT" .
"$PY" -m twine check --strict "$OUT"/*
"$PY" tools/release/check_dist.py "$OUT"
