"""Validate a request against its spec operation: headers, path parameters, body envelope, X-VERIFY, payload.

Nothing about the payloads is restated here: the JSON Schemas come from the OpenAPI document
(`requestBody ... properties.request.contentSchema` for base64-json bodies).
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from jsonschema import Draft202012Validator, FormatChecker
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from . import signing
from .errors import GatewayError, bad_request
from .spec import Operation, SpecIndex, pointer

SPEC_URI = "urn:mgw-spec"
FORMATS = FormatChecker(["date-time", "email", "ipv4", "ipv6"])


@FORMATS.checks("uri", raises=ValueError)
def _is_uri(value: object) -> bool:
    if not isinstance(value, str):
        return True
    parts = urlsplit(value)
    return bool(parts.scheme) and (bool(parts.netloc) or parts.scheme not in ("http", "https")) and " " not in value


@FORMATS.checks("int64")
def _is_int64(value: object) -> bool:
    return not isinstance(value, int) or -(2**63) <= value < 2**63


@FORMATS.checks("int32")
def _is_int32(value: object) -> bool:
    return not isinstance(value, int) or -(2**31) <= value < 2**31


VERIFY_HEADER = "x-verify"


@dataclass
class ValidRequest:
    op: Operation
    path_params: dict[str, str]
    headers: dict[str, str]  # lower-case names
    payload: dict[str, Any] = field(default_factory=dict)
    request_b64: str | None = None
    salt_index: str | None = None

    def header(self, name: str) -> str | None:
        return self.headers.get(name.lower())


def _describe(err: ValidationError, where: str) -> str:
    path = ".".join(str(p) for p in err.absolute_path)
    if err.validator == "required" and isinstance(err.instance, dict):
        missing = [r for r in list(err.validator_value) if r not in err.instance]  # type: ignore[arg-type]
        if missing:
            name = f"{path}.{missing[0]}" if path else str(missing[0])
            return f"{where}: field '{name}' is required"
    if err.validator == "additionalProperties" and isinstance(err.instance, dict):
        return f"{where}: {err.message}" + (f" (at '{path}')" if path else "")
    name = path or "(root)"
    if err.validator == "minimum":
        return f"{where}: field '{name}': {name} must be greater than or equal to {err.validator_value}"
    return f"{where}: field '{name}': {err.message}"


class RequestValidator:
    def __init__(self, index: SpecIndex) -> None:
        self.index = index
        resource = DRAFT202012.create_resource(index.doc)
        self.registry: Registry = Registry().with_resource(SPEC_URI, resource)
        self._validators: dict[str, Draft202012Validator] = {}

    def validator(self, ptr: str) -> Draft202012Validator:
        v = self._validators.get(ptr)
        if v is None:
            v = Draft202012Validator({"$ref": f"{SPEC_URI}#{ptr}"}, registry=self.registry, format_checker=FORMATS)
            self._validators[ptr] = v
        return v

    def check_schema(self, ptr: str, instance: Any, where: str) -> None:
        err = best_match(self.validator(ptr).iter_errors(instance))
        if err is not None:
            raise bad_request(_describe(err, where))

    # -- body schemas ---------------------------------------------------------------------------------------------
    def _body_media(self, op: Operation) -> tuple[dict[str, Any], str, str] | None:
        rb = op.obj.get("requestBody")
        if rb is None:
            return None
        rb, rb_ptr = self.index.resolver.deref(rb, op.ptr + "/requestBody")
        content = rb.get("content") or {}
        for media, media_obj in content.items():
            if "schema" in media_obj:
                return media_obj, rb_ptr + pointer("content", media, "schema"), media
        return None

    def payload_schema_ptr(self, op: Operation) -> str | None:
        media = self._body_media(op)
        if media is None:
            return None
        _, schema_ptr, _ = media
        schema, schema_ptr = self.index.resolver.deref(self.index.resolver.at(schema_ptr), schema_ptr)
        req = (schema.get("properties") or {}).get("request") or {}
        if "contentSchema" in req:
            return schema_ptr + "/properties/request/contentSchema"
        return None

    # -- the full check -------------------------------------------------------------------------------------------
    def validate(
        self,
        op: Operation,
        path_params: dict[str, str],
        headers: Mapping[str, str],
        body: bytes,
        salts: Mapping[str, str],
    ) -> ValidRequest:
        hdrs = {k.lower(): v for k, v in headers.items()}
        req = ValidRequest(op, path_params, hdrs)
        for param in op.parameters:
            if param.location == "path":
                value: Any = path_params.get(param.name)
            elif param.location == "header":
                if param.name.lower() == VERIFY_HEADER:
                    continue  # X-VERIFY is checked by the signature step (AUTHORIZATION_FAILED)
                value = hdrs.get(param.name.lower())
            else:
                continue
            if value is None:
                if param.required:
                    raise bad_request(f"{param.location} parameter '{param.name}' is required")
                continue
            if param.schema_ptr:
                self.check_schema(param.schema_ptr, value, f"{param.location} parameter '{param.name}'")

        wrapping = op.body_wrapping
        media = self._body_media(op)
        if wrapping == "base64-json":
            req.request_b64 = self._envelope(op, body, media)
        elif wrapping == "json" and media is not None:
            req.payload = self._json_body(op, body, media[1])
        elif wrapping == "form" and media is not None:
            try:
                form = dict(parse_qsl(body.decode("utf-8"), keep_blank_values=True, strict_parsing=bool(body)))
            except (UnicodeDecodeError, ValueError):
                raise bad_request("body: not a valid application/x-www-form-urlencoded form") from None
            self.check_schema(media[1], form, "form")
            req.payload = form

        req.salt_index = self._signature(op, req, salts)

        if req.request_b64 is not None:
            req.payload = self._decode_payload(op, req.request_b64)
        return req

    def _json_body(self, op: Operation, body: bytes, schema_ptr: str) -> dict[str, Any]:
        try:
            data = json.loads(body)
        except (UnicodeDecodeError, ValueError):
            raise bad_request("body: not valid JSON") from None
        if isinstance(data, dict):
            self.check_field_rules(op, schema_ptr, data, "body")
        self.check_schema(schema_ptr, data, "body")
        if not isinstance(data, dict):
            raise bad_request("body: must be a JSON object")
        return data

    def _envelope(self, op: Operation, body: bytes, media: tuple[dict[str, Any], str, str] | None) -> str:
        try:
            data = json.loads(body) if body else None
        except (UnicodeDecodeError, ValueError):
            raise bad_request('body: not valid JSON; expected {"request": "<base64 payload>"}') from None
        if not isinstance(data, dict) or not isinstance(data.get("request"), str):
            raise bad_request("body: field 'request' (base64 string) is required")
        if media is not None:
            # the wrapper itself (e.g. no extra fields), without its contentSchema
            wrapper, _ = self.index.resolver.deref(self.index.resolver.at(media[1]), media[1])
            extra = set(data) - set((wrapper.get("properties") or {}).keys())
            if extra and wrapper.get("additionalProperties") is False:
                raise bad_request(f"body: unexpected field '{sorted(extra)[0]}'")
        return str(data["request"])

    def _decode_payload(self, op: Operation, request_b64: str) -> dict[str, Any]:
        try:
            raw = base64.b64decode(request_b64, validate=True)
        except (binascii.Error, ValueError):
            raise bad_request("field 'request': not valid base64") from None
        try:
            payload = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise bad_request("field 'request': base64 does not decode to JSON") from None
        ptr = self.payload_schema_ptr(op)
        if isinstance(payload, dict):
            self.check_field_rules(op, ptr, payload, "payload")
        if ptr is not None:
            self.check_schema(ptr, payload, "payload")
        if not isinstance(payload, dict):
            raise bad_request("field 'request': payload must be a JSON object")
        return payload

    def check_field_rules(self, op: Operation, schema_ptr: str | None, payload: dict[str, Any], where: str) -> None:
        """The spec's `x-field-rules` (payload schema's, then the operation's), with a message naming the fields.

        The schema-level rules are also JSON Schema keywords of the payload (checked next, by jsonschema); the
        operation-level ones (inline pay POST: mobileNumber) exist only here. A field counts as sent when its key is
        in the payload (JSON null included, as JSON Schema's `required`).
        """
        rules: list[Any] = []
        if schema_ptr is not None:
            schema, _ = self.index.resolver.deref(self.index.resolver.at(schema_ptr), schema_ptr)
            rules += list(schema.get("x-field-rules") or []) if isinstance(schema, dict) else []
        rules += list(op.obj.get("x-field-rules") or [])
        for entry in rules:
            rule, fields = entry.get("rule"), [str(f) for f in entry.get("fields") or []]
            sent = [f for f in fields if f in payload]
            names = " and ".join(f"'{f}'" for f in fields)
            if rule == "required" and len(sent) < len(fields):
                missing = [f for f in fields if f not in sent]
                raise bad_request(f"{where}: field '{missing[0]}' is required by {op.operation_id}")
            if rule == "exactly-one-of" and len(sent) != 1:
                raise bad_request(f"{where}: exactly one of fields {names} is required ({len(sent)} given)")
            if rule == "at-least-one-of" and not sent:
                raise bad_request(f"{where}: one of fields {names} is required")
            if rule == "at-most-one-of" and len(sent) > 1:
                raise bad_request(f"{where}: fields {names} are not to be sent together")

    def _signature(self, op: Operation, req: ValidRequest, salts: Mapping[str, str]) -> str | None:
        mode = op.signing_mode
        if mode == "none":
            return None
        header = req.header(VERIFY_HEADER)
        if header is None and not op.signing_required:
            return None
        template = op.signing_path or op.template
        message = (req.request_b64 or "") + template if mode == "body" else signing.fill_path(template, req.path_params)
        try:
            return signing.check(header, message, salts)
        except signing.SignatureError as exc:
            raise GatewayError("AUTHORIZATION_FAILED", str(exc)) from None
