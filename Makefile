# authctl: build, test, demo and benchmark. `make help` lists the targets.
SWIFT    ?= swift
PREFIX   ?= /usr/local
VENV     := .venv
PYTHON   := $(VENV)/bin/python
DEBUG_BIN   := .build/debug/authctl
RELEASE_BIN := .build/release/authctl

.PHONY: help build release release-check install demo demo-firebase test unit-test e2e-test venv bench fuzz fuzz-build fuzz-smoke clean

help:
	@echo "make build     debug build of authctl (.build/debug/authctl)"
	@echo "make release   optimised build (.build/release/authctl)"
	@echo "make install   install the release build to \$$(PREFIX)/bin (PREFIX=$(PREFIX))"
	@echo "make demo      sign in to a local OpenID provider it starts itself"
	@echo "make demo-firebase   the same, with the account in a (loopback) Firebase project"
	@echo "make test      install the test dependencies and run every test"
	@echo "make release-check   the release binary runs without the Swift toolchain"
	@echo "make bench     hot-path and crypto timings, as ratios to baselines"
	@echo "make fuzz      every libFuzzer target for FUZZ_SECONDS each (default $(FUZZ_SECONDS))"
	@echo "make clean     remove build products and the test venv"

build:
	$(SWIFT) build --product authctl

# The Swift runtime and Foundation linked in: runs without the toolchain, loads no networking
# library at start (libcurl comes with dlopen at the first request).
RELEASE_FLAGS := -c release --static-swift-stdlib

release:
	$(SWIFT) build $(RELEASE_FLAGS) --product authctl

install: release
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 0755 $(RELEASE_BIN) "$(DESTDIR)$(PREFIX)/bin/authctl"
	ln -sf authctl "$(DESTDIR)$(PREFIX)/bin/docker-credential-authctl"

# The Python venv with the pinned identity providers and test tools (Tests/e2e/requirements.txt).
venv:
	bash Tests/e2e/setup-venv.sh "$(VENV)"

demo: build venv
	AUTHCTL_BIN="$(CURDIR)/$(DEBUG_BIN)" $(PYTHON) Tests/e2e/demo.py

demo-firebase: build venv
	AUTHCTL_BIN="$(CURDIR)/$(DEBUG_BIN)" $(PYTHON) Tests/e2e/demo.py --firebase

# The unit tests on a debug build; a short fuzz of every parser; the end-to-end suite on the
# static release binary users get.
test: unit-test release-check fuzz-smoke
	$(MAKE) e2e-test E2E_BIN=$(RELEASE_BIN)

unit-test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# The end-to-end suite against E2E_BIN (default: the debug build, rebuilt first).
E2E_BIN ?= $(DEBUG_BIN)
e2e-test: venv
	@if [ "$(E2E_BIN)" = "$(DEBUG_BIN)" ]; then $(SWIFT) build --product authctl; fi
	AUTHCTL_BIN="$(CURDIR)/$(E2E_BIN)" $(PYTHON) -m pytest -p no:cacheprovider -q Tests/e2e

# The release binary needs neither the Swift toolchain nor libcurl at start.
release-check: release
	sh Tests/release/check-static.sh $(RELEASE_BIN)

bench: venv release
	$(SWIFT) build $(RELEASE_FLAGS) --product authctl-bench
	AUTHCTL_BIN="$(CURDIR)/$(RELEASE_BIN)" BENCH_BIN="$(CURDIR)/.build/release/authctl-bench" \
		$(PYTHON) Tests/e2e/bench.py

# libFuzzer targets (Tests/Fuzz): the parsers of untrusted bytes, with AddressSanitizer, in their
# own build directory. `make fuzz` runs each for FUZZ_SECONDS; `make test` for FUZZ_SMOKE_SECONDS.
FUZZ_SECONDS       ?= 120
FUZZ_SMOKE_SECONDS ?= 10
FUZZ_FLAGS := -c release --build-path .build-fuzz -Xswiftc -sanitize=fuzzer,address \
	-Xswiftc -parse-as-library -Xswiftc -enable-testing -Xswiftc -DFUZZING

fuzz-build:
	$(SWIFT) build $(FUZZ_FLAGS) --product authctl-fuzz

fuzz: fuzz-build
	sh Tests/Fuzz/run.sh $(FUZZ_SECONDS)

fuzz-smoke: fuzz-build
	sh Tests/Fuzz/run.sh $(FUZZ_SMOKE_SECONDS)

clean:
	$(SWIFT) package clean
	rm -rf .build .build-fuzz .build-bench $(VENV)
