"""The merchant's callback endpoint, framework-agnostic: verify, record in the ledger, answer the gateway.

Why this module exists: the server-to-server callback and a status read can both report a payment's final state,
in different processes. The handler verifies the callback (X-VERIFY against the configured salts, the merchant id)
and hands it to the ledger, whose one-winner transition makes duplicates and late or out-of-order callbacks
harmless: the first report of a final state wins and fires the hook; later ones change nothing (a different final
code is kept as a conflict event). The callback's decoded JSON is judged by ``merchant_gateway.verdicts.judge``
with the webhook's outcome table against the amount and merchant the ledger recorded (an amount that differs or
is not an integer, a deciding key given twice: not trusted, the status check is made due at once).

Answers: 200 for every verified callback (recorded, duplicate, not ours, untrusted or ignored: the gateway has
nothing to do about them), 400 for one that fails verification, 503 when the ledger cannot be written (the
gateway's redelivery policy is not shown; the payment stays open and the reconciler settles it through status
once the database is back).

Adapters: :func:`starlette_endpoint` (Starlette, FastAPI), :func:`flask_view` (Flask) and :func:`django_view`
(Django); any other framework calls :meth:`CallbackHandler.handle` with the raw body bytes and the headers.
"""

from __future__ import annotations

import base64
import binascii
import json
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..callbacks import CallbackVerifier
from ..errors import SignatureError
from ..verdicts import Unreadable, read_answer
from .ledger import Ledger

logger = logging.getLogger("merchant_gateway.ledger")


@dataclass(frozen=True)
class CallbackAnswer:
    status: int
    # final | duplicate | unknown_transaction | amount_mismatch | untrusted | ignored | rejected | unavailable
    outcome: str
    transaction_id: str | None = None

    @property
    def body(self) -> bytes:
        return json.dumps({"ok": self.status == 200, "outcome": self.outcome}).encode()

    headers = {"Content-Type": "application/json"}


class CallbackHandler:
    """``handler.handle(body, headers)`` for the S2S payment/refund callback and the collect callback;
    ``handler.handle_form(form)`` for the UI form post (which only makes a status check due: the form post says the
    browser flow ended, not what the payment's state is)."""

    def __init__(self, ledger: Ledger, verifier: CallbackVerifier | Any, *, kind: str = "payment") -> None:
        """``verifier``: a :class:`~merchant_gateway.callbacks.CallbackVerifier` or a Gateway (its ``callbacks``)."""
        self.ledger = ledger
        self.verifier: CallbackVerifier = getattr(verifier, "callbacks", verifier)
        if kind not in ("payment", "collect"):
            raise ValueError("kind must be payment or collect")
        self.kind = kind

    def handle(self, body: bytes, headers: Mapping[str, str]) -> CallbackAnswer:
        x_verify = _header(headers, "X-VERIFY")
        verify = (
            self.verifier.verify_collect_callback if self.kind == "collect" else self.verifier.verify_payment_callback
        )
        try:
            cb = verify(body, x_verify)
        except SignatureError as exc:
            logger.warning("callback rejected: %s", exc.message)
            return CallbackAnswer(400, "rejected")
        try:
            outcome = self.ledger.observe_callback(
                cb.merchant_id,
                cb.transaction_id,
                cb.code,
                amount=cb.amount,
                pay_response_code=cb.data.pay_response_code,
                provider_reference_id=cb.data.provider_reference_id,
                answer=_decoded(body),
                webhook="chargeCallback" if self.kind == "collect" else "paymentCallback",
            )
        except Exception:
            logger.exception("ledger unavailable for callback %s", cb.transaction_id)
            return CallbackAnswer(503, "unavailable", cb.transaction_id)
        return CallbackAnswer(200, outcome, cb.transaction_id)

    def handle_form(self, form: Mapping[str, str | None]) -> CallbackAnswer:
        try:
            ui = self.verifier.verify_ui_callback(form)
        except SignatureError:
            return CallbackAnswer(400, "rejected")
        try:
            self.ledger.observe_ui_return(ui.merchant_id, ui.transaction_id)
        except Exception:
            logger.exception("ledger unavailable for form post %s", ui.transaction_id)
            return CallbackAnswer(503, "unavailable", ui.transaction_id)
        return CallbackAnswer(200, "check_due", ui.transaction_id)


def _decoded(body: bytes) -> dict[str, Any] | Unreadable:
    """The verified callback's JSON object as sent (a deciding key given twice makes it unreadable)."""
    try:
        response = json.loads(bytes(body))["response"]
        return read_answer(base64.b64decode(response, validate=True))
    except (ValueError, KeyError, TypeError, binascii.Error):
        return Unreadable("the callback's response cannot be decoded")


def _header(headers: Mapping[str, str], name: str) -> str | None:
    value = headers.get(name)
    if value is None:
        lower = name.lower()
        for key, v in headers.items():
            if key.lower() == lower:
                return v
    return value


# --- adapters ----------------------------------------------------------------------------------------------------


def starlette_endpoint(handler: CallbackHandler) -> Callable[[Any], Any]:
    """An async Starlette/FastAPI endpoint: ``app.add_route("/gateway/callback", starlette_endpoint(h),
    methods=["POST", "PUT"])`` (FastAPI: ``app.add_api_route(..., starlette_endpoint(h), methods=[...])``, or call
    it from your own route with the ``Request``). The ledger write runs in Starlette's thread pool."""
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import Response

    async def endpoint(request: Any) -> Response:
        body = await request.body()
        answer = await run_in_threadpool(handler.handle, body, dict(request.headers))
        return Response(answer.body, status_code=answer.status, headers=answer.headers)

    return endpoint


def flask_view(handler: CallbackHandler) -> Callable[[], Any]:
    """A Flask view: ``app.add_url_rule("/gateway/callback", view_func=flask_view(h), methods=["POST", "PUT"])``."""
    from flask import Response, request

    def view() -> Any:
        answer = handler.handle(request.get_data(cache=False), dict(request.headers))
        return Response(answer.body, status=answer.status, headers=answer.headers)

    view.__name__ = "mgw_gateway_callback"
    return view


def django_view(handler: CallbackHandler) -> Callable[[Any], Any]:
    """A Django view: ``path("gateway/callback", django_view(h))`` in a urls.py. Exempt from Django's CSRF check
    (the gateway proves itself with X-VERIFY, and cannot send a CSRF token); methods other than POST and PUT get
    405. The ledger write runs in the request's thread (a sync view)."""
    from django.http import HttpResponse, HttpResponseNotAllowed  # type: ignore[import-untyped]
    from django.views.decorators.csrf import csrf_exempt  # type: ignore[import-untyped]

    def view(request: Any) -> Any:
        if request.method not in ("POST", "PUT"):
            return HttpResponseNotAllowed(["POST", "PUT"])
        answer = handler.handle(request.body, dict(request.headers))
        response = HttpResponse(answer.body, status=answer.status)
        for name, value in answer.headers.items():
            response[name] = value
        return response

    exempt: Callable[[Any], Any] = csrf_exempt(view)
    return exempt
