#!/usr/bin/env bash
# The whole reliability campaign of issue 9, bounded in count and time, loopback only; stops by itself.
# Called by `make soak` (PY = the venv's python). Results go to build/soak/, the report to docs/reliability.md.
set -uo pipefail
PY="${PY:-.venv/bin/python}"
OUT="${SOAK_OUT:-build/soak}"
PAYMENTS="${SOAK_PAYMENTS:-5000}"
FUZZ_RUNS="${SOAK_FUZZ_RUNS:-200000}"
mkdir -p "$OUT"
status=0

echo "== 1/3 tests/system/reliability (regular suite, figures collected)"
start=$(date +%s)
MGW_RELIABILITY_SCALE="${SOAK_SCALE:-5}" MGW_RELIABILITY_STATS="$OUT/reliability_stats.json" timeout 900 "$PY" -m pytest -q -p no:cacheprovider \
    tests/system/reliability --junitxml="$OUT/reliability.xml" || status=1
echo "{\"seconds\": $(( $(date +%s) - start )), \"scale\": \"${SOAK_SCALE:-5}\"}" > "$OUT/reliability_time.json"

echo "== wire corpus (issue 14): hostile raw-socket servers x every shipped transport, sync and async"
timeout 600 "$PY" -m pytest -q -p no:cacheprovider tests/system/wire --junitxml="$OUT/wire.xml" || status=1

echo "== 2/3 soak: $PAYMENTS payments with callbacks, partial refunds and low-rate faults"
timeout 1500 "$PY" soak/soak.py --payments "$PAYMENTS" --out "$OUT/soak.json" || status=1

echo "== 3/3 coverage-guided fuzzing of the callback and form-post verifiers (atheris)"
timeout 1200 "$PY" soak/fuzz_callbacks.py --runs "$FUZZ_RUNS" --max-seconds 180 --out "$OUT/fuzz.json" || status=1

echo "== payment ledger chaos soak (issue 18): ${SOAK_LEDGER_PAYMENTS:-10000} payments, 6 workers on PostgreSQL and SQLite, SIGKILLs"
timeout 2700 "$PY" soak/ledger_chaos.py --payments "${SOAK_LEDGER_PAYMENTS:-10000}" --out "$OUT/ledger_chaos.json" || status=1

echo "== a JSON reconciler worker (two merchants) through a ${SOAK_OUTAGE_SECONDS:-60} s PostgreSQL outage (issue 34)"
timeout 900 "$PY" soak/ledger_outage.py --outage "${SOAK_OUTAGE_SECONDS:-60}" --out "$OUT/ledger_outage.json" || status=1

"$PY" soak/report.py "$OUT" docs/reliability.md || status=1
echo "== verdicts (issue 22): wire corpus, verdict property tests, kit verdict cases, ledger model test"
"$PY" soak/verdict_report.py docs/reliability.md || status=1
"$PY" soak/ledger_report.py "$OUT/ledger_chaos.json" build/bench_ledger.json docs/reliability.md || status=1
echo "wrote docs/reliability.md (exit $status)"
exit $status
