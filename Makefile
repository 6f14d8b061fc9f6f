# Plume — build and test. `make test` runs every test the project has, and installs what a
# fresh machine lacks for them.
SWIFT ?= swift
PYTHON ?= python3
FUZZ_INPUTS ?= 1000000

.PHONY: test unit fuzz e2e e2e-deps build release clean

test: unit fuzz e2e

build:
	$(SWIFT) build

# Swift Testing suites for every module.
unit:
	$(SWIFT) test

release:
	$(SWIFT) build -c release --product plume

# One million random and structured hostile inputs through the link importer (release build).
fuzz: release
	timeout 1800 .build/release/plume bench links --inputs $(FUZZ_INPUTS)

# The real binary, driven from outside (pytest).
e2e: build e2e-deps
	$(PYTHON) -m pytest -q Tests/E2E

e2e-deps:
	@$(PYTHON) -c "import pytest, pexpect, pyte, openapi_spec_validator" 2>/dev/null || $(PYTHON) -m pip install --quiet pytest pexpect pyte openapi-spec-validator

clean:
	rm -rf .build
