# Generated from spec/openapi.yaml by generator/, do not edit.
from enum import StrEnum


class UpiPaymentSourceType(StrEnum):
    INLINE = "INLINE"
    INTENT = "INTENT"

    def __str__(self) -> str:
        return str(self.value)
