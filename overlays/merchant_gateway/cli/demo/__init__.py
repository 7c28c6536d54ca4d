"""`mgw demo`: the whole payment story, step by step, against the gateway named by MGW_* or an embedded sandbox.

Why this package exists: it is the proof that every part works together (spec, generated client, overlays,
sandbox, callbacks) and the quickest way for a merchant's engineer to see the right order of calls:
pay -> (person pays) -> verify the signed callbacks -> check the status and the amount -> refund part -> check
the refund -> link a user by OTP -> balance -> unlink (and see the token stop working).

Against a gateway other than the embedded sandbox nothing sandbox-specific is assumed. A payments page is scripted
only when it is served from this machine (a local sandbox) and can be opened; otherwise the demo says what a person
must do ("open this page and pay") and waits for the final status on the gateway's polling schedule (from its
public reference, not the interface document), up to its 15-minute deadline (``--wait-for-person``), then goes on
with the callbacks and the status. The embedded sandbox knows its own OTP, so it runs every step; on any other
gateway the OTP steps run only when MGW_DEMO_OTP_MOBILE is set (the OTP is then taken from MGW_DEMO_OTP, or typed
in). ``--no-browser-steps`` leaves out every step that needs a person. Each step ends in one line (ok, FAIL with
its cause, or skip with its reason): a network failure never ends the demo in a traceback. The exit status is 0
only if every step held: 1 when a step failed, 5 when none failed but some were skipped (a skipped step did not
hold either).

One module per responsibility: ``command`` (the run and its exit status; the flags are cli/arguments/demo.py),
``story`` (the payment story's steps), ``runner`` (running a step and its one line), ``target`` (the gateway, or the
embedded sandbox it starts), ``merchant`` (the merchant's callback endpoint) and ``browser`` (a person on the
payments page).
"""

from __future__ import annotations

from .command import run_demo

__all__ = ["run_demo"]
