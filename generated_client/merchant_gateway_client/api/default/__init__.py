# Generated from spec/openapi.yaml by generator/, do not edit.
"""Contains endpoint functions for accessing the API"""
