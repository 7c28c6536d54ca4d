// "@merchant-gateway/client/server": the signing client and callback verification, for Node servers only.
// Bundlers that honour the "browser" export condition get server.browser.js instead, which refuses to load.
export * from "./index.js";
export type { GatewayConfig } from "./gateway.js";
export { Gateway, configFromEnv, createGateway, inBrowser, signingMiddleware } from "./gateway.js";
export type { AnswerOf } from "./generated/methods.js";
export { type Salts, sha256Hex, verifySignature, xVerify } from "./signing.js";
export { type Fetch, GetWithBodyRequest, requestBodyText } from "./transport.js";
export { type CallbackExpect, type CallbackVerification, type SignatureHeader, verifyCallback, verifyUiCallback } from "./verify.js";
export { AmountMismatchError, type FinalStatus, PollTimeoutError, StatusReadError, type WaitOptions, waitForFinalStatus } from "./wait.js";
