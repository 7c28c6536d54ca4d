"""Helpers shared by the test folders, one module per part: ``from tests.support.sandbox import Gateway``."""
