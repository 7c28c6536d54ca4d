"""The reconciler worker's heartbeat (issue 23, "Workers that speak"): each worker's row in the ledger's database
with its host, pid, start, last beat and counters, on SQLite and PostgreSQL; a SIGKILLed worker's row stays with
the counters it had reached and a beat that grows old."""

from __future__ import annotations

import os
import socket
from typing import Any

from merchant_gateway.ledger import Ledger


def test_a_workers_beats_are_listed_with_host_pid_times_and_counters(make_ledger: Any, clock: Any) -> None:
    worker: Ledger = make_ledger(owner="host-a:101:abcd")
    reader: Ledger = make_ledger()
    assert reader.workers() == []

    worker.worker_beat({"checks": 3, "errors": 1}, merchant_id="M1")
    started = clock()
    clock.advance(10)
    worker.worker_beat({"checks": 7, "finals": 2, "hook_failures": 1, "errors": 2}, merchant_id="M1")

    (w,) = reader.workers()
    assert (w.name, w.host, w.pid, w.merchant_id) == ("host-a:101:abcd", socket.gethostname(), os.getpid(), "M1")
    assert w.started_at == started
    assert w.beat_at == started + 10
    assert w.counters == {
        "checks": 7,
        "finals": 2,
        "hooks": 0,
        "hook_failures": 1,
        "errors": 2,
        "lost": 0,
        "released": 0,
    }
    assert w.running
    assert w.stopped_at is None
    clock.advance(25)
    assert w.age(reader.clock()) == 25  # what a health check compares with its threshold


def test_a_clean_stop_is_recorded_and_a_killed_workers_row_stays(make_ledger: Any, clock: Any) -> None:
    stopped: Ledger = make_ledger(owner="h:1:stopped")
    killed: Ledger = make_ledger(owner="h:2:killed")
    stopped.worker_beat({"checks": 1})
    killed.worker_beat({"checks": 4})
    clock.advance(5)
    stopped.worker_beat({"checks": 2}, stopped=True, exit_status=0)

    by_name = {w.name: w for w in stopped.workers()}
    assert by_name["h:1:stopped"].stopped_at is not None
    assert by_name["h:1:stopped"].exit_status == 0
    assert not by_name["h:1:stopped"].running
    assert by_name["h:2:killed"].running
    assert by_name["h:2:killed"].counters["checks"] == 4
    assert [w.name for w in stopped.workers(running_only=True)] == ["h:2:killed"]


def test_rows_of_workers_silent_for_a_week_are_removed_when_a_worker_starts(make_ledger: Any, clock: Any) -> None:
    old: Ledger = make_ledger(owner="h:1:old")
    old.worker_beat({})
    clock.advance(8 * 24 * 3600)
    make_ledger(owner="h:2:new").worker_beat({})
    assert [w.name for w in old.workers()] == ["h:2:new"]
