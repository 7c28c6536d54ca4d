// Errors of the package. Gateway answers (any HTTP status) are returned, not thrown: see GatewayAnswer.

/** Base class of every error this package throws. */
export class GatewayError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A setting is missing or wrong (names the setting, never its value). */
export class ConfigurationError extends GatewayError {
  constructor(readonly setting: string, problem: string) {
    super(`${setting}: ${problem}`);
  }
}

/** A payload the spec refuses (a type, an enum, a missing field, a rule between fields): nothing was sent. Names
 * the field by its wire path (paymentSources[0].cardId), never the value given. */
export class ValidationError extends GatewayError {
  constructor(readonly field: string, problem: string) {
    super(`${field}: ${problem}`);
  }
}

/** EXCESS_REFUND_AMOUNT found before sending: the refund's amount is above the original payment's (the caller's
 * `originalAmount` or the amount this gateway sent for it). Nothing was sent. The message leads with the code, then
 * says how much is left and what to do, as the Python client's ExcessRefundError. */
export class ExcessRefundError extends ValidationError {
  readonly code = "EXCESS_REFUND_AMOUNT";
  readonly left: number;
  constructor(
    readonly original: string,
    readonly amount: number,
    readonly originalAmount: number,
    /** The refunds of the payment this client holds (sent, not proven failed): [transaction id, amount]. */
    readonly held: readonly (readonly [string, number])[] = [],
  ) {
    super("amount", "");
    const total = held.reduce((sum, [, paise]) => sum + paise, 0);
    this.left = Math.max(0, originalAmount - total);
    const shown = held.slice(0, 5).map(([id, paise]) => `${id} (${paise})`).join(", ");
    const more = held.length > 5 ? ` and ${held.length - 5} more` : "";
    this.message =
      `EXCESS_REFUND_AMOUNT: a refund of ${amount} paise would take the refunds of payment ${original} to ` +
      `${total + amount} paise, above the payment's amount of ${originalAmount} paise` +
      (held.length > 0 ? ` (${total} paise already refunded or still in progress: ${shown}${more})` : "") +
      `; nothing was sent. Refund at most ${this.left} paise` +
      (held.length > 0 ? ", or wait until the refunds in progress are final: a failed one frees it" : "");
  }
}

/** Signing would put a salt key where a page can read it: the server entry refuses to run in a browser. */
export class SaltExposedError extends GatewayError {}

/** The call cannot be made as asked (unknown operation, an operation the mobile SDK calls, missing payload...). */
export class UsageError extends GatewayError {}

/** The request never left: connection refused, host not found, connect timeout. Safe to send again. */
export class NotSentError extends GatewayError {
  constructor(readonly operationId: string, options?: { cause?: unknown }) {
    super(`${operationId}: not sent (no connection to the gateway); sending it again is safe`, options);
  }
}

/** The request may have reached the gateway but no answer came (timeout, dropped connection). The package never
 * re-sends it by itself. `retry` is the operation's x-retry: reconcile-first = settle it with `settleWith` (the
 * status operation) before anything else; never = not idempotent and nothing settles it, the caller decides;
 * safe = sending it again is harmless. */
export class OutcomeUnknownError extends GatewayError {
  constructor(
    readonly operationId: string,
    readonly retry: "safe" | "reconcile-first" | "never",
    readonly settleWith: string | null,
    options?: { cause?: unknown },
  ) {
    const how =
      retry === "reconcile-first"
        ? `settle it through ${settleWith ?? "the status operation"} before sending anything again`
        : retry === "safe"
          ? "sending it again is safe"
          : "it is not idempotent and no operation settles it: do not send it again blindly";
    super(`${operationId}: the outcome is unknown (the request may have been sent); ${how}`, options);
  }
}
