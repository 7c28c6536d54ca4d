"""A reconciler worker through a PostgreSQL outage, end to end (issue 34): `mgw reconcile --worker --log-format json`
serving two merchants from a merchants file (each against its own local sandbox, with its own salt), on a
PostgreSQL ledger (a throwaway server started here) that is stopped for ``outage`` seconds and started again.

What it finds, as an :class:`OutageReport`: every stderr line of the worker, and whether each parses as JSON (the
driver's own reconnect warnings included); the worker's events (``database.unavailable``, ``database.recovered``);
whether the payments written down before the outage, those open through it and those written after it were all
settled; and the worker's exit status after SIGTERM. A real outage takes real time: ``outage`` seconds of it. The
CI test (tests/unit/ledger/test_worker_outage.py) runs a short one; the issue's 60 s outage is a soak step:

    python soak/ledger_outage.py --outage 60 --out build/soak/ledger_outage.json

or, from a benchmark or soak driver, ``run(outage=60.0)`` (``soak.ledger_outage``). Waits for the worker are
bounded (``settle_bound``); nothing here measures how long anything took.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MERCHANTS = {"OUTAGESHOPA": ("outage-salt-a-31c2", "1"), "OUTAGESHOPB": ("outage-salt-b-8e07", "2")}


@dataclass
class OutageReport:
    outage: float  # seconds the database was down
    exit_status: int | None  # the worker's, after SIGTERM
    lines: int  # stderr lines the worker wrote
    not_json: list[str]  # the stderr lines that are not one JSON object (at most 20, each cut to 200 characters)
    events: dict[str, int]  # the worker's events by name
    settled: dict[str, bool]  # phase (before, through, after) -> every payment of it final PAYMENT_SUCCESS
    open_left: list[str]  # transaction ids not final when the run ended
    secrets_seen: bool  # a salt in the worker's stdout or stderr
    stdout: str = ""
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


class _Lines:
    """The worker's stderr, read line by line in a thread (so it never blocks on a full pipe)."""

    def __init__(self, stream: Any) -> None:
        self.lines: list[str] = []
        self.changed = threading.Condition()
        self._thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self._thread.start()

    def _read(self, stream: Any) -> None:
        for line in stream:
            with self.changed:
                self.lines.append(line.rstrip("\n"))
                self.changed.notify_all()

    def events(self) -> Counter[str]:
        found: Counter[str] = Counter()
        with self.changed:
            for line in self.lines:
                with contextlib.suppress(ValueError, AttributeError):
                    found[json.loads(line).get("event", "")] += 1
        return found

    def wait_for(self, event: str, count: int, bound: float) -> bool:
        ends = time.monotonic() + bound
        with self.changed:
            while True:
                if self._count(event) >= count:
                    return True
                left = ends - time.monotonic()
                if left <= 0:
                    return False
                self.changed.wait(left)

    def _count(self, event: str) -> int:
        n = 0
        for line in self.lines:
            with contextlib.suppress(ValueError, AttributeError):
                n += json.loads(line).get("event") == event
        return n

    def join(self, timeout: float) -> None:
        self._thread.join(timeout)


def _wait_until(done: Callable[[], bool], bound: float, every: float = 0.2) -> bool:
    ends = time.monotonic() + bound
    while True:
        with contextlib.suppress(Exception):  # the ledger may still be reconnecting: ask again
            if done():
                return True
        if time.monotonic() > ends:
            return False
        time.sleep(every)


@contextlib.contextmanager
def _sandboxes() -> Iterator[dict[str, Any]]:
    import merchant_gateway_sandbox as sb

    with contextlib.ExitStack() as stack:
        yield {
            merchant: stack.enter_context(
                sb.start_sandbox(port=0, merchant_id=merchant, salts={index: salt}, settle_after=0.2)
            )
            for merchant, (salt, index) in MERCHANTS.items()
        }


def _merchants_file(folder: Path, sandboxes: dict[str, Any]) -> tuple[Path, dict[str, str]]:
    """The merchants file (A's salt from an environment variable, B's from a file) and the environment it needs."""
    (a, (salt_a, index_a)), (b, (salt_b, index_b)) = MERCHANTS.items()
    (folder / "b.salt").write_text(salt_b + "\n", encoding="utf-8")
    os.chmod(folder / "b.salt", 0o600)

    def hosts(merchant: str) -> str:
        s = sandboxes[merchant]
        return f'base_url = "{s.base_url}"\napps_url = "{s.apps_url}"\nauth_url = "{s.auth_url}"\n'

    path = folder / "merchants.toml"
    path.write_text(
        f'[[merchant]]\nmerchant_id = "{a}"\nsalt_index = "{index_a}"\nsalt_key_env = "OUTAGE_SALT_A"\n{hosts(a)}\n'
        f'[[merchant]]\nmerchant_id = "{b}"\nsalt_index = {index_b}\nsalt_key_file = "b.salt"\n{hosts(b)}',
        encoding="utf-8",
    )
    return path, {"OUTAGE_SALT_A": salt_a}


def _pay(url: str, sandboxes: dict[str, Any], phase: str, per_merchant: int, behind: float) -> list[tuple[str, str]]:
    """Payments written down by a web process whose clock is ``behind`` seconds late: their first status check (20 s
    after the start) is due ``20 - behind`` seconds from now. Returns (merchant, transaction id) pairs."""
    from merchant_gateway import Gateway, GatewayConfig
    from merchant_gateway.ledger import Ledger

    made: list[tuple[str, str]] = []
    with Ledger.open(url, clock=lambda: time.time() - behind) as web:
        for merchant, (salt, index) in MERCHANTS.items():
            s = sandboxes[merchant]
            hosts = {"base_url": s.base_url, "apps_url": s.apps_url, "auth_url": s.auth_url}
            config = GatewayConfig(merchant_id=merchant, salt_key=salt, salt_index=index, timeout=5.0, **hosts)
            with Gateway(config, observer=web.observer) as gw:
                for i in range(per_merchant):
                    txn = f"{phase.upper()}{merchant[-1]}{i}X{int(time.time() * 1000) % 10**9}"
                    gw.debit_v4_web(
                        transaction_id=txn, amount=700 + i, merchant_order_id=f"O-{txn}", merchant_user_id="U"
                    )
                    made.append((merchant, txn))
    return made


def _all_final(url: str, made: list[tuple[str, str]]) -> bool:
    from merchant_gateway.ledger import Ledger

    with Ledger.open(url, timeout=2.0) as ledger:
        for merchant, txn in made:
            p = ledger.get(txn, merchant)
            if p is None or not p.is_final:
                return False
    return True


def _not_final(url: str, made: list[tuple[str, str]]) -> tuple[list[str], dict[str, bool]]:
    from merchant_gateway.ledger import Ledger

    left: list[str] = []
    success: dict[str, bool] = {}
    with Ledger.open(url, timeout=5.0) as ledger:
        for merchant, txn in made:
            p = ledger.get(txn, merchant)
            if p is None or not p.is_final:
                left.append(txn)
            success[txn] = p is not None and p.succeeded
    return left, success


def run(
    outage: float = 60.0,
    *,
    per_merchant: int = 2,
    settle_bound: float = 120.0,
    python: str = sys.executable,
) -> OutageReport:
    """One run: the worker started on a fresh PostgreSQL ledger, payments settled, the database stopped for
    ``outage`` seconds (and at least until the worker has said so), started again, payments settled again, the
    worker stopped by SIGTERM. ``settle_bound``: the longest wait for each phase's payments (a problem past it)."""
    from merchant_gateway.ledger import Ledger
    from merchant_gateway.ledger.testing import local_postgres

    if not outage > 0:
        raise ValueError("outage must be a positive number of seconds")
    problems: list[str] = []
    with local_postgres() as server, _sandboxes() as sandboxes, tempfile.TemporaryDirectory() as tmp:
        Ledger.migrate(server.url)
        merchants, secret_env = _merchants_file(Path(tmp), sandboxes)
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            **({"PYTHONPATH": os.environ["PYTHONPATH"]} if os.environ.get("PYTHONPATH") else {}),
            "MGW_LEDGER_URL": server.url,
            "MGW_ENV": "local",
            "MGW_TIMEOUT": "3",  # the ledger waits this long for its database: the outage is seen within it
            **secret_env,
        }
        argv = [python, "-m", "merchant_gateway", "reconcile", "--worker", "--log-format", "json"]
        argv += ["--merchants", str(merchants), "--heartbeat", "1", "--database-bound", str(max(300.0, 3 * outage))]
        worker = subprocess.Popen(
            argv, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
        )
        assert worker.stderr is not None
        lines = _Lines(worker.stderr)
        made: dict[str, list[tuple[str, str]]] = {}
        stdout = ""
        down_for = 0.0
        try:
            if not lines.wait_for("worker.started", 1, settle_bound):
                problems.append("the worker did not start")
            # each phase's first status checks are due about 1 s after they are written down, when the sandbox
            # has settled them (0.2 s): one check each, not a PAYMENT_PENDING and a wait for the schedule's next
            made["before"] = _pay(server.url, sandboxes, "before", per_merchant, behind=19.0)
            if not _wait_until(lambda: _all_final(server.url, made["before"]), settle_bound):
                problems.append("the payments written before the outage were not settled")
            made["through"] = _pay(server.url, sandboxes, "through", per_merchant, behind=19.0)  # due in the outage
            server.stop()
            down_at = time.monotonic()
            if not lines.wait_for("database.unavailable", 1, settle_bound):
                problems.append("the worker never said the database was unavailable")
            time.sleep(max(0.0, outage - (time.monotonic() - down_at)))  # the outage itself
            down_for = time.monotonic() - down_at
            server.start()
            if not lines.wait_for("database.recovered", 1, settle_bound):
                problems.append("the worker never said the database was back")
            made["after"] = _pay(server.url, sandboxes, "after", per_merchant, behind=19.0)
            everything = [pair for phase in made.values() for pair in phase]
            if not _wait_until(lambda: _all_final(server.url, everything), settle_bound):
                problems.append("payments open through or written after the outage were not settled")
        finally:
            with contextlib.suppress(ProcessLookupError):
                worker.send_signal(signal.SIGTERM)
            try:
                worker.wait(timeout=60)  # not communicate(): stderr is the reader thread's alone
            except subprocess.TimeoutExpired:
                problems.append("the worker did not stop within 60 s of SIGTERM")
                worker.kill()
                worker.wait(timeout=30)
            assert worker.stdout is not None
            stdout = worker.stdout.read()  # a few lines: they fit the pipe while it runs
            worker.stdout.close()
            lines.join(30)
            worker.stderr.close()
        left, success = _not_final(server.url, [pair for phase in made.values() for pair in phase])
    not_json = []
    for line in lines.lines:
        try:
            doc = json.loads(line)
        except ValueError:
            doc = None
        if not isinstance(doc, dict):
            not_json.append(line[:200])
    settled = {phase: all(success.get(txn, False) for _, txn in pairs) for phase, pairs in made.items()}
    text = stdout + "\n".join(lines.lines)
    secrets_seen = any(salt in text for salt, _ in MERCHANTS.values())
    if not_json:
        problems.append(f"{len(not_json)} stderr line(s) of the worker are not JSON")
    if worker.returncode != 0:
        problems.append(f"the worker exited with status {worker.returncode} after SIGTERM")
    if not all(settled.values()) or left:
        problems.append(f"not settled (or not PAYMENT_SUCCESS): {left[:10]}")
    if secrets_seen:
        problems.append("a salt key appeared in the worker's output")
    return OutageReport(
        outage=round(down_for, 1),
        exit_status=worker.returncode,
        lines=len(lines.lines),
        not_json=not_json[:20],
        events=dict(lines.events()),
        settled=settled,
        open_left=left,
        secrets_seen=secrets_seen,
        stdout=stdout.strip()[-500:],
        problems=problems,
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0] if __doc__ else None)
    p.add_argument("--outage", type=float, default=60.0, help="seconds the database is down (default 60)")
    p.add_argument("--per-merchant", type=int, default=2, help="payments per merchant in each phase (default 2)")
    p.add_argument("--out", type=Path, help="write the report as JSON here")
    args = p.parse_args(argv)
    report = run(args.outage, per_merchant=args.per_merchant)
    doc = {**asdict(report), "ok": report.ok}
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(json.dumps(doc, indent=2, sort_keys=True))
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
