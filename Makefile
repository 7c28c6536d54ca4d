# One entry point for people and CI. Every target sets up what it needs (.venv, npm tools) by itself.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
TOOLS := .tools
TOOLS_STAMP := $(TOOLS)/.installed-stamp
export PATH := $(CURDIR)/$(VENV)/bin:$(PATH)

.PHONY: demo test check generate check-generated lint spec-lint spec-bundle schemathesis bench soak dist publish docs release-check clean

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	@touch $(STAMP)

$(TOOLS_STAMP): spec/lint/package.json
	npm install --prefix $(TOOLS) --no-audit --no-fund --loglevel=error $$(node -e 'const p=require("./spec/lint/package.json");console.log(Object.entries(p.devDependencies).map(([n,v])=>n+"@"+v).join(" "))')
	@touch $(TOOLS_STAMP)

demo: $(STAMP)
	$(VENV)/bin/mgw demo

test: $(STAMP)
	$(PY) -m pytest -m "not slow"

check: lint spec-lint check-generated schemathesis

lint: $(STAMP)
	$(VENV)/bin/ruff check generator overlays sandbox tests
	$(VENV)/bin/ruff format --check generator overlays sandbox
	MYPYPATH=generated_client:overlays:sandbox $(VENV)/bin/mypy --strict -p merchant_gateway_client -p merchant_gateway -p merchant_gateway_sandbox
	$(VENV)/bin/mypy --strict generator

spec-lint: $(STAMP) $(TOOLS_STAMP)
	bash spec/lint/run.sh

generate: $(STAMP)
	$(PY) -m generator

check-generated: $(STAMP)
	$(PY) -m generator --check

spec-bundle: $(STAMP)
	@mkdir -p build
	$(PY) spec/bundle.py build/openapi.bundled.json
	@echo "wrote build/openapi.bundled.json"

schemathesis: $(STAMP)
	$(PY) -m pytest -q -m slow tests/sandbox

clean:
	rm -rf build dist .mypy_cache .ruff_cache
