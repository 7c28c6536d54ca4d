#!/usr/bin/env bash
# The JVM package (com.merchantgateway:merchant-gateway-client), built offline from the machine's local Maven
# repository (mvn -o); tests run steps with OUT set to a temporary folder (the working tree is shared: nothing here
# writes outside $OUT, or $MGW_MAVEN_REPO for publish).
#   clients/java/run.sh [STEP...]     STEP: package kit publish (default: package kit)
#   package   copies clients/java to $OUT/src with the version set to the spec's info.version (operations.json
#             spec.version, as the wheel and the npm package), puts CHANGELOG.md and spec-diff.json of the release
#             in META-INF/merchant-gateway/, the release artifacts in com/merchantgateway/client/openapi/, and runs
#             mvn -o package -> $OUT/src/target/merchant-gateway-client-<version>.jar
#   kit       the conformance kit (spec/conformance/kit.json) through the built jar: KitRunner, exit 1 on a failure
#   publish   the jar and its pom into the file-based Maven repository $MGW_MAVEN_REPO (default build/registries/maven)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
OUT="${OUT:-$ROOT/build/java}"
PY="${PY:-$ROOT/.venv/bin/python}"
ART="${MGW_ARTIFACTS_DIR:-$ROOT/generated_client/merchant_gateway_client/artifacts}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
SRC="$OUT/src"
MVN=(mvn -o -q -B)

need() { command -v "$1" >/dev/null || { echo "$1 not found: the JVM package needs a JDK 17+ and Maven 3.8+" >&2; exit 2; }; }

version() {
  "$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["spec"]["version"])' "$ART/operations.json"
}

package() {
  need java; need mvn
  local v; v="$(version)"
  rm -rf "$SRC" && mkdir -p "$SRC/release"
  cp -r clients/java/pom.xml clients/java/src "$SRC/"
  sed -i "0,/<version>0.0.0-set-from-the-spec<\/version>/s//<version>$v<\/version>/" "$SRC/pom.xml"
  "$PY" tools/release/release_notes.py --out "$SRC/release"
  (cd "$SRC" && "${MVN[@]}" package -Dartifacts.dir="$ART" -Drelease.dir="$SRC/release")
  echo "package: com.merchantgateway:merchant-gateway-client:$v built in $SRC/target (mvn -o)"
}

# the dependency plugin does not resolve offline here: the jar's one dependency (jackson-databind, with its core and
# annotations at the same version) is taken from the local repository mvn -o built against
classpath() {
  local m2="${MGW_M2_REPO:-$HOME/.m2/repository}/com/fasterxml/jackson/core" v cp="$SRC/target/classes:$SRC/target/test-classes"
  v="$(sed -n 's#.*<jackson.version>\(.*\)</jackson.version>.*#\1#p' "$SRC/pom.xml")"
  for a in databind core annotations; do cp="$cp:$m2/jackson-$a/$v/jackson-$a-$v.jar"; done
  echo "$cp"
}

kit() {
  [ -d "$SRC/target/test-classes" ] || package
  java -cp "$(classpath)" com.merchantgateway.client.KitRunner "${MGW_KIT:-$ROOT/spec/conformance/kit.json}"
}

# a file-based Maven repository (the layout Maven resolves from a file:// URL): install-file into it, because the
# deploy plugin refuses to run offline and the central repository is not reachable here
publish() {
  local repo="${MGW_MAVEN_REPO:-$ROOT/build/registries/maven}" v
  [ -f "$SRC/pom.xml" ] || package
  v="$(version)"
  [ -f "$SRC/target/merchant-gateway-client-$v.jar" ] || package
  mkdir -p "$repo"
  repo="$(cd "$repo" && pwd)"
  (cd "$SRC" && "${MVN[@]}" org.apache.maven.plugins:maven-install-plugin:3.1.2:install-file \
      -Dfile="target/merchant-gateway-client-$v.jar" -DpomFile=pom.xml -DlocalRepositoryPath="$repo")
  echo "publish: com.merchantgateway:merchant-gateway-client:$v -> $repo (a Maven repository: <url>file://$repo</url>)"
}

steps=("$@")
[ "${#steps[@]}" -gt 0 ] || steps=(package kit)
for step in "${steps[@]}"; do
  case "$step" in
    package|kit|publish) "$step" ;;
    *) echo "unknown step $step (package kit publish)" >&2; exit 2 ;;
  esac
done
