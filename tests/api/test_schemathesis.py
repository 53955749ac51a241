"""Schemathesis against Hydra's own OpenAPI description on a live server: no 500, no response off the schema.

Runs every operation with a bounded number of generated requests (valid and invalid ones), half of them aimed
at the real event, matches and draft table seeded below so the endpoints answer with data, not just 404s.
"""

import pytest
from django.middleware.csrf import _get_new_csrf_string
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable

schemathesis = pytest.importorskip("schemathesis")
from schemathesis import GenerationMode  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.api.conftest import build_event  # noqa: E402
from multiplayer.selectors import round_multiplayer_tables  # noqa: E402
from multiplayer.services import tables_pair_next  # noqa: E402
from tests.factories import (  # noqa: E402
    ApiTokenFactory,
    DraftTableFactory,
    OrganizerTokenFactory,
    PlayerFactory,
    PodEventFactory,
    RegistrationFactory,
    SharedMatchFactory,
)
from tournaments.enums import ResultState  # noqa: E402
from tournaments.models import TeamMatch  # noqa: E402

EXAMPLES = 30
CHECKS = [status_code_conformance, content_type_conformance, response_headers_conformance, response_schema_conformance]


def _not_a_server_error(response, case):
    assert response.status_code < 500, (
        f"{case.method} {case.formatted_path} -> {response.status_code}: {response.text[:500]}"
    )


@pytest.mark.services  # CI runs it on PostgreSQL and Redis, the stack the API serves from
@pytest.mark.slow
def test_schemathesis_finds_no_server_error(live_server, settings_fixture_rates):
    event, registrations, _ = build_event(teams=5, rounds=2, top_cut=4)
    pending, _, _ = build_event(teams=2, rounds=1, state=ResultState.REPORTED)
    # An event no credential may write to (its own organizer): the generated writes (drops, disqualifications,
    # rounds taken back) can leave `event` without a bracket or standings to show; this one keeps its data.
    untouched, _, _ = build_event(teams=4, rounds=2, top_cut=4)
    token = ApiTokenFactory(event=event)
    organizer = OrganizerTokenFactory(user=event.organizer)  # runs `event`: the organizer's writes reach real data
    DraftTableFactory(event=event, number=1, team1=registrations[0], team2=registrations[1])
    from series.services import series_create

    series = series_create(by=event.organizer, name="Friday league")  # public: its page and standings answer
    shared = SharedMatchFactory()  # a Two-Headed Giant match, for the live life totals
    # A Commander night (issue 43) run by the same organizer, its first round seated: the pods' doors reach real data.
    commander = PodEventFactory(organizer=event.organizer)
    for _ in range(5):
        RegistrationFactory(event=commander, seats=[PlayerFactory()])
    tables = round_multiplayer_tables(round_=tables_pair_next(event=commander, by=event.organizer, seed=1))
    # A store of the organizer's organization (issue 53): its doors reach real data too.
    from organizations.services import location_add, organization_create

    organization = organization_create(name="Friday store", by=event.organizer)
    location_add(organization=organization, name="Main street", time_zone="Europe/Berlin", by=event.organizer)
    # A player of the team that must confirm the reported match, logged in with a session and its CSRF token.
    portal = Client()
    portal.force_login(pending.registrations.order_by("pk").last().seats.first().player.user)
    csrf = _get_new_csrf_string()
    session = {
        "cookies": {"sessionid": portal.cookies["sessionid"].value, "csrftoken": csrf},
        "headers": {"X-CSRFToken": csrf},
    }
    credentials = [
        {},
        {"headers": {"Authorization": f"Token {token.raw}"}},
        session,
        {"headers": {"Authorization": f"Token {organizer.raw}"}},
    ]
    real_ids = {
        "event_id": [event.pk, pending.pk, shared.round.event_id, untouched.pk, commander.pk],
        "table_id": [table.pk for table in tables],
        "match_id": list(event.rounds.first().matches.values_list("pk", flat=True))
        + list(pending.rounds.first().matches.values_list("pk", flat=True))
        + [shared.pk],
        "number": [1, 2, 3],
        "series_id": [series.pk],
        "organization_id": [organization.pk],
        "registration_id": [r.pk for r in registrations],
        "team_id": [r.pk for r in registrations],
        "player_id": list(event.registrations.values_list("seats__player_id", flat=True)),
    }
    real_matches = [
        (event_id, match_id)
        for event_id, match_id in TeamMatch.objects.filter(round__event__in=real_ids["event_id"]).values_list(
            "round__event_id", "pk"
        )
    ]
    schema = schemathesis.openapi.from_url(f"{live_server.url}/api/v1/schema/?format=json")
    failures = []
    seen: dict[str, set[int]] = {}
    for result in schema.get_all_operations():
        operation = result.ok()
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            strategy = operation.as_strategy(generation_mode=mode)

            def with_real_ids(case, choice):
                if case.path_parameters:
                    case.path_parameters = {
                        name: choice(real_ids[name]) if name in real_ids else value
                        for name, value in case.path_parameters.items()
                    }
                    if {"event_id", "match_id"} <= set(case.path_parameters):
                        # A match is found only under its own event: pick the two together.
                        event_id, match_id = choice(real_matches)
                        case.path_parameters.update(event_id=event_id, match_id=match_id)
                return case

            seeded = st.tuples(strategy, st.randoms(use_true_random=False)).map(
                lambda pair: with_real_ids(pair[0], pair[1].choice)
            )

            @given(case=st.one_of(strategy, seeded), auth=st.sampled_from(credentials))
            @settings(
                max_examples=EXAMPLES,
                deadline=None,
                database=None,
                derandomize=True,
                suppress_health_check=list(HealthCheck),
            )
            def run(case, auth):
                response = case.call(
                    **(auth if case.method in ("POST", "PATCH", "DELETE") or "export" in case.path else {})
                )
                seen.setdefault(f"{case.method} {operation.path}", set()).add(response.status_code)
                _not_a_server_error(response, case)
                if mode is GenerationMode.POSITIVE:
                    case.validate_response(response, checks=CHECKS)

            try:
                run()
            except Unsatisfiable as exc:  # an operation with nothing to send (no parameters, no body) has no wrong case
                if (
                    mode is not GenerationMode.NEGATIVE
                    or operation.path_parameters
                    or operation.query
                    or operation.body
                ):
                    failures.append(f"{operation.method.upper()} {operation.path} [{mode.value}]: {exc}")
            except Exception as exc:  # collect every operation's failure, then report them together
                failures.append(f"{operation.method.upper()} {operation.path} [{mode.value}]: {exc}")
    assert not failures, "\n\n".join(failures)
    # A read that generated cases happened not to aim at its real data (ids are drawn at random, and a conditional
    # header may draw a 304) is asked once per combination of the real ids, so the check below is about the API.
    import itertools

    import requests

    for result in schema.get_all_operations():
        operation = result.ok()
        name = f"GET {operation.path}"
        if operation.method.upper() != "GET" or 200 in seen.get(name, set()):
            continue
        params = [p.name for p in operation.path_parameters]
        for values in itertools.product(*(real_ids.get(p, [1]) for p in params)):
            path = operation.path.format(**dict(zip(params, values)))
            for auth in credentials:
                response = requests.get(
                    f"{live_server.url}{schema.base_path.rstrip('/')}{path}",
                    headers=auth.get("headers", {}),
                    cookies=auth.get("cookies", {}),
                    timeout=30,
                )
                seen.setdefault(name, set()).add(response.status_code)
    # The run reached real data: every read answered 200 at least once, every write got past authentication.
    assert len(seen) >= 30
    # The seeded event is of one phase (no plan): a phase by its number is a 404 there, as it should be;
    # tests/api/test_phases.py reads phases, their pods and decks with data.
    no_plan = {
        "GET /api/v1/events/{event_id}/phases/{number}/",
        "GET /api/v1/events/{event_id}/phases/{number}/pods/",
        "GET /api/v1/events/{event_id}/phases/{number}/decks/",
    }
    for name, codes in sorted(seen.items()):
        print(name, sorted(codes))
        if name in no_plan:
            assert codes <= {200, 401, 403, 404, 304}, (name, codes)
            continue
        assert (200 in codes) if name.startswith("GET") else bool(codes - {401, 403}), (name, codes)


@pytest.fixture
def settings_fixture_rates(settings):
    # Thousands of requests from one address: throttling would answer 429 (documented, but not what we test).
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {"anon": None}}
