"""The one refusal family: ValidationErrors that carry their status, answered by the API in one place."""

import pytest
from django.core.exceptions import ValidationError
from django.http import Http404

from api.exceptions import api_exception_handler
from common.refusals import Conflict, NotAllowed, NotFound, Refusal, RefusalMiddleware
from drafting.core import DraftRefused
from drafting.selectors.tables import PoolHidden
from drafting.selectors.picklog import PickLogHidden
from sealed.services import NotYourPool
from tournaments.services.errors import ResultsMissing, StateConflict
from tournaments.services.results import NotYourMatch


def test_refusals_are_validation_errors_with_their_status():
    assert [(kind.status_code, kind.default_code) for kind in (Refusal, NotAllowed, NotFound, Conflict)] == [
        (400, "invalid"),
        (403, "permission_denied"),
        (404, "not_found"),
        (409, "conflict"),
    ]
    for kind in (Refusal, NotAllowed, NotFound, Conflict):
        assert issubclass(kind, ValidationError)


def test_refusal_members_by_kind():
    assert issubclass(StateConflict, Conflict) and issubclass(ResultsMissing, Conflict)
    assert issubclass(DraftRefused, Conflict)
    assert issubclass(PoolHidden, NotAllowed) and issubclass(PickLogHidden, NotAllowed)
    assert issubclass(NotYourMatch, NotFound) and issubclass(NotYourPool, NotFound)


def test_refusal_str_is_its_message_not_a_list():
    assert str(DraftRefused("The draft is paused.")) == "The draft is paused."
    assert str(Conflict(["One.", "Two."])) == "One. Two."


def test_refusal_messages_include_the_fields():
    assert Refusal({"name": "Taken.", "email": ["Not an address."]}).messages == ["Taken.", "Not an address."]


def _answer(exc) -> tuple[int, dict]:
    response = api_exception_handler(exc, {"request": None})
    return response.status_code, response.data


def test_api_answers_each_refusal_by_its_status_and_code():
    assert _answer(PickLogHidden("Later.")) == (403, {"status": 403, "code": "permission_denied", "message": "Later."})
    assert _answer(DraftRefused("Paused.")) == (409, {"status": 409, "code": "conflict", "message": "Paused."})
    assert _answer(NotYourPool("Not yours.")) == (404, {"status": 404, "code": "not_found", "message": "Not yours."})


def test_api_hides_whose_match_it_is_and_names_the_open_tables():
    assert _answer(NotYourMatch("This is not your match.")) == (
        404,
        {"status": 404, "code": "not_found", "message": "No such match in this event."},
    )
    assert _answer(ResultsMissing("Tables 2 and 5 have no result.", tables=[2, 5])) == (
        409,
        {"status": 409, "code": "conflict", "message": "Tables 2 and 5 have no result.", "tables": [2, 5]},
    )


def test_api_answers_a_400_refusal_field_by_field():
    status, body = _answer(Refusal({"name": "Taken."}))
    assert status == 400 and body["errors"] == {"name": ["Taken."]} and body["message"] == "name: Taken."


def test_a_page_answers_a_refusal_its_view_let_through_by_its_kind(rf):
    middleware = RefusalMiddleware(lambda request: None)
    request = rf.get("/draft/pod/1/picks.txt")
    response = middleware.process_exception(request, PickLogHidden("Your picks can be downloaded later."))
    assert (response.status_code, response["Content-Type"], response.content.decode()) == (
        403,
        "text/plain; charset=utf-8",
        "Your picks can be downloaded later.",
    )
    assert middleware.process_exception(request, DraftRefused("The draft is paused.")).status_code == 409
    with pytest.raises(Http404):
        middleware.process_exception(request, NotYourMatch("This is not your match."))
    assert middleware.process_exception(request, ValueError("ours")) is None
