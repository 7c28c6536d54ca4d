// Verification of what the gateway sends to the merchant, driven by operations.json `webhooks`:
// server-to-server callbacks ({"response": base64} + X-VERIFY over that string) and the UI form post (a checksum
// field over the listed form fields, absent ones left out). Constant-time comparison; unknown salt index: invalid.
import { WEBHOOKS, type WebhookId, type WebhookPayloads } from "./generated/operations.js";
import { verifySignature, type Salts } from "./signing.js";
import { type Judgement, judge, outcomeTable, readAnswer } from "./verdicts.js";
import { answerText } from "./json.js";
import { decodeBase64Bytes, formFields } from "./wire.js";

/** A verified callback: `paid` only when the verdict (src/verdicts.ts over the webhook's outcome table) is
 * succeeded, i.e. it names the expected transaction and exactly the expected amount. Refused (valid: false, with
 * `mismatch`) when correctly signed but naming another transaction, merchant or amount than expected: never fulfil
 * on it; read the payment's status. */
export type CallbackVerification<T> =
  | { readonly valid: true; readonly payload: T; readonly saltIndex: string; readonly paid: boolean; readonly judgement: Judgement | null }
  | { readonly valid: false; readonly reason: string; readonly mismatch?: string };

/** The X-VERIFY header as servers hand it over: Node's IncomingHttpHeaders and Express give `string | string[] |
 * undefined`; the Fetch API's Headers.get gives `string | null`. More than one value is refused. */
export type SignatureHeader = string | readonly string[] | null | undefined;

/** What the callback must name (null or absent: not checked). The amount in paise, as sent. */
export interface CallbackExpect {
  readonly transactionId?: string | null;
  readonly amount?: number | null;
  readonly merchantId?: string | null;
}

function oneHeader(signature: SignatureHeader): string | null {
  if (typeof signature === "string") return signature;
  if (Array.isArray(signature) && signature.length === 1 && typeof signature[0] === "string") return signature[0];
  return null;
}

type SignedWebhook = { [K in WebhookId]: (typeof WEBHOOKS)[K]["verify"] extends { kind: "x-verify-header" } ? K : never }[WebhookId];
type FormWebhook = { [K in WebhookId]: (typeof WEBHOOKS)[K]["verify"] extends { kind: "checksum-field" } ? K : never }[WebhookId];

const invalid = (reason: string): { valid: false; reason: string } => ({ valid: false, reason });

/**
 * Verify a server-to-server callback and decode its payload. `body` is the raw body as received (text or bytes) or
 * its parsed JSON; `signature` the X-VERIFY header. The payload is decoded only after the signature matched.
 */
export function verifyCallback<K extends SignedWebhook = "paymentCallback">(
  body: string | Uint8Array | Readonly<Record<string, unknown>>,
  signature: SignatureHeader,
  salts: Salts,
  webhook: K = "paymentCallback" as K,
  expect: CallbackExpect = {},
): CallbackVerification<WebhookPayloads[K]> {
  const facts = WEBHOOKS[webhook];
  const field = facts.wrapper_field;
  let envelope: unknown = body;
  if (typeof body === "string" || body instanceof Uint8Array) {
    try {
      const text = answerText(body); // the reading rules' byte order mark and UTF-8, as for every answer
      if (text === null) return invalid("the body is not UTF-8");
      envelope = JSON.parse(text);
    } catch {
      return invalid("the body is not JSON");
    }
  }
  const value = envelope !== null && typeof envelope === "object" ? (envelope as Record<string, unknown>)[field] : undefined;
  if (typeof value !== "string") return invalid(`the body has no string field ${field}`);
  const sent = envelope as Record<string, unknown>;
  const message = facts.verify.message.map((name) => (typeof sent[name] === "string" ? sent[name] : "")).join("");
  if (Array.isArray(signature) && signature.length !== 1) return invalid(`${facts.verify.header} was given ${signature.length} times`);
  const saltIndex = verifySignature(message, oneHeader(signature), salts);
  if (saltIndex === null) return invalid(`${facts.verify.header} does not match (or names an unknown salt index)`);
  const bytes = decodeBase64Bytes(value);
  const text = bytes === null ? null : answerText(bytes); // one byte order mark rule for every reader
  if (bytes === null || text === null) return invalid(`${field} is not base64 of UTF-8 text`);
  let payload: WebhookPayloads[K];
  try {
    payload = JSON.parse(text) as WebhookPayloads[K];
  } catch {
    return invalid(`${field} does not hold JSON`);
  }
  let judgement: Judgement | null = null;
  try {
    outcomeTable(webhook);
  } catch {
    return { valid: true, payload, saltIndex, paid: false, judgement }; // a webhook without x-codes: nothing to judge
  }
  judgement = judge(webhook, {
    status: 200,
    answer: readAnswer(bytes),
    expect: { transactionId: expect.transactionId ?? null, merchantId: expect.merchantId ?? null, amount: expect.amount ?? null },
  });
  if (judgement.mismatch !== null) {
    return {
      valid: false,
      mismatch: judgement.mismatch,
      reason: `correctly signed, but ${judgement.reason}: do not fulfil the order on it; read the payment's status`,
    };
  }
  return { valid: true, payload, saltIndex, paid: judgement.verdict === "succeeded", judgement };
}

/** Verify the UI callback form post (urlencoded body text, URLSearchParams or an object of its fields). */
export function verifyUiCallback<K extends FormWebhook = "uiCallback">(
  form: string | URLSearchParams | Readonly<Record<string, unknown>>,
  salts: Salts,
  webhook: K = "uiCallback" as K,
  expect: CallbackExpect = {},
): CallbackVerification<Record<string, string>> {
  const facts = WEBHOOKS[webhook];
  const fields = formFields(form);
  const checksum = fields[facts.verify.field];
  if (checksum === undefined) return invalid(`no ${facts.verify.field} field`);
  const message = facts.verify.message.map((name) => fields[name] ?? "").join("");
  const saltIndex = verifySignature(message, checksum, salts);
  if (saltIndex === null) return invalid(`${facts.verify.field} does not match (or names an unknown salt index)`);
  // the form carries no envelope to judge: its fields are cross-checked as the Python client does
  const amount = fields.amount ?? "";
  if (!/^[0-9]+$/.test(amount)) return invalid("form field amount is not an integer");
  for (const [name, want, got] of [
    ["amount", expect.amount, amount],
    ["transactionId", expect.transactionId, fields.transactionId],
    ["merchantId", expect.merchantId, fields.merchantId],
  ] as const) {
    if (want !== undefined && want !== null && String(want) !== got) {
      return { valid: false, mismatch: name, reason: `correctly signed, but it names another ${name}: do not fulfil the order on it; read the payment's status` };
    }
  }
  // the spec gives the form post no outcome table: it is never proof of payment (the status operation is)
  return { valid: true, payload: fields, saltIndex, paid: false, judgement: null };
}
