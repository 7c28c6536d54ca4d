// Refunds as the Python client treats them: a refund re-sent under the same id by a new call is `duplicate` (a
// refund under the id exists), not this call's retry; a refund above its original payment (the amount this gateway
// sent for it, or the caller's originalAmount) is refused before anything is sent, with an error that leads with
// EXCESS_REFUND_AMOUNT and says how much may be refunded.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ExcessRefundError, type Fetch, ValidationError, createGateway } from "@merchant-gateway/client/server";

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const envelope = (code: string, success: boolean, data: Record<string, unknown> = {}) => ({ success, code, message: "m", data });

function fakeGateway(answers: (() => Response)[]) {
  const sent: Request[] = [];
  const fetch: Fetch = async (request) => {
    sent.push(request);
    const next = answers.shift();
    if (next === undefined) throw new Error("no more answers");
    return next();
  };
  const gw = createGateway({
    baseUrl: "https://base.test/apis/pg",
    appsUrl: "https://apps.test/apis/apps",
    authUrl: "https://auth.test/apis/id",
    merchantId: "M1",
    saltKey: "refund-test-salt",
    saltIndex: 1,
    fetch,
  });
  return { gw, sent };
}

const refund = (id: string, amount: number, original = "PAY1") => ({
  payload: { transactionId: id, originalTransactionId: original, amount, merchantOrderId: "O1", message: "refund" },
});
const duplicate = () => json(400, envelope("PAYMENT_ERROR", false, { transactionId: "R1", payResponseCode: "DUPLICATE_TXN_REQUEST" }));

describe("refunds as the Python client treats them", () => {
  it("a refund re-sent under the same id by a new call is duplicate, not unknown", async () => {
    const { gw } = fakeGateway([() => json(200, envelope("PAYMENT_PENDING", true, { transactionId: "R1", amount: 60 })), duplicate]);
    assert.equal((await gw.refundV4(refund("R1", 60))).outcome, "pending");
    const again = await gw.refundV4(refund("R1", 60));
    assert.deepEqual([again.outcome, again.judgement.payResponseCode], ["duplicate", "DUPLICATE_TXN_REQUEST"]);
    // the caller's own retry of one call (attempt 2) may be answered about its first attempt: unknown
    const { gw: retrying } = fakeGateway([duplicate]);
    assert.equal((await retrying.refundV4(refund("R1", 60), { attempt: 2 })).outcome, "unknown");
  });

  it("a refund above the payment this gateway sent is refused before sending", async () => {
    const { gw, sent } = fakeGateway([() => json(200, envelope("PAYMENT_SUCCESS", true, { redirectURL: "https://pay.test/p" }))]);
    await gw.debitV4Web({ payload: { transactionId: "PAY1", merchantUserId: "U1", amount: 100 } });
    await assert.rejects(gw.refundV4(refund("R2", 101)), (err: unknown) => {
      assert.ok(err instanceof ExcessRefundError && err instanceof ValidationError);
      assert.equal(err.code, "EXCESS_REFUND_AMOUNT");
      assert.equal(err.field, "amount");
      assert.match(err.message, /^EXCESS_REFUND_AMOUNT: a refund of 101 paise would take the refunds of payment PAY1/);
      assert.match(err.message, /nothing was sent\. Refund at most 100 paise$/);
      return true;
    });
    assert.equal(sent.length, 1); // the debit only
  });

  it("a refund re-sent under its id neither frees nor lowers what an earlier call under the id holds", async () => {
    // R1 (60 of 100) ends unknown; R1 again never leaves, then R1 for 10 is a duplicate: R1 may still have refunded
    // 60, so R2 for 60 is refused before sending and R3 for the 40 left goes out
    const refused = () => {
      throw new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }) });
    };
    const { gw, sent } = fakeGateway([
      () => json(500, envelope("INTERNAL_SERVER_ERROR", false)),
      refused,
      duplicate,
      () => json(200, envelope("PAYMENT_PENDING", true, { transactionId: "R3", amount: 40 })),
    ]);
    const options = { originalAmount: 100 };
    assert.equal((await gw.refundV4(refund("R1", 60), options)).outcome, "unknown");
    await assert.rejects(gw.refundV4(refund("R1", 60), options), (err: unknown) => (err as Error).constructor.name === "NotSentError");
    assert.equal((await gw.refundV4(refund("R1", 10), options)).outcome, "duplicate");
    await assert.rejects(gw.refundV4(refund("R2", 60), options), ExcessRefundError);
    assert.equal(sent.length, 3);
    assert.equal((await gw.refundV4(refund("R3", 40), options)).outcome, "pending");
  });

  it("the caller's originalAmount bounds a refund of a payment sent elsewhere; unknown, nothing is checked", async () => {
    const { gw, sent } = fakeGateway([() => json(200, envelope("PAYMENT_PENDING", true, { transactionId: "R4", amount: 5 }))]);
    await assert.rejects(gw.refundV4(refund("R3", 51, "ELSEWHERE"), { originalAmount: 50 }), ExcessRefundError);
    assert.equal(sent.length, 0);
    assert.equal((await gw.refundV4(refund("R4", 5, "ELSEWHERE"))).outcome, "pending");
  });
});
