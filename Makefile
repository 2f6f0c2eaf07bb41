# Two commands matter: `make run` hosts the game, `make test` runs every check.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench install clean deck

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/dixit serve

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest

test: lint typecheck pytest

bench: $(STAMP)
	$(BIN)/python bench/engine_bench.py

# Regenerate the default deck's images and deck.json (committed; the server never renders).
deck: $(STAMP)
	$(BIN)/dixit deck generate

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
