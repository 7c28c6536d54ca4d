// What an answer means: the spec's verdict steps over the outcome table of this release (operations.json `outcomes`:
// `tables` and `rules`, the spec's x-verdict-rules, generated into src/generated/outcomes.ts). judge walks the spec's
// ordered step list (`rules.steps`) through one implementation per step id (STEPS), in the spec's order; the sets and values (rate-limit status and codes, the outcomes a
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

/** The verdict on one answer of the operation (or webhook) `table` describes (a table or its key): the spec's steps
 * (`RULES.steps`) walked in order through STEPS, the first that decides gives it. */
export function judge(table: OutcomeTable | string, input: JudgeInput): Judgement {
  const t = typeof table === "string" ? outcomeTable(table) : table;
  const c: Case = {
    t,
    input,
    expect: input.expect ?? {},
    doubt: t.may_move_money ? "unknown" : "unreadable",
    body: {},
    code: null,
    prc: null,
    success: undefined,
    outcome: null,
    data: {},
  };
  for (const step of WALK) {
    const decided = step(c);
    if (decided !== null) return decided;
  }
  // outcome-stands always decides; a spec without it proves nothing here
  return make("", c.doubt, c.code, c.prc, "no verdict step decided");
}

/** One answer on its way through the steps: the inputs, and what earlier steps learnt of it (its body as an object,
 * its codes and flag, its outcome and data). A step reads only what the steps before it in the spec's order set. */
export interface Case {
  readonly t: OutcomeTable;
  readonly input: JudgeInput;
  readonly expect: Expect;
  readonly doubt: Verdict;
  body: Answer;
  code: string | null;
  prc: string | null;
  success: unknown;
  outcome: Outcome | null;
  data: Answer;
}

/** One step of the spec's `x-verdict-rules` steps: its verdict, or null when it does not decide. */
export type Step = (c: Case) => Judgement | null;

function make(rule: string, verdict: Verdict, code: string | null, prc: string | null, reason: string, mismatch: string | null = null): Judgement {
  return {
    rule,
    verdict,
    code,
    payResponseCode: prc,
    reason,
    mismatch,
    category: code !== null && Object.prototype.hasOwnProperty.call(CATEGORIES, code) ? (CATEGORIES as Readonly<Record<string, string>>)[code] ?? null : null,
  };
}

const says = (c: Case, rule: string, verdict: Verdict, reason: string, mismatch: string | null = null): Judgement =>
  make(rule, verdict, c.code, c.prc, reason, mismatch);

/** One implementation per step id of the spec's `x-verdict-rules` steps (operations.json `outcomes.rules.steps`);
 * judge walks them in the spec's order. test/verdicts.test.ts fails when the two sets differ. */
export const STEPS: Readonly<Record<string, Step>> = {
  redirect: (c) => {
    const { status, location } = c.input;
    if (!(c.t.redirect && status >= 300 && status < 400)) return null;
    if (typeof location === "string" && pyStrip(location) !== "") return make("redirect", "accepted", null, null, "redirected to the payments page");
    return make("redirect", c.doubt, null, null, `HTTP ${status} without a Location`);
  },
  "server-error": (c) => {
    const { status, answer } = c.input;
    if (status < 500) return null;
    const [code, prc] = codes(answer);
    return make("server-error", "unknown", code, prc, `HTTP ${status}: the gateway may have acted`);
  },
  "unreadable-body": (c) => {
    const { status, answer } = c.input;
    if (answer !== null && !(answer instanceof Unreadable)) {
      c.body = answer;
      return null;
    }
    // a rate-limit status without a JSON body (an intermediary's page) is "not processed"; a JSON body that
    // contradicts itself is not evidence of anything
    const why = answer === null ? "the answer has no body" : answer.why;
    if (status === RATE_LIMIT_STATUS && (answer === null || answer.why === NOT_JSON)) return make("unreadable-body", "rate-limited", null, null, `HTTP ${status}; ${why}`);
    return make("unreadable-body", c.doubt, null, null, why);
  },
  types: (c) => {
    [c.code, c.prc] = codes(c.body);
    if (!absent(field(c.body, "code")) && c.code === null) {
      c.prc = null;
      return says(c, "types", c.doubt, "code is not a string");
    }
    c.success = field(c.body, "success");
    if (!absent(c.success) && typeof c.success !== "boolean") return says(c, "types", c.doubt, "success is not a boolean");
    return null;
  },
  "no-code": (c) => {
    if (c.code !== null) return null;
    const { status } = c.input;
    if (Object.keys(c.t.codes).length === 0 && status >= 200 && status < 300) {
      // an answer without an envelope (the token call); envelope-like and not a success: rejected
      if (c.success === false) return make("no-code", "rejected", null, null, "success false");
      return make("no-code", "succeeded", null, null, "answered without an envelope");
    }
    if (status === RATE_LIMIT_STATUS && c.success !== true) return make("no-code", "rate-limited", null, null, `HTTP ${status}`);
    return make("no-code", c.doubt, null, null, `HTTP ${status} without a code` + (c.success === true ? " and success true" : ""));
  },
  "rate-limit-code": (c) => {
    // "not processed" only where the status and the flag agree
    const { status } = c.input;
    if (c.code === null || !RATE_LIMIT_CODES.has(c.code)) return null;
    if (status === RATE_LIMIT_STATUS && c.success !== true) return says(c, "rate-limit-code", "rate-limited", c.code);
    return says(c, "rate-limit-code", c.doubt, `${c.code} contradicted by HTTP ${status} and success ${pyBool(c.success)}`);
  },
  outcome: (c) => {
    // decides nothing: finds the outcome the later steps test
    const code = c.code as string;
    const t = c.t;
    let outcome: Outcome | null = Object.prototype.hasOwnProperty.call(t.codes, code) ? t.codes[code] ?? null : null;
    if (outcome !== null && c.prc !== null) outcome = t.refine.find(([rc, rp]) => rc === code && rp === c.prc)?.[2] ?? outcome;
    const rawData = field(c.body, "data");
    c.data = isObject(rawData) ? rawData : {};
    if (outcome === null) {
      outcome = positiveByData(t, c.success, c.input.status, c.data, c.expect) ?? t.unlisted;
      // the gateway failed (TIMED_OUT on a read): it may have acted
      const category = (CATEGORIES as Readonly<Record<string, string>>)[code];
      if (category !== undefined && Object.prototype.hasOwnProperty.call(UNLISTED_CATEGORIES, category)) outcome = UNLISTED_CATEGORIES[category] as Outcome;
    }
    c.outcome = outcome;
    return null;
  },
  "status-429": (c) => {
    // only a plain rate-limit answer (the steps before) means "not processed"
    if (c.input.status !== RATE_LIMIT_STATUS) return null;
    return says(c, "status-429", c.doubt, `HTTP ${c.input.status} with ${String(c.code)}: not a rate-limit answer`);
  },
  unknown: (c) => (c.outcome === "unknown" ? says(c, "unknown", "unknown", `${String(c.code)} on ${c.t.key}: the gateway may have acted`) : null),
  "status-needs-2xx": (c) => {
    const { status } = c.input;
    if (!NEEDS_2XX.has(c.outcome as string) || (status >= 200 && status < 300)) return null;
    return says(c, "status-needs-2xx", c.doubt, `HTTP ${status} contradicts ${String(c.code)}`);
  },
  "status-other": (c) => {
    const { status } = c.input;
    if (status >= 200 && status < 500 && !(status >= 300 && status < 400)) return null;
    return says(c, "status-other", c.doubt, `HTTP ${status} is not an answer of ${c.t.key}`);
  },
  "success-flag": (c) => {
    const outcome = c.outcome as string;
    if ((c.success === false && SUCCESS_FALSE_CONTRADICTS.has(outcome)) || (c.success === true && SUCCESS_TRUE_CONTRADICTS.has(outcome))) {
      return says(c, "success-flag", c.doubt, `success ${String(c.success)} contradicts ${String(c.code)}`);
    }
    return null;
  },
  identity: (c) => {
    const problem = identity(c.data, c.expect);
    return problem === null ? null : says(c, "identity", c.doubt, problem[0], problem[1]);
  },
  evidence: (c) => {
    const outcome = c.outcome as Outcome;
    const missing = proves(c.t.evidence[outcome] ?? [], c.data, c.expect);
    if (missing === null) return null;
    if (missing === "data.amount" && absent(c.expect.amount) && outcome === "succeeded") {
      return says(c, "evidence", "unconfirmed", "no expected amount was given to check");
    }
    return says(c, "evidence", c.doubt, `${String(c.code)} without ${missing}`);
  },
  time: (c) => {
    if (c.outcome !== "not-found" || !c.t.payment_state) return null;
    const sends = c.input.sends ?? null;
    return says(c, "time", notFoundVerdict(sends), notFoundReason(sends));
  },
  "duplicate-retry": (c) => {
    if (c.outcome !== "duplicate" || (c.input.attempt ?? 1) <= 1 || !c.t.may_move_money) return null;
    return says(c, "duplicate-retry", "unknown", "an earlier attempt of this call may have been recorded");
  },
  "outcome-stands": (c) => says(c, "outcome-stands", c.outcome as Verdict, `${String(c.code)} on ${c.t.key}`),
};

/** The implementations in the spec's order. Throws naming every spec step without an implementation and every
 * implementation the spec does not list: a verdict function that skipped a step, or applied one of its own, would
 * decide what the spec does not say. */
export function walkOrder(stepIds: readonly string[], implementations: Readonly<Record<string, Step>>): Step[] {
  const missing = stepIds.filter((id) => !Object.prototype.hasOwnProperty.call(implementations, id));
  const extra = Object.keys(implementations).filter((id) => !stepIds.includes(id));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(
      "the verdict steps differ from the spec's x-verdict-rules steps: " +
        `not implemented ${missing.length > 0 ? missing.join(", ") : "none"}; not in the spec ${extra.length > 0 ? extra.join(", ") : "none"}`,
    );
  }
  return stepIds.map((id) => implementations[id] as Step);
}

/** The spec's step ids, in order (operations.json `outcomes.rules.steps`). */
export const STEP_IDS: readonly string[] = RULES.steps.map((s) => s.id);

const WALK = walkOrder(STEP_IDS, STEPS);

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
