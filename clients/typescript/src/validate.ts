// Strict in what is sent: a caller's payload is checked against its schema in the spec (PAYLOAD_SCHEMAS, generated
// from the release's per-host documents) and against the operation's x-field-rules before anything is encoded,
// signed or sent. The first problem is named by its wire path (paymentSources[0].cardId) with the rule and the
// allowed values, never with the value given (it may be a token). Same rules, paths and messages as the Python
// client (merchant_gateway/checks/schema.py, which runs fastjsonschema; both refuse every case of the
// conformance kit). Path, query and header values are checked the same way against their parameter schemas
// (checkParameters, PARAMETERS), with the Python client's rule for values placed in a URL path on top.
//
// Why not a JSON Schema library here: ajv (the maintained one) compiles each schema with `new Function`, which
// edge runtimes (Cloudflare Workers) and pages whose Content-Security-Policy lacks 'unsafe-eval' refuse, and its
// precompiled ("standalone") output still imports ajv's runtime modules; this package keeps one runtime dependency
// (openapi-fetch). Instead codegen.mjs keeps exactly the keywords checked below and fails the build when a payload
// schema uses any other validation keyword or format, so a spec change cannot leave a rule silently unchecked.
import { ValidationError } from "./errors.js";
import type { OperationFacts } from "./facts.js";

/** The JSON Schema keywords the check reads (codegen.mjs refuses a payload schema with any other). */
export interface PayloadSchema {
  readonly $ref?: string;
  readonly type?: string | readonly string[];
  readonly required?: readonly string[];
  readonly properties?: Readonly<Record<string, PayloadSchema>>;
  readonly additionalProperties?: boolean | PayloadSchema;
  readonly items?: PayloadSchema;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly allOf?: readonly PayloadSchema[];
  readonly anyOf?: readonly PayloadSchema[];
  readonly oneOf?: readonly PayloadSchema[];
  readonly discriminator?: { readonly propertyName: string; readonly mapping?: Readonly<Record<string, string>> };
  readonly not?: PayloadSchema;
  readonly if?: PayloadSchema;
  readonly then?: PayloadSchema;
  readonly else?: PayloadSchema;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly format?: string;
  readonly minItems?: number;
  readonly maxItems?: number;
}

type Schemas = Readonly<Record<string, PayloadSchema>>;
/** (wire path relative to the value checked, what is wrong); "" is the value itself. */
type Problem = readonly [string, string];

const TYPES: Readonly<Record<string, readonly [(v: unknown) => boolean, string]>> = {
  string: [(v) => typeof v === "string", "a string"],
  integer: [(v) => typeof v === "number" && Number.isInteger(v), "an integer"],
  number: [(v) => typeof v === "number" && Number.isFinite(v), "a number"],
  boolean: [(v) => typeof v === "boolean", "true or false"],
};

const isObject = (v: unknown): v is Readonly<Record<string, unknown>> => v !== null && typeof v === "object" && !Array.isArray(v);
const choices = (values: readonly unknown[]): string => `must be one of ${values.map(String).join(", ")}`;

function under(prefix: string, found: Problem | null): Problem | null {
  if (found === null) return null;
  const [path, problem] = found;
  return [path.startsWith("[") ? prefix + path : path ? `${prefix}.${path}` : prefix, problem];
}

const KINDS: Readonly<Record<string, string>> = { object: "an object", array: "a list", null: "null" };
// The format checks: "uri" as the Python client's library reads it (a scheme, a colon, no white space); OpenAPI's
// number formats (int32, int64) are annotations. codegen.mjs refuses a payload schema with any other format.
const FORMATS: Readonly<Record<string, readonly [RegExp, string]>> = {
  uri: [/^\w+:(\/?\/?)[^\s]+$/u, "an absolute URI with a scheme (https://merchant.example/path)"],
};
const chars = (text: string): number => [...text].length; // JSON Schema counts code points, not UTF-16 units
const length = (what: string, n: number, unit: string): string =>
  what === "at least" && n === 1 ? "must not be empty" : `must have ${what} ${n} ${unit}`;

function walk(schemas: Schemas, value: unknown, node: PayloadSchema, depth = 0): Problem | null {
  if (depth > 64) return null; // a cycle of $refs: leave the rest to the gateway
  const ref = node.$ref;
  if (ref !== undefined) {
    const target = schemas[ref.slice(ref.lastIndexOf("/") + 1)];
    return target === undefined ? null : walk(schemas, value, target, depth + 1);
  }
  if (node.enum !== undefined && !node.enum.includes(value)) return ["", choices(node.enum)];
  if ("const" in node && value !== node.const) return ["", `must be ${String(node.const)}`];
  for (const part of node.allOf ?? []) {
    const found = walk(schemas, value, part, depth + 1);
    if (found) return found;
  }
  if (node.oneOf !== undefined || node.anyOf !== undefined) {
    const found = branches(schemas, value, node, depth);
    if (found) return found;
  }
  if (node.not !== undefined && walk(schemas, value, node.not, depth + 1) === null) {
    const together = Object.keys(node.not).length === 1 ? node.not.required : undefined;
    if (together !== undefined && together.length > 1) {
      return [together[together.length - 1] ?? "", `must not be given together with ${together.slice(0, -1).join(", ")}`];
    }
    return ["", "has a form the spec forbids here (a 'not' rule)"];
  }
  const own = typed(schemas, value, node, depth);
  if (own) return own;
  if (node.if !== undefined) {
    const branch = walk(schemas, value, node.if, depth + 1) === null ? node.then : node.else;
    const found = branch === undefined ? null : walk(schemas, value, branch, depth + 1);
    if (found) return found;
  }
  return null;
}

/** A oneOf / anyOf: with a discriminator the branch it names; else the first branch's problem when none accepts
 * (and, for oneOf, a problem when several do). */
function branches(schemas: Schemas, value: unknown, node: PayloadSchema, depth: number): Problem | null {
  const prop = node.discriminator?.propertyName;
  const mapping = node.discriminator?.mapping;
  if (prop !== undefined && mapping !== undefined) {
    if (!isObject(value)) return ["", "must be an object"];
    const key = value[prop];
    const target = typeof key === "string" && Object.prototype.hasOwnProperty.call(mapping, key) ? mapping[key] : undefined;
    if (target === undefined) return [prop, choices(Object.keys(mapping))];
    const found = walk(schemas, value, { $ref: target }, depth + 1);
    if (found) return found;
  }
  for (const [list, exactlyOne] of [[node.oneOf, true], [node.anyOf, false]] as const) {
    if (list === undefined) continue;
    const problems = list.map((v) => walk(schemas, value, v, depth + 1));
    const accepted = problems.filter((p) => p === null).length;
    if (accepted === 0) return problems[0] ?? null;
    if (exactlyOne && accepted > 1) return ["", "matches more than one of the forms the spec allows here; it must match exactly one"];
  }
  return null;
}

/** type, and the keywords of each JSON type: properties and required, items, numbers' bounds, strings' lengths,
 * pattern and format. */
function typed(schemas: Schemas, value: unknown, node: PayloadSchema, depth: number): Problem | null {
  const kinds = node.type === undefined ? [] : typeof node.type === "string" ? [node.type] : node.type;
  if (kinds.length > 0) {
    const ok = kinds.some((k) => (k === "null" ? value === null : k === "object" ? isObject(value) : k === "array" ? Array.isArray(value) : TYPES[k]?.[0](value)));
    if (!ok) return ["", `must be ${kinds.map((k) => TYPES[k]?.[1] ?? KINDS[k] ?? k).join(" or ")}`];
  }
  if (isObject(value)) {
    for (const name of node.required ?? []) {
      if (value[name] === undefined || value[name] === null) return [name, "is required"];
    }
    for (const [name, field] of Object.entries(value)) {
      if (field === undefined) continue;
      const prop = node.properties?.[name];
      const extra = prop === undefined ? node.additionalProperties : undefined;
      if (extra === false) return [name, "has a field the spec does not define here"];
      const sub = prop ?? (typeof extra === "object" ? extra : undefined);
      const found = sub === undefined ? null : under(name, walk(schemas, field, sub, depth + 1));
      if (found) return found;
    }
  } else if (Array.isArray(value)) {
    if (node.minItems !== undefined && value.length < node.minItems) return ["", length("at least", node.minItems, "items")];
    if (node.maxItems !== undefined && value.length > node.maxItems) return ["", length("at most", node.maxItems, "items")];
    for (const [i, element] of value.entries()) {
      const found = under(`[${i}]`, walk(schemas, element, node.items ?? {}, depth + 1));
      if (found) return found;
    }
  } else if (typeof value === "number") {
    if (node.minimum !== undefined && value < node.minimum) return ["", `must be at least ${node.minimum}`];
    if (node.maximum !== undefined && value > node.maximum) return ["", `must be at most ${node.maximum}`];
    if (node.exclusiveMinimum !== undefined && value <= node.exclusiveMinimum) return ["", `must be greater than ${node.exclusiveMinimum}`];
    if (node.exclusiveMaximum !== undefined && value >= node.exclusiveMaximum) return ["", `must be less than ${node.exclusiveMaximum}`];
  } else if (typeof value === "string") {
    if (node.minLength !== undefined && chars(value) < node.minLength) return ["", length("at least", node.minLength, "characters")];
    if (node.maxLength !== undefined && chars(value) > node.maxLength) return ["", length("at most", node.maxLength, "characters")];
    if (node.pattern !== undefined && !new RegExp(node.pattern, "u").test(value)) return ["", `must match the pattern ${node.pattern}`];
    const format = node.format === undefined ? undefined : FORMATS[node.format];
    if (format !== undefined && !format[0].test(value)) return ["", `must be ${format[1]}`];
  }
  return null;
}

/** The first field of `payload` that schema `name` of `schemas` refuses, as (wire path, problem), or null. */
export function firstProblem(schemas: Schemas, name: string, payload: unknown): Problem | null {
  const schema = schemas[name];
  if (schema === undefined) return null;
  const found = walk(schemas, payload, schema);
  return found === null ? null : [found[0] || "payload", found[1]];
}

/** The operation's x-field-rules; a field counts as sent when the payload has a value for it. */
export function checkFieldRules(payload: Readonly<Record<string, unknown>>, rules: OperationFacts["field_rules"]): void {
  for (const { rule, fields } of rules) {
    const sent = fields.filter((f) => payload[f] !== undefined && payload[f] !== null);
    const names = fields.length === 2 ? fields.join(" and ") : fields.join(", ");
    const first = fields[0] ?? "payload";
    if (rule === "required") {
      const missing = fields.filter((f) => !sent.includes(f));
      if (missing.length > 0) throw new ValidationError(missing[0] ?? first, `is required by this operation (${missing.join(", ")} missing)`);
    } else if (rule === "exactly-one-of") {
      if (sent.length !== 1) {
        const problem = sent.length === 0 ? "neither was given" : `${sent.join(" and ")} were both given`;
        throw new ValidationError(sent[1] ?? first, `give exactly one of ${names} (${problem})`);
      }
    } else if (rule === "at-least-one-of") {
      if (sent.length === 0) throw new ValidationError(first, `give ${fields.join(" or ")} (at least one is required)`);
    } else if (rule === "at-most-one-of") {
      if (sent.length > 1) throw new ValidationError(sent[1] ?? first, `not together: give only one of ${names} (${sent.join(" and ")} given)`);
    } else {
      // a rule this package does not know: fail closed (nothing is sent) rather than send what may be refused
      throw new ValidationError(first, `unknown field rule ${JSON.stringify(rule)}; update the package`);
    }
  }
}

/** Both checks, in the Python client's order: the schema (types, enums, nesting), then the rules between fields. */
export function checkPayload(schemas: Schemas, op: OperationFacts, payload: unknown): void {
  const schema = op.body?.payload_schema;
  if (schema === undefined) return;
  const found = firstProblem(schemas, schema, payload);
  if (found !== null) {
    // a rule between top-level fields (if/then, not) that x-field-rules restate: their message names every field
    const touched = found[0] === "payload" || op.field_rules.some((r) => r.fields.includes(found[0]));
    if (touched && isObject(payload)) checkFieldRules(payload, op.field_rules);
    throw new ValidationError(found[0], found[1]);
  }
  if (isObject(payload)) checkFieldRules(payload, op.field_rules);
}

/** Where a parameter goes: in the URL path, the query or a request header. */
export type ParameterPlace = "path" | "query" | "header";

/** One parameter of an operation and its schema (PARAMETERS, generated from the per-host documents). */
export interface ParameterSchema {
  readonly name: string;
  readonly in: ParameterPlace;
  readonly required: boolean;
  readonly schema: PayloadSchema;
}

/** How an error names a parameter: path.transactionId, query.x, headers.X-REDIRECT-URL (the input's members). */
const INPUT_MEMBER: Readonly<Record<ParameterPlace, string>> = { path: "path", query: "query", header: "headers" };
// The Python client's rule for every value it places in a URL path (merchant_gateway/checks/limits.py check_identifier):
// only characters a path carries unencoded, and not a dot segment (URLs drop "." and ".."). Why: X-VERIFY signs the
// path with the raw values, and how the gateway signs a percent-encoded path is not shown, so a value that needs
// encoding would give a URL and a signature that disagree. Applies whether or not the spec has a pattern for it.
const PATH_UNSAFE = /[^A-Za-z0-9._~-]/u;
// Path values that are secrets: only the position of a refused character is named, never the character.
const SECRET_PATH_VALUES: ReadonlySet<string> = new Set(["userAuthToken"]);
const WHY_PATH = "is unsafe in a URL path: signing of encoded paths is not shown, so";
// What an HTTP header can carry as given, never empty (the Python client: "a non-empty printable string"): visible
// ASCII and inner spaces. fetch refuses line breaks, control characters and text beyond Latin-1 only once the
// request is built, and trims outer spaces, which would change what is sent.
const HEADER_SAFE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/** The character as the Python client shows it: quoted when printable ASCII, else U+XXXX. */
function shown(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20 || code > 0x7e) return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  return char === "'" ? `"'"` : char === "\\" ? "'\\\\'" : `'${char}'`;
}

function pathValueProblem(name: string, value: unknown): string | null {
  if (typeof value !== "string") return "must be a string";
  if (value === "") return "must not be empty";
  const points = [...value]; // indexes in code points, as the Python client counts
  const index = points.findIndex((c) => PATH_UNSAFE.test(c));
  if (index >= 0) {
    if (SECRET_PATH_VALUES.has(name)) {
      return `the character at index ${index} ${WHY_PATH} this call could fail X-VERIFY; ask the gateway which characters its tokens use`;
    }
    return `${shown(points[index] ?? "")} at index ${index} ${WHY_PATH} this call could fail X-VERIFY; use letters, digits, -._~`;
  }
  if (value === "." || value === "..") return `must not be '${value}': a URL path drops that segment; use another value`;
  return null;
}

/** The values of one place (path, query or headers) of an operation's input, checked against the operation's
 * parameters before anything is encoded, signed or sent: every required one given, no unknown query or header
 * name, header names once whatever their case, path values by the Python client's rule above, header values
 * sendable as given, then each value against its schema (pattern, enum, format uri, lengths). Throws a
 * ValidationError naming the parameter as the input does (headers.X-REDIRECT-URL), never its value. Unknown path
 * names are left alone: only the template's names reach the URL. */
export function checkParameters(
  schemas: Schemas,
  operationId: string,
  parameters: readonly ParameterSchema[],
  place: ParameterPlace,
  given: unknown,
): void {
  const member = INPUT_MEMBER[place];
  if (given !== undefined && given !== null && !isObject(given)) throw new ValidationError(member, "must be an object of name: value");
  const values: Readonly<Record<string, unknown>> = isObject(given) ? given : {};
  const mine = parameters.filter((p) => p.in === place);
  const key = (name: string): string => (place === "header" ? name.toLowerCase() : name); // RFC 9110: any case
  const known = new Set(mine.map((p) => key(p.name)));
  const spelled = new Map<string, string>(); // key -> the caller's spelling
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    const k = key(name);
    const other = spelled.get(k);
    if (other !== undefined) throw new ValidationError(`${member}.${name}`, `is given twice (also as ${other}); give it once`);
    spelled.set(k, name);
    if (place !== "path" && !known.has(k)) {
      const accepted = mine.length > 0 ? `; it takes ${mine.map((p) => p.name).join(", ")}` : "";
      throw new ValidationError(`${member}.${name}`, `is not a ${place} parameter of ${operationId}${accepted}`);
    }
  }
  for (const p of mine) {
    const name = spelled.get(key(p.name));
    if (name === undefined) {
      if (p.required) throw new ValidationError(`${member}.${p.name}`, `is required by ${operationId}`);
      continue;
    }
    const value = values[name];
    const own = place === "path" ? pathValueProblem(p.name, value) : null;
    if (own !== null) throw new ValidationError(`${member}.${name}`, own);
    const found = walk(schemas, value, p.schema);
    if (found !== null) throw new ValidationError(`${member}.${name}`, found[1]);
    if (place === "header" && typeof value === "string" && !HEADER_SAFE.test(value)) {
      throw new ValidationError(`${member}.${name}`, "must be a non-empty printable string of ASCII without leading or trailing spaces (a header cannot carry line breaks, control characters or other text)");
    }
  }
}
