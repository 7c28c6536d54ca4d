"""The `mgw` subcommands. Each handler takes the parsed arguments and an Output and returns an exit code."""

from __future__ import annotations

import argparse
import difflib
import functools
import hashlib
import importlib.resources
import json
import os
import re
import sys
import urllib.parse
from dataclasses import dataclass
from typing import Any

from merchant_gateway_client.client import encode_payload, x_verify

from ..callbacks import verify_collect_callback, verify_payment_callback, verify_ui_callback
from ..errors import ConfigurationError, ValidationError
from .output import Output


def _salts(args: argparse.Namespace) -> tuple[str, str]:
    key = args.salt_key or os.environ.get("MGW_SALT_KEY") or ""
    index = args.salt_index or os.environ.get("MGW_SALT_INDEX") or ""
    if not key:
        raise ConfigurationError("MGW_SALT_KEY", "is not set: set it (or give --salt-key) to the merchant's salt key")
    if not index.isdigit():
        raise ConfigurationError(
            "MGW_SALT_INDEX", "must be a decimal number such as 1: set it (or give --salt-index) to the key's index"
        )
    return key, index


def _read(source: str) -> bytes:
    if source == "-":
        return sys.stdin.buffer.read()
    try:
        with open(source, "rb") as fh:
            return fh.read()
    except OSError as exc:
        raise ValidationError(source, f"cannot read: {exc.strerror}; give a readable file, or - for stdin") from None


# --- sign ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SigningPath:
    template: str  # x-signing-path, path parameters as {name}
    mode: str  # body | path
    operations: tuple[str, ...]  # operationIds signed with it

    @functools.cached_property
    def pattern(self) -> re.Pattern[str]:
        parts = re.split(r"(\{[^}/]+\})", self.template)
        return re.compile("".join("[^/]+" if p.startswith("{") else re.escape(p) for p in parts))


@functools.cache
def signing_paths() -> tuple[SigningPath, ...]:
    """Every signing path of the spec, read from the generated code: the endpoint modules' SIGNING_PATH and
    SIGNING_MODE for the server operations (``operations.OPERATIONS``), and the bundled spec's x-signing-path for
    the mobile-SDK resources, which have no endpoint module (the server only signs them for the app)."""
    from merchant_gateway_client.operations import OPERATIONS

    found: dict[str, tuple[str, list[str]]] = {}
    for op in OPERATIONS.values():
        mode, path = getattr(op.module, "SIGNING_MODE", "none"), getattr(op.module, "SIGNING_PATH", None)
        if mode != "none" and isinstance(path, str):
            found.setdefault(path, (mode, []))[1].append(op.operation_id)
    spec = json.loads(importlib.resources.files("merchant_gateway_client").joinpath("spec.json").read_text("utf-8"))
    for item in spec.get("paths", {}).values():
        for op in item.values() if isinstance(item, dict) else ():
            if isinstance(op, dict) and op.get("x-called-by") == "mobile-sdk" and op.get("x-signing-path"):
                mode = op.get("x-signing-mode", "body")
                found.setdefault(op["x-signing-path"], (mode, []))[1].append(str(op.get("operationId")))
    return tuple(SigningPath(t, mode, tuple(ops)) for t, (mode, ops) in found.items())


def signing_path_warnings(path: str, mode: str) -> list[str]:
    """Why ``path`` may not be what the gateway hashes: not the signing path of any operation (the right one named,
    e.g. a trailing slash), or the other signing mode (with or without a payload)."""
    known = signing_paths()
    match = next((sp for sp in known if sp.pattern.fullmatch(path)), None)
    if match is None:
        normalized = re.sub(r"/{2,}", "/", path).rstrip("/") or "/"
        near = next((sp for sp in known if sp.pattern.fullmatch(normalized)), None)
        if near is not None:
            right = normalized
        else:
            close = difflib.get_close_matches(path, [sp.template for sp in known], n=1, cutoff=0.6)
            near = next((sp for sp in known if close and sp.template == close[0]), None)
            right = close[0] if close else ""
        if near is None:
            return [f"{path} is not the signing path of any operation of the spec (x-signing-path)"]
        slash = " (a trailing slash is the classic checksum mismatch)" if path.endswith("/") else ""
        ops = ", ".join(near.operations)
        return [f"{path} is not the signing path of any operation of the spec; it is {right} ({ops}){slash}"]
    if match.mode != mode:
        how = "its payload: give --payload" if match.mode == "body" else "the filled path alone: leave out --payload"
        return [f"{path} ({', '.join(match.operations)}) is signed with {how}"]
    return []


def cmd_sign(args: argparse.Namespace, out: Output) -> int:
    """X-VERIFY for a payload and signing path (body mode) or for a filled path alone (path mode)."""
    key, index = _salts(args)
    path = args.path
    if not path.startswith("/") or any(c.isspace() for c in path):
        raise ValidationError("--path", "must be the signing path, e.g. /v3/debit, without spaces")
    request_b64: str | None = None
    if args.base64_file:
        request_b64 = _read(args.base64_file).decode("ascii", "replace").strip()
    elif args.payload is not None or args.payload_file:
        raw = args.payload if args.payload is not None else _read(args.payload_file).decode("utf-8")
        try:
            payload = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise ValidationError("--payload", f"is not JSON ({exc.msg} at line {exc.lineno})") from None
        if not isinstance(payload, dict):
            raise ValidationError("--payload", "must be a JSON object")
        request_b64 = encode_payload(payload)
    mode = "path" if request_b64 is None else "body"
    header = x_verify(path if request_b64 is None else request_b64 + path, key, index)
    warnings = signing_path_warnings(path, mode)
    for warning in warnings:
        out.warning(warning)
    data: dict[str, Any] = {"mode": mode, "signing_path": path, "salt_index": index, "x_verify": header}
    if warnings:
        data["warnings"] = warnings
    lines = [f"mode:          {mode}", f"signing path:  {path}"]
    if request_b64 is not None:
        # the payload itself is never printed; its fingerprint lets you compare with what your code sent
        fingerprint = hashlib.sha256(request_b64.encode()).hexdigest()
        data.update(request_length=len(request_b64), request_sha256=fingerprint)
        lines += [f"request:       {len(request_b64)} base64 characters, sha256 {fingerprint}"]
        lines += ["hashed:        sha256(request + signing path + salt key)"]
    else:
        lines += ["hashed:        sha256(signing path + salt key)"]
    lines += [f"X-VERIFY:      {header}"]
    out.result("\n".join(lines), **data)
    return 0


# --- verify-callback -----------------------------------------------------------------------------------------


def body_kind(body: bytes) -> str | None:
    """What a callback body looks like: ``json`` (the server-to-server ``{"response": ...}`` of a payment, refund
    or collect callback), ``form`` (the UI form post, urlencoded with a ``checksum`` field) or None (neither)."""
    text = body.decode("utf-8", "replace").strip()
    try:
        doc = json.loads(text)
    except ValueError:
        doc = None
    if isinstance(doc, dict):
        return "json" if "response" in doc else None
    fields = dict(urllib.parse.parse_qsl(text, keep_blank_values=True))
    return "form" if "checksum" in fields else None


def _check_kind(kind: str, body: bytes, x_verify: str | None) -> None:
    """A body of the other kind is named, with the --kind it needs, before any checksum is compared (otherwise a
    JSON body checked as a form fails as "checksum header is missing", which says nothing of the real mistake)."""
    looks = body_kind(body)
    if kind == "form" and looks == "json":
        raise ValidationError(
            "--kind",
            'form does not fit this body: it is a server-to-server callback ({"response": ...}), not a UI form '
            "post; run with --kind payment (or --kind collect for a collect request) and --x-verify HEADER",
        )
    if kind != "form" and looks == "form":
        raise ValidationError(
            "--kind",
            f"{kind} does not fit this body: it is a UI form post (urlencoded, with a checksum field), not a "
            "server-to-server callback; run with --kind form",
        )
    if kind != "form" and not x_verify:
        raise ValidationError(
            "--x-verify",
            f"is required with --kind {kind}: give the X-VERIFY header the callback came with (a UI form post "
            "carries its checksum in the body: --kind form)",
        )


def cmd_verify_callback(args: argparse.Namespace, out: Output) -> int:
    """Say whether a callback verifies, and why not. Exit 1 when it does not."""
    key, index = _salts(args)
    salts = {index: key}
    body = _read(args.body)
    _check_kind(args.kind, body, args.x_verify)
    expected = {
        "expected_amount": args.expected_amount,
        "expected_transaction_id": args.expected_transaction_id,
        "expected_merchant_id": args.merchant_id or os.environ.get("MGW_MERCHANT_ID") or None,
    }
    if args.kind == "form":
        form = {k: v for k, v in urllib.parse.parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True)}
        ui = verify_ui_callback(form, salts, **expected)
        facts: dict[str, Any] = {
            "kind": "form",
            "code": ui.code,
            "transaction_id": ui.transaction_id,
            "amount": ui.amount,
            "salt_index": ui.salt_index,
        }
    else:
        verify = verify_collect_callback if args.kind == "collect" else verify_payment_callback
        cb = verify(body, args.x_verify, salts, **expected)
        facts = {
            "kind": args.kind,
            "code": cb.code,
            "success": cb.success,
            "transaction_id": cb.data.transaction_id,
            "amount": cb.data.amount,
            "salt_index": cb.salt_index,
        }
    human = "verified: " + " ".join(f"{k}={v}" for k, v in facts.items() if k != "kind")
    out.result(human, verified=True, **facts)
    return 0
