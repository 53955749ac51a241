# Hydra: `make run` sets up everything and starts Hydra with demo data; `make test` sets up everything and runs the tests.
# CONTRIBUTING.md: `make lint` (style and types), `make test-fast` (the suite without the slow tests), `make bench`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat requirements.txt requirements-dev.txt | cksum | cut -d' ' -f1)
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run serve venue test test-fast lint install services migrate cards demo bench clean messages compilemessages

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
	$(BIN)/python manage.py vapid_keys

# The bundled cards, imported once: on a second run this is one query.
cards: migrate
	$(BIN)/python manage.py import_cards --if-empty

demo: cards
	$(BIN)/python manage.py load_demo --url http://$(HOST):$(PORT)

run: demo
	$(BIN)/python scripts/run_all.py --host $(HOST) --port $(PORT)

# Production-like (docs/deploy.md): gunicorn + uvicorn workers, two Celery workers and beat, on PostgreSQL and Redis
# from the environment or .env (SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL, CELERY_BROKER_URL, HYDRA_REDIS_URL).
serve: install
	DJANGO_SETTINGS_MODULE=config.settings.production $(BIN)/python manage.py migrate --noinput
	DJANGO_SETTINGS_MODULE=config.settings.production $(BIN)/python manage.py vapid_keys
	DJANGO_SETTINGS_MODULE=config.settings.production $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	DJANGO_SETTINGS_MODULE=config.settings.production $(BIN)/python scripts/run_all.py --serve --host $(HOST) --port $(PORT)

# Venue mode (docs/venue.md): the embedded defaults on every LAN address of this laptop, no internet needed; prints
# the address players join by and its QR code (the projector shows them too); e-mail is kept at /venue/mail/.
venue: cards
	PORT=$(PORT) DJANGO_SETTINGS_MODULE=config.settings.venue $(BIN)/python manage.py venue_info --port $(PORT)
	PORT=$(PORT) DJANGO_SETTINGS_MODULE=config.settings.venue $(BIN)/python scripts/run_all.py --host 0.0.0.0 --port $(PORT)

services:
	@bash scripts/ensure_services.sh

test: install services
	@bash scripts/ensure_browser.sh
	$(BIN)/python -m pytest

# The suite without what needs a browser, real services or long runs (pytest.ini's markers): for the edit-test loop.
test-fast: install
	$(BIN)/python -m pytest -m "not slow and not browser and not services"

# Style and types (pyproject.toml): ruff's lint rules, ruff's format, mypy on the rules engines and the services.
# Every check runs even when one before it fails, so one run shows everything; the target fails if any did.
lint: install
	@status=0; \
	echo "$(BIN)/ruff check ."; $(BIN)/ruff check . || status=1; \
	echo "$(BIN)/ruff format --check --output-format concise ."; $(BIN)/ruff format --check --output-format concise . || status=1; \
	echo "$(BIN)/mypy"; $(BIN)/mypy || status=1; \
	exit $$status

# The benchmarks (benchmarks/, scripts/bench.py): the fast in-process ones by default, on the configured database
# (DATABASE_URL; the figures in docs/ are PostgreSQL's); BENCH=bench_x to choose (several, space-separated), and
# BENCH_ARGS="--teams 64" for their arguments. Each one's JSON last line is collected in var/bench/last.json.
BENCH ?=
BENCH_ARGS ?=
bench: cards
	$(BIN)/python scripts/bench.py $(BENCH) --args "$(BENCH_ARGS)"

# Translations (docs/translating.md): extract every marked string into the catalog of each shipped language
# (settings.LANGUAGES), then translate the new and fuzzy entries and compile.
messages: install
	$(BIN)/python manage.py makemessages $$($(BIN)/python scripts/locales.py) --add-location=file \
		-i "staticfiles/*" -i "var/*" -i ".venv/*"

compilemessages: install
	$(BIN)/python manage.py compilemessages $$($(BIN)/python scripts/locales.py) -i .venv

clean:
	rm -rf $(VENV) var staticfiles .pytest_cache .hypothesis .mypy_cache .ruff_cache
