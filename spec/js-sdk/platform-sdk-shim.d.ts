/**
 * Types of the sandbox's DEVELOPMENT SHIM (`/_sandbox/js/platform-sdk-shim.js`): everything the platform SDK
 * declares (re-exported from `platform-sdk.d.ts`) plus the shim's own knobs. Nothing in this file is platform
 * behaviour; see README.md, "Shim behaviour".
 */

import type { Coordinates, MethodName, PaymentErrorCode, PermissionName } from "./platform-sdk.js";

export * from "./platform-sdk.js";

/** Shim only: how a simulated permission prompt is answered. */
export type ShimPermissionAnswer = "granted" | "denied" | "blocked";

/** Shim only: the SSO user the sandbox puts behind a grant token. `primaryEmail: null` = email not shared. */
export interface ShimUser {
  name?: string;
  phoneNumber?: string;
  primaryEmail?: string | null;
  isEmailVerified?: boolean;
}

/** Shim only: force a method to reject with one of ITS documented codes. */
export interface ShimFailures {
  fetchAuthToken?: "NETWORK_ERROR";
  getCurrentLocation?: "LOCATION_FETCH_FAILURE";
  getItem?: "KEY_NOT_FOUND";
  proceedToPay?: PaymentErrorCode;
}

/** Shim only: the simulation settings (defaults < `globalThis.PLATFORM_SDK_SHIM_CONFIG` < `?shim.*` < configure). */
export interface ShimConfig {
  /** Where the sandbox is (default: the origin the shim was loaded from). */
  sandboxOrigin?: string;
  /** Platform pretended: READ_SMS is granted only on `android` (default `android`). */
  platform?: "android" | "ios" | "web";
  permissions?: Partial<Record<PermissionName, ShimPermissionAnswer>>;
  /** Coordinates returned, or `"fail"`: LOCATION_FETCH_FAILURE. */
  location?: Coordinates | "fail";
  /** Consent pop-up: `login` (default, no pop-up), `skip`, or `prompt` (show Login / Skip). */
  consent?: "login" | "skip" | "prompt";
  user?: ShimUser;
  fail?: ShimFailures;
  /** > 0: proceedToPay rejects PAYMENT_TIMEOUT when the payments page stays open longer (milliseconds). */
  payTimeoutMs?: number;
  pollIntervalMs?: number;
  /** Methods for which isMethodSupported answers false. */
  unsupportedMethods?: MethodName[];
  /** localStorage key prefix (keys are `<prefix>:<preferenceName>:<key>`, URI-encoded). */
  storagePrefix?: string;
}

/** Shim only: change the simulation at run time; `reset: true` starts from the defaults. */
export declare function configure(changes?: ShimConfig & { reset?: boolean }): Required<ShimConfig>;
/** Shim only: a copy of the settings in force. */
export declare function currentConfig(): Required<ShimConfig>;
/** Shim only: true in the shim (the platform SDK has no such export). */
export declare const IS_SHIM: true;
/** Shim only: the code a Skip on the simulated consent pop-up rejects with (the platform's is not shown). */
export type ShimConsentSkipped = "SHIM_CONSENT_SKIPPED";
