# Generated from tests/generator/fixtures/mini.yaml by generator/, do not edit.
"""Contains methods for accessing the API"""
