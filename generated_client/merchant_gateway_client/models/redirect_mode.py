# Generated from spec/openapi.yaml by generator/, do not edit.
from enum import StrEnum


class RedirectMode(StrEnum):
    POST = "POST"
    REDIRECT = "REDIRECT"

    def __str__(self) -> str:
        return str(self.value)
