// Replays the conformance kit (build/conformance/kit.json or spec/conformance/kit.json) and the shared signing
// vectors with this folder's own small TypeScript code: a third team's client does the same to prove itself
// byte-compatible before it ever talks to the gateway.
//   node build/typescript/out/replay.js spec/conformance/kit.json spec/vectors/signing.json
import { readFileSync } from "node:fs";
import type { operations } from "@mgw/schema";
import {
  base64Utf8, fillPath, formEncode, uiChecksumString, verifySignature, xVerify,
} from "./signing";

type OperationId = keyof operations;
// Compile-time check that the spec still has the operations this file's comments talk about.
const DOCUMENTED: readonly OperationId[] = ["debitV3", "debitV4Web", "getTransactionStatus", "getAuthorizationToken"];

interface Operation {
  method: string;
  path: string;
  host: "base" | "apps" | "auth";
  signing: { mode: "body" | "path" | "none"; path: string | null; required: boolean };
  body_wrapping: "base64-json" | "json" | "form" | "none";
  content_type: string | null;
}
interface RequestCase {
  id: string;
  operationId: string;
  inputs: {
    path_params: Record<string, string>;
    headers: Record<string, string>;
    payload?: unknown;
    form?: Record<string, string>;
    json?: unknown;
  };
  expect: { method: string; host: string; path: string; url: string; headers: Record<string, string>; body: string | null };
}
interface CallbackCase { id: string; inputs: { headers: Record<string, string>; body: string }; expect: { valid: boolean } }
interface UiCase { id: string; inputs: { form: Record<string, string> }; expect: { valid: boolean } }
interface Kit {
  config: { salt_key: string; salt_index: string; hosts: Record<string, string> };
  callback_salts: Record<string, string>;
  operations: Record<string, Operation>;
  requests: RequestCase[];
  callbacks: CallbackCase[];
  ui_callbacks: UiCase[];
}
interface Built { method: string; url: string; headers: Record<string, string>; body: string | null }

/** What a conforming client sends for one case: the spec's operation facts + the case inputs. */
function build(kit: Kit, c: RequestCase): Built {
  const op = kit.operations[c.operationId];
  if (op === undefined) throw new Error(`unknown operation ${c.operationId}`);
  const root = kit.config.hosts[op.host];
  if (root === undefined) throw new Error(`no host ${op.host}`);
  const headers: Record<string, string> = {};
  let body: string | null = null;
  let requestB64: string | null = null;
  if (op.body_wrapping === "base64-json" && c.inputs.payload !== undefined) {
    requestB64 = base64Utf8(JSON.stringify(c.inputs.payload)); // key order as given, compact, raw UTF-8
    body = JSON.stringify({ request: requestB64 });
  } else if (op.body_wrapping === "form" && c.inputs.form !== undefined) {
    body = formEncode(c.inputs.form);
  } else if (c.inputs.json !== undefined) {
    body = JSON.stringify(c.inputs.json);
  }
  if (body !== null) headers["Content-Type"] = op.content_type ?? "application/json";
  if (op.signing.mode === "body") {
    if (requestB64 === null || op.signing.path === null) throw new Error(`${c.id}: body signing without payload`);
    headers["X-VERIFY"] = xVerify(requestB64 + op.signing.path, kit.config.salt_key, kit.config.salt_index);
  } else if (op.signing.mode === "path") {
    if (op.signing.path === null) throw new Error(`${c.id}: path signing without a signing path`);
    const signed = fillPath(op.signing.path, c.inputs.path_params, false); // raw values, never the URL
    headers["X-VERIFY"] = xVerify(signed, kit.config.salt_key, kit.config.salt_index);
  }
  Object.assign(headers, c.inputs.headers);
  return { method: op.method, url: root + fillPath(op.path, c.inputs.path_params, true), headers, body };
}

function diff(c: RequestCase, got: Built): string[] {
  const out: string[] = [];
  if (got.method !== c.expect.method) out.push(`method ${got.method} != ${c.expect.method}`);
  if (got.url !== c.expect.url) out.push(`url ${got.url} != ${c.expect.url}`);
  const lower = (h: Record<string, string>): Map<string, string> => new Map(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
  const want = lower(c.expect.headers);
  const have = lower(got.headers);
  for (const [k, v] of want) if (have.get(k) !== v) out.push(`header ${k}: ${have.get(k)} != ${v}`);
  for (const k of have.keys()) if (!want.has(k)) out.push(`unexpected header ${k}`);
  const gotBytes = got.body === null ? Buffer.alloc(0) : Buffer.from(got.body, "utf8");
  const wantBytes = c.expect.body === null ? Buffer.alloc(0) : Buffer.from(c.expect.body, "utf8");
  if (!gotBytes.equals(wantBytes)) out.push(`body ${got.body} != ${c.expect.body}`);
  return out;
}

function replayKit(kit: Kit, fail: (msg: string) => void): number {
  let n = 0;
  for (const c of kit.requests) {
    n++;
    for (const problem of diff(c, build(kit, c))) fail(`${c.id}: ${problem}`);
  }
  for (const c of kit.callbacks) {
    n++;
    let valid = false;
    try {
      const env = JSON.parse(c.inputs.body) as { response?: unknown };
      const sig = c.inputs.headers["X-VERIFY"];
      valid = typeof env.response === "string" && sig !== undefined && verifySignature(env.response, sig, kit.callback_salts);
    } catch {
      valid = false;
    }
    if (valid !== c.expect.valid) fail(`${c.id}: verified ${valid}, kit says ${c.expect.valid}`);
  }
  for (const c of kit.ui_callbacks) {
    n++;
    const { checksum, ...fields } = c.inputs.form;
    const valid = checksum !== undefined && verifySignature(uiChecksumString(fields), checksum, kit.callback_salts);
    if (valid !== c.expect.valid) fail(`${c.id}: verified ${valid}, kit says ${c.expect.valid}`);
  }
  return n;
}

interface Vectors {
  body_signature: { request_b64: string; payload_json: string; signing_path: string; salt_key: string; salt_index: string; expect: string }[];
  path_signature: { signing_path: string; salt_key: string; salt_index: string; expect: string }[];
  callback_signature: { response_b64: string; salt_key: string; salt_index: string; expect: string }[];
  ui_callback_checksum: { form: Record<string, string>; salt_key: string; salt_index: string; expect: string }[];
}

function replayVectors(v: Vectors, fail: (msg: string) => void): number {
  let n = 0;
  const check = (what: string, got: string, want: string): void => {
    n++;
    if (got !== want) fail(`vector ${what}: ${got} != ${want}`);
  };
  for (const b of v.body_signature) {
    check(`b64 ${b.signing_path}`, base64Utf8(b.payload_json), b.request_b64);
    check(`body ${b.signing_path}`, xVerify(b.request_b64 + b.signing_path, b.salt_key, b.salt_index), b.expect);
  }
  for (const p of v.path_signature) check(`path ${p.signing_path}`, xVerify(p.signing_path, p.salt_key, p.salt_index), p.expect);
  for (const c of v.callback_signature) check("callback", xVerify(c.response_b64, c.salt_key, c.salt_index), c.expect);
  for (const u of v.ui_callback_checksum) check("ui", xVerify(uiChecksumString(u.form), u.salt_key, u.salt_index), u.expect);
  return n;
}

function main(): number {
  const [kitFile = "spec/conformance/kit.json", vectorsFile = "spec/vectors/signing.json"] = process.argv.slice(2);
  const failures: string[] = [];
  const fail = (m: string): void => { failures.push(m); };
  const kit = JSON.parse(readFileSync(kitFile, "utf8")) as Kit;
  for (const id of DOCUMENTED) if (!(id in kit.operations)) fail(`kit has no operation ${id}`);
  const total = replayKit(kit, fail) + replayVectors(JSON.parse(readFileSync(vectorsFile, "utf8")) as Vectors, fail);
  for (const f of failures) console.error(`FAIL ${f}`);
  console.log(`replay.ts: ${total - failures.length} passed, ${failures.length} failed`);
  return failures.length === 0 ? 0 : 1;
}

process.exitCode = main();
