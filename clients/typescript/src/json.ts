// Reading a gateway answer's bytes by the spec's reading rules (operations.json `outcomes.rules.reading`, generated
// into src/generated/outcomes.ts as RULES). JSON.parse keeps the last of two equal keys silently and reads 1.0 as the
// integer 1; a verdict about money needs both told apart. The parsing is @humanwhocodes/momoa's (a maintained JSON
// parser that gives every member of an object and each number's source text); this module only turns its tree into
// values and applies the rules the tree makes visible: a key given twice in any object, a number written with a
// fraction or an exponent (a NonInteger, never a JavaScript number), an integer longer than the stated digits,
// control characters in strings (refused by RFC 8259, let through by momoa) and the nesting depth. "Not JSON" is
// reported before a duplicate key and a duplicate key before the depth, as the Python client's reader does.
import { parse, type ValueNode } from "@humanwhocodes/momoa";
import { RULES } from "./generated/outcomes.js";

/** A number the answer wrote with a fraction or an exponent: never an integer, whatever its value. */
export class NonInteger {
  constructor(
    readonly text: string,
    readonly value: number,
  ) {}
}

/** A key appeared twice in one object (at any depth). */
export class DuplicateKeyError extends SyntaxError {
  constructor(readonly key: string) {
    super(`the answer names ${key} twice`);
  }
}

/** Objects and arrays nested deeper than the reading rules allow. */
export class TooDeepError extends SyntaxError {
  constructor() {
    super("the answer is nested too deeply");
  }
}

const CONTROL = /[\u0000-\u001f]/;

/** Parse `text` as one JSON value by the reading rules. Objects are plain objects (every key an own property,
 * "__proto__" too); an integer beyond 2^53 is a bigint (exact comparison). Throws SyntaxError (not JSON),
 * DuplicateKeyError or TooDeepError. */
export function parseAnswerJson(text: string): unknown {
  let root: ValueNode;
  try {
    root = parse(text, { mode: "json", ranges: true }).body;
  } catch (err) {
    if (err instanceof RangeError) throw new TooDeepError(); // the parser's own recursion gave out
    throw err instanceof SyntaxError ? err : new SyntaxError(String(err));
  }
  let duplicate: string | null = null;
  let deepest = 0;
  const source = (node: ValueNode): string => text.slice(node.range![0], node.range![1]);
  const value = (node: ValueNode, depth: number): unknown => {
    switch (node.type) {
      case "Object": {
        deepest = Math.max(deepest, depth);
        const obj: Record<string, unknown> = {};
        for (const member of node.members) {
          if (member.name.type !== "String") throw new SyntaxError("a key is not a string");
          if (CONTROL.test(source(member.name))) throw new SyntaxError("control character in a key");
          const key = member.name.value;
          if (Object.prototype.hasOwnProperty.call(obj, key)) duplicate ??= key;
          Object.defineProperty(obj, key, { value: value(member.value, depth + 1), enumerable: true, writable: true, configurable: true });
        }
        return obj;
      }
      case "Array":
        deepest = Math.max(deepest, depth);
        return node.elements.map((element) => value(element.value, depth + 1));
      case "String":
        if (CONTROL.test(source(node))) throw new SyntaxError("control character in a string");
        return node.value;
      case "Number": {
        const lexeme = source(node);
        if (/[.eE]/.test(lexeme)) return new NonInteger(lexeme, node.value);
        if (lexeme.replace("-", "").length > RULES.reading.max_integer_digits) throw new SyntaxError("integer too long");
        return Number.isSafeInteger(node.value) ? (Object.is(node.value, -0) ? 0 : node.value) : BigInt(lexeme);
      }
      case "Boolean":
        return node.value;
      case "Null":
        return null;
      default:
        throw new SyntaxError(`${node.type} is not JSON`); // NaN / Infinity (json mode refuses them already)
    }
  };
  let result: unknown;
  try {
    result = value(root, 1);
  } catch (err) {
    if (err instanceof RangeError) throw new TooDeepError();
    throw err;
  }
  if (duplicate !== null) throw new DuplicateKeyError(duplicate);
  if (deepest > RULES.reading.max_depth) throw new TooDeepError();
  return result;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const BOM = "\uFEFF";

/** The answer's text by the reading rules: one leading byte order mark dropped (read-bom), strict UTF-8
 * (read-utf8); null when the bytes are not UTF-8. */
export function answerText(body: string | Uint8Array): string | null {
  let text: string;
  if (typeof body === "string") {
    text = body;
  } else {
    try {
      text = strictUtf8.decode(body); // ignoreBOM: the BOM is kept here and dropped below, by the rule
    } catch {
      return null;
    }
  }
  return RULES.reading.byte_order_mark === "strip" && text.startsWith(BOM) ? text.slice(BOM.length) : text;
}
