// The shared signing vectors (spec/vectors/signing.json) through the package: the hashing alone, and the requests the
// client builds for the operation whose x-signing-path the vector names (found in operations.json).
//   MGW_TS_VECTORS=spec/vectors/signing.json node --test
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import {
  type Inputs,
  OPERATIONS,
  type OperationId,
  PARAMETERS,
  ValidationError,
  base64Utf8,
  createGateway,
  verifyCallback,
  verifyUiCallback,
  xVerify,
} from "@merchant-gateway/client/server";

interface Vectors {
  body_signature: { payload_json: string; request_b64: string; signing_path: string; salt_key: string; salt_index: string; expect: string }[];
  path_signature: { signing_path: string; salt_key: string; salt_index: string; expect: string }[];
  callback_signature: { response_b64: string; salt_key: string; salt_index: string; expect: string }[];
  ui_callback_checksum: { form: Record<string, string>; salt_key: string; salt_index: string; expect: string }[];
}
const vectors = JSON.parse(readFileSync(process.env.MGW_TS_VECTORS ?? "spec/vectors/signing.json", "utf8")) as Vectors;
const HOSTS = { baseUrl: "https://base.vectors.invalid", appsUrl: "https://apps.vectors.invalid", authUrl: "https://auth.vectors.invalid" };
const ops = Object.entries(OPERATIONS) as [OperationId, (typeof OPERATIONS)[OperationId]][];
/** The operation's required headers with a value their schema accepts (headers are not signed: a vector is about
 * the signature, the package refuses a request without them). */
const requiredHeaders = (id: OperationId): { headers?: Record<string, string> } => {
  const needed = (PARAMETERS[id] ?? []).filter((p) => p.in === "header" && p.required);
  if (needed.length === 0) return {};
  const value = (s: (typeof needed)[number]["schema"]) => String(s.enum?.[0] ?? (s.format === "uri" ? "https://merchant.example/callback" : "1"));
  return { headers: Object.fromEntries(needed.map((p) => [p.name, value(p.schema)])) };
};

describe("signing vectors", () => {
  it("has vectors of every kind", () => {
    for (const list of Object.values(vectors)) if (Array.isArray(list)) assert.ok(list.length > 0);
  });
  vectors.body_signature.forEach((v, i) => {
    it(`body_signature[${i}] ${v.signing_path}`, async () => {
      assert.equal(base64Utf8(v.payload_json), v.request_b64);
      assert.equal(xVerify(v.request_b64 + v.signing_path, v.salt_key, v.salt_index), v.expect);
      const payload: unknown = JSON.parse(v.payload_json);
      if (JSON.stringify(payload) !== v.payload_json) return; // pretty-printed text: only the hashing applies
      const matching = ops.filter(([, op]) => op.signing.mode === "body" && op.signing.path === v.signing_path);
      assert.ok(matching.length > 0, `no operation signs ${v.signing_path}`);
      const gw = createGateway({ ...HOSTS, saltKey: v.salt_key, saltIndex: v.salt_index });
      let built = 0;
      for (const [id] of matching) {
        // a vector is about signing: an operation whose own rules refuse its payload (inlinePay's POST needs
        // mobileNumber, the GET variant does not) is skipped, but some operation must build and sign it
        const wire = await gw.prepare(id, { payload, ...requiredHeaders(id) } as Inputs[OperationId]).catch((err: unknown) => {
          if (err instanceof ValidationError) return null;
          throw err;
        });
        if (wire === null) continue;
        built += 1;
        assert.equal(wire.headers["x-verify"], v.expect, id);
        assert.equal(wire.body, JSON.stringify({ request: v.request_b64 }), id);
      }
      assert.ok(built > 0, `no operation accepts the vector's payload for ${v.signing_path}`);
    });
  });
  vectors.path_signature.forEach((v, i) => {
    it(`path_signature[${i}] ${v.signing_path}`, async () => {
      assert.equal(xVerify(v.signing_path, v.salt_key, v.salt_index), v.expect);
      const gw = createGateway({ ...HOSTS, saltKey: v.salt_key, saltIndex: v.salt_index });
      let checked = 0;
      for (const [id, op] of ops) {
        if (op.signing.mode !== "path" || op.signing.path === null) continue;
        const names: string[] = [];
        const source = op.signing.path
          .split(/(\{[^}]+\})/)
          .map((part) => {
            const name = /^\{([^}]+)\}$/.exec(part)?.[1];
            if (name === undefined) return part.replace(/[.*+?^$()|[\]\\{}]/g, "\\$&");
            names.push(name);
            return "([^/]+)";
          })
          .join("");
        const m = new RegExp(`^${source}$`).exec(v.signing_path);
        if (m === null) continue;
        const path = Object.fromEntries(names.map((n, j) => [n, m[j + 1] ?? ""]));
        const wire = await gw.prepare(id, { path, ...requiredHeaders(id) } as Inputs[OperationId]);
        assert.equal(wire.headers["x-verify"], v.expect, id);
        checked++;
      }
      assert.ok(checked > 0, `no operation signs ${v.signing_path}`);
    });
  });
  vectors.callback_signature.forEach((v, i) => {
    it(`callback_signature[${i}]`, () => {
      assert.equal(xVerify(v.response_b64, v.salt_key, v.salt_index), v.expect);
      const salts = { [v.salt_index]: v.salt_key };
      const body = JSON.stringify({ response: v.response_b64 });
      const ok = verifyCallback(body, v.expect, salts);
      assert.equal(ok.valid, true);
      assert.equal(verifyCallback(body, v.expect.replace(/^./, (c) => (c === "0" ? "1" : "0")), salts).valid, false);
      assert.equal(verifyCallback(body, v.expect, { [`${v.salt_index}0`]: v.salt_key }).valid, false, "unknown index");
    });
  });
  vectors.ui_callback_checksum.forEach((v, i) => {
    it(`ui_callback_checksum[${i}]`, () => {
      const salts = { [v.salt_index]: v.salt_key };
      assert.equal(verifyUiCallback({ ...v.form, checksum: v.expect }, salts).valid, true);
      assert.equal(verifyUiCallback({ ...v.form, amount: "1", checksum: v.expect }, salts).valid, false);
    });
  });
});
