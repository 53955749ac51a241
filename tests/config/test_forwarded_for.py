"""The forwarded-address rule is one setting, NUM_PROXIES, that Django and the server both follow (issue 29).

Through a real gunicorn with uvicorn workers (config/gunicorn.py), reached from 127.0.0.1 like a proxy on the same
machine: with NUM_PROXIES=0 an account locked by wrong passwords stays locked whatever X-Forwarded-For the client
sends (uvicorn used to take the address from it); behind one proxy (NUM_PROXIES=1) the forwarded address counts.
"""

import os
import signal

import pytest
import requests

from tests.config.test_scale_out import _database_url, _free_port, _start_web
from tests.factories import UserFactory

pytestmark = [pytest.mark.services, pytest.mark.slow]


def _login(base: str, username: str, forwarded_for: str) -> int:
    session = requests.Session()
    session.get(f"{base}/accounts/login/", timeout=10)
    token = session.cookies["csrftoken"]
    response = session.post(
        f"{base}/accounts/login/",
        timeout=10,
        allow_redirects=False,
        data={"username": username, "password": "wrong", "csrfmiddlewaretoken": token},
        headers={"X-Forwarded-For": forwarded_for},
    )
    return response.status_code


@pytest.fixture
def web(transactional_db):
    procs = []

    def start(proxies: int) -> str:
        port = _free_port()
        env = dict(
            os.environ,
            DATABASE_URL=_database_url(),
            DJANGO_SETTINGS_MODULE="config.settings.dev",
            DEBUG="false",
            NUM_PROXIES=str(proxies),
            AXES_FAILURE_LIMIT="3",
            PYTHONUNBUFFERED="1",
        )
        env.pop("FORWARDED_ALLOW_IPS", None)
        procs.append(_start_web(port, env))
        return f"http://127.0.0.1:{port}"

    yield start
    for proc in procs:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(30)


def test_without_proxies_a_locked_account_stays_locked_whatever_x_forwarded_for_says(web):
    UserFactory(username="alice")
    base = web(0)
    codes = [_login(base, "alice", f"203.0.113.{n}") for n in range(1, 6)]
    assert codes == [200, 200, 429, 429, 429]


def test_behind_one_proxy_the_forwarded_address_is_the_clients(web):
    UserFactory(username="alice")
    base = web(1)
    assert [_login(base, "alice", "203.0.113.7") for _ in range(3)] == [200, 200, 429]
    # Another client behind the same proxy isn't locked out by the first one's mistakes.
    assert _login(base, "alice", "203.0.113.8") == 200
