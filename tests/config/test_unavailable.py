"""The database unable to answer now is a 503 with Retry-After, never a 500 (issue 52; common/unavailable.py): the
pages' handler500, the API's exception handler, and one more try of a GET whose connection broke."""

import json

import psycopg
import psycopg_pool
from django.db import OperationalError
from django.http import HttpResponse
from django.test import RequestFactory

from api.exceptions import api_exception_handler
from common.unavailable import database_unavailable, pool_busy
from config.errors import server_error
from config.middleware import DatabaseRetryMiddleware


def _wrapped(cause: Exception) -> OperationalError:
    """As Django raises it: its OperationalError, the driver's error as the cause."""
    try:
        try:
            raise cause
        except Exception as exc:
            raise OperationalError(str(exc)) from exc
    except OperationalError as wrapped:
        return wrapped


def _answer_during(exc: Exception, path: str):
    try:
        raise exc
    except Exception:
        return server_error(RequestFactory().get(path))


def test_a_full_pool_is_a_503_page_with_retry_after(settings):
    settings.HYDRA_DATABASE_RETRY_AFTER = 7
    response = _answer_during(_wrapped(psycopg_pool.PoolTimeout("couldn't get a connection after 10.00 sec")), "/")
    assert response.status_code == 503 and response["Retry-After"] == "7"
    assert "try again in a few seconds" in response.content.decode()
    assert response.database_unavailable == "busy"


def test_a_terminated_connection_is_a_503_in_the_apis_json():
    cut = _wrapped(psycopg.OperationalError("terminating connection due to administrator command"))
    response = _answer_during(cut, "/api/v1/events/")
    body = json.loads(response.content)
    assert response.status_code == 503 and body["code"] == "unavailable" and int(response["Retry-After"]) > 0
    assert response.database_unavailable == "broken"


def test_any_other_error_stays_a_500():
    assert _answer_during(ValueError("a bug"), "/").status_code == 500
    assert not database_unavailable(ValueError("a bug")) and not pool_busy(ValueError("a bug"))


def test_the_apis_views_answer_a_full_pool_503():
    request = RequestFactory().get("/api/v1/events/")
    response = api_exception_handler(_wrapped(psycopg_pool.PoolTimeout("no connection")), {"request": request})
    assert response.status_code == 503 and response.data["code"] == "unavailable" and response["Retry-After"]


def _flaky(first_mark: str):
    calls = []

    def get_response(request):
        calls.append(request.method)
        response = HttpResponse("ok" if len(calls) > 1 else "unavailable", status=200 if len(calls) > 1 else 503)
        if len(calls) == 1:
            response.database_unavailable = first_mark
        return response

    return calls, get_response


def test_a_get_whose_connection_broke_is_tried_once_more(db):
    calls, get_response = _flaky("broken")
    assert DatabaseRetryMiddleware(get_response)(RequestFactory().get("/")).status_code == 200
    assert calls == ["GET", "GET"]


def test_a_write_or_a_full_pool_is_never_tried_again(db):
    calls, get_response = _flaky("broken")
    assert DatabaseRetryMiddleware(get_response)(RequestFactory().post("/")).status_code == 503
    calls_busy, busy = _flaky("busy")
    assert DatabaseRetryMiddleware(busy)(RequestFactory().get("/")).status_code == 503
    assert calls == ["POST"] and calls_busy == ["GET"]
