// The fast development loop in TypeScript, as in Python and the CLI: one way to poll at one's own pace
// (`{ pollEvery }`), the local sandbox's own pace by default against a loopback base URL, the public reference's
// schedule (POLL_SCHEDULE: first check 20 s after the start) against any other. Fake clock: sleep() advances it.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  type Fetch,
  POLL_SCHEDULE,
  SANDBOX_POLL_SCHEDULE,
  UsageError,
  chooseSchedule,
  createGateway,
  everySchedule,
} from "@merchant-gateway/client/server";

const TXN = "TSPACE1";
const json = (body: unknown): Response => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
const envelope = (code: string, data: Record<string, unknown>) => ({ success: code === "PAYMENT_SUCCESS", code, message: "m", data });
const pending = () => json(envelope("PAYMENT_PENDING", { merchantId: "M1", transactionId: TXN, amount: 10_000 }));
const paid = () => json(envelope("PAYMENT_SUCCESS", { merchantId: "M1", transactionId: TXN, amount: 10_000, state: "COMPLETED" }));

function fakeGateway(origin: string, answers: (() => Response)[]) {
  const clock = { now: 500 };
  const fetch: Fetch = async () => {
    const next = answers.shift();
    if (next === undefined) throw new Error("no more answers");
    return next();
  };
  const gw = createGateway({
    baseUrl: `${origin}/apis/pg-sandbox`,
    appsUrl: `${origin}/apis/apps`,
    authUrl: `${origin}/apis/identity-manager`,
    merchantId: "M1",
    saltKey: "pace-salt",
    saltIndex: 1,
    fetch,
    clock: () => clock.now,
  });
  const sleeps: number[] = [];
  const sleep = async (s: number): Promise<void> => {
    sleeps.push(s);
    clock.now += s;
  };
  return { gw, clock, sleep, sleeps };
}

describe("how fast wait() checks", () => {
  it("against the local sandbox (a loopback base URL): every second, returning within a second of settling", async () => {
    const { gw, clock, sleep, sleeps } = fakeGateway("http://127.0.0.1:8080", [pending, pending, paid]);
    const start = clock.now;
    const final = await gw.wait(TXN, { startedAt: start, sleep, expectedAmount: 10_000 });
    assert.equal(final.succeeded, true);
    assert.deepEqual(sleeps, [1, 1, 1]);
    assert.equal(clock.now - start, 3);
  });
  it("against a real gateway: the public reference's schedule (first check 20 s after the start)", async () => {
    const { gw, clock, sleep, sleeps } = fakeGateway("https://gateway.example", [paid]);
    const final = await gw.wait(TXN, { startedAt: clock.now, sleep, expectedAmount: 10_000 });
    assert.equal(final.succeeded, true);
    assert.deepEqual(sleeps, [POLL_SCHEDULE.first_check_after]);
    assert.equal(POLL_SCHEDULE.first_check_after, 20);
  });
  it("{ pollEvery } checks at that pace anywhere", async () => {
    const { gw, clock, sleep, sleeps } = fakeGateway("https://gateway.example", [pending, paid]);
    const final = await gw.wait(TXN, { startedAt: clock.now, sleep, expectedAmount: 10_000, pollEvery: 2.5 });
    assert.equal(final.succeeded, true);
    assert.deepEqual(sleeps, [2.5, 2.5]);
  });
  it("a bad pollEvery, or pollEvery with schedule, is a UsageError naming it before anything is sent", async () => {
    for (const bad of [0, -1, Number.NaN, 3600]) {
      assert.throws(() => chooseSchedule({ pollEvery: bad }, false), (e: unknown) => e instanceof UsageError && e.message.startsWith("pollEvery: must be"));
    }
    assert.throws(() => chooseSchedule({ pollEvery: 1, schedule: POLL_SCHEDULE }, true), /either pollEvery or schedule/);
    assert.deepEqual(chooseSchedule({}, true), SANDBOX_POLL_SCHEDULE);
    assert.deepEqual(chooseSchedule({}, false), POLL_SCHEDULE);
    assert.deepEqual(chooseSchedule({ pollEvery: 2 }, false), everySchedule(2));
  });
});
