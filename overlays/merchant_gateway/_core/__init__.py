"""Shared, I/O-free half of Gateway and AsyncGateway, by responsibility: the client's record of what it sent
(``records.py``), preparing a call (``prepare.py``: arguments to a checked payload wire dict and the keyword
arguments of the operation's generated ``request_parts``), interpreting one attempt (``interpret.py``: an answer or a
transport exception to a value, a wait before the next attempt, or an error, following :mod:`merchant_gateway.retry`)
and the records of one call (``calls.py``). Why one package for both flavours: so the sync and async pipelines cannot
drift apart (:mod:`merchant_gateway.pipeline` holds the attempt loop).
"""

from __future__ import annotations

from .calls import Done, Prepared, Wait
from .interpret import REASON_FIRST, Interpreting
from .prepare import Preparing

__all__ = ["REASON_FIRST", "Core", "Done", "Prepared", "Wait"]


class Core(Interpreting, Preparing):
    """Per-gateway state and logic that is not I/O, by responsibility: the record of sends (``records.py``),
    preparing a call (``prepare.py``), interpreting an attempt (``interpret.py``)."""
