"""Benchmark suite of issue 8 (`make bench` / `python bench/run.py`). Not part of the pass/fail test run."""
