"""Checks what openapi-generator wrote from the per-host documents (clients/typescript/run.sh generators):

* typescript-fetch: BASE_PATH of each host's client is that host's first server (the local sandbox), every
  operation of the host has its method, and no client takes a `statusSegment` argument;
* java (generation only): the host's first server is the base path in ApiClient.java.

    python check_generated.py OPERATIONS_JSON GENERATORS_DIR
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path


def main(table_file: str, out: str) -> int:
    table = json.loads(Path(table_file).read_text(encoding="utf-8"))
    g = Path(out)
    bad: list[str] = []
    for host, facts in table["hosts"].items():
        want = facts["servers"][0]["url"]
        runtime = (g / f"typescript-fetch-{host}" / "runtime.ts").read_text(encoding="utf-8")
        ts = re.search(r'BASE_PATH = "([^"]*)"', runtime)
        if not ts or ts[1] != want:
            bad.append(f"typescript-fetch {host}: BASE_PATH {ts[1] if ts else None} != {want}")
        java = {
            m
            for p in (g / f"java-{host}").rglob("ApiClient.java")
            for m in re.findall(r'"(https?://[^"]*)"', p.read_text(encoding="utf-8"))
        }
        if want not in java:
            bad.append(f"java {host}: ApiClient has {sorted(java)}, not {want}")
        api = "".join(p.read_text(encoding="utf-8") for p in (g / f"typescript-fetch-{host}" / "apis").glob("*.ts"))
        ops = [op for op, o in table["operations"].items() if o["host"] == host]
        missing = [op for op in ops if f"async {op}Raw(" not in api]
        if missing:
            bad.append(f"typescript-fetch {host}: no method for {missing}")
        if re.search(r"\bstatusSegment\??:", api):
            bad.append(f"typescript-fetch {host}: statusSegment is still an argument")
    if bad:
        print("generators: " + "; ".join(bad), file=sys.stderr)
        return 1
    hosts = ", ".join(f"{h} {f['servers'][0]['url']}" for h, f in table["hosts"].items())
    print(f"generators: base paths are right per host (typescript-fetch BASE_PATH, java ApiClient): {hosts}")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
