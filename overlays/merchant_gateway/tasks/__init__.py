"""The task layer of both gateways: ``gateway.payments``, ``.refunds``, ``.collects``, ``.wallets``, ``.sso``,
``.mobile``.

Why this package exists: a merchant thinks "start a payment", "wait for it", "refund it", not "debit_v4_web".
These resources are small and hand-written on top of the generated operation methods, which stay the complete,
low-level surface (docs/design.md, "Task layer"). The async flavour is written once (``_async``); the sync one
(``_sync``) is derived from it by ``tools/derive_sync.py``. Payload keywords are typed by the spec's generated
TypedDicts (``merchant_gateway_client.payloads``) and the docstrings completed from the spec and the outcome table
(``_docs``). ``BEHAVIOUR_SOURCES`` names what comes from the gateway's public reference rather than the interface
document.
"""

from ..flows.linking import AskOtp, AsyncAskOtp
from ._async import AsyncCollects, AsyncPayments, AsyncRefunds, AsyncSso, AsyncWallets
from ._models import (
    BEHAVIOUR_SOURCES,
    CollectStart,
    IntentStart,
    LinkedWallet,
    PaymentOptions,
    PaymentStart,
    Refund,
    SdkLessStart,
    Started,
    WalletPayment,
)
from ._sync import Collects, Payments, Refunds, Sso, Wallets
from .mobile import AppRequest, MobileSdk

__all__ = [
    "BEHAVIOUR_SOURCES",
    "AppRequest",
    "AskOtp",
    "AsyncAskOtp",
    "AsyncCollects",
    "AsyncPayments",
    "AsyncRefunds",
    "AsyncSso",
    "AsyncWallets",
    "CollectStart",
    "Collects",
    "IntentStart",
    "LinkedWallet",
    "MobileSdk",
    "PaymentOptions",
    "PaymentStart",
    "Payments",
    "Refund",
    "Refunds",
    "SdkLessStart",
    "Sso",
    "Started",
    "WalletPayment",
    "Wallets",
]
