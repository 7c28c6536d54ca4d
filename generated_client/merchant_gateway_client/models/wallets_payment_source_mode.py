# Generated from spec/openapi.yaml by generator/, do not edit.
from enum import StrEnum


class WalletsPaymentSourceMode(StrEnum):
    WALLETS = "wallets"

    def __str__(self) -> str:
        return str(self.value)
