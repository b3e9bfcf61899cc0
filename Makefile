# Two commands on a fresh clone: `make run` and `make test`. Both install what they need into
# .venv under the checkout first: `make run` only what the server needs, `make test` the test
# tools on top (pytest, schemathesis, OpenSpiel, Selenium, the client generator, ...).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
RUN_STAMP  := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test

.PHONY: run test test-fast lint bench bench-solver soak chaos install clean browser browser-try axe screenshots \
        typescript typescript-try heyapi image podman

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The compiled cores (C, built by setuptools' build_ext in place, the solver's profile-guided:
# profiled_build.py) are rebuilt when a source changes.
NATIVE := $(wildcard domain/*.c domain/*.h domain/*/*.c domain/*/*.h) profiled_build.py

$(RUN_STAMP): pyproject.toml $(NATIVE) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $(RUN_STAMP)

$(TEST_STAMP): pyproject.toml $(RUN_STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(TEST_STAMP)

# Everything, for working on Tricklog.
install: $(TEST_STAMP)

run: $(RUN_STAMP)
	exec $(BIN)/tricklog serve

lint: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy domain events api workers integrations tricklog_cli.py

test: $(TEST_STAMP) lint browser-try typescript-try
	$(BIN)/python -m pytest -n 2 --dist loadgroup

# The pure domain's tests alone (rules, properties, bots, audits, OpenSpiel and PettingZoo),
# no Redis, no browser: a quick check while working. `make test` is the whole suite.
test-fast: $(TEST_STAMP)
	$(BIN)/python -m pytest tests/unit

# Debian's Chromium and ChromeDriver for the browser tests (tests/e2e/test_browser.py).
browser:
	apt-get install -y -q chromium chromium-driver || \
	  (apt-get update -q && apt-get install -y -q chromium chromium-driver)

# `make test` installs them when it can (root with apt-get); otherwise the browser test says
# it is skipped and why. It also fetches axe-core (the accessibility check injected into the
# page) from npm into .tools/, git-ignored, pinned.
browser-try: axe
	@if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  timeout 900 $(MAKE) --no-print-directory browser >/dev/null 2>&1 || \
	  echo "browser tests will be skipped: chromium could not be installed (make browser)"; \
	else echo "browser tests will be skipped: no chromium (make browser, as root)"; fi

AXE_VERSION := 4.14.1
AXE_STAMP   := .tools/axe-core-$(AXE_VERSION).installed

axe: $(AXE_STAMP)

$(AXE_STAMP):
	@if command -v npm >/dev/null; then \
	  timeout 300 npm install --prefix .tools --no-save --no-package-lock --no-audit --no-fund \
	    --fetch-timeout=30000 --fetch-retries=1 \
	    --loglevel=error axe-core@$(AXE_VERSION) >/dev/null && touch $@ || \
	  echo "the accessibility check will be skipped: npm could not install axe-core@$(AXE_VERSION)"; \
	else echo "the accessibility check will be skipped: no npm to install axe-core"; fi

# The pictures of the page in docs/ (lobby, table, end of a deal, replay, phones) and the phone
# and laptop pictures of a few tables in docs/screenshots/ (tests/e2e/test_every_family.py).
screenshots: $(TEST_STAMP) browser-try
	TRICKLOG_SCREENSHOTS=docs $(BIN)/python -m pytest tests/e2e/test_browser.py \
	  -k "sueca_deal_by_mouse or replay_tells"
	TRICKLOG_SCREENSHOTS=docs $(BIN)/python -m pytest tests/e2e/test_phone.py -k "390x844 or replay"
	mkdir -p docs/screenshots
	TRICKLOG_SCREENSHOTS=docs/screenshots $(BIN)/python -m pytest tests/e2e/test_every_family.py \
	  -k "sueca-4 or sueca-italiana-5 or serbian-whist-6 or hola-6"
	if command -v pngquant >/dev/null; then \
	  pngquant --quality 70-90 --speed 1 --force --ext .png docs/screenshots/*.png; fi

# A second generator: TypeScript types from openapi.yaml (openapi-typescript), compiled with
# `tsc --noEmit` together with a small program that uses them (scripts/typescript/).
typescript:
	scripts/typescript/check.sh

# A third generator: @hey-api/openapi-ts's fetch SDK, compiled with tsc (scripts/heyapi/);
# tests/e2e/test_heyapi_client.py runs this and then plays a deal with it (skipped without npm).
heyapi:
	scripts/heyapi/check.sh

# `make test` runs it when npm is there and can install the two packages; otherwise it says why
# not (exit status 3 of check.sh) and goes on.
typescript-try:
	@if command -v npm >/dev/null; then scripts/typescript/check.sh || [ $$? = 3 ]; \
	else echo "TypeScript check skipped: no npm (install Node.js and npm, then make typescript)"; fi

# One table of speeds (docs/PERFORMANCE.md); e.g. BENCH_ARGS="--only domain,replay" for the
# referee's own path alone. scripts/bench_ab.py compares two code trees in interleaved rounds.
# The test extra: granian (the WSGI server compared with gunicorn) and uvloop (the load
# generator's loop).
bench: $(TEST_STAMP)
	$(BIN)/python scripts/bench.py $(BENCH_ARGS)

# The perfect-information solver (issue 30, docs/PERFORMANCE.md): whole-deal analysis of random
# deals (CPU seconds, nodes; 13-card whist hands one process each under a 40 s budget, so
# that a tail hand is counted, not waited for), the C trick core against the pure-Python
# reference on the same endings, and the core against DDS (endplay) on 100 bridge deals.
bench-solver: $(TEST_STAMP)
	$(BIN)/python scripts/bench_solver.py --deals 100 --presets sueca:4,sedma:4,sedma:2
	$(BIN)/python scripts/bench_solver_hands.py serbian-whist:4 --deals 100 --budget 40
	$(BIN)/python scripts/bench_solver.py --compare 10 --cards 24 \
	  --presets sueca:4,serbian-whist:4,sueca-italiana:5,briscola:2
	$(BIN)/python scripts/bench_solver.py --bridge 100

# A steady load on loopback for three minutes; it fails if any request fails.
soak: $(RUN_STAMP)
	$(BIN)/python scripts/bench_moves.py --seconds 180 --clients 8

# A few minutes of faults under play (scripts/chaos.py --help): kill -9 of Redis, the worker, an
# API process and the gunicorn master, Redis paused, the connection pools filled; it fails if an
# acknowledged move is lost or doubled, a match is stuck, a deal fails its audit or the service
# does not heal. Prints recovery times per fault (docs/RELIABILITY.md). CHAOS_ARGS="--size small".
chaos: $(RUN_STAMP)
	$(BIN)/python scripts/chaos.py $(CHAOS_ARGS)

# The OCI image localhost/tricklog (Containerfile) and the Redis and nginx images compose.yaml
# uses (docs/DEPLOY.md). Installs podman, podman-compose and mmdebstrap when root with apt
# (deploy/setup-podman.sh), builds the Debian base once (deploy/base-image.sh), the wheels on
# the host, then the images from them with no network inside (deploy/build-images.sh). Writes
# .env with a random Redis password for compose.yaml when there is none.
IMAGE ?= localhost/tricklog

podman:
	deploy/setup-podman.sh

image: | $(BIN)/python
	PYTHON=$(BIN)/python IMAGE=$(IMAGE) deploy/build-images.sh
	deploy/env-file.sh
	@podman image inspect $(IMAGE) --format '$(IMAGE): {{.Size}} bytes'

clean:
	rm -rf $(VENV) .tricklog .hypothesis .tools scripts/typescript/node_modules \
	  scripts/typescript/generated
