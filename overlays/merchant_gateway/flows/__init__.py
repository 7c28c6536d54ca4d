"""Flows of the interface document on top of the Gateway: polling, reconciliation, linking, intents, SDK payloads.

Why a sub-package: these are the multi-call stories that merchants get wrong by hand; each module holds one.
"""
