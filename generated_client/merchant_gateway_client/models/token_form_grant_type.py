# Generated from spec/openapi.yaml by generator/, do not edit.
from enum import StrEnum


class TokenFormGrantType(StrEnum):
    CLIENT_CREDENTIALS = "client_credentials"

    def __str__(self) -> str:
        return str(self.value)
