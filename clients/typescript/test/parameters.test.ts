// Path, query and header values are checked against the spec before anything is encoded, signed or sent: a path
// value that would need percent-encoding is refused (its X-VERIFY would sign the raw value while the URL carries the
// encoded one), headers against their schema (format uri, enum). The shared cases (parameter-cases.json, written
// by hand from spec/openapi.yaml) are the ones the Python client refuses too (tests/unit/checks/test_parameter_cases.py).
//   MGW_TS_PARAMETER_CASES=path/to/parameter-cases.json node --test
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { type Fetch, type Inputs, PARAMETERS, type ServerOperationId, ValidationError, createGateway } from "@merchant-gateway/client/server";

interface ParameterCase {
  id: string;
  operationId: ServerOperationId;
  in: "path" | "header";
  name: string;
  value: string;
  problem?: string | null;
}
const cases = JSON.parse(
  readFileSync(process.env.MGW_TS_PARAMETER_CASES ?? "clients/typescript/test/parameter-cases.json", "utf8"),
) as { refused: ParameterCase[]; accepted: ParameterCase[] };

const SALT = "salt-of-the-parameter-test";
const BASES = { base: "/b", apps: "/a" } as const;

function gateway() {
  const sent: Request[] = [];
  const fetch: Fetch = async (request) => {
    sent.push(request);
    return new Response('{"success":true,"code":"PAYMENT_PENDING","message":"ok","data":{}}', { status: 200, headers: { "Content-Type": "application/json" } });
  };
  const gw = createGateway({
    baseUrl: `http://127.0.0.1:9${BASES.base}`,
    appsUrl: `http://127.0.0.1:9${BASES.apps}`,
    authUrl: "http://127.0.0.1:9/t",
    merchantId: "M1",
    saltKey: SALT,
    saltIndex: "2",
    fetch,
  });
  return { gw, sent };
}

/** A payload each operation of the cases accepts (its required fields, values from the spec's examples). */
const PAYLOADS: Partial<Record<ServerOperationId, unknown>> = {
  debitV3: { transactionId: "T1", amount: 100, merchantUserId: "U1" },
  debitV4Web: { transactionId: "T1", amount: 100, merchantUserId: "U1" },
  debitV4Intent: { transactionId: "T1", amount: 100, merchantOrderId: "O1", paymentScope: "PLATFORM", deviceContext: { platformVersionCode: 400922 } },
  collectRequest: { transactionId: "T1", amount: 100, merchantOrderId: "O1", instrumentType: "MOBILE", instrumentReference: "9999999999", expiresIn: 180 },
};

function inputOf(c: Pick<ParameterCase, "operationId" | "in" | "name" | "value">): Inputs[ServerOperationId] {
  const input: Record<string, unknown> = {};
  const payload = PAYLOADS[c.operationId];
  if (payload !== undefined) input.payload = payload;
  input[c.in === "path" ? "path" : "headers"] = { [c.name]: c.value };
  return input as Inputs[ServerOperationId];
}

async function refused(call: Promise<unknown>, sent: Request[], field: string, problem?: string | null): Promise<ValidationError> {
  let caught: unknown;
  await assert.rejects(call, (err: unknown) => {
    caught = err;
    return err instanceof ValidationError;
  });
  const err = caught as ValidationError;
  assert.equal(err.field, field);
  if (problem) assert.ok(err.message.includes(problem), `${err.message} names "${problem}"`);
  assert.equal(sent.length, 0, "the fetch stub was never called");
  return err;
}

describe("parameter values the spec refuses are not sent (shared with the Python client)", () => {
  for (const c of cases.refused) {
    it(c.id, async () => {
      const { gw, sent } = gateway();
      const err = await refused(gw.call(c.operationId, inputOf(c)), sent, `${c.in === "path" ? "path" : "headers"}.${c.name}`, c.problem);
      if (c.name === "userAuthToken" && c.value !== "") assert.ok(!err.message.includes(c.value), "a token is never shown");
    });
  }
});

describe("parameter values the spec accepts are sent as given (shared with the Python client)", () => {
  for (const c of cases.accepted) {
    it(c.id, async () => {
      const { gw, sent } = gateway();
      await gw.call(c.operationId, inputOf(c));
      assert.equal(sent.length, 1);
      const request = sent[0]!;
      if (c.in === "header") {
        assert.equal(request.headers.get(c.name), c.value);
        return;
      }
      const url = new URL(request.url);
      assert.ok(url.pathname.includes(`/${c.value}/`), `${url.pathname} carries ${c.value} unencoded`);
      // X-VERIFY = sha256(signed path + salt key) + "###" + salt index, the signed path being the URL's path
      // under the host's base URL: the signature and the URL agree
      const host = url.pathname.startsWith(`${BASES.apps}/`) ? BASES.apps : BASES.base;
      const signed = url.pathname.slice(host.length);
      const expected = createHash("sha256").update(signed + SALT, "utf8").digest("hex") + "###2";
      assert.equal(request.headers.get("X-VERIFY"), expected);
    });
  }
});

describe("parameters: the package's own rules", () => {
  it("the parameter schemas come from the spec (TransactionId's pattern, X-REDIRECT-MODE's values)", () => {
    const status = PARAMETERS.getTransactionStatus ?? [];
    assert.deepEqual(status.map((p) => `${p.in} ${p.name} ${p.required}`), ["path merchantId true", "path transactionId true"]);
    const mode = (PARAMETERS.debitV3 ?? []).find((p) => p.name === "X-REDIRECT-MODE");
    assert.deepEqual(mode?.schema.enum, ["REDIRECT", "POST"]);
  });
  it("a missing path value is named, not sent", async () => {
    const { gw, sent } = gateway();
    await refused(gw.getTransactionStatus({ path: {} } as never), sent, "path.transactionId", "is required by getTransactionStatus");
  });
  it("a merchantId given in the path follows the same rule", async () => {
    const { gw, sent } = gateway();
    await refused(gw.getTransactionStatus({ path: { merchantId: "M 1", transactionId: "T1" } }), sent, "path.merchantId", "' ' at index 1");
  });
  it("a path value that is not a string is refused", async () => {
    const { gw, sent } = gateway();
    await refused(gw.getTransactionStatus({ path: { transactionId: 7 } } as never), sent, "path.transactionId", "must be a string");
  });
  it("a required header left out is named with its operation", async () => {
    const { gw, sent } = gateway();
    await refused(gw.collectRequest({ payload: PAYLOADS.collectRequest } as never), sent, "headers.X-CALLBACK-URL", "is required by collectRequest");
  });
  it("a header the operation does not take is refused, naming those it takes", async () => {
    const { gw, sent } = gateway();
    const input = { payload: PAYLOADS.debitV4Intent, headers: { "X-REDIRECT-URL": "https://merchant.example/r" } };
    await refused(gw.debitV4Intent(input as never), sent, "headers.X-REDIRECT-URL", "it takes X-CALLBACK-URL, X-CALL-MODE");
  });
  it("header names are checked in any case, and one given twice is refused", async () => {
    const { gw, sent } = gateway();
    const lower = { payload: PAYLOADS.debitV3, headers: { "x-redirect-mode": "LATER" } };
    await refused(gw.debitV3(lower as never), sent, "headers.x-redirect-mode", "must be one of REDIRECT, POST");
    const twice = { payload: PAYLOADS.debitV3, headers: { "X-CALL-MODE": "POST", "x-call-mode": "PUT" } };
    await refused(gw.debitV3(twice as never), sent, "headers.x-call-mode", "given twice (also as X-CALL-MODE)");
  });
  it("a header value fetch could not send as given is refused before sending", async () => {
    const { gw, sent } = gateway();
    const input = { payload: PAYLOADS.debitV3, headers: { "X-PROVIDER-ID": "PARENT\r\nX-Other: 1" } };
    await refused(gw.debitV3(input as never), sent, "headers.X-PROVIDER-ID", "must be a non-empty printable string of ASCII");
    // text beyond ASCII: fetch would throw only while building the request (the Python client reports that as an
    // unknown outcome although nothing was sent); outer spaces: fetch would trim them and send another value
    for (const value of ["Ä-PARENT", " PARENT", "PARENT "]) {
      const other = { payload: PAYLOADS.debitV3, headers: { "X-PROVIDER-ID": value } };
      await refused(gw.debitV3(other as never), sent, "headers.X-PROVIDER-ID", "without leading or trailing spaces");
    }
  });
  it("prepare() refuses too, and so does a host client used directly (its signing middleware)", async () => {
    const { gw, sent } = gateway();
    await refused(gw.prepare("getTransactionStatus", { path: { transactionId: "TX/1" } }), sent, "path.transactionId", "'/' at index 2");
    const direct = gw.hosts.base.GET("/v3/transaction/{merchantId}/{transactionId}/status", {
      params: { path: { merchantId: "M1", transactionId: "TX 1" } },
    });
    await refused(direct, sent, "path.transactionId", "' ' at index 2");
  });
});
