# Hydra: `make run` sets up everything and starts Hydra with demo data; `make test` sets up everything and runs the tests.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat requirements.txt requirements-dev.txt | cksum | cut -d' ' -f1)
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test install services migrate demo bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	rm -f $(VENV)/.installed-*
	touch $@

install: $(STAMP)

migrate: install
	$(BIN)/python manage.py migrate --noinput

demo: migrate
	$(BIN)/python manage.py load_demo --url http://$(HOST):$(PORT)

run: demo
	$(BIN)/python scripts/run_all.py --host $(HOST) --port $(PORT)

services:
	@bash scripts/ensure_services.sh

test: install services
	@bash scripts/ensure_browser.sh
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV) var staticfiles .pytest_cache .hypothesis
