// The gateway's signing rules in a few lines of TypeScript (see docs/other-languages.md and spec/README.md).
import { createHash, timingSafeEqual } from "node:crypto";

/** lowercase hex SHA-256 of the UTF-8 bytes of `text`. */
export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** X-VERIFY: sha256(signedString + saltKey) + "###" + saltIndex. */
export function xVerify(signedString: string, saltKey: string, saltIndex: string): string {
  return `${sha256Hex(signedString + saltKey)}###${saltIndex}`;
}

/** Standard padded base64 of the UTF-8 bytes of `text` (the wire `request` of a base64-json body). */
export function base64Utf8(text: string): string {
  return Buffer.from(text, "utf8").toString("base64");
}

/** Percent-encoding of one path parameter value: every UTF-8 byte outside A-Z a-z 0-9 - . _ ~ as %XX. */
export function encodePathValue(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
}

/** application/x-www-form-urlencoded with the same safe set, space as "+". */
export function formEncode(fields: Record<string, string>): string {
  const enc = (s: string): string => encodePathValue(s).replace(/%20/g, "+");
  return Object.entries(fields).map(([k, v]) => `${enc(k)}=${enc(v)}`).join("&");
}

/** Fill `{name}` placeholders; raw values for the signing path, encoded values for the URL. */
export function fillPath(template: string, values: Record<string, string>, encode: boolean): string {
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`missing path parameter ${name}`);
    return encode ? encodePathValue(v) : v;
  });
}

/** Verify "digest###index" against `message` with the salt of that index (constant-time compare). */
export function verifySignature(message: string, header: string, salts: Record<string, string>): boolean {
  const at = header.lastIndexOf("###");
  if (at < 0) return false;
  const digest = header.slice(0, at);
  const salt = salts[header.slice(at + 3)];
  if (salt === undefined || !/^[0-9a-f]{64}$/.test(digest)) return false;
  return timingSafeEqual(Buffer.from(sha256Hex(message + salt), "hex"), Buffer.from(digest, "hex"));
}

export const UI_CHECKSUM_FIELDS: readonly string[] = [
  "code", "merchantId", "transactionId", "amount", "providerReferenceId",
  ...Array.from({ length: 20 }, (_v, i) => `param${i + 1}`),
];

/** The UI callback checksum string: documented field order, absent fields left out. */
export function uiChecksumString(form: Record<string, string | undefined>): string {
  return UI_CHECKSUM_FIELDS.map((f) => form[f]).filter((v): v is string => v !== undefined).join("");
}
