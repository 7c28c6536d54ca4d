#!/usr/bin/env bash
# Publish the npm package (the tarball `clients/typescript/run.sh pack` writes) to the INTERNAL registry only.
#   MGW_NPM_REGISTRY  URL of the internal registry (https, or http on loopback for tests)
#   MGW_NPM_TOKEN     auth token of a user allowed to publish the @merchant-gateway scope
#   clients/typescript/publish.sh build/typescript/merchant-gateway-client-<version>.tgz
# The token reaches npm through its environment: the temporary npmrc holds the literal ${MGW_NPM_TOKEN}, which npm
# expands itself, so the token is never in argv, in a file, or in the repository. Public registries are refused:
# the name exists only on the internal registry (dependency confusion, docs/other-languages.md).
set -euo pipefail
TARBALL="${1:?usage: publish.sh PACKAGE.tgz}"
: "${MGW_NPM_REGISTRY:?set MGW_NPM_REGISTRY to the URL of the internal registry}"
[ -n "${MGW_NPM_TOKEN:-}" ] || { echo "set MGW_NPM_TOKEN (a publish token of the internal registry)" >&2; exit 2; }
SCOPE="@merchant-gateway"

registry="${MGW_NPM_REGISTRY%/}/"
case "$registry" in
  *://registry.npmjs.org/*|*://registry.npmjs.com/*|*://registry.yarnpkg.com/*|*://npmjs.org/*|*://www.npmjs.com/*|*://npm.pkg.github.com/*)
    echo "refusing to publish to a public registry ($registry): the package goes to the internal registry only" >&2; exit 2 ;;
  https://*) ;;
  http://127.0.0.1[:/]*|http://localhost[:/]*|http://\[::1\][:/]*) ;;
  *) echo "the registry must be https (http only on loopback): $registry" >&2; exit 2 ;;
esac
[ -f "$TARBALL" ] || { echo "no tarball $TARBALL: run clients/typescript/run.sh pack" >&2; exit 2; }
name="$(tar -xOzf "$TARBALL" package/package.json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).name))')"
case "$name" in
  "$SCOPE"/*) ;;
  *) echo "refusing to publish $name: only $SCOPE/* packages, whose scope resolves to the internal registry" >&2; exit 2 ;;
esac

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
chmod 700 "$tmp"
nerf="//${registry#*://}"
# shellcheck disable=SC2016  # the ${MGW_NPM_TOKEN} stays literal: npm expands it from the environment
printf '%s\n' "$SCOPE:registry=$registry" "$nerf:_authToken=\${MGW_NPM_TOKEN}" update-notifier=false fund=false audit=false > "$tmp/npmrc"
exec npm publish "$TARBALL" --userconfig "$tmp/npmrc" --registry "$registry" --ignore-scripts --provenance=false \
  --no-audit --no-fund --loglevel=warn
