# Generated from spec/openapi.yaml by generator/, do not edit.
from enum import StrEnum


class InstrumentType(StrEnum):
    MOBILE = "MOBILE"

    def __str__(self) -> str:
        return str(self.value)
