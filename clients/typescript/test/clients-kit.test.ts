// The kit's whole-client cases (`clients`, tools/conformance/client_cases.py) replayed by this package end to end:
// a gateway client sends each step to a loopback server that answers with the step's scripted bytes and records
// what arrived; each call must end as the kit says (verdict, code, refused before sending or not). The Python
// client replays the same cases (tests/conformance/test_client_cases.py).
//   MGW_TS_KIT=path/to/kit.json node --test
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, it } from "node:test";
import { ExcessRefundError, createGateway, type ServerOperationId } from "@merchant-gateway/client/server";

interface Answer {
  status: number;
  headers: Record<string, string>;
  body_base64: string | null;
}
interface Step {
  call: string;
  payload?: Record<string, unknown>;
  path?: Record<string, unknown>;
  options?: { original_amount?: number; expected_amount?: number };
  answer: Answer | null;
  expect: { sent: boolean; outcome: string; code: string | null; leads_with?: string };
}
interface ClientCase {
  id: string;
  merchant: string;
  attempts: number;
  steps: Step[];
}

const kit = JSON.parse(readFileSync(process.env.MGW_TS_KIT ?? "spec/conformance/kit.json", "utf8")) as {
  clients: { cases: ClientCase[] };
};

/** A loopback gateway that answers each request with the next scripted answer and counts what arrived. */
async function scriptedGateway() {
  const answers: Answer[] = [];
  let seen = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      seen += 1;
      const answer = answers.shift() ?? { status: 599, headers: {}, body_base64: "" };
      const body = Buffer.from(answer.body_base64 ?? "", "base64");
      response.writeHead(answer.status, { ...answer.headers, "content-length": String(body.length) });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    // every request of a step gets the same answer: a re-send would be seen
    script: (answer: Answer | null, times: number) =>
      answers.splice(0, answers.length, ...(answer === null ? [] : Array.from({ length: times }, () => answer))),
    seen: () => seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("whole-client cases of the conformance kit", () => {
  for (const c of kit.clients.cases) {
    it(c.id, async () => {
      const scripted = await scriptedGateway();
      try {
        const gw = createGateway({
          baseUrl: `${scripted.url}/base`,
          appsUrl: `${scripted.url}/apps`,
          authUrl: `${scripted.url}/auth`,
          merchantId: c.merchant,
          saltKey: "kit-clients-salt",
          saltIndex: 1,
        });
        for (const [n, step] of c.steps.entries()) {
          const where = `${c.id} step ${n} (${step.call})`;
          scripted.script(step.answer, c.attempts);
          const before = scripted.seen();
          const input = step.payload !== undefined ? { payload: step.payload } : { path: step.path };
          const options = {
            ...(step.options?.original_amount === undefined ? {} : { originalAmount: step.options.original_amount }),
            ...(step.options?.expected_amount === undefined ? {} : { expectedAmount: step.options.expected_amount }),
          };
          let outcome: string;
          let code: string | null;
          try {
            const answer = await gw.call(step.call as ServerOperationId, input as never, options);
            outcome = answer.outcome;
            code = answer.judgement.code ?? null;
            if (step.expect.leads_with !== undefined) {
              // answers are returned, not thrown: the reason a merchant reads first is the answer's own
              assert.equal(answer.judgement.payResponseCode ?? answer.judgement.code, step.expect.leads_with, where);
            }
          } catch (err) {
            assert.ok(err instanceof ExcessRefundError, `${where}: ${String(err)}`);
            outcome = "refused";
            code = err.code;
            if (step.expect.leads_with !== undefined) assert.ok(err.message.startsWith(step.expect.leads_with), where);
          }
          assert.equal(scripted.seen() - before, step.expect.sent ? 1 : 0, where);
          assert.deepEqual([outcome, code], [step.expect.outcome, step.expect.code], where);
        }
      } finally {
        await scripted.close();
      }
    });
  }
});
