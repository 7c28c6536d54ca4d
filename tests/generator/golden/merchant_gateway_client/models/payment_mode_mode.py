# Generated from tests/generator/fixtures/mini.yaml by generator/, do not edit.
from enum import StrEnum


class PaymentModeMode(StrEnum):
    ACCOUNT = "ACCOUNT"
    WALLET = "WALLET"

    def __str__(self) -> str:
        return str(self.value)
