// The verdict function against the conformance kit's verdict cases (computed by the Python client's verdict
// function): every case must reach the same verdict, code, payResponseCode and mismatching field. Then the package
// using it: answers judged in call(), a v4 debit accepted by its data (issue 26), wait() on the kit's schedule with
// a fake clock, callbacks checked against the expected amount.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { describe, it } from "node:test";
import {
  AmountMismatchError,
  type Fetch,
  NonInteger,
  OUTCOMES,
  POLL_SCHEDULE,
  PollTimeoutError,
  STEPS,
  STEP_IDS,
  StatusReadError,
  Unreadable,
  UsageError,
  createGateway,
  judge,
  pollOffsets,
  readAnswer,
  walkOrder,
  xVerify,
} from "@merchant-gateway/client/server";

interface VerdictCase {
  id: string;
  key: string;
  status: number;
  body: string | null;
  body_base64?: string;
  location: string | null;
  expect: { transaction_id: string | null; merchant_id: string | null; amount: number | null };
  sends: { known: boolean; last_at: number | null; now: number; grace: number; closed: boolean } | null;
  attempt: number;
  verdict: string;
  code: string | null;
  pay_response_code: string | null;
  mismatch: string | null;
  rule: string;
  reading: string | null;
}
interface Kit {
  verdicts: {
    categories: Record<string, string>;
    poll: { first_check_after: number; timeout: number; grace: number; offsets: number[]; phases: { every: number; duration: number | null }[] };
    cases: VerdictCase[];
    rules: { steps: { id: string; rule: string }[] };
  };
}
const kit = JSON.parse(readFileSync(process.env.MGW_TS_KIT ?? "spec/conformance/kit.json", "utf8")) as Kit;

describe("conformance kit: verdicts", () => {
  it("has cases, and an outcome table for every key they name", () => {
    assert.ok(kit.verdicts.cases.length > 100);
    for (const c of kit.verdicts.cases) assert.ok(c.key in OUTCOMES, c.key);
  });
  it("every verdict case: the same verdict, code, payResponseCode, mismatch and deciding rule as the Python client", () => {
    const wrong: string[] = [];
    for (const c of kit.verdicts.cases) {
      const bytes = c.body_base64 !== undefined ? Buffer.from(c.body_base64, "base64") : c.body === null ? null : new TextEncoder().encode(c.body);
      const answer = bytes === null ? null : readAnswer(bytes);
      const got = judge(c.key, {
        status: c.status,
        answer,
        expect: { transactionId: c.expect.transaction_id, merchantId: c.expect.merchant_id, amount: c.expect.amount },
        sends: c.sends === null ? null : { known: c.sends.known, lastAt: c.sends.last_at, now: c.sends.now, grace: c.sends.grace, closed: c.sends.closed },
        attempt: c.attempt,
        location: c.location,
      });
      const have = [got.verdict, got.code, got.payResponseCode, got.mismatch, got.rule, answer instanceof Unreadable ? answer.rule : null];
      const want = [c.verdict, c.code, c.pay_response_code, c.mismatch, c.rule, c.reading];
      if (JSON.stringify(have) !== JSON.stringify(want)) wrong.push(`${c.id}: ${JSON.stringify(have)} != ${JSON.stringify(want)}`);
    }
    assert.deepEqual(wrong, [], `${wrong.length} of ${kit.verdicts.cases.length} cases disagree`);
  });
  it("the poll schedule and grace are the kit's (the Python task layer's)", () => {
    assert.deepEqual(pollOffsets(), kit.verdicts.poll.offsets);
    assert.equal(POLL_SCHEDULE.grace, kit.verdicts.poll.grace);
  });
});

describe("judge walks the spec's verdict steps", () => {
  it("one implementation per step id of the kit's rules (the spec's x-verdict-rules steps), in the spec's order", () => {
    const spec = kit.verdicts.rules.steps.map((s) => s.id);
    assert.deepEqual(STEP_IDS, spec);
    assert.deepEqual(Object.keys(STEPS).sort(), [...spec].sort());
  });
  it("a spec step without an implementation, or an implementation the spec does not list, is refused", () => {
    assert.deepEqual(walkOrder(STEP_IDS, STEPS).length, STEP_IDS.length);
    assert.throws(() => walkOrder([...STEP_IDS, "a-new-step"], STEPS), /not implemented a-new-step; not in the spec none/);
    const fewer = Object.fromEntries(Object.entries(STEPS).filter(([id]) => id !== "time"));
    assert.throws(() => walkOrder(STEP_IDS, fewer), /not implemented time; not in the spec none/);
    assert.throws(() => walkOrder(STEP_IDS.filter((id) => id !== "time"), STEPS), /not implemented none; not in the spec time/);
  });
});

describe("readAnswer keeps what JSON.parse loses (the spec's reading rules)", () => {
  it("any key twice, in any object at any depth (also \\u-escaped), is unreadable: read-duplicate-keys", () => {
    for (const dup of [
      '{"code":"A","code":"B"}',
      '{"code":"A","\\u0063ode":"B"}',
      '{"data":{"amount":1,"amount":2}}',
      '{"message":"a","message":"b"}',
      '{"data":{"x":1},"data":{"x":1}}',
      '{"data":{"instrument":[{"k":{"z":1,"z":1}}]}}',
    ]) {
      const got = readAnswer(dup);
      assert.ok(got instanceof Unreadable, dup);
      assert.equal(got.rule, "read-duplicate-keys", dup);
    }
  });
  it("a number with a fraction or exponent is never an integer; a long integer is exact; NaN is not JSON", () => {
    const a = readAnswer('{"a":1.0,"b":1e3,"e":12345678901234567890,"z":-0}') as Record<string, unknown>;
    for (const k of ["a", "b"]) assert.ok(a[k] instanceof NonInteger, k);
    assert.equal(a.e, 12345678901234567890n);
    assert.equal(a.z, 0);
    for (const bad of ['{"c":NaN}', '{"d":-Infinity}', `{"e":${"9".repeat(4301)}}`]) {
      const got = readAnswer(bad);
      assert.ok(got instanceof Unreadable && got.rule === "read-json", bad.slice(0, 20));
    }
  });
  it("one leading byte order mark is dropped, text or bytes; a second one is not JSON: read-bom", () => {
    assert.deepEqual(readAnswer('\uFEFF{"a":"b"}'), { a: "b" });
    assert.deepEqual(readAnswer(new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d])), {});
    assert.ok(readAnswer('\uFEFF\uFEFF{"a":"b"}') instanceof Unreadable);
    assert.ok(readAnswer(new Uint8Array([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x7b, 0x7d])) instanceof Unreadable);
  });
  it("nesting deeper than the rules allow is unreadable, also beyond the parser's own stack: read-depth", () => {
    for (const depth of [65, 100_000]) {
      const got = readAnswer(`{"a":${"[".repeat(depth)}${"]".repeat(depth)}}`);
      assert.ok(got instanceof Unreadable && got.rule === "read-depth", String(depth));
    }
    assert.ok(!(readAnswer(`{"a":${"[".repeat(63)}${"]".repeat(63)}}`) instanceof Unreadable));
  });
  it("what Python's json refuses is refused", () => {
    for (const bad of ['{"a":"\u0001"}', "{'a':1}", '{"a":01}', '{"a":1,}', "[1]", '{"a":1} x', "\u00a0{}"]) {
      assert.ok(readAnswer(bad) instanceof Unreadable, bad);
    }
    assert.ok(readAnswer(new Uint8Array([0x7b, 0xff, 0x7d])) instanceof Unreadable, "not UTF-8");
    assert.deepEqual(readAnswer('{"__proto__":{"x":1}}'), JSON.parse('{"__proto__":{"x":1}}'));
  });
});

// --- the package: call() judges, wait() polls, callbacks are checked --------------------------------------------

const SALT = "verdict-test-salt";
const TXN = "TSV1";
const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
const envelope = (code: string, success: boolean, data: Record<string, unknown> = {}): Record<string, unknown> => ({ success, code, message: "m", data });

/** A gateway whose fetch answers from `answers` in turn, on a fake clock that sleep() advances. */
function fakeGateway(answers: ((request: Request) => Response)[]) {
  const sent: Request[] = [];
  const clock = { now: 1_000 };
  const fetch: Fetch = async (request) => {
    sent.push(request);
    const next = answers.shift();
    if (next === undefined) throw new Error("no more answers");
    return next(request);
  };
  const gw = createGateway({
    baseUrl: "https://base.test/apis/pg",
    appsUrl: "https://apps.test/apis/apps",
    authUrl: "https://auth.test/apis/id",
    merchantId: "M1",
    saltKey: SALT,
    saltIndex: 1,
    fetch,
    clock: () => clock.now,
  });
  const sleeps: number[] = [];
  const sleep = async (s: number): Promise<void> => {
    sleeps.push(s);
    clock.now += s;
  };
  return { gw, sent, clock, sleep, sleeps };
}

const debitInput = { payload: { transactionId: TXN, merchantUserId: "U1", amount: 10_000 } };
const paid = (amount: number = 10_000) => () => json(200, envelope("PAYMENT_SUCCESS", true, { merchantId: "M1", transactionId: TXN, amount, state: "COMPLETED" }));
const pending = () => json(200, envelope("PAYMENT_PENDING", true, { merchantId: "M1", transactionId: TXN, amount: 10_000 }));
const notFound = () => json(200, envelope("TRANSACTION_NOT_FOUND", false));

describe("call() decides by the verdict", () => {
  it("a v4 debit answered code SUCCESS with the payments page is accepted (an independent gateway, issue 26)", async () => {
    const { gw } = fakeGateway([() => json(200, envelope("SUCCESS", true, { redirectType: "WEB", redirectURL: "https://pay.test/p" }))]);
    const debit = await gw.debitV4Web(debitInput);
    assert.equal(debit.outcome, "accepted");
    assert.equal(debit.code, "SUCCESS");
  });
  it("a success body on a 404, a duplicate deciding key, and a foreign transaction id are never a success", async () => {
    const { gw } = fakeGateway([
      () => json(404, envelope("PAYMENT_SUCCESS", true, { transactionId: "R1" })),
      () => json(200, '{"success":true,"code":"PAYMENT_ERROR","code":"PAYMENT_SUCCESS","data":{"transactionId":"R2"}}'),
      () => json(200, envelope("PAYMENT_SUCCESS", true, { transactionId: "OTHER" })),
    ]);
    const refund = (id: string) => gw.refundV4({ payload: { transactionId: id, originalTransactionId: TXN, amount: 100, merchantOrderId: "O1", message: "refund" } });
    assert.equal((await refund("R1")).outcome, "unknown");
    assert.equal((await refund("R2")).outcome, "unknown");
    const foreign = await refund("R3");
    assert.deepEqual([foreign.outcome, foreign.judgement.mismatch], ["unknown", "transactionId"]);
  });
  it("a refund id used before is a duplicate, not a failure; a status checks the amount this gateway sent", async () => {
    const { gw } = fakeGateway([
      () => json(400, envelope("PAYMENT_ERROR", false, { transactionId: "R1", payResponseCode: "DUPLICATE_TXN_REQUEST" })),
      () => json(200, envelope("PAYMENT_SUCCESS", true, { redirectURL: "https://pay.test/p" })),
      paid(10_001),
    ]);
    const refund = await gw.refundV4({ payload: { transactionId: "R1", originalTransactionId: TXN, amount: 100, merchantOrderId: "O1", message: "refund" } });
    assert.deepEqual([refund.outcome, refund.judgement.category], ["duplicate", "payment-failed"]);
    await gw.debitV4Web(debitInput);
    const status = await gw.getTransactionStatus({ path: { transactionId: TXN } });
    assert.deepEqual([status.outcome, status.judgement.mismatch], ["unreadable", "amount"]);
  });
});

describe("wait() on the schedule", () => {
  it("checks at the schedule's moments until the status proves the payment", async () => {
    const { gw, sent, clock, sleep } = fakeGateway([() => json(200, envelope("PAYMENT_SUCCESS", true, { redirectURL: "https://pay.test/p" })), notFound, pending, pending, paid()]);
    const start = clock.now;
    await gw.debitV4Web(debitInput);
    const final = await gw.wait(TXN, { startedAt: start, sleep });
    assert.deepEqual([final.verdict, final.succeeded, final.checks], ["succeeded", true, 4]);
    assert.equal(sent.length, 5);
    assert.equal(clock.now - start, pollOffsets()[3]); // the fourth check, at the fourth moment of the schedule
  });
  it("TRANSACTION_NOT_FOUND is final only after the grace since the last send", async () => {
    const answers = Array.from({ length: 50 }, () => notFound);
    const { gw, clock, sleep } = fakeGateway(answers);
    const start = clock.now;
    const final = await gw.wait(TXN, { startedAt: start, sleep, expectedAmount: 10_000 });
    assert.equal(final.verdict, "not-recorded");
    assert.ok(final.elapsed >= POLL_SCHEDULE.grace, String(final.elapsed));
    assert.equal(final.elapsed, pollOffsets().find((t) => t >= POLL_SCHEDULE.grace));
    assert.ok(clock.now - start < 2 * POLL_SCHEDULE.grace);
  });
  it("an amount other than the forward payment's stops the wait: do not fulfil", async () => {
    const { gw, sleep } = fakeGateway([paid(1)]);
    await assert.rejects(gw.wait(TXN, { expectedAmount: 10_000, sleep }), AmountMismatchError);
  });
  it("ends at the schedule's timeout with PollTimeoutError, and a 429 pushes the next check back", async () => {
    const limited = () => json(429, envelope("API_RATE_LIMIT_REACHED", false), { "retry-after": "7" });
    const { gw, sleep, sleeps } = fakeGateway([limited, ...Array.from({ length: 60 }, () => pending)]);
    await assert.rejects(gw.wait(TXN, { expectedAmount: 10_000, sleep }), PollTimeoutError);
    assert.deepEqual(sleeps.slice(0, 2), [pollOffsets()[0], 7]);
    assert.equal(sleeps.reduce((a, b) => a + b, 0), POLL_SCHEDULE.timeout);
  });
});

describe("wait() stops where asking again cannot help, and never proves a payment against itself", () => {
  it("without the forward payment's amount it refuses before sending anything", async () => {
    const { gw, sent, sleep } = fakeGateway([paid()]);
    await assert.rejects(gw.wait(TXN, { sleep }), (err: unknown) => err instanceof UsageError && err.message.startsWith("expectedAmount:"));
    assert.equal(sent.length, 0);
  });
  it("a refused read or another transaction's answer ends the wait; a 5xx or an unknown outcome does not", async () => {
    const refused = () => json(401, envelope("AUTHORIZATION_FAILED", false));
    const foreign = () => json(200, envelope("PAYMENT_SUCCESS", true, { transactionId: "OTHER", amount: 10_000 }));
    const timedOut = () => json(200, envelope("TIMED_OUT", false));
    for (const [answers, checks] of [
      [[refused], 1],
      [[foreign], 1],
      [[() => json(503, "busy"), timedOut, foreign], 3],
    ] as const) {
      const { gw, sent, sleep } = fakeGateway([...answers]);
      await assert.rejects(gw.wait(TXN, { expectedAmount: 10_000, sleep }), StatusReadError);
      assert.equal(sent.length, checks);
    }
  });
});

describe("callbacks with the expected amount", () => {
  const body = (amount: number, transactionId = TXN): string => {
    const response = Buffer.from(JSON.stringify(envelope("PAYMENT_SUCCESS", true, { merchantId: "M1", transactionId, amount }))).toString("base64");
    return JSON.stringify({ response });
  };
  const sign = (b: string): string => xVerify((JSON.parse(b) as { response: string }).response, SALT, "1");
  it("accepts Node's header type, and is paid only with this transaction and exactly this amount", () => {
    const { gw } = fakeGateway([]);
    const b = body(10_000);
    const headers: IncomingHttpHeaders = { "x-verify": sign(b) };
    const ok = gw.verifyCallback(b, headers["x-verify"], { transactionId: TXN, amount: 10_000 });
    assert.ok(ok.valid && ok.paid);
    const unproven = gw.verifyCallback(b, [sign(b)]);
    assert.ok(unproven.valid && !unproven.paid, "no expectation given: not proof of payment");
    const other = body(9_999);
    const short = gw.verifyCallback(other, sign(other), { transactionId: TXN, amount: 10_000 });
    assert.ok(!short.valid && short.mismatch === "amount", JSON.stringify(short));
    assert.equal(gw.verifyCallback(b, [sign(b), sign(b)]).valid, false);
    assert.equal(gw.verifyCallback(b, undefined).valid, false);
  });
  it("reads a byte order mark like every answer: one leading mark dropped from the body and from the payload", () => {
    const { gw } = fakeGateway([]);
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const payload = Buffer.concat([bom, Buffer.from(JSON.stringify(envelope("PAYMENT_SUCCESS", true, { merchantId: "M1", transactionId: TXN, amount: 10_000 })))]);
    const response = payload.toString("base64");
    const signature = xVerify(response, SALT, "1");
    const envelopeText = JSON.stringify({ response });
    for (const raw of [envelopeText, "\uFEFF" + envelopeText, Buffer.concat([bom, Buffer.from(envelopeText)])]) {
      const got = gw.verifyCallback(raw, signature, { transactionId: TXN, amount: 10_000 });
      assert.ok(got.valid && got.paid, JSON.stringify(got));
    }
    const twice = Buffer.concat([bom, payload]).toString("base64");
    const refused = gw.verifyCallback(JSON.stringify({ response: twice }), xVerify(twice, SALT, "1"), { transactionId: TXN, amount: 10_000 });
    assert.ok(!refused.valid || !refused.paid, "two marks: not JSON, never paid");
  });
});
