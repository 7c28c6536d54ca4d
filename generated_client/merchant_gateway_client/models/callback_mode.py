# Generated from spec/openapi.yaml by generator/, do not edit.
from enum import StrEnum


class CallbackMode(StrEnum):
    POST = "POST"
    PUT = "PUT"

    def __str__(self) -> str:
        return str(self.value)
