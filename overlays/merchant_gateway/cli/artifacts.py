"""`mgw artifacts`: list the release artifacts shipped in the package, or write them to a folder (--out DIR) for a
generator, a signing middleware or a conformance run in another language (merchant_gateway.artifacts)."""

from __future__ import annotations

import argparse

from .. import artifacts
from .output import Output


def cmd_artifacts(args: argparse.Namespace, out: Output) -> int:
    version = artifacts.spec_version()
    if args.out is None:
        what = artifacts.describe()
        lines = [f"release artifacts of spec {version} (write them with: mgw artifacts --out DIR):"]
        lines += [
            f"  {name:26} {what.get(name, 'spec version and sha256 of every file')}" for name in artifacts.names()
        ]
        out.result("\n".join(lines), spec_version=version, files=artifacts.names())
        return 0
    written = artifacts.write(args.out)
    out.result(
        f"wrote {len(written)} release artifacts of spec {version} to {args.out}",
        spec_version=version,
        folder=str(args.out),
        files=[p.name for p in written],
    )
    return 0
