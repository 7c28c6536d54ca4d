# Generated from spec/openapi.yaml by generator/, do not edit.
from enum import StrEnum


class OtpRequestType(StrEnum):
    CREDIT = "CREDIT"
    WALLET = "WALLET"

    def __str__(self) -> str:
        return str(self.value)
