// Strict in what is sent: a caller's payload is checked against its schema in the spec (PAYLOAD_SCHEMAS, generated
// from the release's per-host documents) and against the operation's x-field-rules before anything is encoded,
// signed or sent. The first problem is named by its wire path (paymentSources[0].cardId) with the allowed values,
// never with the value given (it may be a token). Same rules and order as the Python client (merchant_gateway/
// payload_problems.py and validation.check_field_rules).
import { ValidationError } from "./errors.js";
import type { OperationFacts } from "./facts.js";

/** The JSON Schema keywords the check reads; every other keyword is left to the gateway. */
export interface PayloadSchema {
  readonly $ref?: string;
  readonly type?: string | readonly string[];
  readonly required?: readonly string[];
  readonly properties?: Readonly<Record<string, PayloadSchema>>;
  readonly items?: PayloadSchema;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly allOf?: readonly PayloadSchema[];
  readonly oneOf?: readonly PayloadSchema[];
  readonly discriminator?: { readonly propertyName: string; readonly mapping?: Readonly<Record<string, string>> };
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
  if (node.oneOf !== undefined) {
    const prop = node.discriminator?.propertyName;
    if (prop === undefined) {
      const problems = node.oneOf.map((v) => walk(schemas, value, v, depth + 1));
      return problems.includes(null) ? null : (problems[0] ?? null);
    }
    if (!isObject(value)) return ["", "must be an object"];
    const mapping = node.discriminator?.mapping ?? {};
    const key = value[prop];
    const target = typeof key === "string" && Object.prototype.hasOwnProperty.call(mapping, key) ? mapping[key] : undefined;
    return target === undefined ? [prop, choices(Object.keys(mapping))] : walk(schemas, value, { $ref: target }, depth + 1);
  }
  if (node.type === "object" || node.properties !== undefined) {
    if (!isObject(value)) return ["", "must be an object"];
    for (const name of node.required ?? []) {
      if (value[name] === undefined || value[name] === null) return [name, "is required"];
    }
    for (const [name, field] of Object.entries(value)) {
      const prop = node.properties?.[name];
      if (prop !== undefined && field !== undefined) {
        const found = under(name, walk(schemas, field, prop, depth + 1));
        if (found) return found;
      }
    }
  } else if (node.type === "array") {
    if (!Array.isArray(value)) return ["", "must be a list"];
    for (const [i, element] of value.entries()) {
      const found = under(`[${i}]`, walk(schemas, element, node.items ?? {}, depth + 1));
      if (found) return found;
    }
  } else if (node.type !== undefined) {
    // one type or a list of them; a list naming object or array is left to the gateway
    const kinds = typeof node.type === "string" ? [node.type] : node.type;
    const checks = kinds.map((k) => (k === "null" ? ([(v: unknown) => v === null, "null"] as const) : TYPES[k]));
    if (checks.every((c) => c !== undefined) && !checks.some((c) => c![0](value))) {
      return ["", `must be ${checks.map((c) => c![1]).join(" or ")}`];
    }
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
  if (found !== null) throw new ValidationError(found[0], found[1]);
  if (isObject(payload)) checkFieldRules(payload, op.field_rules);
}
