// No salt in a browser: the server entry refuses to sign where a page could read the salt key; the main entry has
// no signing at all. Also: configuration errors name the setting, and transport failures say whether the request
// may have been sent (nothing is ever re-sent by the package).
import assert from "node:assert/strict";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { describe, it } from "node:test";
import * as browserSafe from "@merchant-gateway/client";
import {
  ConfigurationError,
  NotSentError,
  OutcomeUnknownError,
  SaltExposedError,
  createGateway,
  signingMiddleware,
} from "@merchant-gateway/client/server";

const config = { baseUrl: "http://127.0.0.1:9/b", appsUrl: "http://127.0.0.1:9/a", authUrl: "http://127.0.0.1:9/t", saltKey: "k", saltIndex: "1" };

describe("browser guard", () => {
  it("refuses to create a signing client where window and document exist", () => {
    const g = globalThis as Record<string, unknown>;
    g.window = {};
    g.document = {};
    try {
      assert.throws(() => createGateway(config), SaltExposedError);
      assert.throws(() => signingMiddleware("base", "k", "1"), SaltExposedError);
    } finally {
      delete g.window;
      delete g.document;
    }
    assert.ok(createGateway(config));
  });
  it("the main entry exports no signing and no salt handling", () => {
    const names = Object.keys(browserSafe);
    for (const name of names.filter((n) => !n.endsWith("Error"))) assert.doesNotMatch(name, /verify|sign|salt|gateway$/i, name);
    assert.ok(names.includes("OPERATIONS") && names.includes("encodePayload"));
  });
  it("the browser condition of ./server is a module that refuses to load", () => {
    const require = createRequire(import.meta.url);
    const pkgFile = require.resolve("@merchant-gateway/client/package.json");
    const pkg = JSON.parse(readFileSync(pkgFile, "utf8")) as { exports: Record<string, Record<string, string>> };
    assert.equal(pkg.exports["./server"]?.browser, "./dist/server.browser.js");
    assert.equal(pkg.exports["."]?.browser, undefined, "the main entry is the same everywhere");
  });
});

describe("configuration and failures", () => {
  it("names the missing setting, never a value", () => {
    assert.throws(() => createGateway({ ...config, saltIndex: "x" }), (e: unknown) => e instanceof ConfigurationError && e.setting === "saltIndex");
    assert.throws(() => createGateway({ ...config, appsUrl: "ftp://h" }), (e: unknown) => e instanceof ConfigurationError && e.setting === "appsUrl");
    assert.throws(() => createGateway({ ...config, saltKey: "" }), (e: unknown) => e instanceof ConfigurationError && e.setting === "saltKey");
  });
  it("a refused connection is NotSent", async () => {
    const server = createServer();
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const port = (server.address() as AddressInfo).port;
    server.close(); // nothing listens there any more
    const closed = `http://127.0.0.1:${port}`;
    const gw = createGateway({ ...config, baseUrl: `${closed}/b`, merchantId: "M1" });
    await assert.rejects(gw.getTransactionStatus({ path: { transactionId: "T1" } }), NotSentError);
  });
  it("a dropped connection on a money-moving call is OutcomeUnknown, to be settled through status", async () => {
    const gw = createGateway({
      ...config,
      merchantId: "M1",
      fetch: async () => {
        throw new TypeError("fetch failed", { cause: Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }) });
      },
    });
    await assert.rejects(gw.debitV4Web({ payload: { transactionId: "T1", amount: 100 } }), (e: unknown) => {
      assert.ok(e instanceof OutcomeUnknownError);
      assert.equal(e.retry, "reconcile-first");
      assert.equal(e.settleWith, "getTransactionStatus");
      return true;
    });
    await assert.rejects(gw.sendOtp({ payload: { mobileNumber: "9999911111" } }), (e: unknown) => e instanceof OutcomeUnknownError && e.retry === "never");
  });
  it("a payload without merchantId needs the configured one", async () => {
    const gw = createGateway(config);
    await assert.rejects(gw.debitV4Web({ payload: { transactionId: "T1", amount: 100 } }), (e: unknown) => e instanceof ConfigurationError && e.setting === "merchantId");
  });
});
