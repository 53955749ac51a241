"""The OpenAPI description: it validates, every endpoint is in it, and the documentation page shows it; its
shapes are the serializers of api/serializers, none defined in a view."""

import ast
import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import URLPattern, URLResolver, get_resolver
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.validation import validate_schema

from tests.api.conftest import build_event
from tests.factories import ApiTokenFactory

pytestmark = pytest.mark.django_db


def _api_routes() -> set[str]:
    """Every endpoint under /api/v1/ as an OpenAPI path, from the URLconf itself."""
    [api] = [p for p in get_resolver().url_patterns if isinstance(p, URLResolver) and str(p.pattern) == "api/"]
    routes = set()
    for pattern in api.url_patterns:
        assert isinstance(pattern, URLPattern)
        route = str(pattern.pattern)
        if route.startswith("v1/") and route not in ("v1/schema/", "v1/docs/"):
            for converter in ("id",):
                route = route.replace(f"<{converter}:", "{")
            routes.add("/api/" + route.replace(">", "}"))
    return routes


def test_schema_validates_without_warnings(tmp_path):
    schema = SchemaGenerator().get_schema(request=None, public=True)
    validate_schema(schema)
    # --fail-on-warn: every view, serializer and filter is described without guesses.
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yaml"))


def test_every_endpoint_is_in_the_schema():
    paths = set(SchemaGenerator().get_schema(request=None, public=True)["paths"])
    assert len(_api_routes()) >= 24
    assert _api_routes() == paths


def test_every_operation_documents_its_errors():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            assert {"400", "404", "429"} <= set(operation["responses"]), (method, path)


def test_schema_is_served_as_json(api):
    response = api.get("/api/v1/schema/", {"format": "json"})
    assert response.status_code == 200
    assert response.json()["openapi"].startswith("3.")


def test_documentation_page_lists_every_endpoint(client):
    response = client.get("/api/v1/docs/")
    assert response.status_code == 200
    page = response.content.decode()
    for path in _api_routes():
        assert path in page
    assert "<script" not in page  # works under the site's strict Content-Security-Policy


# Serializers still in a view (none: keep it so; a new one would need a reason here).
SERIALIZERS_IN_VIEWS: dict[str, str] = {}


def test_no_serializer_is_defined_in_a_view_but_the_listed_ones():
    # Component names come from serializer class names; they live in api/serializers (docs/architecture.md).
    views = Path(__file__).resolve().parents[2] / "api" / "views"
    defined = {
        f"{path.name}: {node.name}"
        for path in sorted(views.glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.ClassDef) and node.name.endswith("Serializer")
    }
    assert sorted(defined - set(SERIALIZERS_IN_VIEWS)) == [], "define serializers in api/serializers/<area>.py"
    assert sorted(set(SERIALIZERS_IN_VIEWS) - defined) == [], "moved: take it off SERIALIZERS_IN_VIEWS"


def _parameter(schema: dict, path: str, method: str, name: str) -> dict:
    [found] = [p for p in schema["paths"][path][method]["parameters"] if p["name"] == name]
    return found["schema"]


def test_the_schema_states_the_limits_the_server_enforces(api):
    """Generated clients send only what is accepted (issue 39): every bound the server checks is in the schema,
    and the server answers the bound itself and refuses one past it."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    matches = "/api/v1/events/{event_id}/matches/"
    for name in ("round", "table"):
        bounds = _parameter(schema, matches, "get", name)
        assert (bounds["minimum"], bounds["maximum"]) == (1, 32767)
    team = _parameter(schema, matches, "get", "team")
    assert (team["minimum"], team["maximum"]) == (1, 2**63 - 1)
    table = _parameter(schema, "/api/v1/events/{event_id}/draft-tables/{number}/", "get", "round")
    assert (table["minimum"], table["maximum"]) == (1, 32767)
    key = _parameter(schema, "/api/v1/events/{event_id}/matches/{match_id}/result", "post", "Idempotency-Key")
    assert key["maxLength"] == 200 and key["minLength"] == 1 and key["pattern"]
    for name in ("page", "page_size"):
        assert _parameter(schema, matches, "get", name)["minimum"] == 1
        assert _parameter(schema, matches, "get", name)["maximum"] == 10**18 - 1

    event, _, _ = build_event(teams=2, rounds=1)
    assert api.get(f"{matches.format(event_id=event.pk)}?round=32767&table=32767").status_code == 200
    assert api.get(f"{matches.format(event_id=event.pk)}?round=32768").status_code == 400
    assert api.get(f"{matches.format(event_id=event.pk)}?table=0").status_code == 400
    assert api.get(f"{matches.format(event_id=event.pk)}?page_size={10**18 - 1}").status_code == 200
    assert api.get(f"{matches.format(event_id=event.pk)}?page_size={10**18}").status_code == 400
    match = event.rounds.get().matches.get()
    token = ApiTokenFactory(event=event)
    result = f"/api/v1/events/{event.pk}/matches/{match.pk}/result"
    for refused in ("k" * 201, "a key with spaces"):
        seats = [{"letter": letter, "wins_a": 2, "wins_b": 0} for letter in event.seat_letters]
        answer = api.post(
            result,
            {"seats": seats},
            format="json",
            HTTP_AUTHORIZATION=f"Token {token.raw}",
            HTTP_IDEMPOTENCY_KEY=refused,
        )
        assert answer.status_code == 400 and "Idempotency-Key" in answer.json()["message"]
        assert not re.match(key["pattern"], refused)
