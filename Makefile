# One command to play, one to test. Both create the virtual environment on first use.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed
DEVSTAMP = $(VENV)/.installed-dev
HOST   ?= 127.0.0.1
PORT   ?= 8000
# the optional compiled build (setup.py): its own environment, built with these tools
CVENV   = .venv-compiled
CBIN    = $(CVENV)/bin
CSTAMP  = $(CVENV)/.installed
MYPYC_TOOLS = mypy==2.4.1 setuptools==84.2.1 wheel==0.48.0
SOURCES = $(shell find src -type f -not -path '*/__pycache__/*' -not -path '*.egg-info*') setup.py pyproject.toml

.PHONY: web-messages messages-extract messages-update messages-compile screenshots play test test-pure test-compiled test-fast mutation bench bench-pure compiled install clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# the package and what it needs to run (and its compiled translations, built here: no .mo
# is committed; without one the narrator reads the .po itself)
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	$(MAKE) --no-print-directory messages-compile
	touch $(STAMP)

# plus the test tools, the optional Ray extra (the lab's Ray test runs in the suite) and the
# optional envs extra (PettingZoo and Gymnasium: tests/envs)
$(DEVSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev,ray,envs]'
	$(MAKE) --no-print-directory messages-compile
	touch $(STAMP) $(DEVSTAMP)

install: $(STAMP)

## messages-extract: collect the translatable strings of the `hiddenrole` domain (the
##                   narrators and the games' option docs) into locale/hiddenrole.pot
## messages-update:  merge that template into every language's hiddenrole.po
## messages-compile: compile every catalog (.po -> .mo, both domains; the .mo are not committed)
LOCALE = src/hiddenrole/locale
messages-extract: | $(BIN)/python
	$(BIN)/pybabel extract -F babel.cfg -k N_ -k Option:3 --no-wrap --sort-by-file \
	  --project=hiddenrole --copyright-holder="hiddenrole contributors" \
	  -o $(LOCALE)/hiddenrole.pot src/hiddenrole/engine src/hiddenrole/games \
	  src/hiddenrole/server/notices.py src/hiddenrole/server/app.py src/hiddenrole/server/moderator.py \
	  src/hiddenrole/server/names.py src/hiddenrole/server/protocol.py src/hiddenrole/server/refusals.py \
	  src/hiddenrole/server/table.py src/hiddenrole/server/again.py src/hiddenrole/server/pace.py

messages-update: messages-extract
	$(BIN)/pybabel update -D hiddenrole -i $(LOCALE)/hiddenrole.pot -d $(LOCALE) --no-wrap --ignore-obsolete --no-fuzzy-matching

messages-compile: | $(BIN)/python
	@for po in $(LOCALE)/*/LC_MESSAGES/*.po; do \
	  $(BIN)/pybabel compile --statistics -i $$po -o $${po%.po}.mo || exit 1; done

## play: install, then start the server on an embedded SQLite database in ./data/
##       (make play PORT=8001 HOST=0.0.0.0 to change where it listens)
play: $(STAMP)
	$(BIN)/hiddenrole serve --host $(HOST) --port $(PORT)

## test: install the dev dependencies and run the whole suite (slow suites included), on
##       the pure-Python package and then on the compiled build.
##       The browser tests run in their own pytest run: Playwright's sync API keeps an
##       event loop running in its process, which other tests' asyncio.run() refuses.
test: test-pure test-compiled

test-pure: $(DEVSTAMP)
	@$(BIN)/python -c "import hiddenrole.engine.game as g; print('testing the pure-Python package:', g.__file__)"
	$(BIN)/python -m pytest -q -m browser tests/browser
	$(BIN)/python -m pytest -n 2 -q -m "not browser"

## web-messages: bring the web client's catalogs (locale/*/LC_MESSAGES/web.po) in line with
##               its t("...") strings (new ones untranslated, gone ones removed)
web-messages: $(DEVSTAMP)
	$(BIN)/python -c "from hiddenrole.server.webcatalog import update_catalog as u; print(u('de'))"

## screenshots: the browser tests, writing their screenshots into docs/screenshots/ (a test
##              run writes them to a scratch folder: the suite never changes tracked files)
screenshots: $(DEVSTAMP)
	HIDDENROLE_SCREENSHOTS=$(CURDIR)/docs/screenshots $(BIN)/python -m pytest -q -m browser tests/browser

## compiled: build the engine, games, bots and play loop with mypyc (setup.py) into
##           .venv-compiled (needs a C compiler; rebuilt when a source file changes)
compiled: $(CSTAMP)

$(CSTAMP): $(SOURCES)
	test -x $(CBIN)/python || $(PYTHON) -m venv $(CVENV)
	$(CBIN)/pip install --quiet --upgrade pip
	$(CBIN)/pip install --quiet $(MYPYC_TOOLS)
	HIDDENROLE_MYPYC=1 $(CBIN)/pip install --quiet --no-build-isolation '.[dev,ray,envs]'
	touch $(CSTAMP)

## test-compiled: the suite (browser tests aside) on the compiled build; the tests import
##                the installed package, not src/
test-compiled: $(CSTAMP)
	@$(CBIN)/python -c "import hiddenrole.engine.game as g; print('testing the compiled build:', g.__file__)"
	$(CBIN)/python -m pytest -n 2 -q -p no:cacheprovider -m "not browser" --ignore=tests/browser

## test-fast: the suite without the slow suites
test-fast: $(DEVSTAMP)
	$(BIN)/python -m pytest -n 2 -q -m "not slow and not browser"

## mutation: mutation testing of the games' rules modules with mutmut (docs/testing.md), not
##           part of `make test`; GAME=secret-hitler (or mccarthyism, shady-agents) for one
##           game, SAMPLE=N for N mutants per game drawn with a seeded generator (SEED=S)
MUTSTAMP = $(VENV)/.installed-mutation
$(MUTSTAMP): pyproject.toml $(DEVSTAMP)
	$(BIN)/pip install --quiet -e '.[dev,ray,mutation]'
	touch $(MUTSTAMP)

mutation: $(MUTSTAMP)
	$(BIN)/python tools/mutation.py $(if $(GAME),--game $(GAME)) $(if $(SAMPLE),--sample $(SAMPLE)) $(if $(SEED),--seed $(SEED))

## bench: the speed benchmarks on the compiled build (figures go to docs/performance.md);
##        bench-pure: the same on the pure-Python package
bench: $(CSTAMP)
	$(CBIN)/python benchmarks/run_all.py

bench-pure: $(DEVSTAMP)
	$(BIN)/python benchmarks/run_all.py

clean:
	rm -rf $(VENV) $(CVENV) build dist *.egg-info src/*.egg-info .pytest_cache .hypothesis .mutation
