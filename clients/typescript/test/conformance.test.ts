// The package against the language-neutral conformance kit (tools/conformance/make_kit.py): every request case is
// sent through the package (call() with a recording fetch; prepare() for the operations the mobile SDK sends) and
// must match the kit byte for byte; every callback and UI callback case must verify exactly as the kit says.
//   MGW_TS_KIT=path/to/kit.json node --test
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import {
  type Fetch,
  type Inputs,
  OPERATIONS,
  type OperationId,
  type ServerOperationId,
  ValidationError,
  type WireRequest,
  createGateway,
  requestBodyText,
  verifyCallback,
  verifyUiCallback,
} from "@merchant-gateway/client/server";

interface Case {
  id: string;
  operationId: string;
  inputs: {
    path_params: Record<string, string>;
    headers: Record<string, string>;
    payload?: unknown;
    payload_json?: string;
    form?: Record<string, string>;
    json?: unknown;
  };
  expect: { method: string; url: string; headers: Record<string, string>; body: string | null };
  response: { status: number; headers: Record<string, string>; body: string };
}
interface Kit {
  config: { salt_key: string; salt_index: string; hosts: Record<"base" | "apps" | "auth", string> };
  callback_salts: Record<string, string>;
  transport_headers: string[];
  operations: Record<string, { host: string; method: string; retry: string }>;
  requests: Case[];
  callbacks: { id: string; inputs: { headers: Record<string, string>; body: string }; expect: { valid: boolean; decoded: unknown } }[];
  ui_callbacks: { id: string; inputs: { form: Record<string, string>; body: string }; expect: { valid: boolean } }[];
  rule_cases: { id: string; operationId: string; inputs: { payload: unknown }; expect: { refused: boolean; fields: string[] } }[];
  path_cases: { id: string; operationId: string; inputs: { path_params: Record<string, string> }; expect: { refused: boolean; field: string } }[];
  schema_cases: { id: string; operationId: string; inputs: { payload: unknown }; expect: { refused: boolean; field: string; allowed?: unknown[] } }[];
}

const kit = JSON.parse(readFileSync(process.env.MGW_TS_KIT ?? "spec/conformance/kit.json", "utf8")) as Kit;
const TRANSPORT_HEADERS = new Set(kit.transport_headers);

function gatewayFor(c: Case, recorded: WireRequest[]) {
  const record: Fetch = async (request) => {
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => {
      headers[k] = v;
    });
    recorded.push({ operationId: c.operationId, method: request.method, url: request.url, headers, body: await requestBodyText(request) });
    const noBody = c.response.status === 204 || c.response.status === 304;
    return new Response(noBody || c.response.body === "" ? null : c.response.body, { status: c.response.status, headers: c.response.headers });
  };
  const { grant_type: _fixed, ...credentials } = c.inputs.form ?? {};
  return createGateway({
    baseUrl: kit.config.hosts.base,
    appsUrl: kit.config.hosts.apps,
    authUrl: kit.config.hosts.auth,
    saltKey: kit.config.salt_key,
    saltIndex: kit.config.salt_index,
    clientCredentials: credentials,
    fetch: record,
  });
}

function inputOf(c: Case): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const payload = c.inputs.payload ?? c.inputs.json;
  if (payload !== undefined) input.payload = payload;
  if (Object.keys(c.inputs.path_params).length > 0) input.path = c.inputs.path_params;
  if (Object.keys(c.inputs.headers).length > 0) input.headers = c.inputs.headers;
  return input;
}

function compare(c: Case, got: WireRequest): void {
  assert.equal(got.method, c.expect.method, `${c.id}: method`);
  assert.equal(got.url, c.expect.url, `${c.id}: url`);
  const want = new Map(Object.entries(c.expect.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const have = new Map(Object.entries(got.headers).map(([k, v]) => [k.toLowerCase(), v]));
  for (const [k, v] of want) assert.equal(have.get(k), v, `${c.id}: header ${k}`);
  for (const k of have.keys()) assert.ok(want.has(k) || TRANSPORT_HEADERS.has(k), `${c.id}: unexpected header ${k}`);
  assert.deepEqual(Buffer.from(got.body ?? "", "utf8"), Buffer.from(c.expect.body ?? "", "utf8"), `${c.id}: body bytes`);
}

describe("conformance kit: requests", () => {
  it("knows every operation of the kit, with the kit's host, method and retry", () => {
    for (const [id, op] of Object.entries(kit.operations)) {
      const mine = OPERATIONS[id as OperationId];
      assert.ok(mine, `operations.json lacks ${id}`);
      assert.deepEqual([mine.host, mine.method, mine.retry], [op.host, op.method, op.retry], id);
    }
  });
  for (const c of kit.requests) {
    it(c.id, async () => {
      const recorded: WireRequest[] = [];
      const gw = gatewayFor(c, recorded);
      const id = c.operationId as OperationId;
      const encoded = Object.entries(c.inputs.path_params).find(([, v]) => !/^[A-Za-z0-9._~-]+$/.test(v));
      if (encoded !== undefined) {
        // the kit's URL for a value that needs percent-encoding is what the generated (low-level) client sends; the
        // package refuses it before sending, as the Python client does (its X-VERIFY would sign the raw value)
        await assert.rejects(gw.call(id as ServerOperationId, inputOf(c) as Inputs[ServerOperationId]), (err: unknown) => {
          assert.ok(err instanceof ValidationError, String(err));
          assert.equal(err.field, `path.${encoded[0]}`);
          return true;
        });
        assert.equal(recorded.length, 0, `${c.id}: nothing sent`);
      } else if (OPERATIONS[id].called_by === "merchant-server") {
        const answer = await gw.call(id as ServerOperationId, inputOf(c) as Inputs[ServerOperationId]);
        assert.equal(recorded.length, 1, `${c.id}: one request sent`);
        assert.equal(answer.status, c.response.status);
        if (OPERATIONS[id].follow_redirects === false) assert.equal(answer.location, c.response.headers.Location ?? null);
        compare(c, recorded[0]!);
      } else {
        await assert.rejects(gw.call(id as ServerOperationId, inputOf(c) as Inputs[ServerOperationId]), /mobile-sdk/);
        compare(c, await gw.prepare(id, inputOf(c) as Inputs[OperationId]));
      }
    });
  }
});

/** The kit case's payload, sent as its operation's first request case would be, must be refused with a
 * ValidationError that `named` accepts, and nothing may reach the transport. */
async function refusedBeforeSending(
  c: { id: string; operationId: string; inputs: { payload: unknown }; expect: { refused: boolean } },
  named: (err: ValidationError) => void,
): Promise<void> {
  assert.ok(c.expect.refused);
  const recorded: WireRequest[] = [];
  const template = kit.requests.find((r) => r.operationId === c.operationId);
  assert.ok(template, `${c.id}: the kit has a request case of ${c.operationId}`);
  const input = { ...inputOf(template), payload: c.inputs.payload } as Inputs[OperationId];
  await assert.rejects(gatewayFor(template, recorded).prepare(c.operationId as OperationId, input), (err: unknown) => {
    assert.ok(err instanceof ValidationError, `${c.id}: ${String(err)}`);
    named(err);
    return true;
  });
  assert.equal(recorded.length, 0, `${c.id}: nothing sent`);
}

describe("conformance kit: path values refused before sending", () => {
  for (const c of kit.path_cases) {
    it(c.id, async () => {
      const recorded: WireRequest[] = [];
      const template = kit.requests.find((r) => r.operationId === c.operationId);
      assert.ok(template, `${c.id}: the kit has a request case of ${c.operationId}`);
      const input = { ...inputOf(template), path: c.inputs.path_params } as unknown as Inputs[ServerOperationId];
      await assert.rejects(gatewayFor(template, recorded).call(c.operationId as ServerOperationId, input), (err: unknown) => {
        assert.ok(err instanceof ValidationError, `${c.id}: ${String(err)}`);
        assert.equal(err.field, `path.${c.expect.field}`);
        return true;
      });
      assert.equal(recorded.length, 0, `${c.id}: nothing sent`);
    });
  }
});

describe("conformance kit: payloads refused before sending", () => {
  for (const c of kit.rule_cases) {
    it(`x-field-rules ${c.id}`, () =>
      refusedBeforeSending(c, (err) => {
        assert.ok(c.expect.fields.includes(err.field), `${c.id}: names ${err.field}, not one of ${c.expect.fields.join(", ")}`);
        for (const field of c.expect.fields) assert.ok(err.message.includes(field), `${c.id}: the message names ${field}`);
      }));
  }
  for (const c of kit.schema_cases) {
    it(`schema ${c.id}`, () =>
      refusedBeforeSending(c, (err) => {
        assert.equal(err.field, c.expect.field, c.id);
        for (const value of c.expect.allowed ?? []) assert.ok(err.message.includes(String(value)), `${c.id}: names ${String(value)}`);
      }));
  }
});

describe("conformance kit: callbacks", () => {
  for (const c of kit.callbacks) {
    it(c.id, () => {
      const result = verifyCallback(c.inputs.body, c.inputs.headers["X-VERIFY"], kit.callback_salts);
      assert.equal(result.valid, c.expect.valid);
      if (result.valid) assert.deepEqual(result.payload, c.expect.decoded);
    });
  }
  for (const c of kit.ui_callbacks) {
    it(c.id, () => {
      assert.equal(verifyUiCallback(c.inputs.form, kit.callback_salts).valid, c.expect.valid, "as fields");
      assert.equal(verifyUiCallback(c.inputs.body, kit.callback_salts).valid, c.expect.valid, "as the posted body");
    });
  }
});
