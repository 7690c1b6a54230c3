# The two commands: `make run` and `make test`. Each installs what it is missing.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
CHROMIUM ?= /usr/bin/chromium
# The e2e tier's browser: Chromium's headless shell, the same engine without the browser's UI
# layer, about a fifth less CPU a test (docs/decisions/test-time.md); Lighthouse, the benches and
# the screenshots keep the full browser.
HEADLESS_SHELL ?= /usr/lib/chromium/chromium-headless-shell
# Devanagari for Hindi pages, so screenshots and Lighthouse see real glyphs (Debian's fonts-noto-core).
DEVANAGARI_FONT := /usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf
FRONTEND_SRC := $(shell find frontend/src frontend/public frontend/scripts frontend/index.html frontend/vite.config.ts -type f 2>/dev/null)

.PHONY: run test test-at-night test-prepare debian-packages test-checks pytest-beside-checks setup build lint messages typecheck frontend-test contracts contracts-check pytest chromium cluster-packages cluster cluster-down mocks reconcile lender-kit clean bench budget lighthouse lock

# Both lenders live at once (our own contract's and the Fineract one), unless LENDERS says otherwise.
run: setup build
	LENDERS=$${LENDERS:-native,fineract} $(PY) -m gateway

# Prints its wall time at the end, passed or failed: the installs and build, then the checks.
test:
	@start=$$(date +%s); \
	  $(MAKE) --no-print-directory -j2 --output-sync=target test-prepare && { built=$$(date +%s); \
	  $(MAKE) --no-print-directory test-checks; }; rc=$$?; \
	  end=$$(date +%s); built=$${built:-$$end}; \
	  span() { echo "$$(( $$1 / 60 )) min $$(( $$1 % 60 )) s"; }; \
	  echo "make test: $$(span $$((end - start))) ($$( [ $$rc -eq 0 ] && echo passed || echo FAILED);" \
	    "installs and build $$(span $$((built - start))), checks $$(span $$((end - built))))"; \
	  exit $$rc

# make test with every clock at a time of night in India, whatever the machine's hour and time
# zone (issue 50; scripts/at-night-in-india.sh). NIGHT_IST=HH:MM picks another hour.
test-at-night:
	scripts/at-night-in-india.sh $(MAKE) --no-print-directory test

# What make test needs, two at a time: the Python and the Node installs side by side (each keeps
# about one core busy), the app's build once Node's are in, and Debian's packages one after the
# other (one apt at a time holds dpkg's lock).
test-prepare: setup build debian-packages

debian-packages:
	$(MAKE) --no-print-directory chromium && $(MAKE) --no-print-directory cluster-packages

# The catalogs' extract first (the Vitest tier reads them); then Vitest alone on both cores (its
# waits on a rendered page are timed, so never beside pytest); then pytest on both cores, with
# lint, types and the contract check beside it at the lowest priority (nice 19): none of them is
# timed or reads what pytest writes, and they run on the CPU pytest leaves idle (a seventh of its
# run: its e2e tier waits on pages), their output after pytest's (docs/decisions/test-time.md).
test-checks:
	$(MAKE) --no-print-directory messages
	$(MAKE) --no-print-directory frontend-test VITEST_WORKERS=2
	$(MAKE) --no-print-directory pytest-beside-checks

pytest-beside-checks: setup
	@log=$$(mktemp); \
	  nice -n 19 $(MAKE) --no-print-directory lint typecheck contracts-check > $$log 2>&1 & checks=$$!; \
	  $(MAKE) --no-print-directory pytest; rc=$$?; \
	  wait $$checks; checked=$$?; \
	  echo "--- lint, typecheck and contracts-check, run beside pytest ---"; cat $$log; rm -f $$log; \
	  if [ $$checked -ne 0 ]; then echo "lint, typecheck or contracts-check FAILED" >&2; fi; \
	  if [ $$rc -eq 0 ]; then exit $$checked; fi; exit $$rc

setup: $(VENV)/.installed node_modules/.installed

$(VENV)/.installed: pyproject.toml requirements.lock
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c requirements.lock -e '.[dev,mocks]'
	touch $@

# Re-resolve pyproject.toml's ranges to their newest versions and write them to requirements.lock.
lock:
	rm -rf .venv-lock && $(PYTHON) -m venv .venv-lock
	.venv-lock/bin/pip install --quiet -e '.[dev,mocks]'
	{ head -n 2 requirements.lock; .venv-lock/bin/pip freeze --exclude-editable; } > requirements.lock.new
	mv requirements.lock.new requirements.lock && rm -rf .venv-lock

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

chromium:
	@if [ ! -x $(CHROMIUM) ] || [ ! -x $(HEADLESS_SHELL) ]; then \
	  echo "Installing Chromium and its headless shell from Debian's packages"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell fonts-dejavu-core; \
	fi
	@if [ ! -f $(DEVANAGARI_FONT) ]; then \
	  echo "Installing Devanagari fonts from Debian's packages (fonts-noto-core)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-core; \
	fi

# HAProxy, Redis Sentinel and PostgreSQL from Debian's packages, for `make cluster` and its chaos test.
cluster-packages:
	@if ! PATH="$$PATH:/usr/sbin" command -v haproxy >/dev/null || ! command -v redis-sentinel >/dev/null; then \
	  echo "Installing HAProxy and Redis Sentinel from Debian's packages"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy redis-sentinel; \
	fi
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
	  echo "Installing PostgreSQL from Debian's packages"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; \
	fi

# One machine, real parts (docs/deploy.md): HAProxy on :8400 in front of three gateway replicas,
# PostgreSQL on :5440, Redis with a replica and three Sentinels, the mocks on :8409; logs in .cluster/logs/.
cluster: setup build cluster-packages
	$(PY) -m deploy.local up

cluster-down:
	$(PY) -m deploy.local down

build: frontend/dist/index.html

frontend/dist/index.html: node_modules/.installed $(FRONTEND_SRC)
	npm run build

lint: setup
	$(VENV)/bin/ruff check gateway upstream_mocks payments_client india otel_traces tests bench deploy
	$(VENV)/bin/ruff format --check gateway upstream_mocks payments_client india otel_traces tests bench deploy
	npm run lint

# The app's message catalogs brought up to date with the code (lingui extract): a string added
# without its Hindi then fails frontend/src/locales/catalogs.test.ts in the fast tier.
messages: setup
	npm run --silent messages -- --workers 1 >/dev/null

# The frontend's fast tier (Vitest): money, amount rules, countdown, native bridge, lint boundaries.
VITEST_WORKERS ?=
frontend-test: setup
	npm test $(if $(VITEST_WORKERS),-- --maxWorkers=$(VITEST_WORKERS))

typecheck: setup
	$(VENV)/bin/mypy
	npm run typecheck

# The gateway's own OpenAPI document, and the TypeScript types the app builds against.
contracts: setup
	$(PY) -m gateway.openapi_export
	npm run gen:api

contracts-check: setup
	$(PY) -m gateway.openapi_export --check

# All four tiers in one run over PYTEST_WORKERS processes (pytest-xdist; each with its own e2e
# gateway and Chromium), the 25 slowest tests listed at the end, with a Redis and a private
# PostgreSQL (scripts/with-postgres.sh: the operations database's tests run on it and on SQLite).
# Exit code 5 (nothing collected) is reported, not treated as a failure. Two processes: three
# fill the e2e tier's idle fifth of the CPU, but then answers overrun the deadlines the money
# invariants hold them to (docs/decisions/test-time.md). Bytecode is written whatever the shell
# says (PYTHONDONTWRITEBYTECODE): each process, and each gateway and mocks it starts, then reads
# the modules and the rewritten tests the first one compiled.
PYTEST_WORKERS ?= 2
pytest: setup
	env -u PYTHONDONTWRITEBYTECODE scripts/with-redis.sh scripts/with-postgres.sh $(PY) -m pytest tests/unit tests/contract tests/integration tests/e2e -p no:cacheprovider -q \
	  -n $(PYTEST_WORKERS) --durations=25; \
	  rc=$$?; if [ $$rc -eq 5 ]; then echo "pytest collected no tests: nothing was checked" >&2; rc=0; fi; exit $$rc

# JavaScript per route (first visit, and everything by network idle) against its budgets
# (bench/bundle_budget.py); also checked by tests/unit/test_bundle_budget.py in every pytest run.
budget: build
	$(PY) -m bench.bundle_budget

# The gateway's load figures side by side (wrk from Debian's packages): a table and
# bench/results.json. Timings are never a pass/fail of `make test`.
bench: setup build
	@command -v wrk >/dev/null || { echo "Installing wrk from Debian's packages"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; }
	scripts/with-redis.sh $(PY) -m bench

# Lighthouse scores (mobile) of the public routes: a table and bench/lighthouse.json.
lighthouse: setup chromium build
	scripts/lighthouse

# The mocks on their own port (for LENDING_URL=... and compose).
mocks: setup
	$(PY) -m upstream_mocks

# The daily reconciliation (gateway/reconciliation/): a day's settlement report against our orders
# and the lender's repayments. By default against the mocks of a running `make run`
# (RECONCILE_AGAINST), today; a deployment sets the real upstreams' URLs and keys and runs
# `python -m gateway.reconciliation --metrics-file ...` daily for yesterday.
# The lender conformance kit (gateway/upstreams/lenders/kit.py): every adapter in LENDERS asked each
# operation of the lending port for a sandbox borrower; the in-process mocks unless URLs are set.
lender-kit: setup
	LENDERS=$${LENDERS:-native,fineract} $(PY) -m gateway.upstreams.lenders.kit $(KIT_ARGS)

RECONCILE_AGAINST ?= http://127.0.0.1:8000
RECONCILE_DATE ?= today
# Every lender `make run` serves (LENDERS=native,fineract unless set). The script is the recipe's
# last and only command: its code is the command's (0 clean, 1 mismatches, 2 a source unread);
# make itself exits 2 on any failure, its "Error 1" line telling mismatches from an unread source.
reconcile: setup
	RECONCILE_AGAINST=$(RECONCILE_AGAINST) PY=$(PY) scripts/reconcile.sh --date $(RECONCILE_DATE)

clean:
	rm -rf frontend/dist .e2e-server*.log
