# Generated from tests/generator/fixtures/mini.yaml by generator/, do not edit.
from enum import StrEnum


class PaymentState(StrEnum):
    COMPLETED = "COMPLETED"
    FAILED = "FAILED"

    def __str__(self) -> str:
        return str(self.value)
