"""Make the committed generated package importable for the generator tests."""

from __future__ import annotations

import sys

from gen_support import GENERATED, REPO

# `generator` is imported by the golden tests; the repository root is not on sys.path under plain `pytest`.
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

# Once the project is installed the package imports normally; before that, use the committed folder.
try:
    import merchant_gateway_client  # noqa: F401
except ImportError:
    sys.path.insert(0, str(GENERATED))
