"""The sandbox payments page (web debit, inline pay) and the SDK-less reservation page.

SANDBOX behaviour: opening the page stops automatic settling; the buttons decide (Pay -> PAYMENT_SUCCESS,
Decline -> PAYMENT_DECLINED, Cancel -> PAYMENT_CANCELLED). The S2S callback is sent, then the browser returns to
X-REDIRECT-URL: a 303 redirect (X-REDIRECT-MODE REDIRECT, the sandbox default) or an auto-submitting form post
with the checksum (X-REDIRECT-MODE POST).
"""

from __future__ import annotations

from html import escape
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from . import signing
from .core import Sandbox
from .state import CANCELLED, DECLINED, MESSAGES, SUCCESS, Txn

CHOICES = {"pay": SUCCESS, "decline": DECLINED, "cancel": CANCELLED}

CSS = """
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;
background:linear-gradient(135deg,#5f259f,#3a1670);min-height:100vh;display:flex;align-items:center;
justify-content:center;color:#1d1d1f}.card{background:#fff;border-radius:16px;box-shadow:0 20px 60px rgba(0,0,0,.3);
width:380px;max-width:92vw;padding:28px}.badge{display:inline-block;font-size:11px;letter-spacing:.08em;
text-transform:uppercase;background:#fde68a;color:#78350f;border-radius:999px;padding:3px 10px}
h1{font-size:18px;margin:14px 0 2px}.merchant{color:#6b7280;font-size:14px}.amount{font-size:40px;font-weight:700;
margin:18px 0 4px}.meta{font-size:12px;color:#6b7280;word-break:break-all;margin-bottom:22px}
button{width:100%;border:0;border-radius:10px;padding:13px;font-size:16px;font-weight:600;cursor:pointer;
margin-top:10px}.pay{background:#5f259f;color:#fff}.decline{background:#fee2e2;color:#991b1b}
.cancel{background:#f3f4f6;color:#374151}.result{font-size:20px;font-weight:700;margin:16px 0}
.ok{color:#047857}.bad{color:#b91c1c}
"""


def rupees(amount: int) -> str:
    return f"\u20b9{amount // 100:,}.{amount % 100:02d}"


def layout(title: str, body: str) -> HTMLResponse:
    return HTMLResponse(
        f"<!doctype html><html><head><meta charset='utf-8'><meta name='viewport' "
        f"content='width=device-width,initial-scale=1'><title>{escape(title)}</title><style>{CSS}</style></head>"
        f"<body><div class='card'>{body}</div></body></html>"
    )


def payment_page(txn: Txn, action: str) -> HTMLResponse:
    body = (
        "<span class='badge'>Sandbox payments page</span>"
        "<h1>Pay merchant</h1>"
        f"<div class='merchant' id='merchant'>{escape(txn.merchant_id)}</div>"
        f"<div class='amount' id='amount'>{rupees(txn.amount)}</div>"
        f"<div class='meta'>Transaction {escape(txn.transaction_id)}<br>Reference {escape(txn.provider_reference_id)}"
        "</div>"
        f"<form method='post' action='{escape(action)}'>"
        "<button class='pay' name='choice' value='pay' id='pay'>Pay</button>"
        "<button class='decline' name='choice' value='decline' id='decline'>Decline</button>"
        "<button class='cancel' name='choice' value='cancel' id='cancel'>Cancel</button>"
        "</form>"
    )
    return layout("Sandbox payment", body)


def result_page(txn: Txn, extra: str = "") -> HTMLResponse:
    cls = "ok" if txn.code == SUCCESS else "bad"
    body = (
        "<span class='badge'>Sandbox payments page</span>"
        f"<div class='result {cls}' id='result'>{escape(txn.code)}</div>"
        f"<div class='meta'>{escape(MESSAGES.get(txn.code, ''))}<br>{escape(txn.transaction_id)}</div>{extra}"
    )
    return layout("Sandbox payment result", body)


def ui_form_fields(sb: Sandbox, txn: Txn) -> dict[str, str]:
    form: dict[str, Any] = {
        "code": txn.code,
        "merchantId": txn.merchant_id,
        "transactionId": txn.transaction_id,
        "amount": str(txn.amount),
        "providerReferenceId": txn.provider_reference_id,
    }
    # param1..param20 ("optional strings reserved for later use"): SANDBOX values from the `ui_params` setting
    form.update((name, str(sb.config.ui_params[name])) for name in signing.UI_PARAMS if name in sb.config.ui_params)
    salt_key, salt_index = sb.salt(txn.salt_index)
    form["checksum"] = signing.ui_checksum(form, salt_key, salt_index)
    return form


def return_to_merchant(sb: Sandbox, txn: Txn) -> Response:
    if not txn.redirect_url:
        return result_page(txn)
    if txn.redirect_mode != "POST":
        return RedirectResponse(txn.redirect_url, status_code=303)
    inputs = "".join(
        f"<input type='hidden' name='{escape(k)}' value='{escape(v)}'>" for k, v in ui_form_fields(sb, txn).items()
    )
    form = (
        f"<form id='uicallback' method='post' action='{escape(txn.redirect_url)}'>{inputs}"
        "<button class='pay' type='submit'>Return to merchant</button></form>"
        "<script>document.getElementById('uicallback').submit()</script>"
    )
    return result_page(txn, form)


def routes(sb: Sandbox) -> list[BaseRoute]:
    def lookup(request: Request) -> Txn | None:
        return sb.store.by_reference.get(request.path_params["ref"])

    async def show(request: Request) -> Response:
        sb.store.advance()
        txn = lookup(request)
        if txn is None:
            return layout("Not found", "<div class='result bad'>Unknown payment</div>")
        if txn.terminal:
            return return_to_merchant(sb, txn) if request.url.path.find("/reservation/") < 0 else result_page(txn)
        txn.page_opened = True  # the person decides now
        return payment_page(txn, request.url.path)

    async def choose(request: Request) -> Response:
        txn = lookup(request)
        if txn is None:
            return layout("Not found", "<div class='result bad'>Unknown payment</div>")
        form = await request.form()
        code = CHOICES.get(str(form.get("choice", "")))
        if code is None:
            return payment_page(txn, request.url.path)
        txn.page_opened = False
        sb.store.finish(txn, code)
        if "/reservation/" in request.url.path:
            target = txn.extra.get("merchant_redirect")
            return RedirectResponse(str(target), status_code=303) if target else result_page(txn)
        return return_to_merchant(sb, txn)

    out: list[BaseRoute] = []
    for base in ("", "/apis/pg-sandbox", "/apis/apps"):
        for kind in ("pay", "reservation"):
            out.append(Route(f"{base}/_sandbox/{kind}/{{ref}}", show, methods=["GET"]))
            out.append(Route(f"{base}/_sandbox/{kind}/{{ref}}", choose, methods=["POST"]))
    return out
