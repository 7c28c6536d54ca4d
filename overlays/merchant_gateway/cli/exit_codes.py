"""The exit statuses of every `mgw` command, in one place: each command module returns these names, and `mgw
--help`, `mgw reconcile --help` and the README explain the same numbers."""

from __future__ import annotations

OK = 0  # success; a worker that stopped cleanly (SIGTERM, SIGINT, --once done)
FAILED = 1  # the gateway said no, or a check failed
USAGE = 2  # bad input or configuration: nothing was sent; fix it, do not restart
UNKNOWN = 3  # outcome unknown: the message names the mgw status command to run
NOT_FINAL = 4  # no final status before the deadline (pending, not failed)
INCOMPLETE = 5  # mgw demo: no step failed, but some were skipped
LEDGER_DOWN = 6  # the ledger's database cannot be used (nothing was changed)
HEALTH_WARN = 7  # mgw ledger health: a check at its warning threshold
HEALTH_CRITICAL = 8  # ... at its critical threshold
HOOK_UNUSABLE = 9  # mgw reconcile --worker: the --hook cannot be imported (its module must be on PYTHONPATH)

HELP = (
    "exit status: 0 success; 1 the gateway said no or a check failed; 2 bad input or configuration (nothing was "
    "sent); 3 outcome unknown (run the mgw status command the message names); 4 no final status before the "
    "deadline (pending, not failed); 5 mgw demo: no step failed, but some were skipped; 6 the ledger's database "
    "cannot be used (nothing was changed); 7 / 8 mgw ledger health: a check at its warning / critical threshold; "
    "9 mgw reconcile --worker: the --hook cannot be imported"
)
WORKER_HELP = (
    "worker exit status: 0 stopped cleanly (SIGTERM, SIGINT, or --once done); 2 configuration error (a flag, an "
    "MGW_* variable, the ledger URL): fix it, do not restart; 6 the ledger's database unavailable at start, or for "
    "longer than --database-bound: restart with a delay, alert; 9 the --hook cannot be imported (its module must "
    "be on PYTHONPATH): fix the deployment, do not restart"
)
