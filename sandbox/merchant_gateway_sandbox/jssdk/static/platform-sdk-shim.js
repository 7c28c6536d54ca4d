// Development shim of the platform's client JavaScript SDK, served by the local sandbox.
//
// It is NOT the platform SDK. It implements the methods typed in spec/js-sdk/platform-sdk.d.ts against the
// local sandbox, so that a merchant's page can be developed and tested without the platform's app. Everything
// beyond the interface document (configuration knobs, how a rejection is provoked, the pop-ups, the storage
// layout) is shim behaviour, documented in spec/js-sdk/README.md.
//
// Plain ES module, no build step:  import { build, Species } from "<sandbox>/_sandbox/js/platform-sdk-shim.js";

const SHIM_NAME = "platform-sdk-shim";
console.warn(`[${SHIM_NAME}] development shim, not the platform SDK: it talks to the local sandbox only.`);

/** Species constants (interface document: `native` or `web`). */
export const Species = Object.freeze({ native: "native", web: "web" });

/** Operating systems of the deprecated pre-0.3.6 build form. */
export const OperatingSystem = Object.freeze({ ios: "ios", android: "android" });

/** Marks this module as the shim (shim-only export). */
export const IS_SHIM = true;

const METHODS = Object.freeze([
  "isMethodSupported",
  "seekPermission",
  "getCurrentLocation",
  "getItem",
  "setItem",
  "removeItem",
  "fetchAuthToken",
  "proceedToPay",
]);
const PERMISSIONS = Object.freeze(["READ_SMS", "LOCATION", "CAMERA"]);
// Documented rejection codes per method: only these can be forced with `fail`.
const FAIL_CODES = Object.freeze({
  fetchAuthToken: ["NETWORK_ERROR"],
  getCurrentLocation: ["LOCATION_FETCH_FAILURE"],
  getItem: ["KEY_NOT_FOUND"],
  proceedToPay: ["PAYMENT_DISMISS", "PAYMENT_TIMEOUT", "PARAMS_INVALID_OR_INSUFFICIENT", "INTERNAL_ERROR"],
});
// SHIM: the code of a skipped consent pop-up is not shown in the interface document; this placeholder is the
// shim's own and deliberately not a name the platform uses.
const CONSENT_SKIPPED = "SHIM_CONSENT_SKIPPED";

function defaults() {
  return {
    sandboxOrigin: new URL(import.meta.url).origin,
    platform: "android", // android | ios | web: READ_SMS is granted on android only
    permissions: {}, // e.g. { CAMERA: "denied" } ; values: granted | denied | blocked
    location: { latitude: 12.9716, longitude: 77.5946 }, // or "fail"
    consent: "login", // login | skip | prompt
    user: {}, // SSO user behind the grant token: name, phoneNumber, primaryEmail (null: not shared), isEmailVerified
    fail: {}, // { methodName: documented error code }: the method rejects with that code
    payTimeoutMs: 0, // > 0: proceedToPay rejects PAYMENT_TIMEOUT when the page stays open longer
    pollIntervalMs: 250,
    unsupportedMethods: [],
    storagePrefix: SHIM_NAME,
  };
}

function fromQuery(search) {
  const cfg = {};
  const params = new URLSearchParams(search || "");
  for (const [name, value] of params) {
    if (!name.startsWith("shim.")) continue;
    const key = name.slice(5);
    if (key === "origin") cfg.sandboxOrigin = value;
    else if (key === "platform" || key === "consent" || key === "storagePrefix") cfg[key] = value;
    else if (key === "payTimeoutMs" || key === "pollIntervalMs") cfg[key] = Number(value);
    else if (key === "location") {
      if (value === "fail") cfg.location = "fail";
      else {
        const [lat, lon] = value.split(",").map(Number);
        cfg.location = { latitude: lat, longitude: lon };
      }
    } else if (key === "unsupported") cfg.unsupportedMethods = value.split(",").filter(Boolean);
    else if (key.startsWith("permission.")) (cfg.permissions ??= {})[key.slice(11)] = value;
    else if (key.startsWith("fail.")) (cfg.fail ??= {})[key.slice(5)] = value;
    else if (key.startsWith("user.")) {
      const field = key.slice(5);
      (cfg.user ??= {})[field] = field === "isEmailVerified" ? value === "true" : value === "null" ? null : value;
    } else console.warn(`[${SHIM_NAME}] unknown query knob ${name}`);
  }
  return cfg;
}

function merge(base, extra) {
  const out = { ...base };
  for (const [k, v] of Object.entries(extra || {})) {
    if (v === undefined) continue;
    if (["permissions", "user", "fail"].includes(k) && v && typeof v === "object") out[k] = { ...base[k], ...v };
    else out[k] = v;
  }
  return out;
}

function checkFail(fail) {
  for (const [method, code] of Object.entries(fail)) {
    if (!FAIL_CODES[method] || !FAIL_CODES[method].includes(code)) {
      console.warn(`[${SHIM_NAME}] ignored fail.${method}=${code}: not a documented code of that method`);
      delete fail[method];
    }
  }
  return fail;
}

let config = defaults();
config = merge(config, globalThis.PLATFORM_SDK_SHIM_CONFIG);
config = merge(config, fromQuery(globalThis.location ? globalThis.location.search : ""));
config.fail = checkFail({ ...config.fail });

/**
 * Shim only: change the simulation at run time (merged into the current configuration). `fail`, `user` and
 * `permissions` are merged key by key; pass `{ fail: { proceedToPay: undefined } }` or `reset: true` to clear.
 */
export function configure(changes = {}) {
  const { reset, ...rest } = changes;
  config = merge(reset ? defaults() : config, rest);
  config.fail = checkFail(Object.fromEntries(Object.entries(config.fail).filter(([, v]) => v !== undefined)));
  return currentConfig();
}

/** Shim only: a copy of the configuration in force. */
export function currentConfig() {
  return JSON.parse(JSON.stringify(config));
}

function sdkError(code, message) {
  // The interface document names `error_code`; `message` and `shim` are shim additions for developers.
  return { error_code: code, message: `${message} (${SHIM_NAME})`, shim: true };
}

function forced(method) {
  const code = config.fail[method];
  return code ? sdkError(code, `forced by the shim configuration fail.${method}`) : null;
}

function requirePreference(preferenceName, method) {
  if (typeof preferenceName !== "string" || preferenceName.length === 0) {
    throw new TypeError(`${method}: preferenceName must be a non-empty string (${SHIM_NAME})`);
  }
}

function storageKey(preferenceName, key) {
  return `${config.storagePrefix}:${encodeURIComponent(preferenceName)}:${encodeURIComponent(String(key))}`;
}

function sandboxUrl(path) {
  return `${config.sandboxOrigin.replace(/\/$/, "")}${path}`;
}

// -- pop-ups (consent and payments page), shim UI ------------------------------------------------------------
const STYLE =
  "position:fixed;inset:0;z-index:2147483647;background:rgba(17,12,34,.55);display:flex;" +
  "align-items:center;justify-content:center;font-family:system-ui,sans-serif";

const BUTTON =
  "all:unset;box-sizing:border-box;display:block;width:100%;text-align:center;padding:10px;margin-top:8px;" +
  "border-radius:9px;font:600 14px system-ui,sans-serif;cursor:pointer;";

function overlay(id) {
  const root = document.createElement("div");
  root.id = id;
  root.setAttribute("style", STYLE);
  root.dataset.shim = SHIM_NAME;
  document.body.appendChild(root);
  return root;
}

function askConsent() {
  return new Promise((resolve) => {
    const root = overlay("platform-sdk-shim-consent");
    root.innerHTML =
      "<div style='background:#fff;border-radius:14px;padding:22px;width:320px;max-width:90vw'>" +
      "<div style='font-size:11px;color:#92400e'>development shim consent pop-up</div>" +
      "<h2 style='font-size:17px;margin:8px 0'>Share your profile with this app?</h2>" +
      `<button id='platform-sdk-shim-login' style='${BUTTON}background:#5f259f;color:#fff'>Login</button>` +
      `<button id='platform-sdk-shim-skip' style='${BUTTON}background:#f3f4f6;color:#374151'>Skip</button></div>`;
    root.querySelector("#platform-sdk-shim-login").onclick = () => (root.remove(), resolve(true));
    root.querySelector("#platform-sdk-shim-skip").onclick = () => (root.remove(), resolve(false));
  });
}

async function reservationState(reservationId) {
  // Sandbox-only endpoint of the shim: OPEN | CLOSED | EXPIRED, never the payment status.
  let response;
  try {
    response = await fetch(sandboxUrl(`/_sandbox/jssdk/reservations/${encodeURIComponent(reservationId)}`), {
      cache: "no-store",
    });
  } catch (err) {
    return { network: true };
  }
  if (response.status === 404) return { unknown: true };
  if (!response.ok) return { broken: true };
  try {
    return await response.json();
  } catch (err) {
    return { broken: true };
  }
}

function openPaymentsPage(reservationId) {
  return new Promise((resolve, reject) => {
    const root = overlay("platform-sdk-shim-payment");
    root.innerHTML =
      "<div style='position:relative;background:#fff;border-radius:14px;overflow:hidden;width:440px;" +
      "max-width:94vw;height:600px;max-height:92vh;display:flex;flex-direction:column'>" +
      "<div style='display:flex;justify-content:space-between;align-items:center;padding:8px 12px;" +
      "background:#fde68a;color:#78350f;font-size:12px'><span>development shim: sandbox payments page</span>" +
      "<button id='platform-sdk-shim-close' aria-label='Close payments page' " +
      "style='all:unset;color:#78350f;font-size:22px;line-height:1;padding:0 6px;cursor:pointer'>&times;</button>" +
      "</div>" +
      "<iframe id='platform-sdk-shim-frame' title='Sandbox payments page' style='border:0;flex:1;width:100%'>" +
      "</iframe></div>";
    const frame = root.querySelector("#platform-sdk-shim-frame");
    const started = Date.now();
    let done = false;
    let timer = null;
    let failures = 0;
    const finish = (error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      root.remove();
      if (error) reject(error);
      else resolve({});
    };
    const check = async () => {
      if (done) return;
      if (config.payTimeoutMs > 0 && Date.now() - started > config.payTimeoutMs) {
        finish(sdkError("PAYMENT_TIMEOUT", "the payments page stayed open longer than payTimeoutMs"));
        return;
      }
      const state = await reservationState(reservationId);
      if (done) return;
      if (state.state === "CLOSED") finish(null);
      else if (state.state === "EXPIRED") finish(sdkError("PAYMENT_TIMEOUT", "the payment's validFor passed"));
      else if (state.unknown) finish(sdkError("INTERNAL_ERROR", "the reservation disappeared from the sandbox"));
      else if (state.network || state.broken) {
        failures += 1;
        if (failures >= 3) finish(sdkError("INTERNAL_ERROR", "the sandbox stopped answering"));
      } else failures = 0;
      if (!done) timer = setTimeout(check, config.pollIntervalMs);
    };
    root.querySelector("#platform-sdk-shim-close").onclick = () =>
      finish(sdkError("PAYMENT_DISMISS", "the user closed the payments page"));
    frame.addEventListener("load", () => check());
    frame.src = sandboxUrl(`/_sandbox/reservation/${encodeURIComponent(reservationId)}`);
    timer = setTimeout(check, config.pollIntervalMs);
  });
}

// -- the SDK instance -----------------------------------------------------------------------------------------
let paymentOpen = false;

function createInstance() {
  return Object.freeze({
    isMethodSupported(methodName) {
      return METHODS.includes(methodName) && !config.unsupportedMethods.includes(methodName);
    },

    async seekPermission(permissions) {
      if (!Array.isArray(permissions)) throw new TypeError(`seekPermission: an array of permission names`);
      return permissions.map((permission) => {
        if (!PERMISSIONS.includes(permission)) {
          throw new TypeError(`seekPermission: unknown permission ${permission} (${SHIM_NAME})`);
        }
        if (permission === "READ_SMS" && config.platform !== "android") {
          return { permission, permissionGranted: false, willShowPermissionAlertAgain: false };
        }
        const answer = config.permissions[permission] || "granted";
        return {
          permission,
          permissionGranted: answer === "granted",
          willShowPermissionAlertAgain: answer === "denied",
        };
      });
    },

    async getCurrentLocation() {
      const error = forced("getCurrentLocation");
      if (error) throw error;
      const permission = config.permissions.LOCATION || "granted";
      if (permission !== "granted") {
        throw sdkError("LOCATION_FETCH_FAILURE", "the LOCATION permission is not granted in the shim");
      }
      if (config.location === "fail" || !config.location) {
        throw sdkError("LOCATION_FETCH_FAILURE", "location=fail in the shim configuration");
      }
      const { latitude, longitude } = config.location;
      if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) {
        throw sdkError("LOCATION_FETCH_FAILURE", "the configured location is not a pair of numbers");
      }
      return { latitude, longitude };
    },

    async getItem(preferenceName, key, defaultValue) {
      requirePreference(preferenceName, "getItem");
      const error = forced("getItem");
      if (error) throw error;
      const value = globalThis.localStorage.getItem(storageKey(preferenceName, key));
      if (value !== null) return value;
      if (defaultValue !== undefined && defaultValue !== null) return String(defaultValue);
      throw sdkError("KEY_NOT_FOUND", `no value for ${preferenceName}/${key} and no default`);
    },

    setItem(preferenceName, key, value) {
      requirePreference(preferenceName, "setItem");
      globalThis.localStorage.setItem(storageKey(preferenceName, key), String(value));
    },

    removeItem(preferenceName, key) {
      requirePreference(preferenceName, "removeItem");
      globalThis.localStorage.removeItem(storageKey(preferenceName, key));
    },

    async fetchAuthToken() {
      const error = forced("fetchAuthToken");
      if (error) throw error;
      const consent = config.consent === "prompt" ? await askConsent() : config.consent !== "skip";
      if (!consent) throw sdkError(CONSENT_SKIPPED, "the user chose Skip on the consent pop-up");
      let response;
      try {
        response = await fetch(sandboxUrl("/_sandbox/jssdk/grant-token"), {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(config.user || {}),
          cache: "no-store",
        });
      } catch (err) {
        throw sdkError("NETWORK_ERROR", `the sandbox at ${config.sandboxOrigin} cannot be reached`);
      }
      let body = null;
      try {
        body = await response.json();
      } catch (err) {
        body = null;
      }
      if (!response.ok || !body || typeof body.grantToken !== "string") {
        throw sdkError("NETWORK_ERROR", `the sandbox answered HTTP ${response.status} to the grant-token call`);
      }
      return { grantToken: body.grantToken, expiryInSeconds: Number(body.expiryInSeconds) };
    },

    async proceedToPay(reservationId, fallbackURL) {
      if (typeof reservationId !== "string" || reservationId.trim() === "") {
        throw sdkError("PARAMS_INVALID_OR_INSUFFICIENT", "reservationId must be a non-empty string");
      }
      if (typeof fallbackURL !== "string" || fallbackURL.trim() === "" || !validUrl(fallbackURL)) {
        throw sdkError("PARAMS_INVALID_OR_INSUFFICIENT", "fallbackURL must be a URL");
      }
      const error = forced("proceedToPay");
      if (error) throw error;
      if (paymentOpen) throw sdkError("INTERNAL_ERROR", "a payments page is already open");
      const state = await reservationState(reservationId);
      if (state.unknown) {
        throw sdkError("PARAMS_INVALID_OR_INSUFFICIENT", `the sandbox knows no reservation ${reservationId}`);
      }
      if (state.network || state.broken) throw sdkError("INTERNAL_ERROR", "the sandbox cannot be reached");
      if (state.state === "EXPIRED") throw sdkError("PAYMENT_TIMEOUT", "the payment's validFor passed");
      if (state.state === "CLOSED") return {}; // the UI flow has nothing left to show: check the status
      paymentOpen = true;
      try {
        return await openPaymentsPage(reservationId);
      } finally {
        paymentOpen = false;
      }
    },
  });
}

function validUrl(value) {
  try {
    new URL(value, globalThis.location ? globalThis.location.href : undefined);
    return true;
  } catch (err) {
    return false;
  }
}

/**
 * build(species) -> Promise of the SDK instance. build(species, os) is the deprecated pre-0.3.6 form: it works
 * in the shim and logs a deprecation warning.
 */
export async function build(species, os) {
  if (!Object.values(Species).includes(species)) {
    throw new TypeError(`build: species must be Species.native or Species.web, got ${species} (${SHIM_NAME})`);
  }
  if (os !== undefined) {
    console.warn(
      `[${SHIM_NAME}] build(species, os) is the deprecated pre-0.3.6 form: ` +
        "the operating system parameter was dropped in SDK 0.3.6; call build(species).",
    );
    if (!Object.values(OperatingSystem).includes(os)) {
      throw new TypeError(`build: os must be OperatingSystem.ios or OperatingSystem.android (${SHIM_NAME})`);
    }
  }
  return createInstance();
}

export default { build, Species, OperatingSystem, configure, currentConfig, IS_SHIM };
