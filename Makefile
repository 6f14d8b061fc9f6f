# Plume — build and test. `make test` runs every test the project has, and installs what a
# fresh machine lacks for them.
SWIFT ?= swift
PYTHON ?= python3
FUZZ_INPUTS ?= 1000000

.PHONY: test unit fuzz e2e e2e-deps system-deps build release clean bench screenshots

# PostgreSQL's server programs (initdb, pg_ctl) live here on Debian when not already on the PATH.
export PATH := $(PATH):/usr/lib/postgresql/15/bin

test: unit fuzz e2e

build:
	$(SWIFT) build

# Swift Testing suites for every module (the leaderboard's on SQLite and on a PostgreSQL the
# tests start themselves). Two runs of one test build: the suites that talk to servers, sockets
# and deadlines first (GameRunnerTests waits on background work and tasks), then the game's
# CPU-bound suites. Run together on two cores, a long simulation holds the test runner's threads
# and a loopback reply, or a task's answer, waits behind it.
NETWORK_SUITES = ^(LeaderboardTests|LeaderboardServerTests|ScoresClientTests|LinkRelayTests|GameRunnerTests)\.
unit: system-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter '$(NETWORK_SUITES)'
	$(SWIFT) test --skip-build --skip '$(NETWORK_SUITES)'

release:
	$(SWIFT) build -c release --product plume

# One million random and structured hostile inputs through the link importer (release build).
fuzz: release
	timeout 1800 .build/release/plume bench links --inputs $(FUZZ_INPUTS)

# The real binary, driven from outside (pytest).
e2e: build e2e-deps
	$(PYTHON) -m pytest -q Tests/E2E

e2e-deps: system-deps
	@$(PYTHON) -c "import pytest, pexpect, pyte, openapi_spec_validator, schemathesis, PIL" 2>/dev/null || \
		$(PYTHON) -m pip install --quiet pytest pexpect pyte openapi-spec-validator schemathesis pillow

# Debian packages the tests use: PostgreSQL (a real server per test run), headless chromium (the
# web pages), wrk (the benchmark), zbar-tools (a real QR decoder), xdg-utils, desktop-file-utils and
# GIO (scheme registration, checked the way a desktop reads it), faketime (the game across
# midnight) and strace (the writes a burst of keys costs). Installed with apt-get when missing; a
# missing PostgreSQL that can't be installed stops `make test` here, loudly.
system-deps:
	@command -v initdb >/dev/null && command -v pg_ctl >/dev/null && command -v createdb >/dev/null || \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null)
	@command -v chromium >/dev/null && command -v wrk >/dev/null || \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium wrk >/dev/null)
	@command -v zbarimg >/dev/null && command -v xdg-mime >/dev/null && command -v update-desktop-database >/dev/null && command -v gio >/dev/null || \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq zbar-tools xdg-utils desktop-file-utils libglib2.0-bin >/dev/null)
	@command -v faketime >/dev/null && command -v strace >/dev/null || \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime strace >/dev/null)
	@command -v initdb >/dev/null && command -v pg_ctl >/dev/null || { echo "PostgreSQL (initdb, pg_ctl) is missing and could not be installed"; exit 1; }

# The leaderboard benchmark at 1 000 000 records (release build; figures for the README).
bench:
	@command -v wrk >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null)
	$(SWIFT) build -c release --product plume-server
	.build/release/plume-server bench --records 1000000

# Pictures of the real game for the README, in docs/images: the Studio, the Lab, and the Scores
# screen against a real plume-server, driven in a pty and rendered with their colours. faketime
# keeps the daily theme fixed (without it the pictures show today's).
screenshots:
	$(SWIFT) build --product plume
	$(SWIFT) build --product plume-server
	@$(PYTHON) -c "import pexpect, pyte, PIL" 2>/dev/null || $(PYTHON) -m pip install --quiet pexpect pyte pillow
	@command -v faketime >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >/dev/null) || true
	$(PYTHON) Tests/E2E/screenshots.py

clean:
	rm -rf .build
