// Sending. Everything goes through fetch (openapi-fetch builds the Request), except a GET that carries a body
// (inlinePayWithGet): fetch refuses to build one, so its body travels beside the Request and node:http sends it.
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";

/** A GET whose body fetch cannot carry. openapi-fetch builds it through its `Request` option. */
export class GetWithBodyRequest extends Request {
  readonly bodyText: string;
  constructor(input: RequestInfo | URL, init: RequestInit = {}) {
    const { body, ...rest } = init;
    super(input, rest);
    this.bodyText = typeof body === "string" ? body : "";
  }
}

/** The body of a request as sent (also for a GetWithBodyRequest), or null. For recording transports in tests. */
export async function requestBodyText(request: Request): Promise<string | null> {
  if (request instanceof GetWithBodyRequest) return request.bodyText;
  if (request.body === null) return null;
  return await request.clone().text();
}

export type Fetch = (request: Request) => Promise<Response>;

/** fetch, or node:http for a GET with a body. */
export function transport(userFetch: Fetch | undefined): Fetch {
  return async (request) => {
    if (userFetch !== undefined) return await userFetch(request);
    if (request instanceof GetWithBodyRequest) return await sendWithNodeHttp(request, request.bodyText);
    return await fetch(request);
  };
}

function sendWithNodeHttp(request: Request, body: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    const url = new URL(request.url);
    const bytes = Buffer.from(body, "utf8");
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    headers["content-length"] = String(bytes.length);
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const req = send(url, { method: request.method, headers, signal: request.signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (Array.isArray(value)) for (const v of value) answerHeaders.append(name, v);
          else if (value !== undefined) answerHeaders.set(name, value);
        }
        const status = res.statusCode ?? 502;
        const noBody = status === 204 || status === 205 || status === 304;
        resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage ?? "", headers: answerHeaders }));
      });
    });
    req.on("error", reject);
    req.end(bytes);
  });
}

const NOT_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

/** True when the error shows the request never left (no connection was made). */
export function neverSent(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e !== null && typeof e === "object" && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && NOT_SENT.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
