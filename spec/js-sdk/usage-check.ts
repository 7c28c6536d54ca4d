// Compile-only usage of every declaration in platform-sdk.d.ts (and the shim's extras): `check.sh` runs
// tsc --noEmit --strict over it. Nothing here runs; the exact-type assertions fail compilation if a result or
// parameter shape drifts.

import {
  build,
  OperatingSystem,
  Species,
  type AuthTokenErrorCode,
  type Coordinates,
  type ErrorCode,
  type GrantToken,
  type LocationErrorCode,
  type MethodName,
  type PaymentErrorCode,
  type PermissionName,
  type PermissionResult,
  type PlatformSdk,
  type ProceedToPayResult,
  type SdkError,
  type StorageErrorCode,
} from "./platform-sdk.js";
import { configure, currentConfig, IS_SHIM, type ShimConfig } from "./platform-sdk-shim.js";

// -- exact type equality -----------------------------------------------------------------------------------------
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assertType<T extends true>(): T | void {}

assertType<Equal<Species, "native" | "web">>();
assertType<Equal<typeof Species.web, "web">>();
assertType<Equal<typeof Species.native, "native">>();
assertType<Equal<OperatingSystem, "ios" | "android">>();
assertType<Equal<PermissionName, "READ_SMS" | "LOCATION" | "CAMERA">>();
assertType<Equal<LocationErrorCode, "LOCATION_FETCH_FAILURE">>();
assertType<Equal<StorageErrorCode, "KEY_NOT_FOUND">>();
assertType<
  Equal<PaymentErrorCode, "PAYMENT_DISMISS" | "PAYMENT_TIMEOUT" | "PARAMS_INVALID_OR_INSUFFICIENT" | "INTERNAL_ERROR">
>();
assertType<
  Equal<
    ErrorCode,
    | "LOCATION_FETCH_FAILURE"
    | "KEY_NOT_FOUND"
    | "NETWORK_ERROR"
    | "PAYMENT_DISMISS"
    | "PAYMENT_TIMEOUT"
    | "PARAMS_INVALID_OR_INSUFFICIENT"
    | "INTERNAL_ERROR"
  >
>();
assertType<Equal<ReturnType<PlatformSdk["isMethodSupported"]>, boolean>>();
assertType<Equal<ReturnType<PlatformSdk["getCurrentLocation"]>, Promise<Coordinates>>>();
assertType<Equal<ReturnType<PlatformSdk["fetchAuthToken"]>, Promise<GrantToken>>>();
assertType<Equal<ReturnType<PlatformSdk["proceedToPay"]>, Promise<ProceedToPayResult>>>();
assertType<Equal<ReturnType<PlatformSdk["seekPermission"]>, Promise<PermissionResult[]>>>();
assertType<Equal<ReturnType<PlatformSdk["setItem"]>, void>>();
assertType<Equal<ReturnType<PlatformSdk["removeItem"]>, void>>();
assertType<Equal<Parameters<PlatformSdk["proceedToPay"]>, [reservationId: string, fallbackURL: string]>>();

// -- narrowing a rejection ---------------------------------------------------------------------------------------
function isSdkError<C extends string>(value: unknown, codes: readonly C[]): value is SdkError<C> {
  return (
    typeof value === "object" &&
    value !== null &&
    "error_code" in value &&
    typeof value.error_code === "string" &&
    (codes as readonly string[]).includes(value.error_code)
  );
}

const PAYMENT_CODES: readonly PaymentErrorCode[] = [
  "PAYMENT_DISMISS",
  "PAYMENT_TIMEOUT",
  "PARAMS_INVALID_OR_INSUFFICIENT",
  "INTERNAL_ERROR",
];

function describePaymentError(code: PaymentErrorCode): string {
  switch (code) {
    case "PAYMENT_DISMISS":
      return "closed by the user";
    case "PAYMENT_TIMEOUT":
      return "timed out";
    case "PARAMS_INVALID_OR_INSUFFICIENT":
      return "bad reservationId or fallbackURL";
    case "INTERNAL_ERROR":
      return "internal error";
    default: {
      const unreachable: never = code; // exhaustive: a new documented code must be handled here
      return unreachable;
    }
  }
}

// -- every method ------------------------------------------------------------------------------------------------
async function exercise(sdk: PlatformSdk): Promise<string[]> {
  const out: string[] = [];
  const supported: boolean = sdk.isMethodSupported("proceedToPay");
  const anyName: boolean = sdk.isMethodSupported("someFutureMethod");
  const known: MethodName = "getItem";
  out.push(String(supported && anyName && sdk.isMethodSupported(known)));

  const permissions: PermissionResult[] = await sdk.seekPermission(["LOCATION", "CAMERA", "READ_SMS"]);
  for (const p of permissions) {
    const name: PermissionName = p.permission;
    const granted: boolean = p.permissionGranted;
    const again: boolean = p.willShowPermissionAlertAgain;
    out.push(`${name}:${granted}:${again}`);
  }
  const asked = ["CAMERA"] as const;
  await sdk.seekPermission(asked);

  try {
    const { latitude, longitude }: Coordinates = await sdk.getCurrentLocation();
    out.push(`${latitude.toFixed(4)},${longitude.toFixed(4)}`);
  } catch (err: unknown) {
    if (isSdkError(err, ["LOCATION_FETCH_FAILURE"] as const)) {
      const code: LocationErrorCode = err.error_code;
      out.push(code);
    }
  }

  sdk.setItem("cart", "lastOrder", "ORDER-1");
  const value: string = await sdk.getItem("cart", "lastOrder");
  const withDefault: string = await sdk.getItem("cart", "missing", "fallback");
  const dynamicPreference: string = out.length > 0 ? "dynamic" : "other";
  await sdk.getItem(dynamicPreference, "k");
  sdk.removeItem("cart", "lastOrder");
  try {
    await sdk.getItem("cart", "lastOrder");
  } catch (err: unknown) {
    if (isSdkError(err, ["KEY_NOT_FOUND"] as const)) out.push(err.error_code);
  }
  out.push(value, withDefault);

  try {
    const token: GrantToken = await sdk.fetchAuthToken();
    const grant: string = token.grantToken;
    const ttl: number = token.expiryInSeconds;
    out.push(`${grant}:${ttl}`);
  } catch (err: unknown) {
    if (isSdkError<AuthTokenErrorCode>(err, ["NETWORK_ERROR"])) out.push(err.error_code);
  }

  try {
    const done: ProceedToPayResult = await sdk.proceedToPay("RESERVATION-1", "https://merchant.example/fallback");
    out.push(String(Object.keys(done).length));
  } catch (err: unknown) {
    if (isSdkError(err, PAYMENT_CODES)) out.push(describePaymentError(err.error_code));
  }
  return out;
}

async function start(): Promise<void> {
  const web: PlatformSdk = await build(Species.web);
  const native: PlatformSdk = await build("native");
  // The pre-0.3.6 form still type-checks but is @deprecated (editors strike it through).
  const legacy: PlatformSdk = await build(Species.web, OperatingSystem.android);
  await Promise.all([exercise(web), exercise(native), exercise(legacy)]);

  // Shim extras (development only).
  const shimOnly: true = IS_SHIM;
  const cfg: ShimConfig = {
    location: "fail",
    permissions: { CAMERA: "denied" },
    fail: { proceedToPay: "PAYMENT_TIMEOUT" },
    user: { primaryEmail: null },
  };
  configure(cfg);
  configure({ reset: true, consent: "prompt", location: { latitude: 1, longitude: 2 } });
  const origin: string = currentConfig().sandboxOrigin;
  void [shimOnly, origin];
}

void start;
