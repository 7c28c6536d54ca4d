// Waiting for a payment's final status: the Python task layer's wait (merchant_gateway.flows.polling) on the same
// schedule (kit.json `verdicts.poll`, generated into POLL_SCHEDULE) with the same verdicts (src/verdicts.ts).
// Stops at a final verdict: succeeded (this transaction's id and exactly the expected amount), failed, or not
// recorded (TRANSACTION_NOT_FOUND once the grace after the last send is over and no send can follow). Everything
// else (pending, not yet found, unknown, transport failures of the safe status read) waits for the next check; a
// 429 pushes the next check back (bounded). Clock and sleep are injectable: tests run call by call, instantly.
import type { GatewayAnswer } from "./answer.js";
import { GatewayError, NotSentError, OutcomeUnknownError, UsageError } from "./errors.js";
import { OPERATIONS } from "./generated/operations.js";
import { POLL_SCHEDULE } from "./generated/outcomes.js";
import { type Judgement, type Verdict, isFinal } from "./verdicts.js";

export interface PollSchedule {
  /** Seconds after the start of the first check. */
  readonly first_check_after: number;
  /** Then every `every` seconds for `duration` seconds (null: until the timeout). */
  readonly phases: readonly { readonly every: number; readonly duration: number | null }[];
  readonly timeout: number;
}

/** The local sandbox's own pace (it settles a payment within seconds): a check every second, from 1 s after the
 * start, for the same 15 minutes. The default when the gateway's base URL is on loopback (the local sandbox); a real
 * gateway gets POLL_SCHEDULE (the gateway's public reference: first check 20 s after the start). */
export const SANDBOX_POLL_SCHEDULE: PollSchedule = {
  first_check_after: 1,
  phases: [{ every: 1, duration: null }],
  timeout: POLL_SCHEDULE.timeout,
};

/** A check every `seconds`, the first `seconds` after the start, until `timeout`: what `{ pollEvery }` uses (the
 * Python client's `poll_every=`, the CLI's `--poll-every`). */
export function everySchedule(seconds: number, timeout: number = POLL_SCHEDULE.timeout): PollSchedule {
  return { first_check_after: seconds, phases: [{ every: seconds, duration: null }], timeout };
}

/** What a wait polls on: `schedule`, else a check every `pollEvery` seconds, else the local sandbox's pace when the
 * gateway is the local sandbox, else the public reference's POLL_SCHEDULE. */
export function chooseSchedule(options: { readonly schedule?: PollSchedule; readonly pollEvery?: number }, local: boolean): PollSchedule {
  const every = options.pollEvery;
  if (every === undefined) return options.schedule ?? (local ? SANDBOX_POLL_SCHEDULE : POLL_SCHEDULE);
  if (options.schedule !== undefined) throw new UsageError("pollEvery: give either pollEvery or schedule, not both: drop one of them");
  if (typeof every !== "number" || !Number.isFinite(every) || every <= 0 || every >= 3600) {
    throw new UsageError(`pollEvery: must be a number of seconds above 0 and below 3600 (got ${String(every)}): e.g. { pollEvery: 1 }`);
  }
  return everySchedule(every);
}

/** Seconds after the start at which a check is due, up to min(timeout, limit); the deadline is always the last. */
export function pollOffsets(schedule: PollSchedule = POLL_SCHEDULE, limit: number | null = null): number[] {
  const end = limit === null ? schedule.timeout : Math.min(schedule.timeout, limit);
  const out: number[] = [];
  if (end < 0) return out;
  let t = Math.min(schedule.first_check_after, end);
  let last = t;
  out.push(t);
  for (const phase of schedule.phases) {
    const phaseEnd = phase.duration === null ? end : Math.min(end, t + phase.duration);
    while (t + phase.every <= phaseEnd + 1e-9) {
      t += phase.every;
      last = t;
      out.push(t);
    }
    t = Math.max(t, phaseEnd); // a phase whose length is not a multiple of its interval hands over at its end
    if (t >= end) break;
  }
  if (last < end) out.push(end);
  return out;
}

/** The longest a 429 may push the next check back: a garbled TIME_WINDOW must not park a wait for hours. */
export const MAX_RATE_LIMIT_WAIT = 60;

export interface WaitOptions {
  /** The amount the status must carry (the forward payment's); default: the amount this gateway sent for it. */
  readonly expectedAmount?: number | null;
  /** clock() reading when the payment started (default: now). When given it counts as a send (the time rule). */
  readonly startedAt?: number;
  /** A collect request's expiry in seconds: the wait never goes past it. */
  readonly expiresIn?: number;
  /** The status read to poll (an operation whose answers are payment states; default: the base host's). */
  readonly statusOperation?: string;
  /** The checks' schedule (default: the local sandbox's pace against a loopback base URL, else POLL_SCHEDULE). */
  readonly schedule?: PollSchedule;
  /** Check every `pollEvery` seconds instead (the quick development loop; Python `poll_every=`, CLI `--poll-every`). */
  readonly pollEvery?: number;
  /** Monotonic seconds (default: the gateway's clock). */
  readonly clock?: () => number;
  readonly sleep?: (seconds: number) => Promise<void>;
}

export interface FinalStatus {
  readonly verdict: Verdict;
  readonly succeeded: boolean;
  readonly code: string | null;
  readonly judgement: Judgement;
  readonly answer: GatewayAnswer<unknown, unknown>;
  readonly checks: number;
  /** Seconds from the start to the deciding check. */
  readonly elapsed: number;
}

/** No final status before the deadline (schedule timeout or collect expiry). `code`: the last one seen. */
export class PollTimeoutError extends GatewayError {
  constructor(
    readonly transactionId: string,
    readonly checks: number,
    readonly code: string | null,
  ) {
    super(`${transactionId}: no final status after ${checks} checks; the payment is not decided yet: check it again later`);
  }
}

/** The status names another amount than the forward payment's: do not fulfil the order. */
export class AmountMismatchError extends GatewayError {
  constructor(
    readonly transactionId: string,
    readonly code: string | null,
  ) {
    super(`${transactionId}: the status amount differs from the forward payment's: do not fulfil the order`);
  }
}

/** The status read itself failed in a way asking again will not mend (refused: bad request, signature, merchant;
 * or an answer that proves nothing, e.g. another transaction's): the payment is not decided. As the Python wait,
 * which re-raises these. `field`: the answer field naming another transaction or merchant, if that was it. */
export class StatusReadError extends GatewayError {
  constructor(
    readonly transactionId: string,
    readonly judgement: Judgement,
  ) {
    super(
      `${transactionId}: the status read answered ${judgement.verdict}${judgement.code ? ` (${judgement.code})` : ""}: ` +
        `${judgement.reason}; the payment is not decided: fix the cause, then wait again`,
    );
  }
}

/** Verdicts of a status read after which asking again on the schedule cannot help. */
const STOPS: ReadonlySet<Verdict> = new Set(["rejected", "duplicate", "unreadable"]);

interface StatusReader {
  readonly clock: () => number;
  /** The gateway is the local sandbox (its base URL is on loopback): the default schedule is the sandbox's pace. */
  readonly local?: boolean;
  sentAmount(transactionId: string): number | null;
  call(
    operationId: string,
    input: { path: { transactionId: string } },
    options: { expectedAmount?: number | null; sentAt?: number | null },
  ): Promise<GatewayAnswer<unknown, unknown>>;
}

function rateLimitWait(answer: GatewayAnswer<unknown, unknown>): number {
  const body = (answer.data ?? answer.error) as { data?: { TIME_WINDOW?: unknown }; TIME_WINDOW?: unknown } | undefined;
  const hint = answer.response.headers.get("retry-after") ?? body?.data?.TIME_WINDOW ?? body?.TIME_WINDOW;
  const value = Number(hint);
  return Number.isFinite(value) && value > 0 ? Math.min(value, MAX_RATE_LIMIT_WAIT) : 0;
}

/** The payment-state read of operations.json (answer_codes "payment-state"): the one named, else the base host's. */
function statusOperation(named: string | undefined): string {
  const readers = Object.entries(OPERATIONS).filter(([, op]) => op.answer_codes === "payment-state" && op.called_by === "merchant-server");
  if (named !== undefined) {
    if (!readers.some(([id]) => id === named)) {
      throw new UsageError(`statusOperation: ${named} is not a status read; use one of ${readers.map(([id]) => id).join(", ")}`);
    }
    return named;
  }
  const chosen = (readers.find(([, op]) => op.host === "base") ?? readers[0])?.[0];
  if (chosen === undefined) throw new UsageError("operations.json has no status read (answer_codes payment-state)");
  return chosen;
}

export async function waitForFinalStatus(gw: StatusReader, transactionId: string, options: WaitOptions = {}): Promise<FinalStatus> {
  const clock = options.clock ?? gw.clock;
  const sleep = options.sleep ?? ((s: number) => new Promise<void>((resolve) => setTimeout(resolve, s * 1000)));
  const startedAt = options.startedAt ?? clock();
  const offsets = pollOffsets(chooseSchedule(options, gw.local === true), options.expiresIn ?? null);
  const deadline = startedAt + (offsets.at(-1) ?? 0);
  const operation = statusOperation(options.statusOperation);
  if ((options.expectedAmount ?? gw.sentAmount(transactionId)) === null) {
    // a status can prove a payment only against the amount the merchant asked for, never against itself
    throw new UsageError(
      `expectedAmount: wait(${transactionId}) needs the forward payment's amount (an integer, in paise): this ` +
        "gateway did not send that payment; pass { expectedAmount } from the order",
    );
  }
  let next = 0;
  let lastCheck = -Infinity;
  let notBefore = startedAt;
  let checks = 0;
  let lastCode: string | null = null;
  for (;;) {
    let due: number | null = null;
    while (next < offsets.length) {
      const moment = startedAt + (offsets[next] as number);
      next += 1;
      if (moment <= lastCheck) continue; // moments that passed during a check collapse into one, never a burst
      due = Math.min(Math.max(moment, notBefore), deadline);
      break;
    }
    if (due === null) throw new PollTimeoutError(transactionId, checks, lastCode);
    await sleep(Math.max(0, due - clock()));
    let answer: GatewayAnswer<unknown, unknown>;
    try {
      answer = await gw.call(operation, { path: { transactionId } }, { expectedAmount: options.expectedAmount ?? null, sentAt: options.startedAt ?? null });
    } catch (err) {
      checks += 1;
      lastCheck = clock();
      if (err instanceof NotSentError || err instanceof OutcomeUnknownError) {
        lastCode = err.name;
        continue; // the status read is safe: the next check asks again
      }
      throw err;
    }
    checks += 1;
    const now = clock();
    lastCheck = now;
    const j = answer.judgement;
    lastCode = j.code;
    if (j.mismatch === "amount") throw new AmountMismatchError(transactionId, j.code);
    // a server-side error code (its category, as the Python client maps it to ServerError) is asked again
    if (j.mismatch !== null || (STOPS.has(j.verdict) && j.category !== "server-error")) throw new StatusReadError(transactionId, j);
    if (j.verdict === "rate-limited") notBefore = now + rateLimitWait(answer);
    if (isFinal(j.verdict)) {
      return { verdict: j.verdict, succeeded: j.verdict === "succeeded", code: j.code, judgement: j, answer, checks, elapsed: now - startedAt };
    }
  }
}
