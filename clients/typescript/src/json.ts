// Reading a gateway answer as evidence. JSON.parse keeps the last of two equal keys silently and reads 1.0 as the
// integer 1; a verdict about money needs both told apart (issue 22, findings 3 and 6). This reader accepts what the
// Python client's reader accepts (json.loads: NaN and Infinity included, control characters in strings refused)
// and keeps two facts JSON.parse loses: a deciding key given twice in one object, and a number written with a
// fraction or an exponent (a NonInteger, never a JavaScript number, so no integer check can mistake it).

/** A number the answer wrote with a fraction or an exponent (or NaN / Infinity): never an integer, whatever its value. */
export class NonInteger {
  constructor(
    readonly text: string,
    readonly value: number,
  ) {}
}

/** A key in DECIDING appeared twice in one object. */
export class DuplicateKeyError extends SyntaxError {
  constructor(readonly key: string) {
    super(`the answer names ${key} twice`);
  }
}

/** Python's int() refuses longer digit strings (sys.get_int_max_str_digits): json.loads then fails, so does this. */
const MAX_DIGITS = 4300;
const MAX_DEPTH = 900;
const WS = new Set([" ", "\t", "\n", "\r"]);
const ESCAPES: Readonly<Record<string, string>> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/** Parse `text` as one JSON value. Objects are plain objects (every key an own property, "__proto__" too); a deciding
 * key twice in one object throws DuplicateKeyError; an integer beyond 2^53 is a bigint (exact comparison). */
export function parseAnswerJson(text: string, deciding: ReadonlySet<string>): unknown {
  let i = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at ${i}`);
  };
  const skip = (): void => {
    while (i < text.length && WS.has(text[i]!)) i++;
  };
  const literal = (word: string, value: unknown): unknown => {
    if (text.startsWith(word, i)) {
      i += word.length;
      return value;
    }
    return fail("unexpected character");
  };
  const string = (): string => {
    i++; // the opening quote
    let out = "";
    let start = i;
    for (;;) {
      if (i >= text.length) fail("unterminated string");
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        out += text.slice(start, i);
        i++;
        return out;
      }
      if (c < 0x20) fail("control character in a string");
      if (c !== 0x5c) {
        i++;
        continue;
      }
      out += text.slice(start, i);
      const e = text[i + 1];
      if (e === "u") {
        const hex = text.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail("bad \\u escape");
        out += String.fromCharCode(parseInt(hex, 16));
        i += 6;
      } else if (e !== undefined && e in ESCAPES) {
        out += ESCAPES[e];
        i += 2;
      } else {
        fail("bad escape");
      }
      start = i;
    }
  };
  const number = (): unknown => {
    const m = /^-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/.exec(text.slice(i, i + 10_000));
    if (m === null) {
      if (text.startsWith("-Infinity", i)) return literal("-Infinity", new NonInteger("-Infinity", -Infinity));
      return fail("unexpected character");
    }
    const lexeme = m[0];
    i += lexeme.length;
    if (m[1] !== undefined || m[2] !== undefined) return new NonInteger(lexeme, Number(lexeme));
    if (lexeme.replace("-", "").length > MAX_DIGITS) fail("integer too long");
    const n = Number(lexeme);
    return Number.isSafeInteger(n) ? (Object.is(n, -0) ? 0 : n) : BigInt(lexeme);
  };
  const value = (depth: number): unknown => {
    if (depth > MAX_DEPTH) fail("nested too deeply");
    skip();
    const c = text[i];
    if (c === "{") {
      i++;
      const obj: Record<string, unknown> = {};
      const seen = new Set<string>();
      skip();
      if (text[i] === "}") {
        i++;
        return obj;
      }
      for (;;) {
        skip();
        if (text[i] !== '"') fail("expected a key");
        const key = string();
        if (seen.has(key) && deciding.has(key)) throw new DuplicateKeyError(key);
        seen.add(key);
        skip();
        if (text[i] !== ":") fail("expected ':'");
        i++;
        Object.defineProperty(obj, key, { value: value(depth + 1), enumerable: true, writable: true, configurable: true });
        skip();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "}") {
          i++;
          return obj;
        }
        fail("expected ',' or '}'");
      }
    }
    if (c === "[") {
      i++;
      const list: unknown[] = [];
      skip();
      if (text[i] === "]") {
        i++;
        return list;
      }
      for (;;) {
        list.push(value(depth + 1));
        skip();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "]") {
          i++;
          return list;
        }
        fail("expected ',' or ']'");
      }
    }
    if (c === '"') return string();
    if (c === "t") return literal("true", true);
    if (c === "f") return literal("false", false);
    if (c === "n") return literal("null", null);
    if (c === "N") return literal("NaN", new NonInteger("NaN", NaN));
    if (c === "I") return literal("Infinity", new NonInteger("Infinity", Infinity));
    return number();
  };
  const result = value(0);
  skip();
  if (i !== text.length) fail("extra data");
  return result;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** Bytes as the Python client reads them: UTF-8 (a leading byte order mark dropped), refused when not UTF-8. */
export function answerText(body: string | Uint8Array): string | null {
  if (typeof body === "string") return body.startsWith("\uFEFF") ? body.slice(1) : body;
  try {
    return strictUtf8.decode(body); // drops a leading BOM (ignoreBOM: false)
  } catch {
    return null;
  }
}
