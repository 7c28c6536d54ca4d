# Generated from spec/openapi.yaml by generator/, do not edit.
"""Contains methods for accessing the API"""
