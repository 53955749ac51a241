"""The admin actions and the organizer's pages ask for the model's permissions, not only is_staff. (Each staff
account here co-organizes the events, so the rights module's object rule holds and the model permission decides;
tests/tournaments/test_admin_rights.py covers the other events.)"""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.urls import reverse

from tests.factories import EventFactory, RegistrationFactory, UserFactory
from tournaments.models import Event, EventStaff, Round, TeamMatch
from tournaments.services.pairing import round_pair_next

pytestmark = pytest.mark.django_db


def _co_organize_all() -> None:
    for event in Event.objects.all():
        for user in get_user_model().objects.filter(is_staff=True):
            EventStaff.objects.get_or_create(event=event, user=user, defaults={"role": "co_organizer"})


def _staff(client, *codenames):
    user = UserFactory(is_staff=True)
    user.user_permissions.set(Permission.objects.filter(content_type__app_label="tournaments", codename__in=codenames))
    client.force_login(user)
    _co_organize_all()
    return user


def _event(teams=4):
    event = EventFactory()
    registrations = [RegistrationFactory(event=event) for _ in range(teams)]
    _co_organize_all()
    return event, registrations


def _action(client, model, action, ids):
    return client.post(
        reverse(f"admin:tournaments_{model}_changelist"), {"action": action, "_selected_action": ids}, follow=True
    )


@pytest.mark.parametrize(
    "action",
    ["pair_next_round", "start_top_cut", "advance_top_cut", "lock_decklists", "unlock_decklists", "recheck_decklists"],
)
def test_event_actions_absent_for_a_view_only_user(client, action):
    _staff(client, "view_event")
    event, _ = _event()
    page = client.get(reverse("admin:tournaments_event_changelist")).content.decode()
    assert f'value="{action}"' not in page
    _action(client, "event", action, [event.pk])
    event.refresh_from_db()
    assert (event.rounds.count(), event.decklists_locked) == (0, False)


def test_pair_next_round_works_with_change_permission(client):
    _staff(client, "view_event", "change_event")
    event, _ = _event()
    response = _action(client, "event", "pair_next_round", [event.pk])
    assert "round 1 paired" in response.content.decode()
    assert Round.objects.filter(event=event, number=1).exists()


def test_drop_and_reinstate_need_change_permission(client):
    _staff(client, "view_registration")
    event, registrations = _event()
    _action(client, "registration", "drop_teams", [registrations[0].pk])
    registrations[0].refresh_from_db()
    assert registrations[0].dropped_round is None

    _staff(client, "view_registration", "change_registration")
    _action(client, "registration", "drop_teams", [registrations[0].pk])
    registrations[0].refresh_from_db()
    assert registrations[0].dropped_round == 0


def test_pair_again_needs_change_permission(client):
    event, _ = _event()
    round_ = round_pair_next(event=event, seed=1)
    _staff(client, "view_round")
    _action(client, "round", "pair_again", [round_.pk])
    round_.refresh_from_db()
    assert round_.seed == 1

    _staff(client, "view_round", "change_round")
    _action(client, "round", "pair_again", [round_.pk])
    round_.refresh_from_db()
    assert round_.seed != 1


def _swap_post(client, round_):
    a, b = round_.matches.order_by("table")[:2]
    return client.post(
        reverse("admin:tournaments_round_swap", args=[round_.pk]), {"first": a.team_a_id, "second": b.team_a_id}
    )


def test_swap_refused_without_change_permission(client):
    event, _ = _event()
    round_ = round_pair_next(event=event, seed=1)
    before = sorted(TeamMatch.objects.filter(round=round_).values_list("table", "team_a_id", "team_b_id"))
    _staff(client)
    assert _swap_post(client, round_).status_code == 403
    _staff(client, "view_round")
    assert client.get(reverse("admin:tournaments_round_swap", args=[round_.pk])).status_code == 403
    assert _swap_post(client, round_).status_code == 403
    assert sorted(TeamMatch.objects.filter(round=round_).values_list("table", "team_a_id", "team_b_id")) == before


def test_swap_works_with_change_permission(client):
    event, _ = _event()
    round_ = round_pair_next(event=event, seed=1)
    before = sorted(TeamMatch.objects.filter(round=round_).values_list("table", "team_a_id", "team_b_id"))
    _staff(client, "view_round", "change_round")
    assert _swap_post(client, round_).status_code == 302
    assert sorted(TeamMatch.objects.filter(round=round_).values_list("table", "team_a_id", "team_b_id")) != before


@pytest.mark.parametrize("page", ["pairings", "standings", "standings_csv"])
def test_read_only_pages_need_view_permission(client, page):
    event, _ = _event()
    url = reverse(f"admin:tournaments_event_{page}", args=[event.pk])
    _staff(client)
    assert client.get(url).status_code == 403
    _staff(client, "view_round")
    assert client.get(url).status_code == 200


def test_printable_decklists_need_view_permission_of_decklists(client):
    event, _ = _event()
    url = reverse("admin:tournaments_event_decklists", args=[event.pk])
    _staff(client, "view_round")
    assert client.get(url).status_code == 403
    _staff(client, "view_round", "view_decklist")
    assert client.get(url).status_code == 200


def test_swap_link_only_for_users_who_may_change_rounds(client):
    event, _ = _event()
    round_ = round_pair_next(event=event, seed=1)
    page = reverse("admin:tournaments_round_change", args=[round_.pk])
    swap = reverse("admin:tournaments_round_swap", args=[round_.pk])
    _staff(client, "view_round")
    viewer = client.get(page)
    assert viewer.status_code == 200
    assert "pairing check" in viewer.content.decode().lower()
    assert swap not in viewer.content.decode()
    _staff(client, "view_round", "change_round")
    assert swap in client.get(page).content.decode()
