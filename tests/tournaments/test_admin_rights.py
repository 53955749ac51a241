"""The Django admin behind the rights module (issue 25): the reproductions of the issue, each of which worked on the
code before it, as a second organizer on a shared Hydra (an account in the Organizers group) and as a superuser."""

import pytest
from django.urls import reverse

from api.models import ApiToken
from tests.api.conftest import build_event
from tests.factories import OrganizerFactory, PlayerFactory, UserFactory
from tournaments.enums import ResultState
from tournaments.models import EventLogEntry, Registration, Round, TeamMatch
from tournaments.services.pairing import round_pair_next
from tournaments.services.roles import organizer_role_grant

pytestmark = pytest.mark.django_db


def _organizer(username: str):
    user = UserFactory(username=username)
    organizer_role_grant(user=user)
    return user


@pytest.fixture
def alice_and_bob():
    """Alice organizes a running event; Bob, another organizer on the same Hydra, organizes his own."""
    alice, bob = _organizer("alice"), _organizer("bob")
    event, registrations, rounds = build_event(teams=4, rounds=1, organizer=alice, is_public=False)
    mine, _regs, _rounds = build_event(teams=4, rounds=1, organizer=bob)
    return alice, bob, event, registrations, rounds, mine


def test_an_organizer_cant_make_a_token_for_another_persons_account_or_another_organizers_event(client, alice_and_bob):
    alice, bob, event, _regs, _rounds, mine = alice_and_bob
    client.force_login(bob)
    url = reverse("admin:api_apitoken_add")
    for data in (
        {"kind": "organizer", "user": alice.pk, "name": "stolen"},
        {"kind": "event", "event": event.pk, "user": bob.pk, "name": "stolen"},
    ):
        response = client.post(url, data)
        assert response.status_code == 200  # the form again, with the error
        assert not ApiToken.objects.filter(name="stolen").exists()
    page = client.get(url).content.decode()
    assert f'<option value="{alice.pk}"' not in page and f'<option value="{event.pk}"' not in page
    # His own event's token, as himself: made.
    response = client.post(url, {"kind": "event", "event": mine.pk, "user": bob.pk, "name": "Desk"})
    assert response.status_code == 302 and ApiToken.objects.get(name="Desk").event_id == mine.pk


def test_another_organizers_rows_are_neither_listed_nor_opened_nor_changed(client, alice_and_bob):
    alice, bob, event, registrations, rounds, mine = alice_and_bob
    client.force_login(bob)
    match = TeamMatch.objects.filter(round=rounds[0], team_b__isnull=False).first()
    TeamMatch.objects.filter(pk=match.pk).update(result_state=ResultState.PENDING, outcome="")
    for model, obj in (
        ("registration", registrations[0]),
        ("teammatch", match),
        ("round", rounds[0]),
        ("event", event),
        ("eventlogentry", None),
    ):
        listing = client.get(reverse(f"admin:tournaments_{model}_changelist")).content.decode()
        assert event.name not in listing, model
        if obj is not None:
            for page in ("change", "delete", "history"):
                response = client.get(reverse(f"admin:tournaments_{model}_{page}", args=[obj.pk]))
                assert response.status_code in (302, 403, 404), (model, page)
                assert event.name not in response.content.decode()
    # Saving the pending match as final, dropping a team, swapping pairings: refused, nothing changed.
    client.post(
        reverse("admin:tournaments_teammatch_change", args=[match.pk]),
        {"round": rounds[0].pk, "table": match.table, "team_a": match.team_a_id, "team_b": match.team_b_id},
    )
    client.post(
        reverse("admin:tournaments_registration_changelist"),
        {"action": "drop_teams", "_selected_action": [registrations[0].pk]},
    )
    response = client.post(
        reverse("admin:tournaments_round_swap", args=[rounds[0].pk]),
        {"first": registrations[0].pk, "second": registrations[1].pk},
    )
    assert response.status_code == 404
    match.refresh_from_db()
    registrations[0].refresh_from_db()
    assert match.result_state == ResultState.PENDING and registrations[0].dropped_round is None
    for page in ("pairings", "standings", "standings_csv", "decklists"):
        assert client.get(reverse(f"admin:tournaments_event_{page}", args=[event.pk])).status_code == 404


def test_an_organizer_cant_link_a_player_record_to_their_own_account(client, alice_and_bob):
    alice, bob, event, registrations, _rounds, _mine = alice_and_bob
    victim = registrations[0].seats.first().player
    client.force_login(bob)
    response = client.post(
        reverse("admin:tournaments_player_change", args=[victim.pk]), {"name": victim.name, "user": bob.pk}
    )
    victim.refresh_from_db()
    assert victim.user_id != bob.pk and response.status_code in (302, 403, 404)
    # Not even a player of his own event: the link decides whose matches an account sees.
    own = PlayerFactory(user=UserFactory())
    Registration.objects.filter(event__organizer=bob).first().seats.filter(letter="A").update(player=own)
    client.post(reverse("admin:tournaments_player_change", args=[own.pk]), {"name": own.name, "user": bob.pk})
    own.refresh_from_db()
    assert own.user_id != bob.pk


def test_a_round_with_results_cant_be_deleted_even_by_a_superuser_and_allowed_deletes_are_logged(client, alice_and_bob):
    _alice, _bob, event, _regs, rounds, _mine = alice_and_bob
    client.force_login(OrganizerFactory())
    url = reverse("admin:tournaments_round_delete", args=[rounds[0].pk])
    assert client.get(url).status_code == 403
    assert client.post(url, {"post": "yes"}).status_code == 403
    assert Round.objects.filter(pk=rounds[0].pk).exists() and TeamMatch.objects.filter(round=rounds[0]).exists()
    # A started event can't be deleted either.
    assert client.post(reverse("admin:tournaments_event_delete", args=[event.pk]), {"post": "yes"}).status_code == 403
    # A round without results can: through round_take_back, in the event's log.
    fresh, _regs2, _none = build_event(teams=4, rounds=0)
    round_ = round_pair_next(event=fresh, seed=1)
    response = client.post(reverse("admin:tournaments_round_delete", args=[round_.pk]), {"post": "yes"})
    assert response.status_code == 302 and not Round.objects.filter(pk=round_.pk).exists()
    assert EventLogEntry.objects.filter(event=fresh, action="round_taken_back").exists()


def test_what_a_token_does_is_logged_as_the_token(client, alice_and_bob):
    from rest_framework.test import APIClient

    from api.services import api_token_create

    alice, _bob, event, registrations, _rounds, _mine = alice_and_bob
    _token, raw = api_token_create(event=None, user=alice, name="Laptop", organizer=True)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {raw}")
    response = api.post(f"/api/v1/events/{event.pk}/teams/{registrations[2].pk}/drop", {}, format="json")
    assert response.status_code == 200, response.content
    entry = EventLogEntry.objects.filter(event=event, action="dropped").latest("pk")
    assert entry.actor == "token Laptop (of alice)" and entry.by == "token Laptop (of alice)"
