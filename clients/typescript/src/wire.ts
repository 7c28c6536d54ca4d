// Wire encodings shared by Node and browsers (no secrets here): base64 of UTF-8, path and form encoding.

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder("utf-8", { fatal: true });

/** Standard padded base64 of the UTF-8 bytes of `text`. */
export function base64Utf8(text: string): string {
  const bytes = encoder.encode(text);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** Decode standard padded base64 into UTF-8 text; null when it is not exactly that. */
export function decodeBase64Utf8(b64: string): string | null {
  const bytes = decodeBase64Bytes(b64);
  if (bytes === null) return null;
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return null;
  }
}

/** The bytes of strict (padded, standard-alphabet) base64, or null. */
export function decodeBase64Bytes(b64: string): Uint8Array | null {
  if (b64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) return null;
  try {
    const binary = atob(b64);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** The `request` string of a base64-json body: compact JSON of the payload (keys in the given order, raw UTF-8),
 * base64-encoded. This exact string is what X-VERIFY signs. */
export function encodePayload(payload: unknown): string {
  return base64Utf8(JSON.stringify(payload));
}

/** Percent-encoding of one path parameter value: every UTF-8 byte outside A-Z a-z 0-9 - . _ ~ as %XX. */
export function encodePathValue(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
}

/** application/x-www-form-urlencoded with the same safe set, space as "+", fields in the given order. */
export function formEncode(fields: Readonly<Record<string, string>>): string {
  const enc = (s: string): string => encodePathValue(s).replace(/%20/g, "+");
  return Object.entries(fields).map(([k, v]) => `${enc(k)}=${enc(v)}`).join("&");
}

/** Fill `{name}` placeholders: raw values for a signing path, percent-encoded ones for a URL. */
export function fillPath(template: string, values: Readonly<Record<string, unknown>>, encode: boolean): string {
  return template.replace(/\{([^{}]+)\}/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined || v === null) throw new TypeError(`missing path parameter ${name}`);
    const text = String(v);
    return encode ? encodePathValue(text) : text;
  });
}

/** Form fields as a plain object (first value of a repeated name), from a body string, URLSearchParams or object. */
export function formFields(form: string | URLSearchParams | Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof form === "string" || form instanceof URLSearchParams) {
    const params = typeof form === "string" ? new URLSearchParams(form) : form;
    for (const [k, v] of params) if (!(k in out)) out[k] = v;
    return out;
  }
  for (const [k, v] of Object.entries(form)) if (v !== undefined && v !== null) out[k] = String(v);
  return out;
}
