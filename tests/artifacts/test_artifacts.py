"""Release artifacts (tools/artifacts/make_artifacts.py, `make spec-artifacts`): valid documents, one per host with
that host's servers, operations.json as its schema says and as the spec says, and the release check classifying
changes of operations.json and of the per-host documents like spec changes."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path
from typing import Any

import artifactdiff  # tools/release (pytest's `pythonpath`)
import pytest
import release_check
import specdiff

from generator.spec import ANSWER_CODES, MONEY_MOVEMENTS, PAYLOAD_SOURCES, RETRY_MODES, OperationMeta, collect
from tools.artifacts import make_artifacts

ROOT = Path(__file__).resolve().parents[2]
HOST_FILES = [f"openapi.{h}.json" for h in make_artifacts.HOSTS]


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    return make_artifacts.load()


@pytest.fixture(scope="module")
def built(spec: dict[str, Any]) -> dict[str, Any]:
    return make_artifacts.build(spec)


def test_the_built_set_validates(built: dict[str, Any], spec: dict[str, Any]) -> None:
    """OpenAPI validity of every document, operations.json against its schema, and collect() of each per-host
    document giving the spec's facts."""
    assert make_artifacts.validate(built, spec) == []


def test_every_operation_is_in_exactly_one_host_document(built: dict[str, Any], spec: dict[str, Any]) -> None:
    metas = collect(spec)
    seen: dict[str, str] = {}
    for name in HOST_FILES:
        for item in built[name]["paths"].values():
            for op in item.values():
                assert op["operationId"] not in seen, f"{op['operationId']} in {seen.get(op['operationId'])} and {name}"
                seen[op["operationId"]] = name
    assert seen == {m.operation_id: f"openapi.{m.host}.json" for m in metas}


def test_per_host_documents_carry_their_host_servers_only(built: dict[str, Any], spec: dict[str, Any]) -> None:
    table = built["operations.json"]
    for host in make_artifacts.HOSTS:
        doc = built[f"openapi.{host}.json"]
        servers = doc["servers"]
        assert servers == table["hosts"][host]["servers"]
        assert servers[0]["url"].startswith("http://127.0.0.1:8080/apis/"), servers[0]
        assert all(make_artifacts.HOST_VARIABLE[host] in s.get("variables", {}) for s in servers[1:]), servers
        ops = [op for item in doc["paths"].values() for op in item.values()]
        assert ops
        assert all(op["x-host"] == host and "servers" not in op for op in ops)
    assert built["openapi.base.json"]["servers"] == spec["servers"]


def test_the_apps_host_status_has_no_status_segment_argument(built: dict[str, Any]) -> None:
    apps = built["openapi.apps.json"]
    op = built["operations.json"]["operations"]["getTransactionStatusAppsHost"]
    assert (
        op["path"]
        == op["signing"]["path"]
        == op["document"]["path"]
        == "/v3/transaction/{merchantId}/{transactionId}/status"
    )
    assert op["fixed_path_params"] == {"statusSegment": "status"}
    assert op["path_params"] == ["merchantId", "transactionId"]
    assert "statusSegment" not in json.dumps(apps["paths"][op["document"]["path"]]["get"].get("parameters", []))
    # the single-document variants keep the spec's form (two status operations cannot share a path there)
    assert op["source_path"] in built["openapi.no-webhooks.json"]["paths"]


def test_webhooks_are_split_off(built: dict[str, Any], spec: dict[str, Any]) -> None:
    assert "webhooks" not in built["openapi.no-webhooks.json"]
    assert built["openapi.no-webhooks.json"]["paths"] == spec["paths"]
    hooks = built["openapi.webhooks.json"]
    assert hooks["webhooks"] == spec["webhooks"]
    assert "paths" not in hooks
    assert built["openapi.json"] == spec
    for name in ("openapi.no-webhooks.json", *HOST_FILES):
        refs = make_artifacts._refs(built[name])
        assert "#/components/schemas/CallbackRequest" not in refs, name
        assert "CallbackRequest" not in built[name].get("components", {}).get("schemas", {}), name


def test_payload_schemas_are_named_not_found_by_a_naming_rule(built: dict[str, Any], spec: dict[str, Any]) -> None:
    """contentSchema is ignored by generators; operations.json names the payload schema, and every per-host document
    keeps it under components.schemas."""
    for m in collect(spec):
        op = built["operations.json"]["operations"][m.operation_id]
        if m.payload_ref:
            name = m.payload_ref.rsplit("/", 1)[-1]
            assert op["body"]["payload_schema"] == name
            assert name in built[op["document"]["file"]]["components"]["schemas"]
        assert op["signing"] == {"mode": m.signing_mode, "path": m.signing_path, "required": m.signing_required}
        assert (op["retry"], op["money_movement"], op["host"]) == (m.retry, m.money_movement, m.host)


def test_operations_json_maps_every_fact_collect_reads() -> None:
    """A fact generator/spec.py learns (a new OperationMeta field) must reach operations.json: extend META_FIELDS,
    the table, operations.schema.json and the release check together."""
    assert {f.name for f in dataclasses.fields(OperationMeta)} <= set(make_artifacts.META_FIELDS)


def test_the_schema_enums_are_the_generators_vocabulary() -> None:
    schema = json.loads(make_artifacts.SCHEMA_FILE.read_text())
    props = schema["$defs"]["operation"]["properties"]
    assert tuple(props["retry"]["enum"]) == RETRY_MODES
    assert tuple(props["money_movement"]["enum"]) == MONEY_MOVEMENTS
    assert tuple(props["answer_codes"]["enum"]) == ANSWER_CODES
    assert tuple(props["payload_from"]["enum"]) == PAYLOAD_SOURCES
    assert schema["properties"]["format"]["const"] == make_artifacts.FORMAT
    import generator.spec as reader

    for prop, constant in (("codes", "CODE_OUTCOMES"), ("field_rules", "FIELD_RULES")):
        if hasattr(reader, constant):  # x-codes / x-field-rules (issue 16)
            item = props[prop]["items"]["properties"]
            assert tuple(item["outcome" if prop == "codes" else "rule"]["enum"]) == getattr(reader, constant)


def test_the_conformance_kit_agrees_with_operations_json(built: dict[str, Any]) -> None:
    kit = json.loads((ROOT / "spec" / "conformance" / "kit.json").read_text())
    table = built["operations.json"]["operations"]
    for op_id, k in kit["operations"].items():
        if op_id not in table:  # the kit is regenerated by `make conformance`; the drift check reports staleness
            continue
        t = table[op_id]
        assert (k["method"], k["host"], k["body_wrapping"], k["retry"]) == (
            t["method"],
            t["host"],
            (t["body"] or {}).get("wrapping", "none"),
            t["retry"],
        ), op_id
        assert k["signing"] == t["signing"], op_id
        assert k["path"] == t["source_path"], op_id


def test_webhook_verification_facts(built: dict[str, Any]) -> None:
    hooks = built["operations.json"]["webhooks"]
    assert hooks["paymentCallback"]["verify"] == {
        "kind": "x-verify-header",
        "header": "X-VERIFY",
        "message": ["response"],
        "field": None,
    }
    ui = hooks["uiCallback"]["verify"]
    assert ui["kind"] == "checksum-field"
    assert ui["field"] == "checksum"
    assert ui["message"][:5] == ["code", "merchantId", "transactionId", "amount", "providerReferenceId"]
    assert ui["message"][5:] == [f"param{i}" for i in range(1, 21)]


def test_the_command_writes_every_file_and_a_manifest(tmp_path: Path) -> None:
    assert make_artifacts.main(["--out", str(tmp_path), "--no-validate"]) == 0
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert set(manifest["files"]) == set(make_artifacts.FILES)
    import hashlib

    for name, entry in manifest["files"].items():
        assert hashlib.sha256((tmp_path / name).read_bytes()).hexdigest() == entry["sha256"], name


# ------------------------------------------------------------------------------------------------ release check
def _mutated(spec: dict[str, Any], change: Any) -> dict[str, Any]:
    new = copy.deepcopy(spec)
    change(new)
    return new


def _op(doc: dict[str, Any], op_id: str) -> dict[str, Any]:
    for item in doc["paths"].values():
        for op in item.values():
            if isinstance(op, dict) and op.get("operationId") == op_id:
                return op
    raise KeyError(op_id)


def _status_segment_values(values: list[str]) -> Any:
    def change(doc: dict[str, Any]) -> None:
        op = _op(doc, "getTransactionStatusAppsHost")
        for p in op.get("parameters", []):
            p = make_artifacts.resolve(doc, p)
            if p.get("name") == "statusSegment":
                p["schema"] = {"type": "string", "enum": values, "default": values[0]}

    return change


def _apps_servers_moved(doc: dict[str, Any]) -> None:
    for item in doc["paths"].values():
        for op in item.values():
            if isinstance(op, dict) and op.get("x-host") == "apps":
                op["servers"][0]["url"] = "http://127.0.0.1:8080/apis/apps-v2"


def _refund_moved_to_base(doc: dict[str, Any]) -> None:
    op = _op(doc, "refundAppsHost")
    op["x-host"] = "base"
    op.pop("servers")


def test_no_change_no_artifact_change(spec: dict[str, Any]) -> None:
    assert artifactdiff.changes_between(spec, copy.deepcopy(spec), []) == []


@pytest.mark.parametrize(
    ("change", "kind", "level"),
    [
        # the wire path of the apps-host status changes only in the artifacts (the spec's template stays)
        (_status_segment_values(["status", "state"]), "artifact-path-changed", specdiff.BREAKING),
        (_apps_servers_moved, "document-servers-changed", specdiff.BREAKING),
        (_refund_moved_to_base, "artifact-host-changed", specdiff.BREAKING),
        (
            lambda d: _op(d, "getWalletBalance").update({"x-retry": "reconcile-first"}),
            "artifact-x-retry-tightened",
            specdiff.ADDITIVE,
        ),
        (lambda d: _op(d, "unlinkUser").update({"x-retry": "safe"}), "artifact-x-retry-loosened", specdiff.BREAKING),
        (
            lambda d: _op(d, "getPaymentOptions").update({"summary": "Payment options (reworded)"}),
            "artifact-summary-changed",
            specdiff.DOCS,
        ),
    ],
)
def test_artifact_changes_are_classified(spec: dict[str, Any], change: Any, kind: str, level: str) -> None:
    new = _mutated(spec, change)
    changes = artifactdiff.changes_between(spec, new, specdiff.compare(spec, new))
    found = [c for c in changes if c.kind == kind]
    assert found, [str(c) for c in changes]
    assert max((c.level for c in found), key=specdiff.LEVELS.index) == level


def test_a_path_only_the_artifacts_see_needs_a_major_bump(spec: dict[str, Any]) -> None:
    """The spec comparison alone sees an enum value added to a request path parameter (additive); the per-host
    document and operations.json see the wire path change: the release check asks for a major bump."""
    new = _mutated(spec, _status_segment_values(["status", "state"]))
    spec_only = specdiff.required_level(specdiff.compare(spec, new))
    assert spec_only != specdiff.BREAKING
    ok, lines, changes = release_check.check(new, spec)
    assert ok is False, "\n".join(lines)
    assert specdiff.required_level(changes) == specdiff.BREAKING
    assert any(c.where.startswith("operations.json") for c in changes)


def test_the_release_check_reports_artifact_changes_with_their_file(spec: dict[str, Any]) -> None:
    new = _mutated(spec, _apps_servers_moved)
    new["info"]["version"] = "999.0.0"
    ok, lines, changes = release_check.check(new, spec)
    assert ok, "\n".join(lines)
    assert any("openapi.apps.json" in c.where for c in changes), lines
    assert any("operations.json: hosts.apps.servers" in c.where for c in changes), lines
