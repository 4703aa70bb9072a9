# The README's quick start: `make run` (set up, then run the app) and `make test` (set up, then every test).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: install run dev test lint bench clean

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

run: install
	$(BIN)/judge serve

dev: install
	$(BIN)/judge serve --dev

test: install
	$(BIN)/ruff check .
	$(BIN)/pytest

lint: install
	$(BIN)/ruff check .

bench: install
	$(BIN)/python benchmarks/corpus_load.py
	$(BIN)/python benchmarks/scenario_replay.py
	$(BIN)/python benchmarks/alignment_load.py
	$(BIN)/python benchmarks/alignment_precision.py
	$(BIN)/python benchmarks/search_quality.py
	$(BIN)/python benchmarks/web_pages.py
	$(BIN)/python benchmarks/cardtext_coverage.py
	$(BIN)/python benchmarks/cardtext_read.py

clean:
	rm -rf $(VENV) *.egg-info
