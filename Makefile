# Every target makes its own virtual environment; nothing needs to be installed by hand first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
# Extras the whole test suite needs (the base install needs none of them).
TEST_EXTRAS := dev,server,arena,rl,bench,ray,fast
# The suite on three workers for the two cores (the CI machine has two), with its slowest tests listed:
# one worker takes the modules that mostly wait (clocks, windows, restarts; tests/conftest.py, WAITING)
# one after another, the other two everything else, as free. On two workers sharing everything a
# waiting worker left its core idle (28% of the run); this way 7% (docs/testing.md has the runs).
PYTEST := $(BIN)/pytest -n 3 --dist loadgroup -q --durations=15
# Extras the room uses: the server, and the compiled kernels its hard and expert bots, hints and
# analyses search on (without `fast` they would run on the slow reference engine).
ROOM_EXTRAS := server,fast
# Where `make run` listens: HOST=0.0.0.0 lets other machines in; PORT picks another port.
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run play test lint typecheck unit kernels bench clean help chromium postgresql

help:
	@echo "make run        start the online card room on SQLite and print the address to open"
	@echo "                (HOST=0.0.0.0 PORT=9000 make run: listen elsewhere; the first run downloads"
	@echo "                the server and Numba and compiles the bots' kernels, a few minutes once)"
	@echo "make play       play Tacocat against the heuristic bot in this terminal (base install only)"
	@echo "make test       the whole suite: lint, type check, unit, scenario, conformance and browser tests"
	@echo "make bench      engine speed and bot strength figures (slow; prints its numbers)"
	@echo "make clean      remove the virtual environment and caches"

# Python keeps what it compiles (__pycache__), whatever the shell says: with PYTHONDONTWRITEBYTECODE
# set (this machine's image sets it), every process compiled every module it imported from source
# again (importing the room: about 4 s of CPU, 1.1 s from the cache), and pytest rewrote every test
# module's asserts in each worker (20 s of CPU a worker to collect the suite, 10 s with the cache).
unexport PYTHONDONTWRITEBYTECODE

# --no-compile: pip byte-compiles every file it installs (torch's and Ray's thousands) where Python
# compiles, once, only what is imported: the test extras' install took 77 s of CPU, 32 s without.
$(VENV)/.base: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet --no-compile -e .
	touch $@

# Numba first, on its own: the kernels need nothing else, so `make test` compiles them while pip
# installs the other test extras beside it (about 40 s of the install).
$(VENV)/.fast: pyproject.toml $(VENV)/.base
	$(BIN)/pip install --quiet --no-compile -e ".[fast]"
	touch $@

$(VENV)/.test: pyproject.toml $(VENV)/.fast
	$(BIN)/pip install --quiet --no-compile -e ".[$(TEST_EXTRAS)]"
	touch $@

$(VENV)/.room: pyproject.toml $(VENV)/.base
	$(BIN)/pip install --quiet --no-compile -e ".[$(ROOM_EXTRAS)]"
	touch $@

run: $(VENV)/.room
	$(BIN)/python -m cardroom.fast.warm  # compile the kernels ahead (once; later runs load them in a second)
	CARDROOM_WARM_KERNELS=1 $(BIN)/cardroom serve --host $(HOST) --port $(PORT)

play: $(VENV)/.base
	$(BIN)/cardroom play tacocat --vs heuristic

lint: $(VENV)/.test
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(VENV)/.test
	$(BIN)/mypy

# Compile the games' kernels into Numba's cache once, before the tests: a fresh clone has no cache
# (3.5 minutes of CPU for the three kernels), and each test process that reached a kernel first (both
# pytest workers, a server a test starts) compiled it itself. One process a kernel, two at a time, the
# costliest first (else the longest compile started last and the pair ended about 30 s later);
# a warm cache loads in a second or two. (Each process's lines are printed together when it ends.)
# PYTHONPATH=src: the package is imported from its sources whatever pip is doing to the environment
# meanwhile (the test extras' install puts the editable install back); the cache is the same files'.
kernels: $(VENV)/.fast
	PYTHONPATH=src $(PY) -m cardroom.fast.warm --list \
		| PYTHONPATH=src xargs -P 2 -I MODULE sh -c 'out=$$($(PY) -m cardroom.fast.warm MODULE 2>&1); code=$$?; echo "$$out"; exit $$code'

unit: $(VENV)/.test kernels
	$(PYTEST)

# The browser tests drive Debian's Chromium headless shell, and the whole browser where a page needs
# desktop notifications (Playwright cannot download its own browsers here).
chromium:
	@test -x /usr/bin/chromium -a -x /usr/bin/chromium-headless-shell || \
		(apt-get update && apt-get install -y chromium chromium-headless-shell)

# The multi-instance tests start a throwaway PostgreSQL server of their own.
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null || \
		(apt-get update && apt-get install -y postgresql)

# The kernels compile first, two at a time (the tests load them), while pip installs the rest of the
# test extras. The type check then runs beside the tests at the lowest priority: the tests leave
# about a seventh of the two cores idle (waiting on browsers, servers and clocks), more than the
# type check's 50 s of CPU. Its output is printed after the tests', and either failing fails the run.
test: chromium postgresql
	$(MAKE) --no-print-directory --output-sync=target -j2 kernels $(VENV)/.test
	$(MAKE) --no-print-directory lint
	@echo "$(PYTEST), and nice -n 19 $(BIN)/mypy beside it"; \
	typed=$$(mktemp); nice -n 19 $(MAKE) --no-print-directory -s typecheck > $$typed 2>&1 & checking=$$!; \
	$(PYTEST); tests=$$?; \
	wait $$checking; types=$$?; echo "$(BIN)/mypy (beside the tests)"; cat $$typed; rm -f $$typed; \
	test $$tests -eq 0 -a $$types -eq 0

bench: $(VENV)/.test
	$(PY) bench/kernels/engine.py
	$(PY) bench/bots/strength.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
