"""Fixtures of the reliability campaign; the helpers live in rel_support.py (importable by name)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rel_support import env, fake_time, sbx  # noqa: E402,F401 - re-exported fixtures
