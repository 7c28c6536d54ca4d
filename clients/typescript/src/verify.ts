// Verification of what the gateway sends to the merchant, driven by operations.json `webhooks`:
// server-to-server callbacks ({"response": base64} + X-VERIFY over that string) and the UI form post (a checksum
// field over the listed form fields, absent ones left out). Constant-time comparison; unknown salt index: invalid.
import { WEBHOOKS, type WebhookId, type WebhookPayloads } from "./generated/operations.js";
import { verifySignature, type Salts } from "./signing.js";
import { decodeBase64Utf8, formFields } from "./wire.js";

export type CallbackVerification<T> =
  | { readonly valid: true; readonly payload: T; readonly saltIndex: string }
  | { readonly valid: false; readonly reason: string };

type SignedWebhook = { [K in WebhookId]: (typeof WEBHOOKS)[K]["verify"] extends { kind: "x-verify-header" } ? K : never }[WebhookId];
type FormWebhook = { [K in WebhookId]: (typeof WEBHOOKS)[K]["verify"] extends { kind: "checksum-field" } ? K : never }[WebhookId];

const invalid = (reason: string): { valid: false; reason: string } => ({ valid: false, reason });

/**
 * Verify a server-to-server callback and decode its payload. `body` is the raw body as received (text or bytes) or
 * its parsed JSON; `signature` the X-VERIFY header. The payload is decoded only after the signature matched.
 */
export function verifyCallback<K extends SignedWebhook = "paymentCallback">(
  body: string | Uint8Array | Readonly<Record<string, unknown>>,
  signature: string | null | undefined,
  salts: Salts,
  webhook: K = "paymentCallback" as K,
): CallbackVerification<WebhookPayloads[K]> {
  const facts = WEBHOOKS[webhook];
  const field = facts.wrapper_field;
  let envelope: unknown = body;
  if (typeof body === "string" || body instanceof Uint8Array) {
    try {
      envelope = JSON.parse(typeof body === "string" ? body : new TextDecoder("utf-8", { fatal: true }).decode(body));
    } catch {
      return invalid("the body is not JSON");
    }
  }
  const value = envelope !== null && typeof envelope === "object" ? (envelope as Record<string, unknown>)[field] : undefined;
  if (typeof value !== "string") return invalid(`the body has no string field ${field}`);
  const sent = envelope as Record<string, unknown>;
  const message = facts.verify.message.map((name) => (typeof sent[name] === "string" ? sent[name] : "")).join("");
  const saltIndex = verifySignature(message, signature, salts);
  if (saltIndex === null) return invalid(`${facts.verify.header} does not match (or names an unknown salt index)`);
  const text = decodeBase64Utf8(value);
  if (text === null) return invalid(`${field} is not base64 of UTF-8 text`);
  try {
    return { valid: true, payload: JSON.parse(text) as WebhookPayloads[K], saltIndex };
  } catch {
    return invalid(`${field} does not hold JSON`);
  }
}

/** Verify the UI callback form post (urlencoded body text, URLSearchParams or an object of its fields). */
export function verifyUiCallback<K extends FormWebhook = "uiCallback">(
  form: string | URLSearchParams | Readonly<Record<string, unknown>>,
  salts: Salts,
  webhook: K = "uiCallback" as K,
): CallbackVerification<Record<string, string>> {
  const facts = WEBHOOKS[webhook];
  const fields = formFields(form);
  const checksum = fields[facts.verify.field];
  if (checksum === undefined) return invalid(`no ${facts.verify.field} field`);
  const message = facts.verify.message.map((name) => fields[name] ?? "").join("");
  const saltIndex = verifySignature(message, checksum, salts);
  if (saltIndex === null) return invalid(`${facts.verify.field} does not match (or names an unknown salt index)`);
  return { valid: true, payload: fields, saltIndex };
}
