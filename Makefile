# The two entry points of the project: `make run` and `make test`.
# Both create (or update) the virtual environment in .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench venv clean system-packages

# Where `make run` listens: `make run HOST=0.0.0.0 PORT=8080`.
HOST ?= 127.0.0.1
PORT ?= 8000

$(STAMP): pyproject.toml
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
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
