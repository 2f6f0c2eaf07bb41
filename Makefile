# Two commands matter: `make run` hosts the game, `make test` runs every check.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench install clean deck chromium

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

# The browser tests drive Debian's Chromium (Playwright's own download cannot
# work offline); install it when it is missing and we may (root with apt-get).
chromium:
	@command -v chromium >/dev/null || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else \
	    echo "the browser tests need Chromium: sudo apt-get install chromium" >&2; exit 1; \
	  fi; }

pytest: $(STAMP) chromium
	$(BIN)/pytest

test: lint typecheck pytest

bench: $(STAMP)
	$(BIN)/python bench/engine_bench.py

# Regenerate the default deck's images and deck.json (committed; the server never renders).
deck: $(STAMP)
	$(BIN)/dixit deck generate

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
