// What an answer means: the verdict function of the Python client (merchant_gateway.verdicts), rule for rule, over
// the outcome table of this release (operations.json `outcomes`, generated into src/generated/outcomes.ts). The
// conformance kit's verdict cases (kit.json `verdicts.cases`) hold both to the same conclusions.
//
// Rules every answer obeys: evidence (an outcome that needs fields gets them, of the documented type; wherever
// data.transactionId, data.merchantId or data.amount appear they equal what was sent or expected); contradictions
// (ids of another JSON type, duplicate deciding keys, `success` against the code, an HTTP status against the body)
// are never a success: `unknown` on a call that may move money, `unreadable` on a read; time: TRANSACTION_NOT_FOUND
// on a status read is "not yet found" until `grace` seconds after the last moment a request for that transaction
// may have been sent, and final ("not recorded") only once no request can still be sent. No I/O, no clock here.
import { CATEGORIES, OUTCOMES, type OutcomeKey } from "./generated/outcomes.js";
import { DuplicateKeyError, NonInteger, answerText, parseAnswerJson } from "./json.js";

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

const FINAL: ReadonlySet<Verdict> = new Set(["succeeded", "failed", "not-recorded"]);

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
}

/** An answer that cannot be trusted, and why. */
export class Unreadable {
  constructor(readonly why: string) {}
}

export type Answer = Readonly<Record<string, unknown>>;

const DECIDING: ReadonlySet<string> = new Set(["success", "code", "transactionId", "merchantId", "amount", "paymentState", "state", "payResponseCode"]);
const NOT_JSON = "the answer is not JSON";
const SAYS_DONE: ReadonlySet<string> = new Set(["succeeded", "accepted"]);
const SAYS_NOT_DONE: ReadonlySet<string> = new Set(["failed", "rejected", "duplicate", "not-found"]);
const NEEDS_2XX: ReadonlySet<string> = new Set(["succeeded", "accepted", "pending"]);

/** The outcome table of an operationId or a webhook name. */
export function outcomeTable(key: string): OutcomeTable {
  if (!Object.prototype.hasOwnProperty.call(OUTCOMES, key)) throw new TypeError(`no outcome table for ${key}`);
  return OUTCOMES[key as OutcomeKey] as OutcomeTable;
}

/** The answer's JSON object, or why it cannot be trusted (not JSON, not an object, a deciding key twice). */
export function readAnswer(body: string | Uint8Array): Answer | Unreadable {
  const text = answerText(body);
  if (text === null) return new Unreadable(NOT_JSON);
  let value: unknown;
  try {
    value = parseAnswerJson(text, DECIDING);
  } catch (err) {
    return new Unreadable(err instanceof DuplicateKeyError ? err.message : NOT_JSON);
  }
  if (!isObject(value)) return new Unreadable("the answer is not a JSON object");
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
  const make = (verdict: Verdict, code: string | null, prc: string | null, reason: string, mismatch: string | null = null): Judgement => ({
    verdict,
    code,
    payResponseCode: prc,
    reason,
    mismatch,
    category: code !== null && Object.prototype.hasOwnProperty.call(CATEGORIES, code) ? (CATEGORIES as Readonly<Record<string, string>>)[code] ?? null : null,
  });
  const doubt: Verdict = t.may_move_money ? "unknown" : "unreadable";
  if (t.redirect && status >= 300 && status < 400) {
    if (typeof input.location === "string" && pyStrip(input.location) !== "") return make("accepted", null, null, "redirected to the payments page");
    return make(doubt, null, null, `HTTP ${status} without a Location`);
  }
  if (status >= 500) {
    const [c, p] = codes(answer);
    return make("unknown", c, p, `HTTP ${status}: the gateway may have acted`);
  }
  if (answer === null || answer instanceof Unreadable) {
    const why = answer === null ? "the answer has no body" : answer.why;
    // a 429 without a JSON body (an intermediary's page) is the documented "not processed"; a JSON body that
    // contradicts itself is not evidence of anything
    if (status === 429 && (answer === null || answer.why === NOT_JSON)) return make("rate-limited", null, null, `HTTP 429; ${why}`);
    return make(doubt, null, null, why);
  }
  const [code, prc] = codes(answer);
  if (!absent(field(answer, "code")) && code === null) return make(doubt, null, null, "code is not a string");
  const success = field(answer, "success");
  if (!absent(success) && typeof success !== "boolean") return make(doubt, code, prc, "success is not a boolean");
  if (code === null) {
    if (Object.keys(t.codes).length === 0 && status >= 200 && status < 300) {
      // envelope-like, and not a success
      if (success === false) return make("rejected", null, null, "success false");
      return make("succeeded", null, null, "answered without an envelope");
    }
    if (status === 429) return make("rate-limited", null, null, "HTTP 429");
    return make(doubt, null, null, `HTTP ${status} without a code`);
  }
  if (code === "API_RATE_LIMIT_REACHED") return make("rate-limited", code, prc, "API_RATE_LIMIT_REACHED");
  let outcome: Outcome | null = Object.prototype.hasOwnProperty.call(t.codes, code) ? t.codes[code] ?? null : null;
  if (outcome !== null && prc !== null) outcome = t.refine.find(([c, p]) => c === code && p === prc)?.[2] ?? outcome;
  const rawData = field(answer, "data");
  const data: Answer = isObject(rawData) ? rawData : {};
  if (outcome === null) {
    outcome = positiveByData(t, success, status, data, expect) ?? t.unlisted;
    // the gateway failed (TIMED_OUT on a read): it may have acted
    if ((CATEGORIES as Readonly<Record<string, string>>)[code] === "server-error") outcome = "unknown";
  }
  if (status === 429) {
    if (NEEDS_2XX.has(outcome) || success === true) return make(doubt, code, prc, `HTTP 429 contradicts ${code} (success ${String(success)})`);
    return make("rate-limited", code, prc, "HTTP 429");
  }
  if (outcome === "unknown") return make("unknown", code, prc, `${code} on ${key}: the gateway may have acted`);
  if (NEEDS_2XX.has(outcome) && !(status >= 200 && status < 300)) return make(doubt, code, prc, `HTTP ${status} contradicts ${code}`);
  if (!(status >= 200 && status < 500) || (status >= 300 && status < 400)) return make(doubt, code, prc, `HTTP ${status} is not an answer of ${key}`);
  if ((success === false && SAYS_DONE.has(outcome)) || (success === true && SAYS_NOT_DONE.has(outcome))) {
    return make(doubt, code, prc, `success ${String(success)} contradicts ${code}`);
  }
  const problem = identity(data, expect);
  if (problem !== null) return make(doubt, code, prc, problem[0], problem[1]);
  const needed = t.evidence[outcome] ?? [];
  if (needed.length > 0) {
    const missing = proves(needed, data, expect);
    if (missing !== null) {
      if (missing === "data.amount" && absent(expect.amount) && outcome === "succeeded") {
        return make("unconfirmed", code, prc, "no expected amount was given to check");
      }
      return make(doubt, code, prc, `${code} without ${missing}`);
    }
  }
  if (outcome === "not-found" && t.payment_state) return make(notFoundVerdict(input.sends ?? null), code, prc, notFoundReason(input.sends ?? null));
  if (outcome === "duplicate" && attempt > 1 && t.may_move_money) {
    return make("unknown", code, prc, "an earlier attempt of this call may have been recorded");
  }
  return make(outcome, code, prc, `${code} on ${key}`);
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
  for (const [name, want] of [
    ["transactionId", expect.transactionId],
    ["merchantId", expect.merchantId],
  ] as const) {
    const got = field(data, name);
    if (absent(got)) continue;
    if (typeof got !== "string") return [`data.${name} is not a string`, null];
    if (!absent(want) && got !== want) return [`the answer names another ${name}`, name];
  }
  const amount = field(data, "amount");
  if (!absent(amount)) {
    if (!isInteger(amount)) return ["data.amount is not an integer", null];
    const want = expect.amount;
    if (!absent(want) && (typeof amount === "bigint" ? amount !== BigInt(want as number) : amount !== want)) {
      return [`the answer's amount ${String(amount)} differs from the expected ${String(want)}`, "amount"];
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
