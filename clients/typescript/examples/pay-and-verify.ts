// A merchant server's whole integration: a signed web debit, and the signed callback verified. Configuration from
// MGW_BASE_URL, MGW_APPS_URL, MGW_AUTH_URL, MGW_MERCHANT_ID, MGW_SALT_KEY, MGW_SALT_INDEX.
import { createServer } from "node:http";
import { configFromEnv, createGateway } from "@merchant-gateway/client/server";

const gw = createGateway(configFromEnv());
const callbacks = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const result = gw.verifyCallback(Buffer.concat(chunks), req.headers["x-verify"] as string | undefined);
  console.log(result.valid ? `callback verified: ${result.payload.code}` : `callback rejected: ${result.reason}`);
  res.writeHead(result.valid ? 200 : 400).end();
  callbacks.close();
}).listen(0, "127.0.0.1", async () => {
  const { port } = callbacks.address() as { port: number };
  const debit = await gw.debitV4Web({
    payload: { transactionId: `TX${Date.now()}`, merchantUserId: "U1", amount: 10000 },
    headers: { "X-CALLBACK-URL": `http://127.0.0.1:${port}/callback` },
  });
  console.log(`debit ${debit.code}: pay at ${debit.data?.data?.redirectURL}`);
});
