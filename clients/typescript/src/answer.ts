/** What one call returned. Gateway answers of any HTTP status are returned (not thrown); decide by `code`, an
 * OPEN string (new values may appear). */
export interface GatewayAnswer<T, E = unknown> {
  readonly operationId: string;
  readonly status: number;
  /** HTTP 2xx. */
  readonly ok: boolean;
  /** The parsed 2xx answer. */
  readonly data: T | undefined;
  /** The parsed non-2xx answer (JSON when it is JSON, else its text). */
  readonly error: E | undefined;
  /** The envelope's `code`, from `data` or `error` (an OPEN string). */
  readonly code: string | undefined;
  /** What `code` means for this operation (x-codes: succeeded, accepted, pending, failed, unknown, rejected,
   * not-found), or undefined for a code the operation does not list. */
  readonly outcome: string | undefined;
  /** The Location of a redirect the operation does not follow (x-follow-redirects: false, debitV3). */
  readonly location: string | null;
  readonly response: Response;
}

/** A request as it goes on the wire (Gateway.prepare; mobile-SDK operations are sent by the app). */
export interface WireRequest {
  readonly operationId: string;
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | null;
}
