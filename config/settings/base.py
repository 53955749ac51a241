"""Settings shared by every environment; everything that differs comes from the environment.

Environment variables (all optional in development):
- DATABASE_URL: default an SQLite file under var/ (the embedded default).
- CELERY_BROKER_URL: default kombu's filesystem transport under var/broker (no server needed).
- SECRET_KEY, ALLOWED_HOSTS, DEBUG.
"""

from pathlib import Path

import environ

from common.clientip import num_proxies
from config.sizing import database_pool_max, web_slots

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = BASE_DIR / "var"

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False) if (BASE_DIR / ".env").exists() else None

DEBUG = env.bool("DEBUG", default=False)
SECRET_KEY = env("SECRET_KEY", default="")
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "tournaments",
    "cards",
    "drafting",
    "api",
    "sealed",
    "sharedgame",
    "portal",
    "eventfile",
    "desk",
    "ratings",
    "organizations",
    "series",
    "signup",
    "import_export",
    "judging",
    "fees",
    "multiplayer",
    "notifications",
]

# Sessions are read from the cache (Redis) and written through to the database: a signed-in poll answered 304
# (common/polls.py) then needs no database query at all (issue 54).
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.middleware.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Anonymous polls of stored public answers end here, before sessions, auth and locale (config/floor.py).
    "config.floor.FloorMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "config.middleware.RefuseNulMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A signed-in person's chosen language on a device without a language cookie (portal/languages.py).
    "portal.languages.PersonLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A refusal a page's view lets through is answered by its kind (docs/architecture.md, "Refusals").
    "common.refusals.RefusalMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "portal.context_processors.site",
            ],
            # common is no installed app (it owns no data): its template library is named here (docs/architecture.md).
            "libraries": {"formatting": "common.templatetags.formatting", "venue": "common.templatetags.venue"},
        },
    },
]

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'hydra.sqlite3'}")}
DATABASES["default"].setdefault("ATOMIC_REQUESTS", False)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded default lives in var/, which a fresh clone doesn't have yet.
    VAR_DIR.mkdir(exist_ok=True)
    # Several processes (web, worker, beat) and threads share one SQLite file: wait for locks instead of failing.
    # BEGIN IMMEDIATE takes the write lock when a transaction starts: SQLite has no row locks (select_for_update is
    # a no-op), and a deferred transaction that read first fails with "database is locked" when its read lock can't
    # become a write lock. Writers queue up instead (tests/sharedgame/test_sqlite_concurrency.py).
    _options = DATABASES["default"].setdefault("OPTIONS", {})
    _options.setdefault("timeout", 20)
    _options.setdefault("transaction_mode", "IMMEDIATE")


def database_pool(databases: dict, *, default: bool) -> None:
    """DATABASE_POOL (on in production, off elsewhere): a pool of PostgreSQL connections per process (psycopg_pool,
    Django's own support). Without it every request opens a new connection, and PostgreSQL a new server process
    behind it, which costs more than serving a cached page (docs/deploy.md has the figures).

    Each connection is checked before it is handed out (CONN_HEALTH_CHECKS: the pool's check is psycopg_pool's
    ConnectionPool.check_connection), so one that a restart of PostgreSQL terminated is replaced, not used. Sizes
    (docs/deploy.md, "Database connections" and "Sizing"): DATABASE_POOL_MAX per web process (config/sizing.py:
    8, fewer where many processes would pass PostgreSQL's connections), so that WEB_CONCURRENCY times it,
    plus the workers' connections, stays below PostgreSQL's max_connections; a request that waits longer than
    DATABASE_POOL_TIMEOUT for a connection, or finds DATABASE_POOL_MAX_WAITING others waiting (0: no limit), is
    answered 503 with Retry-After (common/unavailable.py)."""
    database = databases["default"]
    if database["ENGINE"] != "django.db.backends.postgresql" or not env.bool("DATABASE_POOL", default=default):
        database.get("OPTIONS", {}).pop("pool", None)
        return
    database["CONN_HEALTH_CHECKS"] = True
    database.setdefault("OPTIONS", {})["pool"] = {
        "min_size": env.int("DATABASE_POOL_MIN", default=2),
        "max_size": database_pool_max(),
        "timeout": env.float("DATABASE_POOL_TIMEOUT", default=10.0),
        "max_waiting": env.int("DATABASE_POOL_MAX_WAITING", default=0),
    }


database_pool(DATABASES, default=False)
# Seconds a client is told to wait (Retry-After) when the database can't answer now: the 503 of
# common/unavailable.py (the pool full, a connection a restart of PostgreSQL cut).
HYDRA_DATABASE_RETRY_AFTER = env.int("HYDRA_DATABASE_RETRY_AFTER", default=5)
# Requests a web process runs at once, and how long one waits for its turn before a 503 with Retry-After: a read,
# a write (a report, a confirmation, a check-in: they go first). config/admission.py; docs/deploy.md, "Sizing".
HYDRA_WEB_SLOTS = web_slots()
HYDRA_QUEUE_READ_SECONDS = env.float("HYDRA_QUEUE_READ_SECONDS", default=5.0)
HYDRA_QUEUE_WRITE_SECONDS = env.float("HYDRA_QUEUE_WRITE_SECONDS", default=20.0)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# Each language named in itself (the language menu). Adding one: docs/translating.md.
LANGUAGES = [
    ("en", "English"),
    ("de", "Deutsch"),
    ("es", "Español"),
    ("fr", "Français"),
    ("it", "Italiano"),
    ("pt-br", "Português (Brasil)"),
    ("ja", "日本語"),
    ("zh-hans", "简体中文"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env("TIME_ZONE", default="UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
# Players may register their own account (/accounts/signup/); an organizer who creates every account closes it.
HYDRA_SIGNUP_OPEN = env.bool("HYDRA_SIGNUP_OPEN", default=True)
# A sign-up is finished from a link mailed to its address, and the page answers the same whether or not the address
# has an account (its owner gets a note instead: portal.views.accounts, issue 37). Venue mode, whose mail is printed
# rather than sent, makes the account at once (config/settings/venue.py).
HYDRA_SIGNUP_CONFIRM_EMAIL = env.bool("HYDRA_SIGNUP_CONFIRM_EMAIL", default=True)

# Celery: a broker that needs no server by default (kombu's filesystem transport), Redis in production and CI.
CELERY_BROKER_URL = env("CELERY_BROKER_URL", default="filesystem://")
_BROKER_DIR = VAR_DIR / "broker"
if CELERY_BROKER_URL.startswith("filesystem://"):
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_BROKER_DIR / "queue"),
        "data_folder_out": str(_BROKER_DIR / "queue"),
        "processed_folder": str(_BROKER_DIR / "processed"),
        "control_folder": str(_BROKER_DIR / "control"),
        "store_processed": False,
    }
    # kombu's filesystem transport needs its folders before the first message, in every process.
    for _folder in ("queue", "processed", "control"):
        (_BROKER_DIR / _folder).mkdir(parents=True, exist_ok=True)
CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND", default=None)
CELERY_TASK_IGNORE_RESULT = True
CELERY_TIMEZONE = TIME_ZONE
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 4
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
# Periodic tasks; each app adds its own entries (see drafting for the pick-timer sweep).
CELERY_BEAT_SCHEDULE: dict = {
    # Draft pick timers whose task never ran (a worker died); each timer's own task normally fires first.
    "drafting-sweep-overdue-picks": {"task": "drafting.draft_sweep", "schedule": 1.0, "options": {"expires": 5}},
}

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "api.schema.HydraAutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    # A scorekeeper's event token first; then a player's portal session, which DRF holds to CSRF.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "api.authentication.EventTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "DEFAULT_PAGINATION_CLASS": "api.pagination.CappedPagination",
    "PAGE_SIZE": 100,
    "EXCEPTION_HANDLER": "api.exceptions.api_exception_handler",
    "DEFAULT_THROTTLE_CLASSES": ["api.throttling.AnonymousThrottle"],
    # A coverage screen polls about once a second; a venue's screens often share one address.
    "DEFAULT_THROTTLE_RATES": {"anon": env("API_ANON_RATE", default="600/min")},
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Hydra API",
    "DESCRIPTION": (
        "Scoreboards of Magic: The Gathering team tournaments: events, teams, rounds, pairings with seat results, "
        "standings with every tiebreaker figure, the top-cut bracket and the public state of draft tables. "
        "Reading is open for public events. Organizers run whole events with an organizer token: create events, "
        "register and import teams, pair rounds, drop and disqualify teams, read the placings, and move events in "
        "and out as files. Scorekeepers enter final results with a token scoped to one event; "
        "players report, confirm and dispute through their portal session (with CSRF). Scoreboards carry an ETag: "
        "poll with If-None-Match and get 304 until a result changes."
    ),
    "VERSION": "1.0.0",
    "SCHEMA_PATH_PREFIX": "/api/v1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # api.urls's <id:...> converter: 1 to 18 digits.
    "PATH_CONVERTER_OVERRIDES": {"id": {"type": "integer", "minimum": 0, "maximum": 999_999_999_999_999_999}},
    "ENUM_NAME_OVERRIDES": {
        "ResultStateEnum": "tournaments.enums.ResultState",
        "OutcomeEnum": "tournaments.enums.Outcome",
        "RoundKindEnum": "tournaments.enums.RoundKind",
        "EventStatusEnum": "tournaments.enums.EventStatus",
        "SeriesKindEnum": "series.enums.SeriesKind",
        "PointsSourceEnum": "series.enums.PointsSource",
        "DraftStatusEnum": "drafting.models.DraftStatus",
        "PaymentStatusEnum": "fees.enums.PaymentStatus",
        "TimerKindEnum": "drafting.models.TimerKind",
        "CutKindEnum": "tournaments.enums.CutKind",
        "EntrantStatusEnum": "tournaments.enums.EntrantStatus",
        "RoleEnum": "tournaments.models.staff.StaffRole",
        "OrganizationRoleEnum": "organizations.enums.OrganizationRole",
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="INFO")},
}

# Ratings (docs/ratings.md): OpenSkill beside the DCI Elo. Off by default: it costs about 0.4 ms per team match,
# so a full rebuild of a large history takes minutes instead of seconds.
HYDRA_RATINGS_OPENSKILL = env.bool("HYDRA_RATINGS_OPENSKILL", default=False)
# Drafts (docs/drafting.md, "When a pick's clock starts"): a pick's time starts when the player can see it, so each
# pick's deadline gets the time the news takes to reach the phone. Empty: 0.25 s with the live push (Redis), 1.0 s
# without it (`make run`: pages poll every second).
HYDRA_DRAFT_SEEN_SECONDS = env.float("HYDRA_DRAFT_SEEN_SECONDS", default=None)
# --- Production that scales out (issue 19) -------------------------------------------------------------------------
# Redis as the cache shared by every web process and worker (throttle counters, login lockouts, rendered public
# pages, the health heartbeats): HYDRA_REDIS_URL such as redis://127.0.0.1:6379/1. Without it (`make run`), a file
# cache under var/cache that the processes of one machine share.
HYDRA_REDIS_URL = env("HYDRA_REDIS_URL", default="")
# The cache never takes a page down with it (config/cache.py): while Redis is unreachable it answers as an empty
# cache, logs it, and tries again by itself every RETRY_SECONDS.
_redis_cache = {
    "BACKEND": "config.cache.ResilientRedisCache",
    "KEY_PREFIX": "hydra",
    "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 2, "retry_on_timeout": True, "RETRY_SECONDS": 2},
}
if HYDRA_REDIS_URL:
    CACHES = {"default": {**_redis_cache, "LOCATION": HYDRA_REDIS_URL}}
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(VAR_DIR / "cache"),
        }
    }

# Reverse proxies in front of Hydra (a load balancer, nginx ...). 0: the client's address is the connection's own
# (REMOTE_ADDR) and X-Forwarded-For is ignored, so a client can't pick its address to dodge a throttle. Behind one
# proxy that appends to X-Forwarded-For, 1. Throttling (DRF), the login lockout and sign-up limits all use it.
# The one setting of the rule: the HTTP server follows it too (common/clientip.py, config/gunicorn.py).
NUM_PROXIES = num_proxies()
REST_FRAMEWORK["NUM_PROXIES"] = NUM_PROXIES
# The API's request bodies: at most this many bytes and this many levels of nesting (api.parsers).
REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"] = ["api.parsers.LimitedJSONParser"]
HYDRA_API_MAX_DEPTH = env.int("HYDRA_API_MAX_DEPTH", default=32)
# A CSRF failure under /api/ answers the API's JSON; elsewhere Django's page.
CSRF_FAILURE_VIEW = "api.exceptions.csrf_failure_view"

# Object permissions (django-rules; tournaments.rights) and the login lockout (django-axes).
INSTALLED_APPS += ["rules", "axes", "health"]
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "rules.permissions.ObjectPermissionBackend",
    "django.contrib.auth.backends.ModelBackend",
]
MIDDLEWARE += ["axes.middleware.AxesMiddleware", "api.middleware.ApiJsonBodyLimitMiddleware"]
MIDDLEWARE.insert(0, "config.middleware.RequestArrivalMiddleware")  # when a request arrived (draft pick deadlines)
# Every error under /api/ is JSON, whichever layer answered (api/middleware.py): it wraps all the others.
MIDDLEWARE.insert(1, "api.middleware.ApiJsonErrorsMiddleware")
# A GET that met a database connection a restart cut is tried once more (config/middleware.py, issue 52).
MIDDLEWARE.insert(2, "config.middleware.DatabaseRetryMiddleware")
# Five wrong passwords for one account from one address lock that pair out for 15 minutes; fifty from one address,
# whatever the accounts, lock the address (one password sprayed across many accounts; a venue's players share one
# address and stay far below it). A successful login resets the account's own count (portal.accounts, issue 37).
HYDRA_LOGIN_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
HYDRA_LOGIN_ADDRESS_FAILURE_LIMIT = env.int("HYDRA_LOGIN_ADDRESS_FAILURE_LIMIT", default=50)
AXES_FAILURE_LIMIT = "portal.accounts.login_failure_limit"
AXES_COOLOFF_TIME = env.float("AXES_COOLOFF_MINUTES", default=15.0) / 60  # hours
AXES_LOCKOUT_PARAMETERS = "portal.accounts.login_lockout_parameters"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "portal.accounts.login_locked_out"
AXES_USERNAME_CALLABLE = "portal.accounts.axes_username"
AXES_CLIENT_IP_CALLABLE = "common.clientip.axes_client_ip"
AXES_VERBOSE = False

# Health (/health/): every worker sends the workers' heartbeat task and beat its own every HYDRA_HEARTBEAT_SECONDS
# (health.tasks); the report calls the workers or beat dead when its last stamp is older than
# HYDRA_HEARTBEAT_STALE_SECONDS.
HYDRA_HEARTBEAT_SECONDS = env.float("HYDRA_HEARTBEAT_SECONDS", default=10.0)
HYDRA_HEARTBEAT_STALE_SECONDS = env.float("HYDRA_HEARTBEAT_STALE_SECONDS", default=60.0)
CELERY_BEAT_SCHEDULE["health-heartbeat"] = {
    "task": "health.beat",
    "schedule": HYDRA_HEARTBEAT_SECONDS,
    "options": {"expires": HYDRA_HEARTBEAT_SECONDS},
}
# A worker outlives Redis restarts: it reconnects forever instead of exiting, and a timer task it held when the
# connection dropped goes back to the queue (acks_late), rather than being lost.
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
if CELERY_BROKER_URL.startswith("redis"):
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": 3600,
        "socket_connect_timeout": 5,
        "socket_timeout": 10,
        "retry_on_timeout": True,
        "health_check_interval": 10,
        "socket_keepalive": True,
    }

# Request bodies: a whole event file (POST /api/v1/events/import, docs/event-format.md) of a large event with its
# decklists and draft logs runs to a few MB; 16 MB leaves room and still refuses a runaway upload with a 400.
DATA_UPLOAD_MAX_MEMORY_SIZE = env.int("HYDRA_MAX_BODY_BYTES", default=16 * 1024 * 1024)
HYDRA_API_MAX_BODY = DATA_UPLOAD_MAX_MEMORY_SIZE

# Webhooks (webhooks/, docs/webhooks.md): each delivery is tried up to HYDRA_WEBHOOK_MAX_ATTEMPTS times, waiting
# HYDRA_WEBHOOK_BACKOFF_SECONDS after the first failure and twice as long after each next one (10 s ... 160 s), and
# gives a receiver HYDRA_WEBHOOK_TIMEOUT seconds to answer.
INSTALLED_APPS += ["webhooks"]
HYDRA_WEBHOOK_MAX_ATTEMPTS = env.int("HYDRA_WEBHOOK_MAX_ATTEMPTS", default=6)
HYDRA_WEBHOOK_BACKOFF_SECONDS = env.float("HYDRA_WEBHOOK_BACKOFF_SECONDS", default=10.0)
HYDRA_WEBHOOK_TIMEOUT = env.float("HYDRA_WEBHOOK_TIMEOUT", default=10.0)

# Every request Hydra makes to another machine (webhooks, the Discord target, push/pull of an event to another
# Hydra, card downloads) goes through common/outbound.py and reaches only the public internet: these host names and
# networks (comma-separated: "laptop.lan,192.168.1.0/24") may be private too, for a LAN deployment. Empty here and
# in production; development allows this machine (loopback), venue mode its local networks (docs/webhooks.md).
HYDRA_OUTBOUND_ALLOW = env.list("HYDRA_OUTBOUND_ALLOW", default=[])
CELERY_BEAT_SCHEDULE["webhooks-sweep"] = {"task": "webhooks.sweep", "schedule": 60.0, "options": {"expires": 60}}

# Notifications (notifications/, docs/portal.md): Web Push signed with the VAPID key made by `manage.py vapid_keys`
# (var/vapid_private.pem unless HYDRA_VAPID_PRIVATE_KEY names another PEM file); the e-mail digest collects what
# waited HYDRA_NOTIFY_DIGEST_MINUTES and is mailed by beat every few minutes, one mail a person.
HYDRA_VAPID_PRIVATE_KEY = env("HYDRA_VAPID_PRIVATE_KEY", default="")
HYDRA_NOTIFY = env.bool("HYDRA_NOTIFY", default=True)  # off: no one is told anything (the benchmark compares)
HYDRA_NOTIFY_DIGEST_MINUTES = env.float("HYDRA_NOTIFY_DIGEST_MINUTES", default=15.0)
# "Time nearly up": told this many minutes before a round's match clock ends (beat looks every 30 s).
HYDRA_NOTIFY_TIME_LEFT_MINUTES = env.float("HYDRA_NOTIFY_TIME_LEFT_MINUTES", default=5.0)
CELERY_BEAT_SCHEDULE["notifications-time-nearly-up"] = {
    "task": "notifications.time_nearly_up",
    "schedule": 30.0,
    "options": {"expires": 30},
}
CELERY_BEAT_SCHEDULE["notifications-digest"] = {
    "task": "notifications.digest",
    "schedule": 300.0,
    "options": {"expires": 300},
}

# Card data that stays current (docs/cards.md): HYDRA_CARD_REFRESH names a source of `import_cards --download`
# (mtgjson, mtgjson-atomic, scryfall-oracle, scryfall-default) and turns on a periodic refresh by beat every
# HYDRA_CARD_REFRESH_HOURS; HYDRA_CARD_REFRESH_URL a mirror. Off by default: Hydra never needs the internet.
HYDRA_CARD_REFRESH = env("HYDRA_CARD_REFRESH", default="")
HYDRA_CARD_REFRESH_URL = env("HYDRA_CARD_REFRESH_URL", default="")
HYDRA_CARD_REFRESH_HOURS = env.float("HYDRA_CARD_REFRESH_HOURS", default=24.0)
if HYDRA_CARD_REFRESH:
    CELERY_BEAT_SCHEDULE["cards-refresh"] = {
        "task": "cards.refresh",
        "schedule": HYDRA_CARD_REFRESH_HOURS * 3600,
        "options": {"expires": HYDRA_CARD_REFRESH_HOURS * 3600},
    }

# What an upload may inflate to (issue 52): a few kilobytes of zip or gzip can unpack to gigabytes, so every import
# is bounded by what it reads, not by the size of the file sent (docs/registration.md, docs/cards.md).
# Team lists (the desk's and the admin's import, the API's): at most HYDRA_IMPORT_MAX_ROWS rows and
# HYDRA_IMPORT_MAX_CELL_CHARS characters a cell; an .xlsx whose members unpack to more than
# HYDRA_XLSX_MAX_BYTES is refused before it is opened (a list of 5,000 players is about 1.5 MB unpacked).
HYDRA_IMPORT_MAX_ROWS = env.int("HYDRA_IMPORT_MAX_ROWS", default=5000)
HYDRA_IMPORT_MAX_CELL_CHARS = env.int("HYDRA_IMPORT_MAX_CELL_CHARS", default=500)
HYDRA_XLSX_MAX_BYTES = env.int("HYDRA_XLSX_MAX_BYTES", default=10 * 1024 * 1024)
# Card data files (the operator's upload and download, `import_cards`), read as a stream: MTGJSON's AllPrintings
# and Scryfall's default-cards inflate to hundreds of megabytes (HYDRA_CARD_FILE_MAX_BYTES), a Hydra bundle to
# about 17 MB (HYDRA_CARD_BUNDLE_MAX_BYTES).
HYDRA_CARD_FILE_MAX_BYTES = env.int("HYDRA_CARD_FILE_MAX_BYTES", default=4 * 1024 * 1024 * 1024)
HYDRA_CARD_BUNDLE_MAX_BYTES = env.int("HYDRA_CARD_BUNDLE_MAX_BYTES", default=64 * 1024 * 1024)

# Venue mode (config/settings/venue.py, `make venue`, docs/venue.md); off everywhere else.
INSTALLED_APPS += ["venue", "overlays"]  # overlays: stream overlays for OBS (docs/desk.md)
HYDRA_VENUE = False
HYDRA_VENUE_URL = ""
HYDRA_VENUE_PORT = 8000

# --- Settings the apps read and nothing declared (issue 33): declared once here, read as settings.X ---------------
# Seconds between two polls of a live page (common.conditional.poll_seconds, docs/portal.md).
PORTAL_POLL_SECONDS = env.int("PORTAL_POLL_SECONDS", default=10)
# The site's own address (https://hydra.example.org), for links in e-mails sent without a request at hand (a seat
# invitation, common.siteurl); empty: the venue's address in venue mode, else the first of ALLOWED_HOSTS over http.
HYDRA_SITE_URL = env("HYDRA_SITE_URL", default="")
# How long an invitation link to a team's seat stays valid, in days (signup, docs/registration.md).
HYDRA_INVITATION_DAYS = env.int("HYDRA_INVITATION_DAYS", default=7)
# Players' own sign-up: attempts per client address; password resets per address and per account (portal.accounts),
# e.g. "30/hour"; empty for no limit.
HYDRA_SIGNUP_RATE = env("HYDRA_SIGNUP_RATE", default="30/hour")
HYDRA_PASSWORD_RESET_RATE = env("HYDRA_PASSWORD_RESET_RATE", default="10/hour")
HYDRA_PASSWORD_RESET_ACCOUNT_RATE = env("HYDRA_PASSWORD_RESET_ACCOUNT_RATE", default="3/hour")
# Wrong join codes (portal.views.join, docs/portal.md "Joining at the door") per client address and per signed-in
# account, e.g. "30/hour"; past it every code is refused (429) until the window ends. Empty for no limit.
HYDRA_JOIN_CODE_RATE = env("HYDRA_JOIN_CODE_RATE", default="30/hour")
HYDRA_JOIN_CODE_ACCOUNT_RATE = env("HYDRA_JOIN_CODE_ACCOUNT_RATE", default="10/hour")
# How long a web process trusts what the floor last read (a stored answer, an event's state) before reading it again,
# in seconds (config/floor.py, docs/deploy.md); 0 reads every time.
HYDRA_FLOOR_CHECK_SECONDS = env.float("HYDRA_FLOOR_CHECK_SECONDS", default=1.0)
# After each change of an event's scoreboard a worker computes its standings into the shared cache (api/tasks.py),
# so the API's first answer after the change doesn't compute them. Off: the first request computes them.
HYDRA_STANDINGS_AHEAD = env.bool("HYDRA_STANDINGS_AHEAD", default=True)
