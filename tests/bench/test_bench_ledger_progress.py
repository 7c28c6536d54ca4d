"""bench/ledger.py's progress lines name the backend each row ran on: the rows run through PgBouncer say pgbouncer,
not postgresql (their URL is a postgresql:// one, PgBouncer's being marked by its pool_mode)."""

from __future__ import annotations

from typing import Any

import pytest

from bench.ledger import backend_name, progress  # the repository root is on pytest's `pythonpath`


def test_each_backend_is_named_from_its_url(postgres_server: Any) -> None:
    from merchant_gateway.ledger.testing import local_pgbouncer

    with local_pgbouncer(postgres_server, pool_size=1) as bouncer:  # the URL behind_pgbouncer's rows run on
        assert backend_name(bouncer.url) == "pgbouncer"
    assert backend_name(postgres_server.url) == "postgresql"
    assert backend_name("sqlite:////tmp/bench.sqlite3") == "sqlite"


def test_a_pgbouncer_row_is_labelled_pgbouncer(capsys: pytest.CaptureFixture[str]) -> None:
    progress("postgresql://postgres@127.0.0.1:6432/postgres?pool_mode=transaction", "lifecycle 8 workers", {"n": 1})
    progress("postgresql://postgres@127.0.0.1:5432/postgres", "limiter", [{"workers": 1}])
    assert capsys.readouterr().err.splitlines() == [
        "pgbouncer lifecycle 8 workers: {'n': 1}",
        "postgresql limiter: [{'workers': 1}]",
    ]
