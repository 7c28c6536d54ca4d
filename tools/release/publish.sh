#!/usr/bin/env bash
# `make publish`: upload dist/ (built by `make dist`) with twine to the INTERNAL index named by the environment.
#   MGW_PUBLISH_URL       upload URL of the internal index (e.g. https://pypi.internal.example/ for pypiserver)
#   MGW_PUBLISH_USER      user name (default __token__ when only a token is given)
#   MGW_PUBLISH_PASSWORD  password, or MGW_PUBLISH_TOKEN: an API token
#   MGW_RELEASED_DIR      where the published spec is recorded (default spec/released; tests give a temp folder)
#   MGW_MAVEN_REPO        a file-based Maven repository: the JVM package (clients/java/run.sh publish) goes there too
# Nothing secret lives in the repository; the credentials reach twine through its environment, never argv.
# The public PyPI is refused: the package name exists only on the internal index (docs/publishing.md).
# The release records itself: before the upload, tools/release/record_release.py --check refuses a version already
# recorded with another spec; after the index accepted it, spec/released/<version>/openapi.yaml is written (commit it).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
PY="${PY:-$ROOT/.venv/bin/python}"
DIST="${1:-dist}"

: "${MGW_PUBLISH_URL:?set MGW_PUBLISH_URL to the upload URL of the internal index}"
case "$MGW_PUBLISH_URL" in
  *://pypi.org*|*://upload.pypi.org*|*://test.pypi.org*)
    echo "refusing to publish to a public index ($MGW_PUBLISH_URL): see docs/publishing.md" >&2; exit 2 ;;
esac
PASSWORD="${MGW_PUBLISH_PASSWORD:-${MGW_PUBLISH_TOKEN:-}}"
[ -n "$PASSWORD" ] || { echo "set MGW_PUBLISH_PASSWORD or MGW_PUBLISH_TOKEN" >&2; exit 2; }
if [ -n "${MGW_PUBLISH_USER:-}" ]; then USERNAME="$MGW_PUBLISH_USER"; else USERNAME="__token__"; fi

VERSION="$("$PY" -c 'import sys; sys.path.insert(0, "tools/release"); import check_dist; print(check_dist.spec_version())')"
shopt -s nullglob
FILES=("$DIST"/merchant_gateway_client-"$VERSION"-*.whl "$DIST"/merchant_gateway_client-"$VERSION".tar.gz)
[ "${#FILES[@]}" -eq 2 ] || { echo "no wheel and sdist of version $VERSION in $DIST/: run 'make dist' first" >&2; exit 2; }

RELEASED="${MGW_RELEASED_DIR:-spec/released}"
"$PY" tools/release/record_release.py --released "$RELEASED" --check

export TWINE_USERNAME="$USERNAME" TWINE_PASSWORD="$PASSWORD" TWINE_NON_INTERACTIVE=1
export PYTHON_KEYRING_BACKEND=keyring.backends.null.Keyring
"$PY" -m twine upload --repository-url "$MGW_PUBLISH_URL" --disable-progress-bar "${FILES[@]}"
# the JVM package beside the wheel, same version, when a Maven repository is named (make registries names one)
if [ -n "${MGW_MAVEN_REPO:-}" ]; then bash clients/java/run.sh package publish; fi
"$PY" tools/release/record_release.py --released "$RELEASED"
