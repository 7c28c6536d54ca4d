/**
 * Typed description of the platform's client JavaScript SDK (embedded web apps: PWA / M-site).
 *
 * Source: the interface document, section "Client JavaScript SDK methods" (plus "Single sign-on",
 * "SDK-less payment" and "Versioning"). Only what that section states is typed here; where the document
 * does not show something, the comment says "not shown" and the type stays as loose as the text.
 *
 * Not shown in the interface document: how the SDK script is loaded, the name of the global or module that
 * carries `build` and the constants, and the name of the constants' container. This file models them as the
 * named exports `build`, `Species` and `OperatingSystem` of one ES module (which is also what the sandbox's
 * development shim exports). The shim's own additions are typed in `platform-sdk-shim.d.ts`, not here.
 *
 * @packageDocumentation
 */

// ---------------------------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------------------------

/** Species values: `native` or `web` ("constants of the SDK"). */
export type Species = "native" | "web";

/** The species constants of the SDK. */
export declare const Species: {
  readonly native: "native";
  readonly web: "web";
};

/**
 * Operating system values of the pre-0.3.6 `build(species, os)` form: `ios` or `android`.
 * @deprecated Only the pre-0.3.6 build form takes an operating system; from 0.3.6 on call `build(species)`.
 */
export type OperatingSystem = "ios" | "android";

/**
 * The operating system constants of the pre-0.3.6 build form.
 * @deprecated Only the pre-0.3.6 build form takes an operating system; from 0.3.6 on call `build(species)`.
 */
export declare const OperatingSystem: {
  readonly ios: "ios";
  readonly android: "android";
};

// ---------------------------------------------------------------------------------------------------------------
// Error codes (rejections carry them in `error_code`)
// ---------------------------------------------------------------------------------------------------------------

/** `getCurrentLocation` rejects with this code. */
export type LocationErrorCode = "LOCATION_FETCH_FAILURE";

/** `getItem` rejects with this code when there is no value and no default. */
export type StorageErrorCode = "KEY_NOT_FOUND";

/**
 * `fetchAuthToken` rejects with an error code, "e.g. NETWORK_ERROR": the list is open (the other codes are
 * not shown), so any string is accepted while `NETWORK_ERROR` stays a known, completable value.
 */
export type AuthTokenErrorCode = "NETWORK_ERROR" | (string & {});

/** `proceedToPay` rejects with one of these codes. */
export type PaymentErrorCode =
  | "PAYMENT_DISMISS"
  | "PAYMENT_TIMEOUT"
  | "PARAMS_INVALID_OR_INSUFFICIENT"
  | "INTERNAL_ERROR";

/** Every error code the interface document names for the JS SDK. */
export type ErrorCode = LocationErrorCode | StorageErrorCode | "NETWORK_ERROR" | PaymentErrorCode;

/**
 * The value a promise of the SDK rejects with. The document names only the `error_code` field; other fields
 * of the rejection value: not shown.
 */
export interface SdkError<C extends string = ErrorCode> {
  readonly error_code: C;
}

// ---------------------------------------------------------------------------------------------------------------
// Parameter and result shapes
// ---------------------------------------------------------------------------------------------------------------

/** Permission names for `seekPermission`. `READ_SMS` is Android only. */
export type PermissionName = "READ_SMS" | "LOCATION" | "CAMERA";

/** One entry of the `seekPermission` result list. */
export interface PermissionResult {
  readonly permission: PermissionName;
  readonly permissionGranted: boolean;
  readonly willShowPermissionAlertAgain: boolean;
}

/** Result of `getCurrentLocation`. Units and datum: not shown (decimal degrees are the common form). */
export interface Coordinates {
  readonly latitude: number;
  readonly longitude: number;
}

/** Result of `fetchAuthToken`: the client-side grant token of single sign-on. */
export interface GrantToken {
  /** Exchanged by the merchant's server at `{apps_url}/v3/service/auth/access` for an access token. */
  readonly grantToken: string;
  readonly expiryInSeconds: number;
}

/** Result of `proceedToPay`: an empty object. It only tells that the UI flow ended, never the payment status. */
export type ProceedToPayResult = Record<string, never>;

/** The method names of an SDK instance (what `isMethodSupported` is typically asked about). */
export type MethodName =
  | "isMethodSupported"
  | "seekPermission"
  | "getCurrentLocation"
  | "getItem"
  | "setItem"
  | "removeItem"
  | "fetchAuthToken"
  | "proceedToPay";

/**
 * A string type that rejects the empty string literal at compile time (`preferenceName` must be non-empty).
 * A `string` that is not a literal is accepted: its emptiness can only be checked at run time.
 */
export type NonEmptyString<S extends string> = S extends "" ? never : S;

// ---------------------------------------------------------------------------------------------------------------
// The SDK instance
// ---------------------------------------------------------------------------------------------------------------

/** The SDK instance that `build` resolves to. */
export interface PlatformSdk {
  /** Synchronous: whether this SDK instance supports the named method. */
  isMethodSupported(methodName: MethodName | (string & {})): boolean;

  /**
   * Asks the user for permissions.
   * @param permissions permission names; `READ_SMS` is Android only.
   * @returns a promise of one entry per permission asked.
   */
  seekPermission(permissions: readonly PermissionName[]): Promise<PermissionResult[]>;

  /**
   * Current location of the device.
   * @returns a promise of the coordinates; rejects with `{ error_code: "LOCATION_FETCH_FAILURE" }`.
   */
  getCurrentLocation(): Promise<Coordinates>;

  /**
   * Reads a stored value.
   * @param preferenceName non-empty name of the preference (the storage namespace).
   * @param key the key inside the preference.
   * @param defaultValue returned when there is no stored value.
   * @returns a promise of the string value; rejects with `{ error_code: "KEY_NOT_FOUND" }` when there is no
   * value and no default.
   */
  getItem<P extends string>(preferenceName: NonEmptyString<P>, key: string, defaultValue?: string): Promise<string>;

  /** Stores a string value under a preference name and key. */
  setItem<P extends string>(preferenceName: NonEmptyString<P>, key: string, value: string): void;

  /** Removes a stored value. */
  removeItem<P extends string>(preferenceName: NonEmptyString<P>, key: string): void;

  /**
   * Single sign-on, client side. A consent pop-up offers Login or Skip.
   * @returns a promise of the grant token; rejects with an `error_code` (e.g. `NETWORK_ERROR`).
   */
  fetchAuthToken(): Promise<GrantToken>;

  /**
   * Opens the payments page for an SDK-less payment.
   * @param reservationId received in the `data` of the SDK-less initiate response.
   * @param fallbackURL used when the Android web view is killed.
   * @returns a promise of `{}`; rejects with `error_code` PAYMENT_DISMISS, PAYMENT_TIMEOUT,
   * PARAMS_INVALID_OR_INSUFFICIENT or INTERNAL_ERROR. After it the user is back on the calling page and the
   * merchant's server must call the status operation: the status is not shared client-side.
   */
  proceedToPay(reservationId: string, fallbackURL: string): Promise<ProceedToPayResult>;
}

// ---------------------------------------------------------------------------------------------------------------
// build
// ---------------------------------------------------------------------------------------------------------------

/**
 * Builds the SDK instance (SDK version 0.3.6 and later).
 * @param species `Species.native` or `Species.web`.
 */
export declare function build(species: Species): Promise<PlatformSdk>;
/**
 * Builds the SDK instance: the form of SDK versions before 0.3.6, which also required the operating system.
 * @deprecated The operating system parameter was dropped in SDK version 0.3.6; call `build(species)` and use
 * the latest SDK version.
 */
export declare function build(species: Species, os: OperatingSystem): Promise<PlatformSdk>;
