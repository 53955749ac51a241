"""gunicorn's settings for `make serve`, the Procfile and compose.yaml (docs/deploy.md).

Uvicorn workers (ASGI): a draft table's live updates are Server-Sent Events, long-lived responses that an async
worker holds for almost nothing, while ordinary (sync) views run in its thread pool. WEB_CONCURRENCY processes,
by default two per core plus one (config/sizing.py; docs/deploy.md, "Sizing").
"""

import os

from common.clientip import server_forwarded_allow_ips
from config.sizing import web_processes

bind = os.environ.get("GUNICORN_BIND", f"0.0.0.0:{os.environ.get('PORT', '8000')}")
workers = web_processes()
worker_class = "uvicorn_worker.UvicornWorker"
# A worker that hangs this long is killed and replaced (SSE streams send a keep-alive long before).
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "60"))
graceful_timeout = 20
keepalive = 5
# Replace workers now and then, so a slow leak never grows for days.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "5000"))
max_requests_jitter = 500
accesslog = os.environ.get("GUNICORN_ACCESSLOG", "-")
# X-Forwarded-* from no one unless NUM_PROXIES says proxies are in front, then from FORWARDED_ALLOW_IPS only: the
# server follows the same rule as Django (common/clientip.py), so REMOTE_ADDR is never a client's own invention.
forwarded_allow_ips = server_forwarded_allow_ips()
