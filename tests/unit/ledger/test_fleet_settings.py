"""Safe configuration of a fleet on one ledger (issue 23): no silent ledger default, the fleet settings stored with
the ledger (rate ceiling, hook form, grace) and refused when a process starts with others, typed options.

Both backends on real servers (the SQLite file, PostgreSQL from the fixtures); several "processes" are several
stores opened on one database, as separate processes would."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from merchant_gateway.errors import ConfigurationError
from merchant_gateway.ledger import Ledger, LedgerOptions, RateLimit, SharedRateLimiter, open_store

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture
def fleet(store_url: str) -> Iterator[Any]:
    """``fleet(**options)``: one more process's ledger on the same database (all closed at the end)."""
    opened: list[Ledger] = []

    def start(**options: Any) -> Ledger:
        ledger = Ledger.open(store_url, timeout=5.0, **options)
        opened.append(ledger)
        return ledger

    yield start
    for ledger in opened:
        ledger.close()


def _slots(ledger: Ledger, name: str = "gateway") -> tuple[int, float, int]:
    with ledger.store.transaction() as tx:
        row = tx.execute("SELECT lim, win FROM mgw_rate WHERE name = ?", (name,))[0]
        n = tx.execute("SELECT count(*) AS n FROM mgw_rate_slots WHERE name = ?", (name,))[0]["n"]
    return int(row["lim"]), float(row["win"]), int(n)


def fulfil(payment: Any) -> None:
    pass


def fulfil_in_tx(payment: Any, tx: Any) -> None:
    pass


# --- no silent ledger default ---------------------------------------------------------------------------------------


def test_a_missing_ledger_url_is_a_configuration_error_that_names_the_variable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It used to open sqlite:///mgw-ledger.sqlite3 in the working directory: a web process deployed without
    MGW_LEDGER_URL kept its own ledger, which no reconciler saw."""
    monkeypatch.delenv("MGW_LEDGER_URL", raising=False)
    monkeypatch.chdir(tmp_path)
    for opening in (Ledger.open, open_store):
        with pytest.raises(ConfigurationError) as info:
            opening()
        assert info.value.variable == "MGW_LEDGER_URL"
        message = str(info.value)
        assert "MGW_LEDGER_URL=postgresql://" in message
        assert "sqlite:///" in message
    assert list(tmp_path.iterdir()) == []  # no ledger file was made


def test_a_relative_sqlite_path_is_refused_naming_the_absolute_form(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A relative sqlite:///payments.db gave the web and the worker, started in other folders, two files (the
    worker reported "0/0 final (100 %)")."""
    monkeypatch.delenv("MGW_LEDGER_URL", raising=False)
    monkeypatch.chdir(tmp_path)
    for call in (Ledger.open, Ledger.migrate, open_store):
        with pytest.raises(ConfigurationError) as info:
            call("sqlite:///payments.db")
        message = str(info.value)
        assert info.value.variable == "MGW_LEDGER_URL"
        assert "'payments.db' is relative" in message
        assert f"sqlite:///{tmp_path}/payments.db" in message  # the absolute form, four slashes
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setenv("MGW_LEDGER_URL", f"sqlite:///{tmp_path}/from-env.db")
    Ledger.migrate()
    with Ledger.open() as ledger:
        assert ledger.store.url.endswith("from-env.db")


def test_a_relative_sqlite_path_is_refused_by_the_commands_with_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from merchant_gateway.cli import main

    monkeypatch.chdir(tmp_path)
    for command in (["ledger", "migrate"], ["ledger"], ["ledger", "settings"]):
        assert main([*command, "--ledger", "sqlite:///payments.db"]) == 2
        assert "absolute path" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


# --- the rate ceiling -----------------------------------------------------------------------------------------------


def test_a_process_with_another_rate_ceiling_refuses_to_start_instead_of_resizing_the_fleets(fleet: Any) -> None:
    """The finding: web processes at 40/s, a reconciler started with 10/s rewrote the shared slots, and the whole
    fleet ran at 10/s (the last process to start decided)."""
    web = fleet(rate_limit=RateLimit(40, 1.0, margin=0.5), replace_settings=True)  # stored deliberately
    assert web.limiter is not None  # the web process's ceiling is in force
    with pytest.raises(ConfigurationError) as info:
        fleet(rate_limit=RateLimit(10, 1.0, margin=0.5))
    message = str(info.value)
    assert info.value.variable == "rate_limit.limit"
    assert "given 10" in message
    assert "hold 40" in message
    assert "mgw ledger settings --set rate_limit.limit=10" in message
    assert "replace_settings=True" in message
    assert _slots(web) == (40, 1.0, 40)  # the fleet's ceiling is untouched


def test_another_window_or_margin_is_refused_too(fleet: Any) -> None:
    fleet(rate_limit=RateLimit(40, 1.0, margin=0.5), replace_settings=True)
    with pytest.raises(ConfigurationError) as info:
        fleet(rate_limit=RateLimit(40, 2.0, margin=0.5))
    assert info.value.variable == "rate_limit.window"
    assert "given 2.0" in str(info.value)
    with pytest.raises(ConfigurationError) as info:
        fleet(rate_limit=RateLimit(40, 1.0, margin=0.2))
    assert info.value.variable == "rate_limit.margin"
    assert "given 0.2" in str(info.value)
    assert "hold 0.5" in str(info.value)


def test_a_process_given_no_ceiling_uses_the_fleets(fleet: Any) -> None:
    fleet(rate_limit=RateLimit(40, 1.0, margin=0.5), replace_settings=True)
    later = fleet()
    assert later.limiter is not None
    assert later.limiter.rate == RateLimit(40, 1.0, margin=0.5)


def test_a_limiter_used_alone_refuses_another_ceiling_too(fleet: Any) -> None:
    ledger = fleet()
    SharedRateLimiter(ledger.store, RateLimit(40, 1.0))
    with pytest.raises(ConfigurationError) as info:
        SharedRateLimiter(ledger.store, RateLimit(10, 1.0))
    assert "40/1" in str(info.value)
    assert "10/1" in str(info.value)
    assert _slots(ledger) == (40, 1.0, 40)


def test_a_ceiling_written_before_fleet_settings_is_the_stored_one(fleet: Any) -> None:
    """A ledger upgraded from a version without the settings table: its mgw_rate row is the fleet's ceiling."""
    old = fleet()
    SharedRateLimiter(old.store, RateLimit(40, 1.0))  # what an older version's process left
    with pytest.raises(ConfigurationError) as info:
        fleet(rate_limit=RateLimit(10, 1.0))
    assert "hold 40" in str(info.value)
    assert fleet(rate_limit=RateLimit(40, 1.0, margin=0.5)).settings["rate_limit.limit"] == "40"


def test_a_first_ceiling_given_to_one_process_is_refused_not_made_the_fleets(fleet: Any) -> None:
    """An operator's one-off run with --rate-limit 10/1 became the whole fleet's ceiling, with no one asking."""
    with pytest.raises(ConfigurationError) as info:
        fleet(rate_limit=RateLimit(10, 1.0))
    message = str(info.value)
    assert info.value.variable == "rate_limit.limit"
    assert "stores none for the fleet" in message
    assert "mgw ledger settings --set rate_limit.limit=10 --set rate_limit.window=1.0" in message
    viewer = fleet()
    assert viewer.settings == {}  # nothing was stored
    assert viewer.limiter is None
    with viewer.store.transaction() as tx:
        assert tx.execute("SELECT name FROM mgw_rate") == []


def test_processes_starting_at_once_with_different_settings_agree_on_one(store_url: str) -> None:
    """Six processes start together, each with its own grace (a setting the first process stores) and, apart from
    the first, a rate ceiling other than the fleet's: one grace is stored and every other one refused, and no
    process stores or resizes a ceiling (never two values, never a resize)."""
    outcomes: dict[int, str] = {}
    barrier = threading.Barrier(6)

    def start(n: int) -> None:
        store = open_store(store_url, timeout=10.0)
        try:
            barrier.wait()
            Ledger(store, grace=60.0 + n, rate_limit=RateLimit(10 + n, 1.0) if n else None)
            outcomes[n] = "started"
        except ConfigurationError:
            outcomes[n] = "refused"
        finally:
            store.close()

    threads = [threading.Thread(target=start, args=(n,)) for n in range(6)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert len(outcomes) == 6
    started = [n for n, outcome in outcomes.items() if outcome == "started"]
    assert started == [0]  # a ceiling given without one stored is refused; the five others' also for their grace
    with Ledger.open(store_url) as ledger:
        assert ledger.settings == {"grace": "60.0"}
        with ledger.store.transaction() as tx:
            assert tx.execute("SELECT name FROM mgw_rate") == []


# --- hook form and grace --------------------------------------------------------------------------------------------


def test_a_process_with_the_other_hook_form_refuses_to_start(fleet: Any) -> None:
    """Strong form in the web processes, a worker started without --hook-in-transaction: its leased hooks and the
    strong form's could run one payment's hook twice at once."""
    fleet()  # a process without a hook (mgw ledger, a web process that leaves hooks to the workers) decides nothing
    fleet(on_final=fulfil_in_tx, hook_in_transaction=True)
    with pytest.raises(ConfigurationError) as info:
        fleet(on_final=fulfil)
    assert info.value.variable == "hook_in_transaction"
    assert "given false" in str(info.value)
    assert "hold true" in str(info.value)
    assert fleet().settings["hook_in_transaction"] == "true"  # a process without a hook still starts


def test_a_process_with_another_grace_refuses_to_start_and_one_without_uses_the_stored(fleet: Any) -> None:
    first = fleet(grace=90)
    assert first.grace == 90.0
    with pytest.raises(ConfigurationError) as info:
        fleet(grace=60.0)
    assert info.value.variable == "grace"
    assert "given 60.0" in str(info.value)
    assert "hold 90.0" in str(info.value)
    assert fleet(grace=90.0).grace == 90.0  # 90 and 90.0 are one value
    assert fleet().grace == 90.0


def test_defaults_a_process_was_not_given_are_not_stored(fleet: Any) -> None:
    viewer = fleet()  # e.g. mgw ledger: reads, decides nothing for the fleet
    assert viewer.grace == 60.0
    assert viewer.limiter is None
    assert viewer.settings == {}
    assert fleet(grace=75.0).grace == 75.0


def test_every_conflict_is_named_in_one_refusal(fleet: Any) -> None:
    fleet(
        grace=90.0,
        on_final=fulfil_in_tx,
        hook_in_transaction=True,
        rate_limit=RateLimit(40, 1.0, margin=0.5),
        replace_settings=True,
    )
    with pytest.raises(ConfigurationError) as info:
        fleet(grace=61.0, on_final=fulfil, rate_limit=RateLimit(10, 1.0, margin=0.5))
    message = str(info.value)
    for part in ("rate_limit.limit", "given 10", "hook_in_transaction", "given false", "grace", "given 61.0"):
        assert part in message


# --- a deliberate change ----------------------------------------------------------------------------------------------


def test_replace_settings_changes_the_fleets_ceiling_and_keeps_the_change(fleet: Any) -> None:
    web = fleet(rate_limit=RateLimit(40, 1.0, margin=0.5), grace=60.0, replace_settings=True)
    changed = fleet(rate_limit=RateLimit(10, 1.0, margin=0.5), replace_settings=True)
    assert changed.limiter is not None
    assert changed.limiter.rate.limit == 10
    assert _slots(web) == (10, 1.0, 10)  # one ceiling, resized for everyone
    with web.store.transaction() as tx:
        log = tx.execute("SELECT name, old_value, new_value, by FROM mgw_settings_log ORDER BY id")
    assert [(r["name"], r["old_value"], r["new_value"]) for r in log if r["name"] == "rate_limit.limit"] == [
        ("rate_limit.limit", None, "40"),
        ("rate_limit.limit", "40", "10"),
    ]
    assert log[-1]["by"] == changed.owner
    assert changed.settings["grace"] == "60.0"  # what it did not give stays
    with pytest.raises(ConfigurationError):  # the old value is now the one refused
        fleet(rate_limit=RateLimit(40, 1.0, margin=0.5))


# --- typed options ------------------------------------------------------------------------------------------------


def test_ledger_options_are_exactly_the_ledgers_keywords() -> None:
    import inspect

    keywords = set(inspect.signature(Ledger.__init__).parameters) - {"self", "store"}
    assert set(LedgerOptions.__annotations__) == keywords


@pytest.mark.slow
def test_a_misspelt_ledger_option_fails_mypy_strict(tmp_path: Path) -> None:
    good = 'from merchant_gateway.ledger import Ledger\n\nLedger.open("sqlite:///x.db", hook_in_transaction=True)\n'
    bad = good.replace("hook_in_transaction", "hook_in_transction")
    (tmp_path / "good.py").write_text(good, encoding="utf-8")
    (tmp_path / "bad.py").write_text(bad, encoding="utf-8")
    env = {**os.environ, "MYPYPATH": os.pathsep.join(str(REPO / p) for p in ("generated_client", "overlays"))}
    cmd = [sys.executable, "-m", "mypy", "--strict", f"--cache-dir={tmp_path}/cache", "good.py", "bad.py"]
    run = subprocess.run(cmd, env=env, cwd=tmp_path, capture_output=True, text=True, check=False)
    errors = [line for line in run.stdout.splitlines() if ": error:" in line]
    assert not [e for e in errors if e.startswith("good.py")], run.stdout + run.stderr
    assert any(e.startswith("bad.py") and '"hook_in_transction"' in e for e in errors), textwrap.shorten(
        run.stdout + run.stderr, 2000
    )


# --- mgw reconcile --worker ---------------------------------------------------------------------------------------


def _worker(url: str, sandbox: Any, *flags: str) -> int:
    from ledger_support import MERCHANT, SALT
    from merchant_gateway.cli import main

    config = ["--base-url", sandbox.base_url, "--apps-url", sandbox.apps_url, "--auth-url", sandbox.auth_url]
    config += ["--merchant-id", MERCHANT, "--salt-key", SALT, "--salt-index", "1"]
    return main(["reconcile", "--worker", "--once", "--ledger", url, "--json", *flags, *config])


def test_the_worker_takes_the_fleets_margin_and_refuses_another_ceiling(
    tmp_path: Path, sandbox: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path}/fleet.db"
    Ledger.migrate(url)
    Ledger.open(url, rate_limit=RateLimit(40, 1.0, margin=0.2), replace_settings=True).close()  # set deliberately
    assert _worker(url, sandbox, "--rate-limit", "40/1") == 0  # no --rate-margin: the stored 0.2, not a default
    capsys.readouterr()
    assert _worker(url, sandbox, "--rate-limit", "10/1") == 2
    said = capsys.readouterr()  # with --json the error is the one document on stdout
    err = said.out + said.err
    assert "rate_limit.limit" in err
    assert "given 10" in err
    assert "hold 40" in err
    assert "--set" in err
    assert _worker(url, sandbox, "--rate-limit", "40/1", "--rate-margin", "0.5") == 2
    assert "rate_limit.margin" in capsys.readouterr().out
    with Ledger.open(url) as ledger:
        assert ledger.settings["rate_limit.margin"] == "0.2"
        assert _slots(ledger) == (40, 1.0, 40)


def test_the_worker_margin_not_given_on_a_new_ledger_is_the_documented_one(tmp_path: Path, sandbox: Any) -> None:
    """The CLI's default margin was 0.0 while docs/operations.md recommends 0.5: one value, 0.5. A worker's
    --rate-limit never stores the fleet's first ceiling: that is mgw ledger settings --set."""
    from merchant_gateway.cli import main

    url = f"sqlite:///{tmp_path}/fleet.db"
    Ledger.migrate(url)
    assert _worker(url, sandbox, "--rate-limit", "40/1") == 2  # a one-off run does not decide for the fleet
    with Ledger.open(url) as ledger:
        assert ledger.settings == {}
    assert main(["ledger", "settings", "--ledger", url, "--set", "rate_limit.limit=40", "--by", "ops"]) == 0
    assert _worker(url, sandbox, "--rate-limit", "40/1") == 0
    with Ledger.open(url) as ledger:
        assert ledger.settings["rate_limit.margin"] == "0.5"
    assert RateLimit(40).margin == 0.5  # the library's default is the same
    docs = (REPO / "docs" / "operations.md").read_text(encoding="utf-8")
    assert "--rate-limit 40/1 --rate-margin 0.5" in docs or "margin=0.5" in docs


# --- mgw ledger settings --------------------------------------------------------------------------------------------


def test_mgw_ledger_settings_shows_them_and_changes_them_deliberately(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from merchant_gateway.cli import main

    url = f"sqlite:///{tmp_path}/fleet.db"
    Ledger.migrate(url)
    Ledger.open(url, rate_limit=RateLimit(40, 1.0), grace=60.0, replace_settings=True).close()
    assert main(["ledger", "settings", "--ledger", url, "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["settings"]["rate_limit.limit"] == "40"
    assert shown["settings"]["grace"] == "60.0"
    assert shown["set"]["grace"]["at"].endswith("Z")  # ISO 8601 times, not epoch numbers
    assert shown["log"][0]["at"].endswith("Z")
    assert "T" in shown["log"][0]["at"]

    assert main(["ledger", "settings", "--ledger", url, "--set", "rate_limit.limit=10"]) == 2  # who decides?
    assert "--by" in capsys.readouterr().err
    assert main(["ledger", "settings", "--ledger", url, "--set", "rate_limit.limit=ten", "--by", "ops"]) == 2
    err = capsys.readouterr().err
    assert "rate_limit.limit: must be an integer from 1 to 100000, not 'ten'" in err
    assert (
        main(
            ["ledger", "settings", "--ledger", url, "--set", "grace=90", "--set", "rate_limit.limit=10", "--by", "asha"]
        )
        == 0
    )
    text = capsys.readouterr().out
    assert "rate_limit.limit: 40 -> 10 by asha" in text
    assert "grace: 60.0 -> 90.0 by asha" in text
    with pytest.raises(ConfigurationError):  # the old ceiling is now the one refused
        Ledger.open(url, rate_limit=RateLimit(40, 1.0)).close()
    with Ledger.open(url) as ledger:
        assert ledger.grace == 90.0
        assert _slots(ledger) == (10, 1.0, 10)


def test_a_first_ceiling_set_from_the_shell_needs_its_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from merchant_gateway.cli import main

    url = f"sqlite:///{tmp_path}/fleet.db"
    Ledger.migrate(url)
    assert main(["ledger", "settings", "--ledger", url, "--set", "rate_limit.margin=0.3", "--by", "ops"]) == 2
    assert "rate_limit.limit" in capsys.readouterr().err
    assert main(["ledger", "settings", "--ledger", url, "--set", "rate_limit.limit=25", "--by", "ops"]) == 0
    with Ledger.open(url) as ledger:
        assert ledger.limiter is not None
        assert ledger.limiter.rate == RateLimit(25, 1.0, margin=0.5)


def test_a_worker_started_after_a_deliberate_grace_change_uses_it(
    tmp_path: Path, sandbox: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """The worker has no grace of its own to give (its timeout and reconcile_grace are the defaults): it takes the
    fleet's, so a change made with mgw ledger settings does not lock the workers out."""
    from merchant_gateway.cli import main

    url = f"sqlite:///{tmp_path}/fleet.db"
    Ledger.migrate(url)
    assert main(["ledger", "settings", "--ledger", url, "--set", "grace=90", "--by", "ops"]) == 0
    capsys.readouterr()
    assert _worker(url, sandbox) == 0, capsys.readouterr()
    with Ledger.open(url) as ledger:
        assert ledger.settings["grace"] == "90.0"
        assert ledger.grace == 90.0
