// Example merchant page: SSO and SDK-less payment through the JS SDK shim and the merchant-backend demo.
import { build, Species } from "/_sandbox/js/platform-sdk-shim.js";

const $ = (id) => document.getElementById(id);
const API = "/_sandbox/example/api";

function log(line) {
  const el = $("log");
  el.textContent += `${new Date().toISOString().slice(11, 23)}  ${line}\n`;
  el.scrollTop = el.scrollHeight;
}

function codeOf(err) {
  return err && typeof err === "object" && typeof err.error_code === "string" ? err.error_code : null;
}

function showError(where, method, err) {
  const code = codeOf(err);
  const text = code ? `${method} rejected: ${code}` : `${method} failed: ${err && err.message ? err.message : err}`;
  $(where).textContent = text;
  if (code) $("last-error").textContent = code;
  log(text + (err && err.message && code ? `  (${err.message})` : ""));
  return code;
}

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  const response = await fetch(API + path, init);
  return response.json();
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const sdk = await build(Species.web);
  window.exampleSdk = sdk; // for the browser tests and for trying methods in the console
  log("build(Species.web) resolved: SDK instance ready (development shim)");
  for (const id of ["sso-btn", "pay-btn", "location-btn", "permission-btn", "set-btn", "get-btn", "remove-btn"]) {
    $(id).disabled = false;
  }
  const methods = ["getCurrentLocation", "seekPermission", "fetchAuthToken", "proceedToPay", "getItem"];
  $("supported").textContent = methods.filter((m) => sdk.isMethodSupported(m)).join(", ") || "none";

  $("sso-btn").onclick = async () => {
    $("sso-error").textContent = "";
    let token;
    try {
      token = await sdk.fetchAuthToken();
      log(`fetchAuthToken resolved: grant token (expires in ${token.expiryInSeconds}s)`);
    } catch (err) {
      showError("sso-error", "fetchAuthToken", err);
      return;
    }
    const answer = await api("/sso", { grantToken: token.grantToken });
    if (!answer.ok) {
      $("sso-error").textContent = `backend: ${answer.code} ${answer.message || ""}`;
      log(`backend /sso: ${answer.code}`);
      return;
    }
    const user = answer.user || {};
    $("user-name").textContent = user.name ?? "—";
    $("user-phone").textContent = user.phoneNumber ?? "—";
    $("user-email").textContent = user.primaryEmail ?? "(not shared)";
    $("user-verified").textContent = user.isEmailVerified === undefined ? "—" : String(user.isEmailVerified);
    log(`backend /sso: ${answer.code}, user ${user.name}`);
  };

  $("pay-btn").onclick = async () => {
    $("pay-error").textContent = "";
    $("pay-status").textContent = "…";
    $("pay-status").className = "status wait";
    const init = await api("/pay", { amount: Number($("amount").value), validForMs: Number($("valid-for").value) });
    if (!init.ok) {
      $("pay-error").textContent = `backend: ${init.code} ${init.message || ""}`;
      $("pay-status").textContent = "not initiated";
      log(`backend /pay: ${init.code}`);
      return;
    }
    $("pay-txn").textContent = init.transactionId;
    log(`backend /pay: initiated ${init.transactionId}, reservationId ${init.reservationId}`);
    let finished = false;
    try {
      await sdk.proceedToPay(init.reservationId, new URL("/_sandbox/example/returned.html", location.href).href);
      finished = true;
      log("proceedToPay resolved {} — asking the backend for the status");
    } catch (err) {
      showError("pay-error", "proceedToPay", err);
    }
    // The client never learns the status: the merchant's server asks the status operation.
    let status;
    for (let attempt = 0; attempt < (finished ? 10 : 1); attempt += 1) {
      status = await api(`/status/${encodeURIComponent(init.transactionId)}`);
      if (status.code !== "PAYMENT_PENDING") break;
      await sleep(400);
    }
    $("pay-status").textContent = status.code;
    $("pay-status").className = `status ${status.code === "PAYMENT_SUCCESS" ? "ok" : status.code === "PAYMENT_PENDING" ? "wait" : "bad"}`;
    $("pay-amount-check").textContent = status.amountMatches ? "amount matches" : "AMOUNT MISMATCH";
    log(`backend /status: ${status.code} (amount ${status.data && status.data.amount})`);
  };

  $("location-btn").onclick = async () => {
    $("device-error").textContent = "";
    try {
      const { latitude, longitude } = await sdk.getCurrentLocation();
      $("location-result").textContent = `${latitude}, ${longitude}`;
      log(`getCurrentLocation resolved ${latitude}, ${longitude}`);
    } catch (err) {
      $("location-result").textContent = "—";
      showError("device-error", "getCurrentLocation", err);
    }
  };

  $("permission-btn").onclick = async () => {
    $("device-error").textContent = "";
    const list = await sdk.seekPermission(["LOCATION", "CAMERA", "READ_SMS"]);
    $("permission-result").textContent = list
      .map((p) => `${p.permission}:${p.permissionGranted ? "granted" : "denied"}`)
      .join(", ");
    log(`seekPermission resolved ${JSON.stringify(list)}`);
  };

  const pref = () => $("pref").value;
  $("set-btn").onclick = () => {
    sdk.setItem(pref(), $("key").value, $("value").value);
    $("storage-result").textContent = `set ${$("key").value}`;
    log(`setItem(${pref()}, ${$("key").value})`);
  };
  $("get-btn").onclick = async () => {
    $("device-error").textContent = "";
    try {
      const value = await sdk.getItem(pref(), $("key").value);
      $("storage-result").textContent = value;
      log(`getItem resolved "${value}"`);
    } catch (err) {
      $("storage-result").textContent = "—";
      showError("device-error", "getItem", err);
    }
  };
  $("remove-btn").onclick = () => {
    sdk.removeItem(pref(), $("key").value);
    $("storage-result").textContent = `removed ${$("key").value}`;
    log(`removeItem(${pref()}, ${$("key").value})`);
  };
  document.body.dataset.ready = "true";
}

main().catch((err) => log(`example failed to start: ${err}`));
