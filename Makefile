# One entry point for people and CI. Every target sets up what it needs (.venv, npm tools, Debian's chromium
# where it can) by itself, so a fresh clone needs only Python, node and git.
SHELL := /bin/bash
# The main venv is the oldest Python the package declares (requires-python >= 3.11: the machines' python3);
# `make test-py313` runs the suite on the newest (3.13) in a venv of its own.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
# Development tools are pyproject.toml's [dependency-groups] dev; this lock pins them, the runtime dependencies and
# the sandbox extra to exact versions and hashes (every venv installs from it; `make lock` refreshes it).
LOCK := tools/deps/dev-lock.txt
TOOLS := .tools
TOOLS_STAMP := $(TOOLS)/.installed-stamp
TS_STAMP := $(TOOLS)/.ts-installed-stamp
export PATH := $(CURDIR)/$(VENV)/bin:$(PATH)
# npm tools are installed with `npm ci` from a committed package-lock.json: the same tree on every machine.
# $(call npm_ci,SOURCE_DIR,PREFIX) copies SOURCE_DIR's package.json and package-lock.json into PREFIX and installs.
npm_ci = mkdir -p $(2) && cp $(1)/package.json $(1)/package-lock.json $(2)/ && npm ci --prefix $(2) --no-audit --no-fund --loglevel=error

.PHONY: npm-lock demo example test test-py313 test-lowest lock check generate api-map check-generated lint spec-lint spec-bundle schemathesis \
	bench soak soak-ledger bench-ledger dist publish docs release-check release-notes release-e2e conformance conformance-check ts-check java-check \
	browser postgres clean

$(STAMP): pyproject.toml $(LOCK)
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r $(LOCK)
	$(PY) -m pip install -q --no-deps -e .
	@touch $(STAMP)

# Re-resolve the lock from pyproject.toml (runtime dependencies + extra sandbox + group dev) with uv (group lock),
# universal: one file for Linux/macOS/Windows and every Python from 3.11 on.
lock:
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q --group lock
	$(VENV)/bin/uv pip compile pyproject.toml --extra sandbox --group dev --universal --python-version 3.11 \
	  --generate-hashes --custom-compile-command 'make lock' --quiet --output-file $(LOCK)

# the spec linters (Spectral, Redocly CLI) and the TypeScript package's dependencies and build tools (openapi-fetch,
# tsc, openapi-typescript, @types/node): one tree, tools/npm/package-lock.json
$(TOOLS_STAMP): tools/npm/package.json tools/npm/package-lock.json
	$(call npm_ci,tools/npm,$(TOOLS))
	@touch $(TOOLS_STAMP)

# Refresh the npm lock files from their package.json (the registry's current tree for the pinned versions).
npm-lock:
	for d in tools/npm tests/release/recipes clients/typescript/e2e; do \
	  (cd $$d && npm install --package-lock-only --no-audit --no-fund --loglevel=error) || exit 1; done

# the TypeScript package's tools are in the same tree (tools/npm); the name stays for the targets that need them
$(TS_STAMP): $(TOOLS_STAMP)
	@touch $(TS_STAMP)

# Browser tests drive Debian's chromium (never a downloaded browser). Installed when we are root with apt;
# otherwise those tests skip and say why.
# SYSTEM_PACKAGES=no: install no system package (the tests that need one skip and say why).
SYSTEM_PACKAGES ?= yes
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$(SYSTEM_PACKAGES)" != no ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "make: installing the system package chromium (apt-get, as root) for the browser tests (the API reference,"; \
	    echo "      the JS SDK example); to install nothing: make test SYSTEM_PACKAGES=no (those tests then skip, saying why)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "chromium is not installed and cannot be: browser tests will be skipped" >&2; fi; }

# The payment ledger's PostgreSQL tests (tests/unit/ledger), `make soak` and `make bench` start a throwaway server from
# Debian's postgresql binaries (never a downloaded build); installed when we are root with apt, else those tests skip.
postgres:
	@command -v pg_ctl >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || { \
	  if [ "$(SYSTEM_PACKAGES)" != no ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "make: installing the system package postgresql (apt-get, as root) for the ledger's PostgreSQL tests"; \
	    echo "      (and make soak, make bench); to install nothing: make test SYSTEM_PACKAGES=no (those tests then skip)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; \
	  else echo "postgresql is not installed and cannot be: PostgreSQL ledger tests will be skipped" >&2; fi; }

demo: $(STAMP)
	$(VENV)/bin/mgw demo

# The example shop end to end (examples/shop/run_example.py): PostgreSQL, the sandbox with faults on, the FastAPI shop
# on uvicorn[standard] (uvloop, httptools, JSON logs) with 2 workers and a reconciler on free loopback ports;
# EXAMPLE_ORDERS orders, a web worker and the reconciler SIGKILLed mid-run; checks every order against the sandbox's
# record and that none was fulfilled twice. Logs: build/example-shop.
EXAMPLE_ORDERS ?= 300
example: $(STAMP) postgres
	$(PY) examples/shop/run_example.py --orders $(EXAMPLE_ORDERS) --json build/example-shop/summary.json

# The suite on TEST_PROCESSES pytest-xdist workers, two per core: much of the suite waits (sockets, subprocesses,
# real leases), so on 2 cores 4 workers keep both busy (each worker collects the suite once, ~6 s of CPU). From a
# fresh clone on 2 cores (2026-11-26): 2:11 of pytest time, 2:48 and 3:21 with a busy-loop hog beside it. Each
# worker has its own sandboxes, PostgreSQL servers, ports and temporary folders. --dist worksteal: each worker starts
# on one contiguous part of the suite (so a module's sandbox, database or build is set up on one worker, not on all
# four as round-robin `load` does) and idle workers take half of a busy one's queue. (Not --dist loadgroup: with
# pytest 9.2 it silently stops grouping, pytest-xdist issue 1386.) TEST_PROCESSES=0: one process.
TEST_PROCESSES ?= $(shell echo $$((2 * $$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1))))
# TEST_ARGS: more pytest arguments (test-py313 passes --skip-other-runtimes).
TEST_ARGS ?=
test: $(STAMP) $(TS_STAMP) browser postgres
	$(PY) -m pytest -m "not slow" -n $(TEST_PROCESSES) --dist worksteal $(TEST_ARGS)

# The same suite on Python 3.13, the newest the package declares, in .venv-3.13 from the same lock. PY313 names
# the interpreter; by default the first python3.13 that runs (on PATH, else pyenv's). The tests of other runtimes
# (the JVM and TypeScript packages, the JS SDK's typings, pages in chromium) are skipped there, saying why: the
# Python version changes nothing in them, and `make test` runs them (tests/conftest.py, --skip-other-runtimes).
test-py313:
	@py="$(PY313)"; \
	if [ -z "$$py" ]; then \
	  for c in python3.13 "$${PYENV_ROOT:-$$HOME/.pyenv}"/versions/3.13*/bin/python3.13; do \
	    if "$$c" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 13))' 2>/dev/null; then py=$$c; break; fi; \
	  done; \
	fi; \
	test -n "$$py" || { echo "test-py313: no Python 3.13 found; set PY313=/path/to/python3.13" >&2; exit 1; }; \
	echo "test-py313: $$py ($$("$$py" --version))"; \
	$(MAKE) --no-print-directory test PYTHON="$$py" VENV=.venv-3.13 TEST_ARGS=--skip-other-runtimes

# The lowest versions pyproject.toml allows, of the runtime dependencies and of every extra's (tools/deps/lowest.py
# reads them from pyproject.toml, so a floor is written once, and checks the venv really holds them), in a venv of
# their own, on TEST_PROCESSES workers like `make test`. The main venv resolves the newest. What runs: the wire corpus
# and the overlay's unit tests; and each extra's own tests: sandbox, its suite but for the peers it drives (chromium,
# curl, Java) and the spec replay's YAML reader; postgres, tests/unit/ledger on PostgreSQL (`-k "not sqlite"`: the
# standard library's SQLite has no floor here) but for three long runs whose subject is not the driver (the CLI's
# subprocesses, the model-based test, the kit's cases: 330 of the ledger's 810 s of test time); telemetry,
# tests/unit/telemetry and the ledger worker's spans; truststore, tests/unit/tls. Two tests are left out for their
# peer's age, not ours, and `make test` runs them: the Prometheus exporter of the API's floor takes no `registry`,
# and the libpq of psycopg-binary's floor (16) does not quote the malformed password whose masking one test reads.
# LOWEST_TEST_PEERS: what those tests use beside the package, pinned: the OpenTelemetry SDK and Prometheus exporter
# released with the API's floor (the SDK needs its API's very version; tests/release/test_dev_env.py keeps them
# together).
LOWEST_VENV := build/lowest-venv
LOWEST_EXTRAS := sandbox,postgres,telemetry,truststore
LOWEST_TEST_PEERS := opentelemetry-sdk==1.30.0 opentelemetry-exporter-prometheus==0.51b0 trustme==1.2.1
LOWEST_K := not sqlite and not test_a_password_the_driver_quotes_is_masked_and_its_exception_not_kept \
  and not test_metrics_scraped_from_the_standard_prometheus_exporter
# both of test-lowest's pytest runs, in the lowest venv
LOWEST_PYTEST = $(LOWEST_VENV)/bin/python -m pytest -n $(TEST_PROCESSES) --dist worksteal -m "not slow" -k "$(LOWEST_K)" -rs

test-lowest: $(STAMP) postgres
	@test -x $(LOWEST_VENV)/bin/python || $(PYTHON) -m venv $(LOWEST_VENV)
	@mkdir -p build
	$(PY) tools/deps/lowest.py --extras $(LOWEST_EXTRAS) > build/lowest-constraints.txt
	$(LOWEST_VENV)/bin/python -m pip install -q -e '.[$(LOWEST_EXTRAS)]' -c build/lowest-constraints.txt \
	  pytest==9.2.0 pytest-asyncio==1.5.0 pytest-timeout==2.4.0 pytest-xdist==3.8.0 hypothesis==6.170.15 \
	  uvloop==0.23.0 $(LOWEST_TEST_PEERS)
	$(LOWEST_VENV)/bin/python tools/deps/lowest.py --extras $(LOWEST_EXTRAS) --check
	$(LOWEST_PYTEST) \
	  tests/system/wire tests/unit/transports/test_transports.py tests/unit/gateway \
	  tests/unit/pipeline/test_pipeline.py tests/unit/retry/test_retry_rules.py tests/unit/verdicts/test_verdicts.py \
	  tests/unit/checks/test_payload_problems.py tests/unit/checks/test_amounts_validation.py
	# the extras' tests in processes of their own: the transports' memory bounds trace every thread of a process,
	# and these leave servers and pools running in the worker that runs them
	$(LOWEST_PYTEST) \
	  tests/system/sandbox --ignore tests/system/sandbox/test_browser.py \
	  --ignore tests/system/sandbox/test_standard_clients.py --ignore tests/system/sandbox/test_spec_examples_replay.py \
	  tests/unit/ledger --ignore tests/unit/ledger/test_cli_operator.py --ignore tests/unit/ledger/test_ledger_model.py \
	  --ignore tests/unit/ledger/test_kit_client_cases.py tests/unit/telemetry tests/unit/tls

check: lint spec-lint check-generated conformance-check release-check ts-check schemathesis

# bench/ and soak/ are held to the same checks; the bench's peers that only the bench venv has (phonepe,
# openapi-generator's client, generated at bench time) are the narrow type-ignores at their imports. mypy checks what
# pyproject.toml's [tool.mypy] `files` lists (the three packages, generator, bench, soak): the pre-commit hook runs
# the same command, so both check one list.
lint: $(STAMP)
	$(VENV)/bin/ruff check generator overlays sandbox tests tools spec examples bench soak
	$(VENV)/bin/ruff format --check generator overlays sandbox tests tools spec examples bench soak
	$(VENV)/bin/mypy --strict
	$(VENV)/bin/lint-imports --no-cache --no-logo
	$(PY) tools/derive_sync.py --check  # every _sync.py is its _async.py derived (unasync), up to date

spec-lint: $(STAMP) $(TOOLS_STAMP)
	bash spec/lint/run.sh

generate: $(STAMP)
	$(PY) -m generator
	$(PY) tools/api_map.py  # docs/api.md follows the generated operations and outcome table

# docs/api.md, the method map: every public method, its operations and their verdicts (tests/docs/test_api_map.py
# fails when it is stale)
api-map: $(STAMP)
	$(PY) tools/api_map.py

check-generated: $(STAMP)
	$(PY) -m generator --check
	$(PY) -m generator.outcomes  # docs/design.md shows the current outcome table
	$(PY) tools/api_map.py --check  # docs/api.md shows the current methods and verdicts

spec-bundle: $(STAMP)
	@mkdir -p build
	$(PY) spec/bundle.py build/openapi.bundled.json
	@echo "wrote build/openapi.bundled.json"

# Release artifacts for generators and other languages (tools/artifacts/README.md): the bundled JSON, the variant
# without webhooks, the webhooks alone, one document per host, operations.json + its schema; validated.
.PHONY: spec-artifacts ts-release-e2e
spec-artifacts: $(STAMP)
	$(PY) tools/artifacts/make_artifacts.py --out build/artifacts

schemathesis: $(STAMP)
	$(PY) -m pytest -m slow tests/system/sandbox

conformance: $(STAMP)
	$(PY) tools/conformance/make_kit.py --write-shipped

conformance-check: $(STAMP)
	$(PY) tools/conformance/make_kit.py --check

# The TypeScript package (@merchant-gateway/client: built, node --test on the kit, the vectors and the payment story
# against the sandbox) and standard generators on the release artifacts (tsc --strict, base URL per host).
# TS_CHECK_STEPS: run.sh's steps (.ci/run leaves out `test`, which `make test` has run: tests/typescript/test_package.py).
TS_CHECK_STEPS ?= all
ts-check: $(STAMP) $(TS_STAMP)
	bash clients/typescript/run.sh $(TS_CHECK_STEPS)

# The JVM package (com.merchantgateway:merchant-gateway-client, clients/java): built offline (mvn -o) into build/java
# and the whole conformance kit run through it; `clients/java/run.sh publish` puts it into build/registries/maven.
java-check: $(STAMP)
	bash clients/java/run.sh package kit

dist: $(STAMP)
	bash tools/release/dist.sh dist

publish: dist
	bash tools/release/publish.sh dist

release-check: $(STAMP)
	$(PY) tools/release/release_check.py

# spec/spec-diff.json (derived, committed; shipped in the wheel, the npm package and the jar with spec/CHANGELOG.md)
release-notes: $(STAMP)
	$(PY) tools/release/release_notes.py --write-shipped

# tests/release/test_recipes.py runs docs/other-languages.md's recipes with their tools at the tested versions
RECIPES_STAMP := $(TOOLS)/recipes/.installed-stamp
$(RECIPES_STAMP): tests/release/recipes/package.json tests/release/recipes/package-lock.json
	$(call npm_ci,tests/release/recipes,$(TOOLS)/recipes)
	@touch $(RECIPES_STAMP)
release-e2e: $(STAMP) $(RECIPES_STAMP)
	$(PY) -m pytest -m slow tests/release

# The npm package published to a real npm registry on loopback (Verdaccio, from the npm registry, in .tools/verdaccio),
# installed from it into an empty folder and run against the sandbox (tests/typescript/test_npm_publish_e2e.py).
VERDACCIO_STAMP := $(TOOLS)/verdaccio/.installed-stamp
$(VERDACCIO_STAMP): clients/typescript/e2e/package.json clients/typescript/e2e/package-lock.json
	$(call npm_ci,clients/typescript/e2e,$(TOOLS)/verdaccio)
	@touch $(VERDACCIO_STAMP)
ts-release-e2e: $(STAMP) $(TS_STAMP) $(VERDACCIO_STAMP)
	$(PY) -m pytest -m slow tests/typescript/test_npm_publish_e2e.py

# The same two registries for people (tools/release/registries.py, docs/publishing.md): a package index and an npm
# registry on free loopback ports until Ctrl-C (or `make registries-stop` from another shell); state in
# build/registries (credentials made per run in build/registries/env, never printed). The TypeScript tools too: the
# npm steps it prints build the package with them (clients/typescript/run.sh package).
.PHONY: registries registries-stop
release-e2e: $(VERDACCIO_STAMP)  # tests/release/test_registries.py starts `make registries` for real
registries: $(STAMP) $(VERDACCIO_STAMP) $(TS_STAMP)
	$(PY) tools/release/registries.py --dir build/registries
registries-stop: $(STAMP)
	$(PY) tools/release/registries.py --dir build/registries --stop

docs: $(STAMP) $(TOOLS_STAMP)
	bash docs/api/build.sh

# Benchmarks run in their own venv: the peers they compare against (phonepe, openapi-generator's client,
# urllib3) must not leak into the project's environment or its import-time measurements.
BENCH_VENV := build/bench-venv
BENCH_STAMP := $(BENCH_VENV)/.installed-stamp-3
$(BENCH_STAMP): pyproject.toml
	@test -x $(BENCH_VENV)/bin/python || $(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/pip install -q -e '.[sandbox]' urllib3 phonepe==1.0.1 openapi-generator-cli==7.26.0 \
	  rfc3339-validator
	@touch $(BENCH_STAMP)
# BENCH_ARGS=--quick: every section once, briefly (~2 min with the ledger's quick scale; CI runs it, .ci/run).
# A full run renders its figures into docs/performance.md (bench/report.py, between its markers); a quick or
# --only run goes to build/bench-report.md instead and never replaces them.
BENCH_LEDGER_ARGS ?= $(if $(findstring --quick,$(BENCH_ARGS)),--quick)
bench: $(STAMP) $(BENCH_STAMP)
	$(BENCH_VENV)/bin/python bench/run.py --write-doc $(BENCH_ARGS)
	$(MAKE) --no-print-directory bench-ledger  # the payment ledger's scale (main venv: psycopg, a local PostgreSQL)

# The payment ledger alone (issue 18; the chaos soak is also a step of `make soak`, the scale bench of `make bench`):
# 10,000 payments through 6 workers on PostgreSQL and SQLite with SIGKILLs, and throughput/claims/100,000 open
# payments; both write their section of docs/reliability.md (soak/ledger_report.py).
soak-ledger: $(STAMP) postgres
	timeout 2700 $(PY) soak/ledger_chaos.py --payments $${SOAK_LEDGER_PAYMENTS:-10000} --out build/soak/ledger_chaos.json; \
	s=$$?; $(PY) soak/ledger_report.py build/soak/ledger_chaos.json build/bench_ledger.json docs/reliability.md; exit $$s
# A quick ledger run (BENCH_LEDGER_ARGS=--quick, also what BENCH_ARGS=--quick sets) writes beside the full run's
# files, never over them: its scale is too small to replace docs/reliability.md's figures.
LEDGER_QUICK = $(findstring --quick,$(BENCH_LEDGER_ARGS))
LEDGER_OUT = $(if $(LEDGER_QUICK),build/bench_ledger-quick.json,build/bench_ledger.json)
LEDGER_DOC = $(if $(LEDGER_QUICK),build/reliability-quick.md,docs/reliability.md)
bench-ledger: $(STAMP) postgres
	$(PY) bench/ledger.py --out $(LEDGER_OUT) $(BENCH_LEDGER_ARGS); \
	s=$$?; $(PY) soak/ledger_report.py build/soak/ledger_chaos.json $(LEDGER_OUT) $(LEDGER_DOC); exit $$s

soak: $(STAMP) postgres
	$(PY) -m pip install -q atheris==3.0.0
	PY=$(PY) bash soak/run.sh

clean:
	rm -rf build dist .mypy_cache .ruff_cache
