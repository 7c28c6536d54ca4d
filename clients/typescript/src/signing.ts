// X-VERIFY (operations.json `signature`): hex(sha256(message + salt_key)) + "###" + salt_index. Server side only.
import { createHash, timingSafeEqual } from "node:crypto";

/** Salt keys by salt index, e.g. {"1": "...", "2": "..."} (the index is read after "###"). */
export type Salts = Readonly<Record<string, string>>;

const DIGEST = /^[0-9a-fA-F]{64}$/;

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

export function xVerify(message: string, saltKey: string, saltIndex: string): string {
  return `${sha256Hex(message + saltKey)}###${saltIndex}`;
}

/** Check "digest###index" against `message` with the salt of that index, in constant time. The index of the salt
 * that matched, or null (unknown index, malformed value, wrong digest). */
export function verifySignature(message: string, signature: string | null | undefined, salts: Salts): string | null {
  if (typeof signature !== "string") return null;
  const at = signature.lastIndexOf("###");
  if (at < 0) return null;
  const digest = signature.slice(0, at);
  const index = signature.slice(at + 3);
  const salt = Object.prototype.hasOwnProperty.call(salts, index) ? salts[index] : undefined;
  if (salt === undefined || !DIGEST.test(digest)) return null;
  const expected = Buffer.from(sha256Hex(message + salt), "hex");
  return timingSafeEqual(expected, Buffer.from(digest, "hex")) ? index : null;
}
