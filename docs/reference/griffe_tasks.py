"""A griffe extension of the API reference (mkdocs.yml): the task methods' docstrings as Python sees them.

Why this file exists: the task layer completes each method's docstring at import from the spec and the outcome
table (``merchant_gateway.tasks._docs.task``), while griffe reads the source statically and would show only the
hand-written part. For every function of ``merchant_gateway.tasks`` this takes the docstring of the imported
object instead.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

import griffe


class TaskDocstrings(griffe.Extension):
    def on_function(self, *, func: griffe.Function, **kwargs: Any) -> None:
        if not func.path.startswith("merchant_gateway.tasks.") or func.parent is None or not func.parent.is_class:
            return
        module_path, _, class_name = func.parent.path.rpartition(".")
        try:
            cls = getattr(importlib.import_module(module_path), class_name)
        except (ImportError, AttributeError):
            return
        doc = inspect.getdoc(getattr(cls, func.name, None))
        old = func.docstring
        if doc and (old is None or doc != old.value):
            parser, options = (old.parser, old.parser_options) if old is not None else ("google", {})
            func.docstring = griffe.Docstring(doc, parent=func, parser=parser, parser_options=options)
