# One command to play, one to test. Both create the virtual environment on first use.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed
DEVSTAMP = $(VENV)/.installed-dev
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: play test test-fast bench install clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# the package and what it needs to run
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $(STAMP)

# plus the test tools and the optional Ray extra (the lab's Ray test runs in the suite)
$(DEVSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev,ray]'
	touch $(STAMP) $(DEVSTAMP)

install: $(STAMP)

## play: install, then start the server on an embedded SQLite database in ./data/
##       (make play PORT=8001 HOST=0.0.0.0 to change where it listens)
play: $(STAMP)
	$(BIN)/hiddenrole serve --host $(HOST) --port $(PORT)

## test: install the dev dependencies and run the whole suite (slow suites included).
##       The browser tests run in their own pytest run: Playwright's sync API keeps an
##       event loop running in its process, which other tests' asyncio.run() refuses.
test: $(DEVSTAMP)
	$(BIN)/python -m pytest -q -m browser tests/browser
	$(BIN)/python -m pytest -n 2 -q -m "not browser"

## test-fast: the suite without the slow suites
test-fast: $(DEVSTAMP)
	$(BIN)/python -m pytest -n 2 -q -m "not slow and not browser"

## bench: the speed benchmarks (figures go to docs/performance.md)
bench: $(DEVSTAMP)
	$(BIN)/python benchmarks/run_all.py

clean:
	rm -rf $(VENV) build dist *.egg-info src/*.egg-info .pytest_cache .hypothesis
