// The server-side client: one openapi-fetch client per host (typed by openapi-typescript from that host's document),
// a signing middleware on each, and typed methods (generated) that route, wrap and send per operations.json.
import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { CallOptions, GatewayAnswer, WireRequest } from "./answer.js";
import {
  ConfigurationError,
  ExcessRefundError,
  GatewayError,
  NotSentError,
  OutcomeUnknownError,
  SaltExposedError,
  UsageError,
} from "./errors.js";
import { retryMode, type HostRole, type OperationFacts } from "./facts.js";
import type * as apps from "./generated/apps.js";
import type * as auth from "./generated/auth.js";
import type * as base from "./generated/base.js";
import { type AnswerOf, GatewayMethods } from "./generated/methods.js";
import {
  CONFIGURED_FORMS,
  HOSTS,
  type Inputs,
  OPERATIONS,
  type OperationId,
  PARAMETERS,
  PAYLOAD_HAS_MERCHANT_ID,
  PAYLOAD_SCHEMAS,
  ROUTES,
  type ServerOperationId,
  type WebhookPayloads,
} from "./generated/operations.js";
import { xVerify, type Salts } from "./signing.js";
import { type Fetch, GetWithBodyRequest, neverSent, requestBodyText, transport } from "./transport.js";
import { checkParameters, checkPayload } from "./validate.js";
import { POLL_SCHEDULE } from "./generated/outcomes.js";
import { SendRecord } from "./sends.js";
import { type Expect, judge, readAnswer } from "./verdicts.js";
import { type CallbackExpect, type CallbackVerification, type SignatureHeader, verifyCallback, verifyUiCallback } from "./verify.js";
import { type FinalStatus, type WaitOptions, waitForFinalStatus } from "./wait.js";
import { encodePathValue, encodePayload, fillPath, formEncode } from "./wire.js";

export interface GatewayConfig {
  /** Base URL of the base host (may carry a path prefix, e.g. the local sandbox's /apis/pg-sandbox). */
  readonly baseUrl: string;
  /** Base URL of the apps host (SSO, SDK-less, apps-host status and refund). */
  readonly appsUrl: string;
  /** Base URL of the auth host (token call). */
  readonly authUrl: string;
  /** Fills merchantId where a payload or path leaves it out. */
  readonly merchantId?: string;
  readonly saltKey: string;
  readonly saltIndex: string | number;
  /** More salts accepted when verifying callbacks, by index (the signing salt is always accepted). */
  readonly callbackSalts?: Salts;
  /** Fields of bodies built from the configuration (the token call's form: client_id, client_secret, ...). */
  readonly clientCredentials?: Readonly<Record<string, string>>;
  /** Time limit of one call, connect to last byte (default 15 s). */
  readonly timeoutMs?: number;
  /** Replaces fetch (tests, proxies). Receives the signed Request; read its body with requestBodyText(). */
  readonly fetch?: Fetch;
  /** Monotonic clock in seconds for the TRANSACTION_NOT_FOUND time rule and wait() (default performance.now()). */
  readonly clock?: () => number;
  /** Seconds after the last send of a transaction during which TRANSACTION_NOT_FOUND is "not yet found" (default:
   * the Python client's reconcile_grace, from the conformance kit). */
  readonly graceSeconds?: number;
}

const HOST_SETTING: Readonly<Record<HostRole, "baseUrl" | "appsUrl" | "authUrl">> = { base: "baseUrl", apps: "appsUrl", auth: "authUrl" };

/** True in a page (window and document exist): where a salt key would be readable by anyone. */
export function inBrowser(): boolean {
  const g = globalThis as { window?: unknown; document?: unknown };
  return typeof g.window !== "undefined" && typeof g.document !== "undefined";
}

function refuseInBrowser(what: string): void {
  if (inBrowser()) {
    throw new SaltExposedError(
      `${what} needs the salt key, which must never reach a browser: sign on your server (import ` +
        `"@merchant-gateway/client/server" there) and let the page talk to your server`,
    );
  }
}

/**
 * openapi-fetch middleware that signs every request of one host's client with X-VERIFY. The operation is found by
 * (method, path template of the host's document) in operations.json, never by matching the URL; its signing mode
 * and signing path say what is hashed.
 */
export function signingMiddleware(host: HostRole, saltKey: string, saltIndex: string | number): Middleware {
  refuseInBrowser("signingMiddleware");
  const index = String(saltIndex);
  return {
    async onRequest({ request, schemaPath, params }) {
      const id = ROUTES[host][`${request.method} ${schemaPath}`];
      if (id === undefined) throw new UsageError(`no ${host}-host operation ${request.method} ${schemaPath} in operations.json`);
      const op: OperationFacts = OPERATIONS[id];
      let message: string | null = null;
      if (op.signing.mode === "body") {
        const field = op.body?.wrapper_field;
        const text = await requestBodyText(request);
        const wrapped: unknown = text === null || field == null ? null : JSON.parse(text);
        const b64 = wrapped !== null && typeof wrapped === "object" ? (wrapped as Record<string, unknown>)[field ?? ""] : undefined;
        if (typeof b64 !== "string") throw new UsageError(`${id}: body signing needs a {"${field}": base64} body`);
        message = b64 + (op.signing.path ?? "");
      } else if (op.signing.mode === "path") {
        // the signature covers the raw values and the URL the encoded ones: they agree only when no value needs
        // encoding (Gateway.call checked this already; a caller of hosts.* directly is checked here)
        const values = (params.path ?? {}) as Record<string, unknown>;
        checkParameters(PAYLOAD_SCHEMAS, id, PARAMETERS[id] ?? [], "path", values);
        message = fillPath(op.signing.path ?? "", values, false);
      }
      if (message !== null) request.headers.set("X-VERIFY", xVerify(message, saltKey, index));
      return undefined;
    },
  };
}

type LooseClient = {
  request(method: string, url: string, init: Record<string, unknown>): Promise<{ data?: unknown; error?: unknown; response: Response }>;
};

function checkUrl(setting: string, value: unknown): string {
  if (typeof value !== "string" || value === "") throw new ConfigurationError(setting, "is required (an http(s) URL)");
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigurationError(setting, "is not a URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new ConfigurationError(setting, "must be an http(s) URL");
  if (url.search || url.hash) throw new ConfigurationError(setting, "must not carry a query or fragment");
  return value.replace(/\/+$/, "");
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function stringAt(value: unknown, name: string): string | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const v = (value as Record<string, unknown>)[name];
  return typeof v === "string" ? v : null;
}

/** Verdicts of a refund's answer that prove it moved nothing: its amount is no longer held against the payment. */
const FREES = new Set(["failed", "rejected", "not-found", "rate-limited"]);

/** Operations whose answer echoes the request's amount (the Python client's _AMOUNT_ECHOED). */
const AMOUNT_ECHOED = new Set(["debit", "collect"]);

/** The gateway client for a merchant server. */
export class Gateway extends GatewayMethods {
  /** openapi-fetch clients per host, typed by that host's document and signed by signingMiddleware. */
  readonly hosts: { readonly base: Client<base.paths>; readonly apps: Client<apps.paths>; readonly auth: Client<auth.paths> };
  readonly merchantId: string | undefined;
  readonly #salts: Salts;
  readonly #credentials: Readonly<Record<string, string>>;
  readonly #timeoutMs: number;
  readonly #send: Fetch;
  readonly #sends: SendRecord;
  /** The base URL is on loopback: the local sandbox, whose default wait checks at its own pace (src/wait.ts). */
  readonly #local: boolean;
  /** Monotonic seconds (the clock of the time rule and of wait()). */
  readonly clock: () => number;
  readonly graceSeconds: number;

  constructor(config: GatewayConfig) {
    super();
    refuseInBrowser("The gateway client");
    if (config === null || typeof config !== "object") throw new ConfigurationError("config", "is required");
    if (typeof config.saltKey !== "string" || config.saltKey === "") throw new ConfigurationError("saltKey", "is required");
    const saltIndex = String(config.saltIndex ?? "");
    if (!/^[0-9]{1,9}$/.test(saltIndex)) throw new ConfigurationError("saltIndex", "must be a number of 1 to 9 digits");
    if (config.merchantId !== undefined && !/^[A-Za-z0-9._-]{1,128}$/.test(config.merchantId)) {
      throw new ConfigurationError("merchantId", "must be 1 to 128 letters, digits, '.', '_' or '-'");
    }
    this.merchantId = config.merchantId;
    this.#salts = { ...(config.callbackSalts ?? {}), [saltIndex]: config.saltKey };
    this.#credentials = { ...(config.clientCredentials ?? {}) };
    this.#timeoutMs = config.timeoutMs ?? 15_000;
    const send = transport(config.fetch);
    this.#send = send;
    this.clock = config.clock ?? (() => performance.now() / 1000);
    this.graceSeconds = config.graceSeconds ?? POLL_SCHEDULE.grace;
    if (!(this.graceSeconds >= 0)) throw new ConfigurationError("graceSeconds", "must be a number >= 0");
    this.#sends = new SendRecord();
    const make = <P extends {}>(host: HostRole): Client<P> => {
      const client = createClient<P>({
        baseUrl: checkUrl(HOST_SETTING[host], config[HOST_SETTING[host]]),
        fetch: send,
        pathSerializer: (url, values) => fillPath(url, values, true),
      });
      client.use(signingMiddleware(host, config.saltKey, saltIndex));
      return client;
    };
    this.hosts = { base: make<base.paths>("base"), apps: make<apps.paths>("apps"), auth: make<auth.paths>("auth") };
    this.#local = isLoopback(config.baseUrl);
  }

  /** Send one merchant-server operation: route to its host, wrap the payload, sign, and return the answer with its
   * verdict (src/verdicts.ts over the spec's outcome table: `outcome`, `judgement`). `options.expectedAmount`: the
   * amount a status answer must carry (default: the amount this gateway sent for that transaction). */
  async call<K extends ServerOperationId>(operationId: K, input: Inputs[K], options: CallOptions = {}): Promise<AnswerOf<K>> {
    const op = this.#operation(operationId);
    if (op.called_by !== "merchant-server") {
      throw new UsageError(`${operationId} is called by the ${op.called_by}, not the server: use prepare() and hand the request over`);
    }
    const init = this.#init(operationId, op, input);
    const facts = this.#facts(op, input);
    const moves = op.money_movement !== "none" && facts.transactionId !== null;
    // the caller's retry count of this call: a new call under a used id is not a retry (the Python client's rule)
    const attempt = options.attempt ?? 1;
    const echoed = AMOUNT_ECHOED.has(op.money_movement) ? facts.amount : null; // what a later status must carry
    const refunded = op.money_movement === "refund" ? this.#holdRefund(input, facts, options.originalAmount) : null;
    if (moves) this.#sends.started(facts.transactionId as string, echoed);
    let raw: Response | undefined;
    let sent = false;
    init.parseAs = "text";
    init.fetch = async (request: Request) => {
      sent = true;
      const response = await this.#send(request);
      raw = response.clone();
      return response;
    };
    let result: { data?: unknown; error?: unknown; response: Response };
    try {
      result = await this.#client(op.host).request(op.method.toLowerCase(), op.document.path, init);
    } catch (err) {
      const failure = this.#failure(operationId, op, err);
      if (moves) this.#sends.ended(facts.transactionId as string, sent && !(failure instanceof NotSentError), this.clock());
      if (refunded !== null && (!sent || failure instanceof NotSentError)) this.#sends.refundFreed(refunded, facts.transactionId as string);
      throw failure;
    }
    if (moves) this.#sends.ended(facts.transactionId as string, true, this.clock());
    const { response } = result;
    const bytes = raw === undefined ? new Uint8Array() : new Uint8Array(await raw.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    const parsed = text === "" ? undefined : tryJson(text);
    const paymentState = op.answer_codes === "payment-state";
    const expect: Expect = {
      transactionId: facts.transactionId,
      merchantId: facts.merchantId,
      amount: paymentState
        ? (options.expectedAmount ?? (facts.transactionId === null ? null : this.#sends.amount(facts.transactionId)))
        : echoed,
    };
    const judgement = judge(operationId, {
      status: response.status,
      answer: bytes.length === 0 ? null : readAnswer(bytes),
      expect,
      sends: paymentState && facts.transactionId !== null ? this.#sends.sends(facts.transactionId, this.clock(), this.graceSeconds, options.sentAt) : null,
      attempt,
      location: response.headers.get("location"),
    });
    if (refunded !== null && FREES.has(judgement.verdict)) this.#sends.refundFreed(refunded, facts.transactionId as string);
    const answer: GatewayAnswer<unknown, unknown> = {
      operationId,
      status: response.status,
      ok: response.ok,
      data: response.ok ? parsed : undefined,
      error: response.ok ? undefined : (parsed ?? (text === "" ? undefined : text)),
      code: stringAt(parsed, "code") ?? undefined,
      outcome: judgement.verdict,
      judgement,
      location: response.headers.get("location"),
      response,
    };
    return answer as AnswerOf<K>;
  }

  /** Poll the payment's status on the Python client's schedule until a final verdict (succeeded with this
   * transaction's id and the expected amount, failed, or not recorded once the grace after the last send is over);
   * see src/wait.ts. Throws AmountMismatchError when the status names another amount, PollTimeoutError at the end
   * of the schedule. */
  wait(transactionId: string, options: WaitOptions = {}): Promise<FinalStatus> {
    const reader = {
      clock: this.clock,
      sentAmount: (id: string) => this.#sends.amount(id),
      call: (id: string, input: unknown, o: CallOptions) => this.call(id as ServerOperationId, input as Inputs[ServerOperationId], o),
    };
    return waitForFinalStatus({ ...reader, local: this.#local }, transactionId, options);
  }

  /** What the gateway's last known send of `transactionId` was (clock seconds), for callers that keep their own. */
  lastSentAt(transactionId: string): number | null {
    return this.#sends.lastAt(transactionId);
  }

  /** The amount this gateway last sent for `transactionId` (a debit or collect), if it remembers it. */
  sentAmount(transactionId: string): number | null {
    return this.#sends.amount(transactionId);
  }

  /** The request an operation would send (signed), without sending it: for the mobile-SDK operations the app sends,
   * and for checking bytes (the conformance kit). */
  async prepare<K extends OperationId>(operationId: K, input: Inputs[K]): Promise<WireRequest> {
    const op = this.#operation(operationId);
    let wire: WireRequest | undefined;
    const capture: Fetch = async (request) => {
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        headers[name] = value;
      });
      wire = { operationId, method: request.method, url: request.url, headers, body: await requestBodyText(request) };
      return new Response(null, { status: 204 });
    };
    await this.#client(op.host).request(op.method.toLowerCase(), op.document.path, { ...this.#init(operationId, op, input), fetch: capture });
    if (wire === undefined) throw new UsageError(`${operationId}: nothing was built`);
    return wire;
  }

  /** Verify a server-to-server callback with the configured salts, decode and judge it (see verifyCallback).
   * `signature`: the X-VERIFY header as Node or Express give it. `expect`: the order's transaction id and amount
   * (default merchant: the configured one): a callback naming others is refused, one that proves them is `paid`. */
  verifyCallback(
    body: string | Uint8Array | Readonly<Record<string, unknown>>,
    signature: SignatureHeader,
    expect: CallbackExpect = {},
  ): CallbackVerification<WebhookPayloads["paymentCallback"]> {
    return verifyCallback(body, signature, this.#salts, "paymentCallback", { merchantId: this.merchantId ?? null, ...expect });
  }

  /** Verify a UI callback form post with the configured salts (see verifyUiCallback). */
  verifyUiCallback(
    form: string | URLSearchParams | Readonly<Record<string, unknown>>,
    expect: CallbackExpect = {},
  ): CallbackVerification<Record<string, string>> {
    return verifyUiCallback(form, this.#salts, "uiCallback", { merchantId: this.merchantId ?? null, ...expect });
  }

  /** The transaction id, merchant id and amount a request names (payload first, then path). */
  #facts(op: OperationFacts, raw: unknown): { transactionId: string | null; merchantId: string | null; amount: number | null } {
    const input = (raw ?? {}) as { payload?: unknown; path?: unknown };
    const payload = input.payload;
    const path = input.path;
    const amount = payload !== null && typeof payload === "object" ? (payload as { amount?: unknown }).amount : undefined;
    return {
      transactionId: stringAt(payload, "transactionId") ?? stringAt(path, "transactionId"),
      merchantId: stringAt(payload, "merchantId") ?? stringAt(path, "merchantId") ?? this.merchantId ?? null,
      amount: typeof amount === "number" && Number.isInteger(amount) && op.money_movement !== "none" ? amount : null,
    };
  }

  /** A refund above its original payment (the caller's originalAmount, else what this gateway sent for it), with
   * the refunds of it this gateway holds counted in, is refused before anything is sent, as the Python client
   * does; else it is held against the payment until an answer proves it moved nothing. Returns the payment. */
  #holdRefund(raw: unknown, facts: { transactionId: string | null; amount: number | null }, given: number | null | undefined): string | null {
    const payload = (raw as { payload?: unknown } | null)?.payload;
    const original = stringAt(payload, "originalTransactionId") ?? stringAt(payload, "providerReferenceId");
    const { transactionId, amount } = facts;
    if (original === null || amount === null || transactionId === null) return null;
    const known = given ?? this.#sends.amount(original);
    const held = this.#sends.heldRefunds(original, transactionId);
    if (known !== null && amount + held.reduce((sum, [, paise]) => sum + paise, 0) > known) {
      throw new ExcessRefundError(original, amount, known, held);
    }
    this.#sends.refundSent(original, transactionId, amount);
    return original;
  }

  #operation(operationId: string): OperationFacts {
    if (!Object.prototype.hasOwnProperty.call(OPERATIONS, operationId)) throw new UsageError(`unknown operation ${operationId}`);
    return OPERATIONS[operationId as OperationId];
  }

  #client(host: HostRole): LooseClient {
    return this.hosts[host] as unknown as LooseClient;
  }

  #withMerchant(value: unknown, where: string): unknown {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
    if ("merchantId" in value && (value as { merchantId?: unknown }).merchantId !== undefined) return value;
    if (this.merchantId === undefined) throw new ConfigurationError("merchantId", `is needed: ${where} leaves merchantId out`);
    const { merchantId: _absent, ...rest } = value as Record<string, unknown>;
    return { merchantId: this.merchantId, ...rest };
  }

  #init(operationId: string, op: OperationFacts, raw: unknown): Record<string, unknown> {
    const input = (raw ?? {}) as { payload?: unknown; path?: unknown; query?: unknown; headers?: unknown };
    const init: Record<string, unknown> = {
      redirect: op.follow_redirects ? "follow" : "manual",
      signal: AbortSignal.timeout(this.#timeoutMs),
    };
    // every check before anything is encoded, signed or sent, in the Python client's order: path, payload, headers
    const parameters = PARAMETERS[operationId] ?? [];
    const params: Record<string, unknown> = {};
    if (op.path_params.length > 0) {
      const path = op.path_params.includes("merchantId") ? this.#withMerchant(input.path ?? {}, `${operationId}'s path`) : input.path;
      checkParameters(PAYLOAD_SCHEMAS, operationId, parameters, "path", path);
      params.path = path;
    }
    checkParameters(PAYLOAD_SCHEMAS, operationId, parameters, "query", input.query);
    const body = op.body === null ? null : this.#body(operationId, op, op.body, input.payload);
    checkParameters(PAYLOAD_SCHEMAS, operationId, parameters, "header", input.headers);
    if (input.query !== undefined) params.query = input.query;
    if (input.headers !== undefined) params.header = input.headers;
    init.params = params;
    if (body !== null && op.body !== null) {
      init.body = body;
      init.bodySerializer = (b: unknown) => b;
      init.headers = { "Content-Type": op.body.content_type };
      if (op.method === "GET" || op.method === "HEAD") init.Request = GetWithBodyRequest;
    }
    return init;
  }

  /** The body text, or null when the caller leaves out a payload the operation does not require. */
  #body(operationId: string, op: OperationFacts, body: NonNullable<OperationFacts["body"]>, given: unknown): string | null {
    if (op.payload_from === "configuration") return formEncode(this.#configuredForm(operationId));
    if (given === undefined) {
      if (body.required) throw new UsageError(`${operationId}: payload (${body.payload_schema}) is required`);
      return null;
    }
    const payload = PAYLOAD_HAS_MERCHANT_ID.has(operationId) ? this.#withMerchant(given, `${operationId}'s payload`) : given;
    checkPayload(PAYLOAD_SCHEMAS, op, payload);
    if (body.wrapping === "base64-json") return JSON.stringify({ [body.wrapper_field ?? "request"]: encodePayload(payload) });
    if (body.wrapping === "form") return formEncode(Object.fromEntries(Object.entries(payload as object).map(([k, v]) => [k, String(v)])));
    return JSON.stringify(payload);
  }

  #configuredForm(operationId: string): Record<string, string> {
    const form = CONFIGURED_FORMS[operationId];
    if (form === undefined) throw new UsageError(`${operationId}: no configured form`);
    const out: Record<string, string> = {};
    for (const field of form.fields) {
      const value = form.fixed[field] ?? this.#credentials[field];
      if (value !== undefined) out[field] = value;
      else if (form.required.includes(field)) throw new ConfigurationError(`clientCredentials.${field}`, `is required for ${operationId}`);
    }
    return out;
  }

  #failure(operationId: string, op: OperationFacts, err: unknown): Error {
    if (err instanceof GatewayError) return err;
    if (neverSent(err)) return new NotSentError(operationId, { cause: err });
    const mode = retryMode(op);
    let settleWith: string | null = null;
    if (mode === "reconcile-first") {
      const readers = Object.entries(OPERATIONS).filter(([, o]) => o.answer_codes === "payment-state");
      settleWith = (readers.find(([, o]) => o.host === op.host) ?? readers[0])?.[0] ?? null;
    }
    return new OutcomeUnknownError(operationId, mode, settleWith, { cause: err });
  }
}

/** The gateway client for a merchant server (refuses to run in a browser). */
export function createGateway(config: GatewayConfig): Gateway {
  return new Gateway(config);
}

/** Configuration from MGW_* variables (the names the Python client and `mgw sandbox` use): MGW_BASE_URL,
 * MGW_APPS_URL, MGW_AUTH_URL, MGW_MERCHANT_ID, MGW_SALT_KEY, MGW_SALT_INDEX, and MGW_<FIELD> for the fields of
 * configured forms (MGW_CLIENT_ID, MGW_CLIENT_SECRET, MGW_CLIENT_VERSION). */
export function configFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): GatewayConfig {
  const need = (name: string): string => {
    const v = env[name];
    if (v === undefined || v === "") throw new ConfigurationError(name, "is not set");
    return v;
  };
  const credentials: Record<string, string> = {};
  for (const form of Object.values(CONFIGURED_FORMS)) {
    for (const field of form.fields) {
      const v = env[`MGW_${field.toUpperCase()}`];
      if (v !== undefined && v !== "" && form.fixed[field] === undefined) credentials[field] = v;
    }
  }
  const merchantId = env.MGW_MERCHANT_ID;
  return {
    [HOST_SETTING.base]: need(`MGW_${HOSTS.base.variable.toUpperCase()}`),
    [HOST_SETTING.apps]: need(`MGW_${HOSTS.apps.variable.toUpperCase()}`),
    [HOST_SETTING.auth]: need(`MGW_${HOSTS.auth.variable.toUpperCase()}`),
    saltKey: need("MGW_SALT_KEY"),
    saltIndex: need("MGW_SALT_INDEX"),
    ...(merchantId ? { merchantId } : {}),
    clientCredentials: credentials,
  } as GatewayConfig;
}

export { encodePathValue };

/** A loopback host (127.0.0.0/8, ::1, localhost): where the local sandbox runs, never a real gateway. */
function isLoopback(url: unknown): boolean {
  try {
    const host = new URL(String(url)).hostname.replace(/^\[|\]$/g, "");
    return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}
