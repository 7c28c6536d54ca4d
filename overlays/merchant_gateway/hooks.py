"""Deprecated: the old name of :mod:`merchant_gateway.observers`, kept for one minor version (removed in 3.1.0).

Why this module exists: "hooks" also names the ledger's post-payment actions (``on_final``, ``mgw ledger hooks``),
so the gateways' observer extension point moved to ``merchant_gateway.observers``, one meaning per word. Code that
imports from here still gets the very same objects; each name read warns (``DeprecationWarning`` at the caller's
line, naming the new module). Nothing here is loaded by ``import merchant_gateway``, and the observers load only
when a name is read.
"""

from __future__ import annotations

from ._lazy import moved

NEW = "merchant_gateway.observers"
REMOVED_IN = "3.1.0"
#: the public names of merchant_gateway.observers this alias answers (its ``__all__``, and ``includes``)
NAMES = ("AsyncRun", "AttemptEnd", "CallObserver", "CombinedObserver", "Run", "combine", "includes")
__all__ = list(NAMES)  # each read through __getattr__, which warns


__getattr__, __dir__ = moved(globals(), NEW, {name: name for name in NAMES}, REMOVED_IN)
