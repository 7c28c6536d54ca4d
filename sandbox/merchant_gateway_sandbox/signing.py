"""X-VERIFY and checksum computation, written independently of the client (hashlib only).

Formulas from the interface document (Authentication, Events):
- body mode:  sha256(base64_payload + signing_path + salt_key) + "###" + salt_index
- path mode:  sha256(signing_path_with_values + salt_key) + "###" + salt_index
- S2S callback: sha256(base64_response + salt_key) + "###" + salt_index
- UI form post: sha256(code + merchantId + transactionId + amount + providerReferenceId
                       + param1..param20 (present ones) + salt_key) + "###" + salt_index
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping

UI_FIELDS = ("code", "merchantId", "transactionId", "amount", "providerReferenceId")
UI_PARAMS = tuple(f"param{i}" for i in range(1, 21))


def x_verify(message: str, salt_key: str, salt_index: str) -> str:
    digest = hashlib.sha256((message + salt_key).encode("utf-8")).hexdigest()
    return f"{digest}###{salt_index}"


def body_signature(request_b64: str, signing_path: str, salt_key: str, salt_index: str) -> str:
    return x_verify(request_b64 + signing_path, salt_key, salt_index)


def path_signature(filled_path: str, salt_key: str, salt_index: str) -> str:
    return x_verify(filled_path, salt_key, salt_index)


def callback_signature(response_b64: str, salt_key: str, salt_index: str) -> str:
    return x_verify(response_b64, salt_key, salt_index)


def ui_checksum(form: Mapping[str, object], salt_key: str, salt_index: str) -> str:
    parts = [str(form[name]) for name in UI_FIELDS]
    parts += [str(form[name]) for name in UI_PARAMS if form.get(name) is not None]
    return x_verify("".join(parts), salt_key, salt_index)


def fill_path(template: str, values: Mapping[str, str]) -> str:
    """Fill `{name}` placeholders with raw (unencoded) values."""
    out = template
    for name, value in values.items():
        out = out.replace("{" + name + "}", value)
    return out


class SignatureError(Exception):
    """The X-VERIFY header is missing, malformed, names an unknown salt index, or does not match."""


def check(header: str | None, message: str, salts: Mapping[str, str]) -> str:
    """Verify `header` for `message` against the configured salts; return the salt index used."""
    if not header:
        raise SignatureError("X-VERIFY header is missing")
    digest, sep, index = header.strip().rpartition("###")
    if not sep or not digest:
        raise SignatureError("X-VERIFY must be sha256 hex + '###' + salt index")
    salt = salts.get(index)
    if salt is None:
        raise SignatureError(f"X-VERIFY names unknown salt index {index!r}")
    expected = x_verify(message, salt, index)
    if not hmac.compare_digest(expected.encode(), header.strip().encode()):
        raise SignatureError("X-VERIFY does not match")
    return index
