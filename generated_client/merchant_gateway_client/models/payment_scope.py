# Generated from spec/openapi.yaml by generator/, do not edit.
from enum import StrEnum


class PaymentScope(StrEnum):
    PLATFORM = "PLATFORM"

    def __str__(self) -> str:
        return str(self.value)
