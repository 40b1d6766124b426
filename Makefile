# The two entry points of the project: `make run` and `make test`.
# Both create (or update) the virtual environment in .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-pure-python mutation mutation-sample lint bench dist venv clean system-packages

# Where `make run` listens: `make run HOST=0.0.0.0 PORT=8080`.
HOST ?= 127.0.0.1
PORT ?= 8000

# The compiled core is built by the install: its sources re-run it.
$(STAMP): pyproject.toml setup.py $(wildcard src/cardtable/_core/*.[ch])
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

venv: $(STAMP)

run: $(STAMP)
	$(BIN)/cardtable serve --host $(HOST) --port $(PORT)

# The Debian packages the tests need (.ci/debian-packages.txt): installed when root,
# otherwise the run stops naming them. No test is skipped for a missing package.
system-packages:
	.ci/system-packages

test: system-packages $(STAMP)
	$(BIN)/ruff check src tests bench research
	$(BIN)/mypy
	$(BIN)/python -m pytest

# The engine, bot and simulation tests once more with the compiled core switched off,
# so that the pure-Python fallback stays exact too.
test-pure-python: $(STAMP)
	CARDTABLE_PURE_PYTHON=1 $(BIN)/python -m pytest tests/engine tests/skyjo tests/cactus tests/lastcard tests/bots tests/sim

# The mutation score of each game's rule modules (docs/research/mutation.md), with the
# compiled core switched off so that the tests exercise the Python rules mutmut mutates.
# The full run takes hours on two cores; MUTATION_CHILDREN sets mutmut's processes.
MUTATION_CHILDREN ?= 1
MUTATION_RUN := CARDTABLE_PURE_PYTHON=1 nice -n 10 $(BIN)/mutmut run --max-children $(MUTATION_CHILDREN)

# The full run: every mutant not yet checked (a run cut short goes on where it stopped,
# also from the results kept in tests/mutation/results.json; mutmut reruns the mutants of
# any function that changed), then the survivors again with the tests as they are now,
# then the scores. The results are kept even when the run is cut short.
MUTATION_RECORD := $(BIN)/python -m tests.mutation.record
mutation: $(STAMP)
	$(MUTATION_RECORD) restore
	$(MUTATION_RUN); status=$$?; $(MUTATION_RECORD) save; exit $$status
	survivors="$$($(BIN)/python tests/mutation/sample.py --survivors)"; \
	if [ -n "$$survivors" ]; then $(MUTATION_RUN) $$survivors; fi
	$(MUTATION_RECORD) save
	$(BIN)/python tests/mutation/sample.py --report

# CI: a fixed-seed sample of 60 mutants a game, failing below 90% killed.
mutation-sample: $(STAMP)
	CARDTABLE_PURE_PYTHON=1 nice -n 10 $(BIN)/python tests/mutation/sample.py \
		--max-children $(MUTATION_CHILDREN)

bench: $(STAMP)
	$(BIN)/python bench/engine.py

# The wheel and the sdist, as users install them, in dist/.
dist: $(STAMP)
	$(BIN)/python -m build --outdir dist .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis build dist mutants
	rm -f src/cardtable/_core/*.so
