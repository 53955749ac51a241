"""Every input of the API refuses fields it doesn't know (issue 52: `POST /api/v1/series/` with `{"best_n": 3}`
answered 201 and counted every event: the field is `best_of`). The walk: every request body of the OpenAPI schema,
its serializer and every serializer nested in it, is a StrictInputSerializer, and answers an unknown field with 400
naming it. Query parameters are not bodies (`?page=` and the like are the paginator's) and are left alone."""

import importlib
import pkgutil

import pytest
from drf_spectacular.generators import SchemaGenerator
from rest_framework import serializers

import api.serializers
from api.serializers.common import StrictInputSerializer
from series.models import Series
from tests.api.conftest import build_event
from tests.factories import ApiTokenFactory, OrganizerTokenFactory

UNKNOWN = "zz_not_a_field"


def _serializer_classes() -> dict[str, type]:
    """Every serializer class of api/serializers/, by name (names are unique: tests/api/test_schema.py)."""
    classes = {}
    for module_info in pkgutil.iter_modules(api.serializers.__path__):
        module = importlib.import_module(f"api.serializers.{module_info.name}")
        for name, value in vars(module).items():
            if (
                isinstance(value, type)
                and issubclass(value, serializers.BaseSerializer)
                and value.__module__ == module.__name__
            ):
                classes[name] = value
    return classes


def _refs(node) -> set[str]:
    if isinstance(node, dict):
        found = {node["$ref"].rsplit("/", 1)[-1]} if "$ref" in node else set()
        for value in node.values():
            found |= _refs(value)
        return found
    if isinstance(node, list):
        return set().union(*(_refs(value) for value in node)) if node else set()
    return set()


def _request_components() -> set[str]:
    """The component names of every request body of every write operation, and of the components they use."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = schema["components"]["schemas"]
    todo = set()
    for operations in schema["paths"].values():
        for method, operation in operations.items():
            if method in ("post", "put", "patch") and "requestBody" in operation:
                todo |= _refs(operation["requestBody"])
    seen = set()
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo |= _refs(components.get(name, {})) - seen
    return seen


def _input_classes() -> list[type]:
    """The serializer classes behind the request components (the component `XRequest` is `XSerializer`), and
    every serializer nested in them."""
    classes = _serializer_classes()
    found: dict[str, type] = {}
    todo = []
    for component in _request_components():
        name = component.removesuffix("Request")
        cls = classes.get(f"{name}Serializer") or classes.get(name)
        if cls is not None:  # an enum's component (KindEnum) is no serializer
            todo.append(cls)
    while todo:
        cls = todo.pop()
        if cls.__name__ in found:
            continue
        found[cls.__name__] = cls
        for field in cls().fields.values():
            field = getattr(field, "child", field)
            if isinstance(field, serializers.BaseSerializer) and not field.read_only:
                todo.append(type(field))
    return sorted(found.values(), key=lambda cls: cls.__name__)


INPUTS = _input_classes()


def test_the_walk_finds_the_inputs():
    names = {cls.__name__ for cls in INPUTS}
    assert {
        "SeriesInputSerializer",
        "EventCreateInputSerializer",
        "MatchResultInputSerializer",
        "SeatInputSerializer",
        "PrizeLineSerializer",
        "NotificationReadInputSerializer",
    } <= names
    assert len(names) > 25


@pytest.mark.parametrize("cls", INPUTS, ids=lambda cls: cls.__name__)
def test_every_input_refuses_an_unknown_field_by_its_name(cls):
    assert issubclass(cls, StrictInputSerializer), f"{cls.__name__} doesn't refuse unknown fields"
    data = cls(data={UNKNOWN: 3})
    assert not data.is_valid()
    assert UNKNOWN in data.errors and "Unknown field" in str(data.errors[UNKNOWN][0])


@pytest.mark.django_db
def test_a_series_with_a_misspelt_field_is_refused_naming_it(api):
    token = OrganizerTokenFactory()
    answer = api.post(
        "/api/v1/series/",
        {"name": "Winter league", "best_n": 3},
        format="json",
        HTTP_AUTHORIZATION=f"Token {token.raw}",
    )
    assert answer.status_code == 400, answer.content
    body = answer.json()
    assert "best_n" in body["errors"] and "best_n" in body["message"] and "best_of" in body["message"]
    assert not Series.objects.exists()


@pytest.mark.django_db
def test_a_nested_unknown_field_is_named_with_its_path(api):
    event, _registrations, rounds = build_event(teams=2, rounds=1, state="pending")
    match = rounds[0].matches.first()
    token = ApiTokenFactory(event=event)
    answer = api.post(
        f"/api/v1/events/{event.pk}/matches/{match.pk}/result",
        {"seats": [{"letter": "A", "wins_a": 2, "wins_b": 0, "wins_c": 1}]},
        format="json",
        HTTP_AUTHORIZATION=f"Token {token.raw}",
    )
    assert answer.status_code == 400, answer.content
    assert "wins_c" in answer.json()["message"]
