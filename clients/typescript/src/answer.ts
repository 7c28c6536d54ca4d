import type { Judgement, Verdict } from "./verdicts.js";

/** What one call returned. Gateway answers of any HTTP status are returned (not thrown); decide by `outcome` (the
 * verdict), never by `code` alone: a code means different things on different operations, and is an OPEN string. */
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
  /** The verdict on this answer (src/verdicts.ts over the spec's outcome table, as the Python client decides):
   * accepted (a start the gateway took: send the user to the page), succeeded (proven: this transaction, this
   * merchant, the expected amount), pending, failed, rejected, duplicate, rate-limited, unknown (may have acted:
   * settle through the status operation), unreadable, unconfirmed, not-found, not-yet-found, not-recorded. */
  readonly outcome: Verdict;
  /** The verdict with its code, payResponseCode, reason, mismatching field and error category. */
  readonly judgement: Judgement;
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

/** Per call: what the answer must prove beyond what the request names. */
export interface CallOptions {
  /** The amount a status answer must carry (the forward payment's); default: the amount this gateway sent. */
  readonly expectedAmount?: number | null;
  /** Which attempt of this call it is, when the caller retries the same call (default 1). A new call under an id
   * already used is not a retry: its duplicate-id answer is `duplicate` (a request under the id exists), as in the
   * Python client. */
  readonly attempt?: number;
  /** A refund's original payment amount, when this gateway did not send that payment (else its own record): a
   * refund above it is refused before anything is sent (ExcessRefundError). */
  readonly originalAmount?: number | null;
  /** A send of this transaction the caller knows of (clock seconds, e.g. the start of a payment sent elsewhere). */
  readonly sentAt?: number | null;
}
