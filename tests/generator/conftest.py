"""The generator tests import `generator` (repository root) and the committed `merchant_gateway_client` through
pytest's `pythonpath` (pyproject.toml); their shared paths and helpers are in tests/support/generator.py."""
