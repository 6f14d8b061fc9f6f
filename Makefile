# Plume — build and test. `make test` runs every test the project has, and installs what a
# fresh machine lacks for them.
SWIFT ?= swift
PYTHON ?= python3

.PHONY: dist dist-check dist-deps test unit unit-suites e2e-suite fuzz fuzz-long sanitize e2e e2e-deps system-deps static-deps build release release-server clean bench bench-hostile bench-ssh bench-watch bench-themes bench-lab screenshots install uninstall manuals openapi

# PostgreSQL's server programs (initdb, pg_ctl) live here on Debian when not already on the PATH.
export PATH := $(PATH):/usr/lib/postgresql/15/bin

# `make test`'s build: debug, in a directory of its own (.build/test, so that a developer's
# `swift build` and `swift run plume` in .build keep theirs), without what only a debugger or an
# editor reads: no debug information, no index of the C code (BoringSSL, twice, is a third of
# the build), and no XCTest pass (every suite is Swift Testing). The Swift code is still indexed:
# SwiftPM finds the test modules' entry points in that index. The game and the server behave
# the same; a fresh build takes about a quarter less.
TEST_SCRATCH = .build/test
# (The index is written where SwiftPM reads it, under the target's own directory: the `debug` link
# beside it is made only at the end of a build.)
TEST_FLAGS = --scratch-path $(TEST_SCRATCH) --disable-index-store --disable-xctest -debug-info-format none \
	-Xswiftc -index-store-path -Xswiftc $(CURDIR)/$(TEST_SCRATCH)/$(shell uname -m)-unknown-linux-gnu/debug/index/store
TEST_BIN = $(CURDIR)/$(TEST_SCRATCH)/debug

# Every test. The release build of plume (`make release`'s recipe) starts first, in a directory
# of its own (SwiftPM locks a build directory, and the install test builds in the test build's),
# in a session of its own whose scheduling group has the lowest weight: Linux shares the CPU
# between sessions before it reads `nice`, and every game a terminal test starts is a session of
# its own, so `nice` alone gave the build as much CPU as a test's game. It takes what the test
# build, the suites and the fuzz runs leave (they wait on servers, terminals and browsers). Then
# the test build; the unit suites; the E2E suite; the fuzz build and its runs, which instrument
# this package's modules in the test build's directory (the E2E suite runs the uninstrumented
# game and server); last the one test that reads the release binary, once it is built.
RELEASE_CHECK = Tests/E2E/test_install.py::test_the_release_build_links_the_swift_runtime_in
BESIDE = .build/beside-tests
test: system-deps e2e-deps static-deps dist-deps
	@set -e; mkdir -p .build; \
	setsid $(SHELL) -c 'echo 19 > /proc/self/autogroup 2>/dev/null || true; \
		exec nice -n 19 $(SWIFT) build $(RELEASE_FLAGS) --scratch-path $(BESIDE) --product plume' > $(BESIDE).log 2>&1 & build=$$!; \
	trap 'kill -- -$$build 2>/dev/null || kill $$build 2>/dev/null || true' EXIT INT TERM; \
	echo "the release build of plume runs beside the tests (log: $(BESIDE).log)"; \
	$(SWIFT) build $(TEST_FLAGS) --build-tests; \
	$(MAKE) --no-print-directory unit-suites e2e-suite fuzz E2E_ARGS="--deselect $(RELEASE_CHECK)"; \
	echo "waiting for the release build of plume (log: $(BESIDE).log)"; \
	wait $$build || { tail -40 $(BESIDE).log; echo "the release build of plume failed"; exit 1; }; \
	tail -1 $(BESIDE).log; \
	PLUME_RELEASE_PLUME=$(CURDIR)/$(BESIDE)/release/plume $(PYTHON) -m pytest -q -p no:xdist $(RELEASE_CHECK)

build:
	$(SWIFT) build

# Swift Testing suites for every module (the leaderboard's on SQLite and on a PostgreSQL the
# tests start themselves). Two runs of one test build: the suites that talk to servers, sockets
# and deadlines first (GameRunnerTests waits on background work and tasks), then the game's
# CPU-bound suites. Run together on two cores, a long simulation holds the test runner's threads
# and a loopback reply, or a task's answer, waits behind it.
NETWORK_SUITES = ^(LeaderboardTests|LeaderboardServerTests|ScoresClientTests|LinkRelayTests|GameRunnerTests)\.
unit: system-deps
	$(SWIFT) build $(TEST_FLAGS) --build-tests
	$(MAKE) --no-print-directory unit-suites
# The suites run from the test binary itself, as `swift test --skip-build` runs it (which first
# spends about 17 s planning a build it then skips).
TEST_RUNNER = $(TEST_BIN)/PlumePackageTests.xctest --testing-library swift-testing
unit-suites:
	$(TEST_RUNNER) --filter '$(NETWORK_SUITES)'
	$(TEST_RUNNER) --skip '$(NETWORK_SUITES)'

# The API's OpenAPI document, written from the calls' declarations (Sources/ScoresAPI/Calls) by
# `plume-server openapi` into the file the server serves; OpenAPIDocumentTests fails while the
# committed copy is not what the declarations write. Written beside, then moved: a failed run
# leaves the committed file as it was.
OPENAPI = Sources/LeaderboardServer/openapi.json
openapi:
	$(SWIFT) build --product plume-server
	"$$($(SWIFT) build --show-bin-path)/plume-server" openapi > $(OPENAPI).new
	mv $(OPENAPI).new $(OPENAPI)

# Release builds link the Swift standard library and Foundation statically: the installed
# binaries need nothing from the toolchain. Static FoundationNetworking (the game's scores client)
# links the system's libcurl, whose link-time files are in libcurl4-openssl-dev.
RELEASE_FLAGS = -c release --static-swift-stdlib
release: static-deps
	$(SWIFT) build $(RELEASE_FLAGS) --product plume

release-server: static-deps
	$(SWIFT) build $(RELEASE_FLAGS) --product plume-server

static-deps:
	@test -e /usr/lib/$$(uname -m)-linux-gnu/libcurl.so || \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libcurl4-openssl-dev >/dev/null)

# Man pages made from the commands' own help by swift-argument-parser's `generate-manual` (the
# tool its manual plugin runs), into .build/manuals: one page per program with every subcommand in
# it. The tool is run directly on the debug binaries (MANUAL_FLAGS chooses which debug build: the
# ordinary one by default) — the plugin would first build every product again under its own
# build parameters, which cost minutes and made nothing new. The debug build says the same as the
# release one.
MANUAL_FLAGS ?=
manuals:
	$(SWIFT) build $(MANUAL_FLAGS) --product plume
	$(SWIFT) build $(MANUAL_FLAGS) --product plume-server
	$(SWIFT) build $(MANUAL_FLAGS) --product generate-manual
	@set -e; bin=$$($(SWIFT) build $(MANUAL_FLAGS) --show-bin-path); \
	rm -rf .build/manuals && mkdir -p .build/manuals; \
	for tool in plume plume-server; do "$$bin/generate-manual" "$$bin/$$tool" --output-directory .build/manuals; done
	@ls .build/manuals/plume.1 .build/manuals/plume-server.1 >/dev/null

# `make install PREFIX=…` (default /usr/local; DESTDIR is honoured): both binaries, their
# resources in PREFIX/share/plume (where the binaries look for them, from any directory), man
# pages, and bash, zsh and fish completions written by the binaries themselves. Every file is
# listed in PREFIX/share/plume/install-manifest.txt, which `make uninstall` removes exactly.
PREFIX ?= /usr/local
ROOT = $(DESTDIR)$(PREFIX)
MANIFEST = $(ROOT)/share/plume/install-manifest.txt
# INSTALL_FLAGS chooses the build installed: release with the runtime linked in (the default),
# or a debug build: the E2E install test installs the one under test (`make test`'s, with
# INSTALL_FLAGS and MANUAL_FLAGS both its TEST_FLAGS) so as not to build plume-server for release
# a second time on CI.
INSTALL_FLAGS ?= $(RELEASE_FLAGS)
install: manuals static-deps
	$(SWIFT) build $(INSTALL_FLAGS) --product plume
	$(SWIFT) build $(INSTALL_FLAGS) --product plume-server
	@set -e; \
	bin=$$($(SWIFT) build $(INSTALL_FLAGS) --show-bin-path); \
	mkdir -p "$(ROOT)"; made=""; \
	for dir in bin share share/plume share/man share/man/man1 share/bash-completion share/bash-completion/completions \
		share/zsh share/zsh/site-functions share/fish share/fish/vendor_completions.d; do \
		if [ ! -d "$(ROOT)/$$dir" ]; then mkdir "$(ROOT)/$$dir"; made="$$made $$dir"; fi; \
	done; \
	if [ -f "$(MANIFEST)" ]; then grep '^dir ' "$(MANIFEST)" > "$(MANIFEST).new" || true; else : > "$(MANIFEST).new"; fi; \
	for dir in $$made; do echo "dir $$dir" >> "$(MANIFEST).new"; done; \
	for tool in plume plume-server; do \
		install -m 0755 "$$bin/$$tool" "$(ROOT)/bin/$$tool"; echo "bin/$$tool" >> "$(MANIFEST).new"; \
		"$$bin/$$tool" --generate-completion-script bash > "$(ROOT)/share/bash-completion/completions/$$tool"; \
		"$$bin/$$tool" --generate-completion-script zsh > "$(ROOT)/share/zsh/site-functions/_$$tool"; \
		"$$bin/$$tool" --generate-completion-script fish > "$(ROOT)/share/fish/vendor_completions.d/$$tool.fish"; \
		printf '%s\n' "share/bash-completion/completions/$$tool" "share/zsh/site-functions/_$$tool" \
			"share/fish/vendor_completions.d/$$tool.fish" >> "$(MANIFEST).new"; \
	done; \
	for page in .build/manuals/*.1; do \
		install -m 0644 "$$page" "$(ROOT)/share/man/man1/"; echo "share/man/man1/$$(basename $$page)" >> "$(MANIFEST).new"; \
	done; \
	for bundle in "$$bin"/Plume_*.resources; do \
		name=$$(basename "$$bundle"); rm -rf "$(ROOT)/share/plume/$$name"; cp -R "$$bundle" "$(ROOT)/share/plume/$$name"; \
		(cd "$(ROOT)" && find "share/plume/$$name" -type f) >> "$(MANIFEST).new"; \
	done; \
	echo "share/plume/install-manifest.txt" >> "$(MANIFEST).new"; \
	mv "$(MANIFEST).new" "$(MANIFEST)"; \
	echo "installed plume and plume-server in $(ROOT)/bin ($$(wc -l < "$(MANIFEST)") files, listed in $(MANIFEST))"

# Packages for people without Swift (scripts/dist.py says what is in each): dist/plume_VERSION_ARCH.deb,
# dist/plume-server_VERSION_ARCH.deb, dist/plume-VERSION-linux-MACHINE.tar.gz and SHA256SUMS, from
# release builds in a directory of their own (.build/dist) with PLUME_DIST_BUILD set (Package.swift):
# the binaries carry a smaller package of ICU's data (scripts/icu-data.py) and export no symbols.
# Manual pages come from these binaries. lintian reads both packages; an error fails. About 12
# minutes from nothing on 2 cores.
DIST_SCRATCH = .build/dist
DIST_FLAGS = $(RELEASE_FLAGS) --scratch-path $(DIST_SCRATCH) -debug-info-format none
DIST_BUILD = PLUME_DIST_BUILD=1 $(SWIFT) build $(DIST_FLAGS)
dist: static-deps dist-deps
	SWIFT=$(SWIFT) $(PYTHON) scripts/icu-data.py Sources/CICUData
	$(DIST_BUILD) --product plume
	$(DIST_BUILD) --product plume-server
	$(DIST_BUILD) --product generate-manual
	@set -e; bin=$$($(DIST_BUILD) --show-bin-path); \
	rm -rf $(DIST_SCRATCH)/manuals && mkdir -p $(DIST_SCRATCH)/manuals; \
	for tool in plume plume-server; do "$$bin/generate-manual" "$$bin/$$tool" --output-directory $(DIST_SCRATCH)/manuals; done; \
	SWIFT=$(SWIFT) $(PYTHON) scripts/dist.py --bin "$$bin" --manuals $(DIST_SCRATCH)/manuals --checkouts $(DIST_SCRATCH)/checkouts --out dist

# The packages proved where no Swift exists (scripts/dist-check.py): two clean Debian roots made
# by mmdebstrap from Debian's package registry; in one, `apt install` of each .deb, the game
# played as a new user in a pty, the server run as its system user, then removed and purged; in
# the other, the tarball's install.sh, the same checks, and uninstall.sh. It makes the packages
# first (`make dist`: 12 minutes from nothing, under 2 when built), so it always proves this
# checkout's. Not part of `make test`; the check itself takes about 2 minutes.
dist-check: dist
	@$(PYTHON) -c "import pexpect, pyte" 2>/dev/null || $(PYTHON) -m pip install --quiet pexpect pyte
	$(PYTHON) scripts/dist-check.py dist

# What `make dist` and its checks use (`make test` checks the packaging scripts on its own build):
# dpkg-shlibdeps, lintian, mmdebstrap, strip, file, and ICU's icupkg (reads the smaller ICU data back).
dist-deps:
	@command -v dpkg-shlibdeps >/dev/null && command -v lintian >/dev/null && command -v mmdebstrap >/dev/null && \
		command -v strip >/dev/null && command -v file >/dev/null && command -v icupkg >/dev/null || \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq dpkg-dev lintian mmdebstrap binutils file icu-devtools >/dev/null)

# Removes exactly the files `make install` listed, then the folders it made (never one that was
# there before it), each only if it is empty.
uninstall:
	@set -e; \
	test -f "$(MANIFEST)" || { echo "nothing to uninstall: $(MANIFEST) is missing"; exit 1; }; \
	dirs=$$(sed -n 's/^dir //p' "$(MANIFEST)" | sort -r); \
	grep -v '^dir ' "$(MANIFEST)" | while read -r file; do rm -f "$(ROOT)/$$file"; done; \
	find "$(ROOT)/share/plume" -mindepth 1 -depth -type d -empty -delete 2>/dev/null || true; \
	for dir in $$dirs; do if [ "$$dir" = . ]; then rmdir "$(ROOT)" 2>/dev/null || true; else rmdir "$(ROOT)/$$dir" 2>/dev/null || true; fi; done; \
	echo "uninstalled plume and plume-server from $(ROOT)"

# Coverage-guided fuzzing: every libFuzzer harness of plume-fuzz (Fuzz/) for FUZZ_SECONDS each,
# from its corpus, with its dictionary; prints executions per second, coverage and corpus size,
# and fails on an input that breaks a harness's rule (kept in .build/fuzz-out); harnesses run one
# per core. Built in the test build's directory with PLUME_FUZZ_BUILD set (Package.swift): this
# package's modules are compiled again instrumented (-sanitize=fuzzer), the dependencies already
# built are used as they are. The next test build compiles this package's modules again.
FUZZ_SECONDS ?= 5
FUZZ_BUILD = PLUME_FUZZ_BUILD=1 $(SWIFT) build $(TEST_FLAGS) --product plume-fuzz
fuzz: static-deps
	$(FUZZ_BUILD)
	PLUME_FUZZ_BIN=$(TEST_BIN)/plume-fuzz $(PYTHON) scripts/fuzz.py $(FUZZ_SECONDS)

# Long runs: SECONDS per harness; what reached new code is merged, minimised, into Fuzz/corpus.
SECONDS ?= 600
fuzz-long: static-deps
	$(FUZZ_BUILD)
	PLUME_FUZZ_BIN=$(TEST_BIN)/plume-fuzz $(PYTHON) scripts/fuzz.py --merge $(SECONDS)

# The C code (the swarm kernel, the pseudo-terminal shim) under AddressSanitizer and
# UndefinedBehaviorSanitizer: their tests, in a build of their own (not in `make test`).
# (Swift itself takes only AddressSanitizer on Linux; UBSan is the C compiler's, linked by clang.)
SANITIZE_FLAGS = --scratch-path .build/sanitize --sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined \
	-Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined
sanitize: static-deps
	$(SWIFT) build $(SANITIZE_FLAGS) --build-tests
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 LSAN_OPTIONS=suppressions=$(CURDIR)/Fuzz/lsan.supp \
		$(SWIFT) test --skip-build $(SANITIZE_FLAGS) \
		--filter '^(SwarmSimTests|LeaderboardServerTests\.PseudoTerminalTests)'

# The real binaries, driven from outside (pytest), three tests at a time (pytest-xdist): most
# of a test is waiting on a server, a terminal or a browser. Then the tests marked `alone` (the
# floods, the watcher cap: they load the machine and bound a wait) one at a time. `make e2e` runs
# them on the ordinary debug build, `make test` on its own; the install test installs the build
# under test.
E2E_PYTEST = $(PYTHON) -m pytest -q -n 3 --durations=12 -m "not alone" Tests/E2E
E2E_ALONE = $(PYTHON) -m pytest -q -p no:xdist --durations=5 -m alone Tests/E2E
E2E_ENV = PLUME_BIN=$(TEST_BIN)/plume PLUME_SERVER_BIN=$(TEST_BIN)/plume-server PLUME_TEST_FLAGS="$(TEST_FLAGS)"
e2e: build e2e-deps
	$(E2E_PYTEST)
	$(E2E_ALONE)
e2e-suite:
	$(E2E_ENV) $(E2E_PYTEST) $(E2E_ARGS)
	$(E2E_ENV) $(E2E_ALONE) $(E2E_ARGS)

e2e-deps: system-deps
	@$(PYTHON) -c "import pytest, xdist, pexpect, pyte, wcwidth, openapi_spec_validator, schemathesis, PIL, numpy, websocket" 2>/dev/null || \
		$(PYTHON) -m pip install --quiet pytest pytest-xdist pexpect pyte wcwidth openapi-spec-validator schemathesis pillow numpy websocket-client

# Debian packages the tests use: PostgreSQL (a real server per test run), headless chromium (the
# web pages), wrk (the benchmark), zbar-tools (a real QR decoder), xdg-utils, desktop-file-utils and
# GIO (scheme registration, checked the way a desktop reads it), faketime (the game across
# midnight), strace (the writes a burst of keys costs; the files an installed binary opens) and
# systemd-analyze (the packaged unit), OpenSSH's client (play over SSH) and xterm.js (node-xterm, with libjs-xterm: the
# watch page). Installed with apt-get when missing; a
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
	@command -v systemd-analyze >/dev/null || \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq systemd >/dev/null)
	@command -v ssh >/dev/null && command -v ssh-keygen >/dev/null && command -v sftp >/dev/null && command -v ssh-agent >/dev/null || \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssh-client >/dev/null)
	@test -f /usr/share/nodejs/xterm/lib/public/Terminal.js || \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq node-xterm >/dev/null)
	@command -v initdb >/dev/null && command -v pg_ctl >/dev/null || { echo "PostgreSQL (initdb, pg_ctl) is missing and could not be installed"; exit 1; }

# The leaderboard benchmark at 1 000 000 records (release build; figures for the README).
bench: release-server
	@command -v wrk >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null)
	.build/release/plume-server bench --records 1000000

# The hostile-load benchmark: honest top-50 reads with and without a slowloris of 20 000
# connections from one address (release build; figures in docs/performance.md).
bench-hostile: release-server
	@command -v wrk >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null)
	$(PYTHON) scripts/hostile-bench.py

# Play over SSH: connection to first frame, an idle session's memory and CPU, and how many idle
# sessions the read benchmark tolerates (release builds, the real OpenSSH client; figures in
# docs/performance.md).
bench-ssh: release release-server
	@command -v wrk >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null)
	@$(PYTHON) -c "import pexpect, pyte" 2>/dev/null || $(PYTHON) -m pip install --quiet pexpect pyte
	$(PYTHON) scripts/ssh-bench.py

# Many hosts and watching: connect to first frame with saves from the store, take-over between
# two hosts on PostgreSQL, and one game watched by 50 watchers (release builds; figures in
# docs/performance.md).
bench-watch: release release-server system-deps
	@$(PYTHON) -c "import pexpect, pyte" 2>/dev/null || $(PYTHON) -m pip install --quiet pexpect pyte
	$(PYTHON) scripts/watch-bench.py

# The style score's difficulty, measured exactly for every theme under both rule versions: the
# best score, how many distinct outfits reach it, and what a player who follows the hints scores
# (scripts/style-solver; about 5–9 minutes on one core; figures in docs/performance.md).
bench-themes:
	@$(PYTHON) -c "import numpy" 2>/dev/null || $(PYTHON) -m pip install --quiet numpy
	cd scripts/style-solver && $(PYTHON) solve.py all

# The Lab's ceiling: how high a search with a budget climbs on six briefs spread over a year
# (PlumeBench's LabAttacker, two briefs at a time; about 20 minutes): the best after 300 and after
# 3 000 candidates, and of a search held to one or two ingredients (figures in docs/performance.md).
bench-lab: release
	.build/release/plume bench lab --briefs 6 --workers 2

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
