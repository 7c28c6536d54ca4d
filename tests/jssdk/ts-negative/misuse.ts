// Every line marked MISUSE must be a compile error under tsc --strict (tests/jssdk/test_dts.py checks each line).
// Not part of spec/js-sdk/tsconfig.json: compiled on its own by the test.
import {
  build,
  Species,
  type LocationErrorCode,
  type PaymentErrorCode,
  type PlatformSdk,
  type ProceedToPayResult,
  type SdkError,
} from "../../../spec/js-sdk/platform-sdk.js";
import type { ShimConfig } from "../../../spec/js-sdk/platform-sdk-shim.js";

export async function misuse(sdk: PlatformSdk): Promise<unknown[]> {
  const out: unknown[] = [];
  out.push(await build("desktop")); // MISUSE: species is native | web
  out.push(await build(Species.web, "windows")); // MISUSE: os is ios | android
  out.push(await sdk.seekPermission(["MICROPHONE"])); // MISUSE: unknown permission name
  out.push(await sdk.seekPermission("LOCATION")); // MISUSE: an array of names, not one name
  out.push(await sdk.getItem("", "key")); // MISUSE: preferenceName must be non-empty
  sdk.removeItem("", "key"); // MISUSE: preferenceName must be non-empty
  sdk.setItem("prefs", "key", 42); // MISUSE: values are strings
  out.push(await sdk.getItem("prefs", "key", 5)); // MISUSE: defaultValue is a string
  out.push(await sdk.proceedToPay("RESERVATION-1")); // MISUSE: fallbackURL is required
  out.push(sdk.isMethodSupported(42)); // MISUSE: methodName is a string
  const altitude: number = (await sdk.getCurrentLocation()).altitude; // MISUSE: only latitude and longitude
  const ttl: string = (await sdk.fetchAuthToken()).expiryInSeconds; // MISUSE: expiryInSeconds is a number
  const sync: string = sdk.getItem("prefs", "key"); // MISUSE: getItem returns a Promise
  const nothing: string = sdk.setItem("prefs", "key", "v"); // MISUSE: setItem returns void
  const paid: ProceedToPayResult = { status: "PAYMENT_SUCCESS" }; // MISUSE: the status is not shared client-side
  const code: PaymentErrorCode = "PAYMENT_FAILED"; // MISUSE: not a documented proceedToPay code
  const where: LocationErrorCode = "KEY_NOT_FOUND"; // MISUSE: not the location code
  const err: SdkError = { error_code: "NOPE" }; // MISUSE: not a documented error code
  Species.web = "native"; // MISUSE: constants are read-only
  const list = await sdk.seekPermission(["CAMERA"]);
  if (list[0]) list[0].permissionGranted = true; // MISUSE: results are read-only
  const shim: ShimConfig = { fail: { getItem: "NETWORK_ERROR" } }; // MISUSE: a code getItem does not document
  out.push(altitude, ttl, sync, nothing, paid, code, where, err, shim);
  return out;
}
