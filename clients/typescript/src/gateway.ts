// The server-side client: one openapi-fetch client per host (typed by openapi-typescript from that host's document),
// a signing middleware on each, and typed methods (generated) that route, wrap and send per operations.json.
import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { GatewayAnswer, WireRequest } from "./answer.js";
import { ConfigurationError, GatewayError, NotSentError, OutcomeUnknownError, SaltExposedError, UsageError } from "./errors.js";
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
  PAYLOAD_HAS_MERCHANT_ID,
  PAYLOAD_SCHEMAS,
  ROUTES,
  type ServerOperationId,
  type WebhookPayloads,
} from "./generated/operations.js";
import { xVerify, type Salts } from "./signing.js";
import { type Fetch, GetWithBodyRequest, neverSent, requestBodyText, transport } from "./transport.js";
import { checkPayload } from "./validate.js";
import { type CallbackVerification, verifyCallback, verifyUiCallback } from "./verify.js";
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
        message = fillPath(op.signing.path ?? "", (params.path ?? {}) as Record<string, unknown>, false);
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

function codeOf(value: unknown): string | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const code = (value as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/** The gateway client for a merchant server. */
export class Gateway extends GatewayMethods {
  /** openapi-fetch clients per host, typed by that host's document and signed by signingMiddleware. */
  readonly hosts: { readonly base: Client<base.paths>; readonly apps: Client<apps.paths>; readonly auth: Client<auth.paths> };
  readonly merchantId: string | undefined;
  readonly #salts: Salts;
  readonly #credentials: Readonly<Record<string, string>>;
  readonly #timeoutMs: number;

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
  }

  /** Send one merchant-server operation: route to its host, wrap the payload, sign, and return the answer. */
  async call<K extends ServerOperationId>(operationId: K, input: Inputs[K]): Promise<AnswerOf<K>> {
    const op = this.#operation(operationId);
    if (op.called_by !== "merchant-server") {
      throw new UsageError(`${operationId} is called by the ${op.called_by}, not the server: use prepare() and hand the request over`);
    }
    const init = this.#init(operationId, op, input);
    let result: { data?: unknown; error?: unknown; response: Response };
    try {
      result = await this.#client(op.host).request(op.method.toLowerCase(), op.document.path, init);
    } catch (err) {
      throw this.#failure(operationId, op, err);
    }
    const { data, error, response } = result;
    const code = codeOf(data) ?? codeOf(error);
    const answer: GatewayAnswer<unknown, unknown> = {
      operationId,
      status: response.status,
      ok: response.ok,
      data,
      error,
      code,
      outcome: op.codes.find((c) => c.code === code)?.outcome,
      location: response.headers.get("location"),
      response,
    };
    return answer as AnswerOf<K>;
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

  /** Verify a server-to-server callback with the configured salts and decode it (see verifyCallback). */
  verifyCallback(
    body: string | Uint8Array | Readonly<Record<string, unknown>>,
    signature: string | null | undefined,
  ): CallbackVerification<WebhookPayloads["paymentCallback"]> {
    return verifyCallback(body, signature, this.#salts);
  }

  /** Verify a UI callback form post with the configured salts (see verifyUiCallback). */
  verifyUiCallback(form: string | URLSearchParams | Readonly<Record<string, unknown>>): CallbackVerification<Record<string, string>> {
    return verifyUiCallback(form, this.#salts);
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
    const params: Record<string, unknown> = {};
    if (op.path_params.length > 0) {
      const path = op.path_params.includes("merchantId") ? this.#withMerchant(input.path ?? {}, `${operationId}'s path`) : input.path;
      params.path = path;
    }
    if (input.query !== undefined) params.query = input.query;
    if (input.headers !== undefined) params.header = input.headers;
    init.params = params;
    const body = op.body;
    if (body !== null) {
      let text: string;
      if (op.payload_from === "configuration") {
        text = formEncode(this.#configuredForm(operationId));
      } else {
        if (input.payload === undefined) {
          if (body.required) throw new UsageError(`${operationId}: payload (${body.payload_schema}) is required`);
          return init;
        }
        const payload = PAYLOAD_HAS_MERCHANT_ID.has(operationId)
          ? this.#withMerchant(input.payload, `${operationId}'s payload`)
          : input.payload;
        checkPayload(PAYLOAD_SCHEMAS, op, payload); // before anything is encoded, signed or sent
        if (body.wrapping === "base64-json") text = JSON.stringify({ [body.wrapper_field ?? "request"]: encodePayload(payload) });
        else if (body.wrapping === "form") text = formEncode(Object.fromEntries(Object.entries(payload as object).map(([k, v]) => [k, String(v)])));
        else text = JSON.stringify(payload);
      }
      init.body = text;
      init.bodySerializer = (b: unknown) => b;
      init.headers = { "Content-Type": body.content_type };
      if (op.method === "GET" || op.method === "HEAD") init.Request = GetWithBodyRequest;
    }
    return init;
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
