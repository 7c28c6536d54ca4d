"""Input checks, applied before anything is sent: bad input raises :class:`~merchant_gateway.ValidationError`
naming the field, and a rejected input sends nothing.

Why this package exists: the client checks what a merchant passes in four ways, each a module of its own:

- ``amounts``: integer paise only, and the exact rupee conversion (``merchant_gateway.paise_from_rupees``);
- ``limits``: the interface document's limits (id lengths, characters a URL path carries, header values) and the
  rules between fields that no schema states (the spec's ``x-field-rules``, a refund's own id and ceiling);
- ``schema``: every payload and header option against its schema in the spec, by fastjsonschema;
- ``advice``: the document's advice, a warning (:class:`~merchant_gateway.AdviceWarning`), never a refusal.

Nothing is imported here: each check loads with its first use (the package's import time matters).
"""
