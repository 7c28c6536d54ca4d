// Payloads are checked against the spec's schema before anything is sent, and the error names the wire path and
// the allowed values (never the value given). Expectations read off spec/openapi.yaml by hand, the same cases as
// the Python client's tests/unit/checks/test_payload_problems.py: PaymentSource is oneOf card / wallets / upi by
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
    [["object", "null"], 3, "must be an object or null"],
  ];
  for (const [type, value, problem] of cases) {
    it(`${JSON.stringify(type)} ${JSON.stringify(value)}`, () => {
      const found = firstProblem({ S: { type } as never }, "S", value);
      assert.deepEqual(found, problem === null ? null : ["payload", problem]);
    });
  }
});

// Issue 22, finding 8: every keyword of the payload schemas is enforced, with the Python client's messages.
describe("what the spec forbids is refused before sending", () => {
  const refused = async (call: () => Promise<unknown>, message: string) => {
    sent.length = 0;
    await assert.rejects(call, (err: unknown) => {
      assert.ok(err instanceof ValidationError, String(err));
      assert.equal(err.message, message);
      return true;
    });
    assert.deepEqual(sent, []);
  };
  const collect = (change: Record<string, unknown>) => ({
    payload: { transactionId: "T1", amount: 100, merchantOrderId: "O1", instrumentType: "MOBILE", instrumentReference: "9999999999", expiresIn: 180, ...change },
  });
  it("a UPI INLINE source without accountId (an if/then inside a oneOf branch)", () =>
    refused(() => gw.inlinePay(inline([{ mode: "upi", type: "INTENT" }, { mode: "upi", type: "INLINE" }]) as never), "paymentSources[1].accountId: is required"));
  it("expiresIn 0 (minimum)", () => refused(() => gw.collectRequest(collect({ expiresIn: 0 }) as never), "expiresIn: must be at least 1"));
  it("validFor -1 (minimum)", () =>
    refused(
      () =>
        gw.initiateSdkLessPayment({
          payload: { transactionId: "T1", amount: 100, validFor: -1, merchantOrderId: "O1", redirectUrl: "https://merchant.example/back", transactionContext: "e30=" },
        } as never),
      "validFor: must be at least 1",
    ));
  it("names every field of a rule between top-level fields (the spec's if/then, not: x-field-rules)", () =>
    refused(
      () => gw.inlinePay({ payload: { transactionId: "T1", amount: 100, mobileNumber: "9999999999", paymentSources: [{ mode: "upi", type: "INTENT" }] } } as never),
      "merchantUserId: give merchantUserId or userAuthToken (at least one is required)",
    ));
});

describe("every keyword, with our message and never the value", () => {
  const UPI = {
    oneOf: [{ $ref: "#/components/schemas/Card" }, { $ref: "#/components/schemas/Upi" }],
    discriminator: { propertyName: "mode", mapping: { card: "#/components/schemas/Card", upi: "#/components/schemas/Upi" } },
  };
  const schemas = {
    Card: { type: "object", required: ["mode", "cardId"], properties: { mode: { enum: ["card"] }, cardId: { type: "string" } } },
    Upi: {
      type: "object",
      required: ["mode", "type"],
      properties: { mode: { enum: ["upi"] }, type: { enum: ["INLINE", "INTENT"] }, accountId: { type: "string" } },
      if: { properties: { type: { const: "INLINE" } }, required: ["type"] },
      then: { required: ["accountId"] },
    },
  };
  const cases: [string, unknown, unknown, string, string][] = [
    ["minimum", { type: "integer", minimum: 1 }, 0, "payload", "must be at least 1"],
    ["exclusiveMinimum", { type: "integer", exclusiveMinimum: 0 }, 0, "payload", "must be greater than 0"],
    ["maximum", { type: "integer", maximum: 9 }, 10, "payload", "must be at most 9"],
    ["minLength 1", { type: "string", minLength: 1 }, "", "payload", "must not be empty"],
    ["minLength in code points", { type: "string", minLength: 2 }, "😀", "payload", "must have at least 2 characters"],
    ["maxLength", { type: "string", maxLength: 2 }, "xyz", "payload", "must have at most 2 characters"],
    ["pattern", { type: "string", pattern: "^[0-9]{10}$" }, "98x", "payload", "must match the pattern ^[0-9]{10}$"],
    ["format uri", { type: "string", format: "uri" }, "shop.example/return", "payload", "must be an absolute URI with a scheme (https://merchant.example/path)"],
    ["enum", { enum: ["A", "B"] }, "C", "payload", "must be one of A, B"],
    ["const", { const: "INLINE" }, "INTENT", "payload", "must be INLINE"],
    ["minItems", { type: "array", minItems: 1 }, [], "payload", "must not be empty"],
    ["not", { properties: { a: { not: { const: "x" } } } }, { a: "x" }, "a", "has a form the spec forbids here (a 'not' rule)"],
    ["not together", { not: { required: ["a", "b"] } }, { a: 1, b: 2 }, "b", "must not be given together with a"],
    ["if/then", { if: { required: ["a"] }, then: { required: ["b"] }, else: { required: ["c"] } }, { a: 1 }, "b", "is required"],
    ["if/else", { if: { required: ["a"] }, then: { required: ["b"] }, else: { required: ["c"] } }, { d: 1 }, "c", "is required"],
    ["required in a branch, below a list", { properties: { s: { type: "array", items: UPI } } }, { s: [{ mode: "card", cardId: "C" }, { mode: "upi", type: "INLINE" }] }, "s[1].accountId", "is required"],
    ["required in the branch a discriminator names", { properties: { s: UPI } }, { s: { mode: "card" } }, "s.cardId", "is required"],
    ["oneOf without a discriminator: the first branch", { oneOf: [{ required: ["a"] }, { required: ["b"] }] }, {}, "a", "is required"],
    ["oneOf matched twice", { oneOf: [{ type: "string" }, { minLength: 1 }] }, "x", "payload", "matches more than one of the forms the spec allows here; it must match exactly one"],
  ];
  for (const [name, schema, value, field, problem] of cases) {
    it(name, () => assert.deepEqual(firstProblem({ ...schemas, S: schema } as never, "S", value), [field, problem]));
  }
  it("accepts what the schemas allow", () => {
    assert.equal(firstProblem({ ...schemas, S: { type: "string", format: "uri" } } as never, "S", "https://shop.example/r"), null);
    assert.equal(firstProblem({ ...schemas, S: { properties: { s: UPI } } } as never, "S", { s: { mode: "upi", type: "INLINE", accountId: "A" } }), null);
  });
  for (const schema of [{ type: "string", maxLength: 3 }, { type: "string", pattern: "^[0-9]+$" }, { type: "string", format: "uri" }, { enum: ["A"] }, { type: "integer" }]) {
    it(`never the value: ${JSON.stringify(schema)}`, () => {
      const found = firstProblem({ S: schema } as never, "S", "Zq9-secret");
      assert.ok(found !== null && !found[1].includes("Zq9"), String(found));
    });
  }
});
