// What an answer means: the spec's verdict steps over the outcome table of this release (operations.json `outcomes`:
// `tables` and `rules`, the spec's x-verdict-rules, generated into src/generated/outcomes.ts). Each branch below names
// the rule id it applies, in the spec's order; the sets and values (rate-limit status and codes, the outcomes a
// status or a `success` flag contradicts, identity fields and types, unlisted codes, final verdicts) are read from
// RULES, never kept here. The Python client (merchant_gateway.verdicts) applies the same steps, and the conformance
// kit's verdict cases (kit.json `verdicts.cases`) hold both to the same conclusions. No I/O, no clock here.
import { CATEGORIES, OUTCOMES, RULES, type OutcomeKey } from "./generated/outcomes.js";
import { DuplicateKeyError, NonInteger, TooDeepError, answerText, parseAnswerJson } from "./json.js";

export { NonInteger };
export type Outcome = "succeeded" | "accepted" | "pending" | "failed" | "unknown" | "rejected" | "not-found" | "duplicate";

/** One row of operations.json `outcomes.tables`: what each code means on one operation or webhook. */
export interface OutcomeTable {
  /** The operationId or the webhook's name. */
  readonly key: string;
  readonly kind: "operation" | "webhook";
  /** x-codes: code -> outcome. */
  readonly codes: Readonly<Record<string, Outcome>>;
  /** [code, data.payResponseCode, outcome] where the payResponseCode changes what the code means. */
  readonly refine: readonly (readonly [string, string, Outcome])[];
  /** x-evidence: outcome -> the answer fields it needs. */
  readonly evidence: Readonly<Partial<Record<Outcome, readonly string[]>>>;
  /** What a code the table does not list means. */
  readonly unlisted: Outcome;
  readonly may_move_money: boolean;
  readonly payment_state: boolean;
  readonly redirect: boolean;
}

export type Verdict =
  | "succeeded" // proven: this transaction, this merchant, the expected amount
  | "accepted" // a start the gateway took; the payment itself is not decided
  | "pending"
  | "failed" // final failure of this transaction
  | "rejected" // the request was refused and moved nothing
  | "duplicate" // the id was used before: what it names may exist; learn its status, never a failure
  | "rate-limited" // not processed; may be sent again later
  | "unknown" // the gateway may have acted; only the status operation can tell
  | "unreadable" // a read whose answer proves nothing
  | "unconfirmed" // says succeeded, but no expected amount was given to prove it
  | "not-found" // the gateway has no record; nothing is known of what was sent
  | "not-yet-found" // no record yet, but a request may still arrive or be in processing
  | "not-recorded"; // no record, the grace is over and no request for it can still be sent

const JUDGING = RULES.judging;
const FINAL: ReadonlySet<string> = new Set(JUDGING.final);

/** A payment's final verdict: nothing later can change it. */
export function isFinal(verdict: Verdict): boolean {
  return FINAL.has(verdict);
}

/** What the answer must name; null or absent: not known, not checked. `amount`: the request's for a money move,
 * the forward payment's for a status read. */
export interface Expect {
  readonly transactionId?: string | null;
  readonly merchantId?: string | null;
  readonly amount?: number | null;
}

/** What is known of the requests sent for one transaction, on one clock in seconds (`now` and `lastAt` alike).
 * `known`: whether the caller knows what was sent at all; `lastAt`: the last moment a request may have been sent
 * (null with `known`: none ever was); `closed` (default true): no further request for it can be sent. */
export interface Sends {
  readonly known: boolean;
  readonly lastAt: number | null;
  readonly now: number;
  readonly grace: number;
  readonly closed?: boolean;
}

export interface Judgement {
  readonly verdict: Verdict;
  readonly code: string | null;
  readonly payResponseCode: string | null;
  /** Why, in words; never a value of the answer other than its codes and amount. */
  readonly reason: string;
  /** The answer field naming another transaction, merchant or amount than expected. */
  readonly mismatch: string | null;
  /** The code's error category (ResultCode's x-code-catalog), for mapping to error types. */
  readonly category: string | null;
  /** The id of the spec's verdict step that decided (operations.json `outcomes.rules.steps`). */
  readonly rule: string;
}

/** An answer that cannot be trusted, why, and the reading rule that refused it (`outcomes.rules.reading.rules`). */
export class Unreadable {
  constructor(
    readonly why: string,
    readonly rule: string = "read-json",
  ) {}
}

export type Answer = Readonly<Record<string, unknown>>;

const NOT_JSON = "the answer is not JSON";
const RATE_LIMIT_STATUS: number = JUDGING.rate_limit.status;
const RATE_LIMIT_CODES: ReadonlySet<string> = new Set(JUDGING.rate_limit.codes);
const SUCCESS_FALSE_CONTRADICTS: ReadonlySet<string> = new Set(JUDGING.success_false_contradicts);
const SUCCESS_TRUE_CONTRADICTS: ReadonlySet<string> = new Set(JUDGING.success_true_contradicts);
const NEEDS_2XX: ReadonlySet<string> = new Set(JUDGING.needs_2xx);
const UNLISTED_CATEGORIES: Readonly<Record<string, string>> = JUDGING.unlisted.categories;
const IDENTITY: Readonly<Record<string, string>> = JUDGING.identity;

/** The outcome table of an operationId or a webhook name. */
export function outcomeTable(key: string): OutcomeTable {
  if (!Object.prototype.hasOwnProperty.call(OUTCOMES, key)) throw new TypeError(`no outcome table for ${key}`);
  return OUTCOMES[key as OutcomeKey] as OutcomeTable;
}

/** The answer's JSON object, or why it cannot be trusted, by the spec's reading rules (read-bom ... read-object):
 * one leading byte order mark dropped, strict UTF-8, RFC 8259 JSON, no key twice in any object, bounded depth. */
export function readAnswer(body: string | Uint8Array): Answer | Unreadable {
  const text = answerText(body);
  if (text === null) return new Unreadable(NOT_JSON, "read-utf8");
  let value: unknown;
  try {
    value = parseAnswerJson(text);
  } catch (err) {
    if (err instanceof DuplicateKeyError) return new Unreadable(err.message, "read-duplicate-keys");
    if (err instanceof TooDeepError) return new Unreadable(err.message, "read-depth");
    return new Unreadable(NOT_JSON, "read-json");
  }
  if (!isObject(value)) return new Unreadable("the answer is not a JSON object", "read-object");
  return value;
}

function isObject(value: unknown): value is Answer {
  return value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof NonInteger);
}

function field(obj: Answer, name: string): unknown {
  return Object.prototype.hasOwnProperty.call(obj, name) ? obj[name] : undefined;
}

const absent = (v: unknown): boolean => v === undefined || v === null;

export interface JudgeInput {
  /** HTTP status (200 for a callback). */
  readonly status: number;
  /** readAnswer's result; null: no body. */
  readonly answer: Answer | Unreadable | null;
  readonly expect?: Expect;
  readonly sends?: Sends | null;
  /** Which attempt of the call this answers (a duplicate-id answer to a later attempt may be this call's own). */
  readonly attempt?: number;
  /** The Location header of a redirect. */
  readonly location?: string | null;
}

/** The verdict on one answer of the operation (or webhook) `table` describes (a table or its key). */
export function judge(table: OutcomeTable | string, input: JudgeInput): Judgement {
  const t = typeof table === "string" ? outcomeTable(table) : table;
  const key = t.key;
  const { status, answer } = input;
  const expect = input.expect ?? {};
  const attempt = input.attempt ?? 1;
  const make = (rule: string, verdict: Verdict, code: string | null, prc: string | null, reason: string, mismatch: string | null = null): Judgement => ({
    rule,
    verdict,
    code,
    payResponseCode: prc,
    reason,
    mismatch,
    category: code !== null && Object.prototype.hasOwnProperty.call(CATEGORIES, code) ? (CATEGORIES as Readonly<Record<string, string>>)[code] ?? null : null,
  });
  const doubt: Verdict = t.may_move_money ? "unknown" : "unreadable";
  const limit = RATE_LIMIT_STATUS;
  if (t.redirect && status >= 300 && status < 400) {
    // redirect
    if (typeof input.location === "string" && pyStrip(input.location) !== "") return make("redirect", "accepted", null, null, "redirected to the payments page");
    return make("redirect", doubt, null, null, `HTTP ${status} without a Location`);
  }
  if (status >= 500) {
    // server-error
    const [c, p] = codes(answer);
    return make("server-error", "unknown", c, p, `HTTP ${status}: the gateway may have acted`);
  }
  if (answer === null || answer instanceof Unreadable) {
    // unreadable-body: a rate-limit status without a JSON body (an intermediary's page) is "not processed"; a JSON
    // body that contradicts itself is not evidence of anything
    const why = answer === null ? "the answer has no body" : answer.why;
    if (status === limit && (answer === null || answer.why === NOT_JSON)) return make("unreadable-body", "rate-limited", null, null, `HTTP ${status}; ${why}`);
    return make("unreadable-body", doubt, null, null, why);
  }
  const [code, prc] = codes(answer);
  if (!absent(field(answer, "code")) && code === null) return make("types", doubt, null, null, "code is not a string"); // types
  const success = field(answer, "success");
  if (!absent(success) && typeof success !== "boolean") return make("types", doubt, code, prc, "success is not a boolean");
  if (code === null) {
    // no-code
    if (Object.keys(t.codes).length === 0 && status >= 200 && status < 300) {
      // envelope-like, and not a success
      if (success === false) return make("no-code", "rejected", null, null, "success false");
      return make("no-code", "succeeded", null, null, "answered without an envelope");
    }
    if (status === limit && success !== true) return make("no-code", "rate-limited", null, null, `HTTP ${status}`);
    return make("no-code", doubt, null, null, `HTTP ${status} without a code` + (success === true ? " and success true" : ""));
  }
  if (RATE_LIMIT_CODES.has(code)) {
    // rate-limit-code: "not processed" only where the status and the flag agree
    if (status === limit && success !== true) return make("rate-limit-code", "rate-limited", code, prc, code);
    return make("rate-limit-code", doubt, code, prc, `${code} contradicted by HTTP ${status} and success ${pyBool(success)}`);
  }
  // outcome
  let outcome: Outcome | null = Object.prototype.hasOwnProperty.call(t.codes, code) ? t.codes[code] ?? null : null;
  if (outcome !== null && prc !== null) outcome = t.refine.find(([c, p]) => c === code && p === prc)?.[2] ?? outcome;
  const rawData = field(answer, "data");
  const data: Answer = isObject(rawData) ? rawData : {};
  if (outcome === null) {
    outcome = positiveByData(t, success, status, data, expect) ?? t.unlisted;
    // the gateway failed (TIMED_OUT on a read): it may have acted
    const category = (CATEGORIES as Readonly<Record<string, string>>)[code];
    if (category !== undefined && Object.prototype.hasOwnProperty.call(UNLISTED_CATEGORIES, category)) outcome = UNLISTED_CATEGORIES[category] as Outcome;
  }
  // status-429: only a plain rate-limit answer (the steps above) means "not processed"
  if (status === limit) return make("status-429", doubt, code, prc, `HTTP ${status} with ${code}: not a rate-limit answer`);
  if (outcome === "unknown") return make("unknown", "unknown", code, prc, `${code} on ${key}: the gateway may have acted`); // unknown
  if (NEEDS_2XX.has(outcome) && !(status >= 200 && status < 300)) return make("status-needs-2xx", doubt, code, prc, `HTTP ${status} contradicts ${code}`); // status-needs-2xx
  if (!(status >= 200 && status < 500) || (status >= 300 && status < 400)) return make("status-other", doubt, code, prc, `HTTP ${status} is not an answer of ${key}`); // status-other
  if ((success === false && SUCCESS_FALSE_CONTRADICTS.has(outcome)) || (success === true && SUCCESS_TRUE_CONTRADICTS.has(outcome))) {
    // success-flag
    return make("success-flag", doubt, code, prc, `success ${String(success)} contradicts ${code}`);
  }
  const problem = identity(data, expect); // identity
  if (problem !== null) return make("identity", doubt, code, prc, problem[0], problem[1]);
  const needed = t.evidence[outcome] ?? []; // evidence
  if (needed.length > 0) {
    const missing = proves(needed, data, expect);
    if (missing !== null) {
      if (missing === "data.amount" && absent(expect.amount) && outcome === "succeeded") {
        return make("evidence", "unconfirmed", code, prc, "no expected amount was given to check");
      }
      return make("evidence", doubt, code, prc, `${code} without ${missing}`);
    }
  }
  if (outcome === "not-found" && t.payment_state) return make("time", notFoundVerdict(input.sends ?? null), code, prc, notFoundReason(input.sends ?? null)); // time
  if (outcome === "duplicate" && attempt > 1 && t.may_move_money) {
    // duplicate-retry
    return make("duplicate-retry", "unknown", code, prc, "an earlier attempt of this call may have been recorded");
  }
  return make("outcome-stands", outcome, code, prc, `${code} on ${key}`); // outcome-stands
}

// Python's str() of a flag, so both clients word a reason alike.
function pyBool(value: unknown): string {
  return value === true ? "True" : value === false ? "False" : value === undefined || value === null ? "None" : String(value);
}

/** A tolerant reader's verdict on a code the table does not list, decided by the data: `success: true` on a 2xx
 * with the evidence the outcome needs is an acceptance on an operation that answers acceptances (a start), and a
 * success on a safe read that is not a payment state. Never a success of a call that may move money, nor a paid
 * status. */
function positiveByData(t: OutcomeTable, success: unknown, status: number, data: Answer, expect: Expect): Outcome | null {
  if (success !== true || !(status >= 200 && status < 300)) return null;
  const outcomes = Object.values(t.codes);
  let outcome: Outcome | null = outcomes.includes("accepted") ? "accepted" : null;
  // a payment state decides money: only a code its table lists
  if (outcome === null && !t.may_move_money && !t.payment_state && outcomes.includes("succeeded")) outcome = "succeeded";
  if (outcome === null || proves(t.evidence[outcome] ?? [], data, expect) !== null) return null;
  return outcome;
}

function codes(answer: Answer | Unreadable | null): [string | null, string | null] {
  if (answer === null || answer instanceof Unreadable) return [null, null];
  const code = field(answer, "code");
  const data = field(answer, "data");
  const prc = isObject(data) ? field(data, "payResponseCode") : undefined;
  return [typeof code === "string" ? code : null, typeof prc === "string" ? prc : null];
}

function isInteger(value: unknown): value is number | bigint {
  return (typeof value === "number" && Number.isInteger(value)) || typeof value === "bigint";
}

function identity(data: Answer, expect: Expect): [string, string | null] | null {
  // the fields and their types are the spec's (RULES.judging.identity)
  const wanted: Readonly<Record<string, unknown>> = { transactionId: expect.transactionId, merchantId: expect.merchantId, amount: expect.amount };
  for (const [path, kind] of Object.entries(IDENTITY)) {
    const name = path.startsWith("data.") ? path.slice(5) : path;
    const got = field(data, name);
    if (absent(got)) continue;
    if (kind === "integer" && !isInteger(got)) return [`${path} is not an integer`, null];
    if (kind === "string" && typeof got !== "string") return [`${path} is not a string`, null];
    const want = Object.prototype.hasOwnProperty.call(wanted, name) ? wanted[name] : undefined;
    if (absent(want)) continue;
    const differs = typeof got === "bigint" ? got !== BigInt(want as number) : got !== want;
    if (differs) {
      if (kind === "integer") return [`the answer's ${name} ${String(got)} differs from the expected ${String(want)}`, name];
      return [`the answer names another ${name}`, name];
    }
  }
  return null;
}

function proves(fields: readonly string[], data: Answer, expect: Expect): string | null {
  for (const f of fields) {
    const name = f.startsWith("data.") ? f.slice(5) : f;
    const value = field(data, name);
    if (absent(value) || (typeof value === "string" && pyStrip(value) === "")) return f;
    if (name === "transactionId" && absent(expect.transactionId)) return f;
    if (name === "amount" && absent(expect.amount)) return f;
    if (name === "redirectURL" && typeof value !== "string") return f;
  }
  return null;
}

// Python's str.strip(): the whitespace str.isspace() knows (JavaScript's trim() differs at U+001C-U+001F, U+FEFF).
const PY_SPACE = "\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const PY_STRIP = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, "g");
function pyStrip(text: string): string {
  return text.replace(PY_STRIP, "");
}

/** TRANSACTION_NOT_FOUND on a status read, given what is known of the requests sent (the time rule). */
export function notFoundVerdict(sends: Sends | null): Verdict {
  if (sends === null || !sends.known) return "not-found";
  if (sends.closed === false) return "not-yet-found";
  if (sends.lastAt === null) return "not-recorded";
  if (sends.now < sends.lastAt || sends.now - sends.lastAt < sends.grace) return "not-yet-found"; // a clock that went back waits too
  return "not-recorded";
}

function notFoundReason(sends: Sends | null): string {
  const verdict = notFoundVerdict(sends);
  if (verdict === "not-found") return "the gateway has no record, and nothing is known of what was sent for it";
  if (verdict === "not-recorded") return "the gateway has no record, the grace is over and no request for it can still be sent";
  if (sends !== null && sends.closed === false) return "the gateway has no record yet; a request for it may still be sent";
  const s = sends as Sends;
  const left = Math.max(0, s.grace - Math.max(0, s.now - (s.lastAt ?? s.now)));
  return `the gateway has no record yet; the last request may still be in processing (grace: ${left.toFixed(0)} s left)`;
}
