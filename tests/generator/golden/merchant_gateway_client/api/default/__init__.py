# Generated from tests/generator/fixtures/mini.yaml by generator/, do not edit.
"""Contains endpoint functions for accessing the API"""
