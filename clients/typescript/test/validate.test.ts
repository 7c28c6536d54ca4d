// Payloads are checked against the spec's schema before anything is sent, and the error names the wire path and
// the allowed values (never the value given). Expectations read off spec/openapi.yaml by hand, the same cases as
// the Python client's tests/overlay/test_payload_problems.py: PaymentSource is oneOf card / wallets / upi by
// `mode`; CardPaymentSource requires cardId (a string); UpiPaymentSource's type is INLINE or INTENT.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Fetch, ValidationError, createGateway, firstProblem } from "@merchant-gateway/client/server";

const sent: string[] = [];
const fetch: Fetch = async (request) => {
  sent.push(request.url);
  return new Response('{"success":true,"code":"PAYMENT_INITIATED","message":"ok","data":{}}', { status: 200 });
};
const gw = createGateway({
  baseUrl: "http://127.0.0.1:9/b",
  appsUrl: "http://127.0.0.1:9/a",
  authUrl: "http://127.0.0.1:9/t",
  merchantId: "M",
  saltKey: "k",
  saltIndex: "1",
  fetch,
});
const inline = (paymentSources: unknown) => ({
  payload: { transactionId: "T1", amount: 100, merchantUserId: "U", mobileNumber: "9999999999", paymentSources },
});

const CASES: [unknown, string, string][] = [
  [[{ mode: "bogus" }], "paymentSources[0].mode", "must be one of card, wallets, upi"],
  [[{ type: "INTENT" }], "paymentSources[0].mode", "must be one of card, wallets, upi"],
  [[{ mode: ["upi"] }], "paymentSources[0].mode", "must be one of card, wallets, upi"],
  [[{ mode: "upi", type: "INTENT" }, { mode: "upi", type: "WRONG" }], "paymentSources[1].type", "must be one of INLINE, INTENT"],
  [[{ mode: "card" }], "paymentSources[0].cardId", "is required"],
  [[{ mode: "card", cardId: 7 }], "paymentSources[0].cardId", "must be a string"],
  [[{ mode: "wallets", providers: "PLATFORM" }], "paymentSources[0].providers", "must be a list"],
  [["upi"], "paymentSources[0]", "must be an object"],
];

describe("payloads the spec refuses are not sent", () => {
  for (const [sources, field, problem] of CASES) {
    it(`${field}: ${problem}`, async () => {
      sent.length = 0;
      await assert.rejects(gw.inlinePay(inline(sources) as never), (err: unknown) => {
        assert.ok(err instanceof ValidationError, String(err));
        assert.deepEqual([err.field, err.message], [field, `${field}: ${problem}`]);
        return true;
      });
      assert.deepEqual(sent, []);
    });
  }
  it("names a missing top-level field and a wrong amount type", async () => {
    await assert.rejects(gw.debitV4Web({ payload: { transactionId: "T1" } } as never), /^ValidationError: amount: is required$/);
    await assert.rejects(gw.debitV4Web({ payload: { transactionId: "T1", amount: 1.5 } } as never), /amount: must be an integer/);
    assert.deepEqual(sent, []);
  });
  it("sends a payload the schema accepts", async () => {
    sent.length = 0;
    const answer = await gw.inlinePay(inline([{ mode: "upi", type: "INTENT" }]) as never);
    assert.equal(answer.status, 200);
    assert.equal(sent.length, 1);
  });
});

describe("JSON Schema types, including lists of types", () => {
  const cases: [unknown, unknown, string | null][] = [
    [["integer", "string"], 7, null],
    [["integer", "string"], "7", null],
    [["integer", "string"], true, "must be an integer or a string"],
    [["string", "null"], null, null],
    [["string", "null"], 3, "must be a string or null"],
    ["number", 1.5, null],
    ["integer", 1.5, "must be an integer"],
    ["boolean", 1, "must be true or false"],
    [["object", "null"], 3, null],
  ];
  for (const [type, value, problem] of cases) {
    it(`${JSON.stringify(type)} ${JSON.stringify(value)}`, () => {
      const found = firstProblem({ S: { type } as never }, "S", value);
      assert.deepEqual(found, problem === null ? null : ["payload", problem]);
    });
  }
});
