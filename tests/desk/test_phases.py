"""Phases on the console and the desk (docs/phases.md): the settings page edits the phase plan, the desk's next step
starts the next phase and shows its pods ("Pod 2, seat 5"), each player's page shows their pod and seat."""

import random

import pytest
from django.urls import reverse

from tests.factories import EventFactory, EventStaffFactory, RegistrationFactory, UserFactory
from tests.tournaments.services.test_phases import _play
from tournaments.enums import FormatKind
from tournaments.models import EventLogEntry, Phase, PhaseSeat
from tournaments.services.pairing import round_pair_next

pytestmark = pytest.mark.django_db


@pytest.fixture
def big(organizer):
    event = EventFactory(
        organizer=organizer,
        team_size=1,
        format_kind=FormatKind.TEAM_SEALED,
        constructed_format="",
        real_product=True,
        swiss_rounds=4,
        top_cut=0,
    )
    for _ in range(16):
        RegistrationFactory(event=event)
    return event


def _phase(prefix: str, **fields) -> dict:
    values = {
        "name": "",
        "format_kind": "team_sealed",
        "constructed_format": "",
        "rounds": "2",
        "pairing_scope": "field",
        "pod_size": "8",
        **fields,
    }
    return {f"{prefix}-{k}": v for k, v in values.items()}


def test_settings_page_adds_changes_and_removes_phases(client, big, organizer):
    client.force_login(organizer)
    page = client.get(reverse("desk:event_settings", args=[big.pk]))
    assert page.status_code == 200 and 'id="phase-add"' in page.text
    add = reverse("desk:phase_add", args=[big.pk])
    assert client.post(add, _phase("new", name="Day 1 sealed")).status_code == 302
    assert client.post(add, _phase("new", format_kind="booster_draft", pairing_scope="pods")).status_code == 302
    big.refresh_from_db()
    assert big.swiss_rounds == 4 and list(big.phases.values_list("format_kind", flat=True)) == [
        "team_sealed",
        "booster_draft",
    ]
    page = client.get(reverse("desk:event_settings", args=[big.pk]))
    assert "Phase 1: Day 1 sealed" in page.text and "Phase 2: Booster draft" in page.text
    assert 'data-field="swiss_rounds"' in page.text and "The phase plan below sets the Swiss rounds" in page.text

    change = reverse("desk:phase_change", args=[big.pk, 2])
    response = client.post(
        change, {**_phase("phase2", format_kind="booster_draft", pairing_scope="pods", rounds="3"), "action": "save"}
    )
    assert response.status_code == 302
    big.refresh_from_db()
    assert big.swiss_rounds == 5
    refused = client.post(
        change, {**_phase("phase2", format_kind="team_sealed", pairing_scope="pods"), "action": "save"}
    )
    assert refused.status_code == 400 and "Only a draft phase" in refused.text
    assert client.post(change, {"action": "remove"}).status_code == 302
    assert list(big.phases.values_list("number", flat=True)) == [1]
    assert EventLogEntry.objects.filter(event=big, action="phase_plan_changed", user=organizer).count() == 4


def test_bad_phase_answers_400_and_adds_nothing(client, big, organizer):
    client.force_login(organizer)
    add = reverse("desk:phase_add", args=[big.pk])
    assert client.post(add, _phase("new", rounds="0")).status_code == 400
    response = client.post(add, _phase("new", format_kind="team_rochester"))
    assert response.status_code == 400
    assert not big.phases.exists()


def test_desk_starts_the_next_phase_and_shows_pods_and_the_phone_its_seat(client, big, organizer):
    from tournaments.services.phases import phase_create

    phase_create(event=big, user=organizer, format_kind=FormatKind.TEAM_SEALED, rounds=2)
    phase_create(event=big, user=organizer, format_kind=FormatKind.BOOSTER_DRAFT, rounds=2, pairing_scope="pods")
    for number in (1, 2):
        _play(round_pair_next(event=big, seed=number, user=organizer), random.Random(number))
    client.force_login(organizer)
    desk = client.get(reverse("desk:desk", args=[big.pk]))
    assert desk.status_code == 200 and "Start phase 2" in desk.text
    step = desk.context["step"]
    assert step.kind == "phase"
    assert client.post(reverse("desk:step", args=[big.pk]), {"key": step.key}).status_code == 302
    assert PhaseSeat.objects.filter(phase__event=big).count() == 16
    desk = client.get(reverse("desk:desk", args=[big.pk]))
    assert 'id="phase-panel"' in desk.text and "Pod 2, seat 8" in desk.text and "Pair round 3" in desk.text

    seat = PhaseSeat.objects.filter(phase__event=big).select_related("registration").first()
    user = UserFactory()
    player = seat.registration.seats.get().player
    player.user = user
    player.save()
    client.force_login(user)
    page = client.get(reverse("portal:event", args=[big.pk]))
    assert f"Pod {seat.pod.number}, seat {seat.seat}" in page.text and 'id="event-phase"' in page.text


def test_a_scorekeeper_starts_phases_but_cannot_plan_them(client, big, organizer):
    from tournaments.services.phases import phase_create

    phase_create(event=big, user=organizer, format_kind=FormatKind.TEAM_SEALED, rounds=4)
    keeper = UserFactory()
    EventStaffFactory(event=big, user=keeper, role="scorekeeper")
    client.force_login(keeper)
    assert client.get(reverse("desk:event_settings", args=[big.pk])).status_code == 404
    assert client.post(reverse("desk:phase_add", args=[big.pk]), _phase("new")).status_code == 404
    assert client.post(reverse("desk:phase_change", args=[big.pk, 1]), {"action": "remove"}).status_code == 404
    assert Phase.objects.filter(event=big).count() == 1
    stranger = UserFactory()  # signed in, no role at the event
    client.force_login(stranger)
    assert client.post(reverse("desk:phase_add", args=[big.pk]), _phase("new")).status_code == 404


def test_one_phase_event_desk_shows_no_phase(client, event, organizer):
    client.force_login(organizer)
    desk = client.get(reverse("desk:desk", args=[event.pk]))
    assert 'id="phase-panel"' not in desk.text and desk.context["phase"] is None


def test_judges_read_an_earlier_phases_decks_on_the_decklists_page_nobody_else(client, big, organizer):
    from tournaments.models import Decklist, Seat
    from tournaments.services.phases import phase_create, phase_start_next

    phase_create(event=big, user=organizer, format_kind=FormatKind.TEAM_SEALED, rounds=2)
    phase_create(event=big, user=organizer, format_kind=FormatKind.BOOSTER_DRAFT, rounds=2, pairing_scope="pods")
    for number in (1, 2):
        round_ = round_pair_next(event=big, seed=number, user=organizer)
        if number == 1:
            for seat in Seat.objects.filter(event=big):
                Decklist.objects.create(
                    seat=seat,
                    text="38 Plains\n2 Sealed Wonder\n1 Side Thing",
                    main={"Plains": 38, "Sealed Wonder": 2},
                    sideboard={"Side Thing": 1},
                )
        _play(round_, random.Random(number))
    judge, player = UserFactory(), UserFactory()
    EventStaffFactory(event=big, user=judge, role="judge")
    seat = Seat.objects.filter(event=big).select_related("player").first()
    seat.player.user = player
    seat.player.save()
    url = reverse("desk:decklists", args=[big.pk])
    client.force_login(judge)
    assert 'id="phase-decks-1"' not in client.get(url).text  # phase 1 is still the current phase

    phase_start_next(event=big, user=organizer)
    page = client.get(url)
    assert page.status_code == 200
    assert 'id="phase-decks-1"' in page.text and "Decks of Phase 1: Sealed" in page.text
    assert page.text.count('class="decklist phase-deck"') == 16 and "2 Sealed Wonder" in page.text
    assert 'data-main="40" data-sideboard="1"' in page.text
    team = client.get(reverse("judging:team", args=[big.pk, seat.registration_id]))  # the judge's page of one entrant
    assert team.status_code == 200 and 'id="phase-decks-1"' in team.text
    assert team.text.count('class="decklist phase-deck"') == 1
    assert f'data-registration="{seat.registration_id}"' in team.text
    api = client.get(f"/api/v1/events/{big.pk}/phases/1/decks/")
    assert api.status_code == 200 and len(api.json()) == 16  # the page lists what the API serves
    for who in (player, UserFactory()):  # a player of the event, a stranger: as the API, no such page
        client.force_login(who)
        assert client.get(url).status_code == 404
        assert client.get(f"/api/v1/events/{big.pk}/phases/1/decks/").status_code in (403, 404)
