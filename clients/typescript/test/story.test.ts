// The payment story against the local sandbox (`mgw sandbox --port 0`, URLs and salt from MGW_* variables): web
// debit, signed S2S callback verified, status (base and apps host), partial refund, payments page + UI callback
// verified, OTP link, wallet balance, unlink, token call, GET-with-body inline pay. Skipped without MGW_BASE_URL.
import assert from "node:assert/strict";
import { once } from "node:events";
import { type IncomingMessage, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { type Gateway, configFromEnv, createGateway } from "@merchant-gateway/client/server";

const enabled = Boolean(process.env.MGW_BASE_URL);
interface Received {
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** The merchant's own endpoint: callbacks and the browser's return land here. */
class Merchant {
  readonly received: Received[] = [];
  readonly #waiters: (() => void)[] = [];
  readonly server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      this.received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      for (const w of this.#waiters.splice(0)) w();
    });
  });
  url = "";
  async start(): Promise<void> {
    this.server.listen(0, "127.0.0.1");
    await once(this.server, "listening");
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  async waitFor(match: (r: Received) => boolean, timeoutMs = 15_000): Promise<Received> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.received.find(match);
      if (hit) return hit;
      if (Date.now() > deadline) throw new Error("the merchant endpoint received nothing matching");
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }
}

const tx = (prefix: string): string => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`.slice(0, 35);
const unescapeHtml = (s: string): string =>
  s.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

async function settled(gw: Gateway, transactionId: string): Promise<string | undefined> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const status = await gw.getTransactionStatus({ path: { transactionId } });
    if (status.code !== "PAYMENT_PENDING" || Date.now() > deadline) return status.code;
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe("payment story against the local sandbox", { skip: enabled ? false : "MGW_BASE_URL not set" }, () => {
  const merchant = new Merchant();
  let gw: Gateway;
  before(async () => {
    await merchant.start();
    gw = createGateway(configFromEnv());
  });
  after(() => {
    merchant.server.close();
  });

  const paymentId = tx("TS");
  let userAuthToken = "";

  it("web debit (v4): signed, routed to the base host, answers a payments page", async () => {
    const debit = await gw.debitV4Web({
      payload: { transactionId: paymentId, merchantUserId: "U-TS-1", amount: 10_000, merchantOrderId: "OD-TS-1" },
      headers: { "X-CALLBACK-URL": `${merchant.url}/callback`, "X-REDIRECT-URL": `${merchant.url}/return` },
    });
    assert.equal(debit.status, 200, JSON.stringify(debit.error));
    assert.equal(debit.code, "PAYMENT_SUCCESS");
    assert.match(debit.data?.data?.redirectURL ?? "", /^http:\/\/127\.0\.0\.1:/);
  });

  it("the S2S callback verifies with the package, a tampered one does not", async () => {
    const cb = await merchant.waitFor((r) => r.path === "/callback" && r.body.includes("response"));
    const result = gw.verifyCallback(cb.body, String(cb.headers["x-verify"]));
    assert.equal(result.valid, true, result.valid ? "" : result.reason);
    if (result.valid) {
      assert.equal(result.payload.code, "PAYMENT_SUCCESS");
      assert.equal(result.payload.data?.transactionId, paymentId);
      assert.equal(result.payload.data?.amount, 10_000);
    }
    const forged = JSON.stringify({ response: Buffer.from('{"code":"PAYMENT_SUCCESS"}').toString("base64") });
    assert.equal(gw.verifyCallback(forged, String(cb.headers["x-verify"])).valid, false);
  });

  it("the payment story in its own lines: start, wait on the schedule, verify the callback with the expected amount", async () => {
    const order = { transactionId: tx("ST"), amount: 12_345 };
    const debit = await gw.debitV4Web({ payload: { ...order, merchantUserId: "U-TS-2" }, headers: { "X-CALLBACK-URL": `${merchant.url}/story` } });
    assert.equal(debit.outcome, "accepted");
    const final = await gw.wait(order.transactionId, { schedule: { first_check_after: 0.3, phases: [{ every: 0.3, duration: null }], timeout: 15 } });
    assert.deepEqual([final.verdict, final.succeeded], ["succeeded", true]);
    const received = await merchant.waitFor((r) => r.path === "/story");
    const callback = gw.verifyCallback(received.body, received.headers["x-verify"], order);
    assert.ok(callback.valid && callback.paid, JSON.stringify(callback));
    assert.equal(gw.verifyCallback(received.body, received.headers["x-verify"], { ...order, amount: 1 }).valid, false);
  });

  it("status on the base host and on the apps host (no statusSegment argument)", async () => {
    assert.equal(await settled(gw, paymentId), "PAYMENT_SUCCESS");
    const status = await gw.getTransactionStatus({ path: { transactionId: paymentId } });
    assert.equal(status.data?.data?.amount, 10_000);
    const apps = await gw.getTransactionStatusAppsHost({ path: { transactionId: paymentId } });
    assert.equal(apps.code, "PAYMENT_SUCCESS");
  });

  it("partial refund (v4), then its status", async () => {
    const refundId = tx("RF");
    const refund = await gw.refundV4({
      payload: { transactionId: refundId, originalTransactionId: paymentId, amount: 4_000, merchantOrderId: "OD-TS-1", message: "partial refund" },
      headers: { "X-CALLBACK-URL": `${merchant.url}/refund-callback` },
    });
    assert.ok(refund.code === "PAYMENT_PENDING" || refund.code === "PAYMENT_SUCCESS", `refund: ${refund.code}`);
    assert.equal(await settled(gw, refundId), "PAYMENT_SUCCESS");
  });

  it("payments page with a form-post return: the UI callback checksum verifies", async () => {
    const id = tx("UI");
    const debit = await gw.debitV4Web({
      payload: { transactionId: id, merchantUserId: "U-TS-1", amount: 2_500 },
      headers: { "X-REDIRECT-URL": `${merchant.url}/return`, "X-REDIRECT-MODE": "POST" },
    });
    const pageUrl = debit.data?.data?.redirectURL ?? "";
    const page = await (await fetch(pageUrl)).text();
    const action = unescapeHtml(/<form method='post' action='([^']*)'>/.exec(page)?.[1] ?? "");
    const answer = await (await fetch(new URL(action, pageUrl), { method: "POST", body: new URLSearchParams({ choice: "pay" }) })).text();
    const fields = Object.fromEntries(
      [...answer.matchAll(/<input type='hidden' name='([^']*)' value='([^']*)'>/g)].map((m) => [unescapeHtml(m[1] ?? ""), unescapeHtml(m[2] ?? "")]),
    );
    assert.equal(fields.transactionId, id);
    const ok = gw.verifyUiCallback(fields);
    assert.equal(ok.valid, true, ok.valid ? "" : ok.reason);
    assert.equal(gw.verifyUiCallback({ ...fields, amount: "1" }).valid, false);
  });

  it("link a user by OTP", async () => {
    const sent = await gw.sendOtp({ payload: { mobileNumber: "9999911111" } });
    assert.equal(sent.code, "SUCCESS");
    const otpToken = sent.data?.data?.otpToken ?? "";
    const verified = await gw.verifyOtp({ payload: { otpToken, otp: "123456" } });
    assert.equal(verified.code, "SUCCESS");
    userAuthToken = verified.data?.data?.userAuthToken ?? "";
    assert.ok(userAuthToken.length > 0);
  });

  it("wallet balance of the linked user", async () => {
    const balance = await gw.getWalletBalance({ path: { userAuthToken } });
    assert.equal(balance.code, "SUCCESS", JSON.stringify(balance.error));
  });

  it("unlink, then the token no longer works", async () => {
    const unlinked = await gw.unlinkUser({ payload: { userAuthToken } });
    assert.equal(unlinked.code, "SUCCESS");
    const after = await gw.getWalletBalance({ path: { userAuthToken } });
    assert.notEqual(after.code, "SUCCESS");
    assert.equal(after.ok, false);
  });

  it("token call on the auth host, its form built from the configuration", async () => {
    const token = await gw.getAuthorizationToken();
    assert.equal(token.status, 200, JSON.stringify(token.error));
    assert.ok((token.data?.access_token ?? "").length > 0);
  });

  it("inline pay with GET and a body (sent by node:http; fetch cannot)", async () => {
    const answer = await gw.inlinePayWithGet({
      payload: { transactionId: tx("IG"), merchantUserId: "U-TS-1", amount: 100, paymentSources: [{ mode: "upi", type: "INTENT" }] },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.error));
    assert.equal(answer.code, "PAYMENT_INITIATED");
  });
});
