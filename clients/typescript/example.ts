// A short typed example: build a signed debit request from the shared vectors (spec/vectors/signing.json),
// with the request types that openapi-typescript generated from spec/openapi.yaml.
//   node build/typescript/out/example.js spec/vectors/signing.json
import { readFileSync } from "node:fs";
import type { components } from "@mgw/schema";
import { base64Utf8, xVerify } from "./signing";

type DebitPayload = components["schemas"]["DebitPayload"];
type DebitRequest = components["schemas"]["DebitRequest"];

interface BodyVector {
  payload_json: string;
  request_b64: string;
  signing_path: string;
  salt_key: string;
  salt_index: string;
  expect: string;
}

interface SignedRequest {
  method: "POST";
  path: string;
  headers: { "Content-Type": "application/json"; "X-VERIFY": string };
  body: string;
}

/** Build POST /v3/debit for a typed payload. The payload JSON text is what gets base64-encoded and signed. */
export function buildDebitV3(payloadJson: string, saltKey: string, saltIndex: string): SignedRequest {
  const payload: DebitPayload = JSON.parse(payloadJson) as DebitPayload; // typed view of the same bytes
  if (typeof payload.merchantId !== "string" || typeof payload.amount !== "number") {
    throw new Error("not a DebitPayload");
  }
  const wire: DebitRequest = { request: base64Utf8(payloadJson) };
  return {
    method: "POST",
    path: "/v3/debit",
    headers: { "Content-Type": "application/json", "X-VERIFY": xVerify(wire.request + "/v3/debit", saltKey, saltIndex) },
    body: JSON.stringify(wire),
  };
}

function main(): number {
  const file = process.argv[2] ?? "spec/vectors/signing.json";
  const vectors = JSON.parse(readFileSync(file, "utf8")) as { body_signature: BodyVector[] };
  let passed = 0;
  let failed = 0;
  for (const v of vectors.body_signature) {
    const b64 = base64Utf8(v.payload_json);
    const sig = xVerify(b64 + v.signing_path, v.salt_key, v.salt_index);
    if (b64 === v.request_b64 && sig === v.expect) passed++;
    else {
      failed++;
      console.error(`vector ${v.signing_path}: got ${sig}, want ${v.expect}`);
    }
  }
  const first = vectors.body_signature.find((v) => v.signing_path === "/v3/debit");
  if (first) {
    const req = buildDebitV3(first.payload_json, first.salt_key, first.salt_index);
    console.log(`${req.method} {base_url}${req.path}\nX-VERIFY: ${req.headers["X-VERIFY"]}\n${req.body}`);
    if (req.headers["X-VERIFY"] !== first.expect) failed++;
  }
  console.log(`example.ts vectors: ${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

process.exitCode = main();
