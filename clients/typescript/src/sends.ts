// What this process sent per transaction, for the TRANSACTION_NOT_FOUND time rule (src/verdicts.ts `Sends`) and the
// amount a later status read must carry: the last moment a request may have been sent, the calls still under way,
// the operations that sent it and the amount. Bounded: the oldest transactions are forgotten first (then a status
// read knows nothing of them: "not found", never "not recorded").
import type { Sends } from "./verdicts.js";

const KEPT = 10_000;

interface Entry {
  lastAt: number | null;
  inFlight: number;
  amount: number | null;
}

export class SendRecord {
  readonly #entries = new Map<string, Entry>();
  /** Per payment, its refunds this client sent and holds against it (refund id -> the largest amount sent under the
   * id and the calls under it that have not freed it), until an answer proves one moved nothing. */
  readonly #refunds = new Map<string, Map<string, { amount: number; holders: number }>>();

  /** The refunds of `original` held, but `refundId` itself (a refund re-sent under its id is not a second one). */
  heldRefunds(original: string, refundId: string | null): [string, number][] {
    return [...(this.#refunds.get(original) ?? new Map<string, { amount: number }>())]
      .filter(([id]) => id !== refundId)
      .map(([id, { amount }]) => [id, amount]);
  }

  /** A call under `refundId` holds `amount` against `original`. A re-sent id neither lowers what it holds nor frees
   * it for an earlier call under it, whose outcome may be unknown (it may have moved money). */
  refundSent(original: string, refundId: string, amount: number): void {
    let held = this.#refunds.get(original);
    if (held === undefined) {
      held = new Map();
      this.#refunds.set(original, held);
      while (this.#refunds.size > KEPT) this.#refunds.delete(this.#refunds.keys().next().value as string);
    }
    const entry = held.get(refundId) ?? { amount, holders: 0 };
    entry.amount = Math.max(entry.amount, amount);
    entry.holders += 1;
    held.set(refundId, entry);
  }

  /** One call under `refundId` proved it moved nothing: the id is freed once no call under it still holds it. */
  refundFreed(original: string, refundId: string): void {
    const held = this.#refunds.get(original);
    const entry = held?.get(refundId);
    if (held === undefined || entry === undefined) return;
    entry.holders -= 1;
    if (entry.holders <= 0) held.delete(refundId);
  }

  /** A call that may move money begins. */
  started(transactionId: string, amount: number | null): void {
    let entry = this.#entries.get(transactionId);
    if (entry === undefined) {
      entry = { lastAt: null, inFlight: 0, amount: null };
    } else {
      this.#entries.delete(transactionId); // re-inserted last: the most recent stays longest
    }
    this.#entries.set(transactionId, entry);
    while (this.#entries.size > KEPT) this.#entries.delete(this.#entries.keys().next().value as string);
    entry.inFlight += 1;
    if (amount !== null) entry.amount = amount;
  }

  /** The call is over; `sent`: its request may have left (until `now`). */
  ended(transactionId: string, sent: boolean, now: number): void {
    const entry = this.#entries.get(transactionId);
    if (entry === undefined) return;
    entry.inFlight = Math.max(0, entry.inFlight - 1);
    if (sent) entry.lastAt = Math.max(entry.lastAt ?? now, now);
  }

  lastAt(transactionId: string): number | null {
    return this.#entries.get(transactionId)?.lastAt ?? null;
  }

  amount(transactionId: string): number | null {
    return this.#entries.get(transactionId)?.amount ?? null;
  }

  /** What is known of the sends of `transactionId`; `sentAt`: a send the caller knows of (a start's clock reading). */
  sends(transactionId: string, now: number, grace: number, sentAt?: number | null): Sends {
    const entry = this.#entries.get(transactionId);
    let last = entry?.lastAt ?? null;
    if (sentAt !== undefined && sentAt !== null) last = last === null ? sentAt : Math.max(last, sentAt);
    return { known: entry !== undefined || last !== null, lastAt: last, now, grace, closed: (entry?.inFlight ?? 0) === 0 };
  }
}
