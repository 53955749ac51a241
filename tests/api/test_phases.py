"""Phases through the API (issue 42, docs/phases.md): the plan (list, add, change, remove), bad plans answered 400
field by field, starting the next phase with its pods seated by the standings, the phase of each round, the decks
kept per phase, and who may do what."""
import pytest

from tests.api.test_organizer_api import auth
from tests.factories import EventFactory, OrganizerTokenFactory, RegistrationFactory
from tests.tournaments.services.test_phases import _play
from tournaments.enums import FormatKind, RoundKind
from tournaments.models import Decklist, EventLogEntry, Phase, PhaseSeat, Seat

pytestmark = pytest.mark.django_db

SEALED = {"name": "Sealed", "format_kind": "team_sealed", "rounds": 2}
DRAFT = {"format_kind": "booster_draft", "rounds": 2, "pairing_scope": "pods", "pod_size": 4}


@pytest.fixture
def organizer():
    return OrganizerTokenFactory()


@pytest.fixture
def event(organizer):
    event = EventFactory(organizer=organizer.user, team_size=1, format_kind=FormatKind.TEAM_SEALED,
                         constructed_format="", real_product=True, swiss_rounds=5, top_cut=4)
    for _ in range(12):
        RegistrationFactory(event=event)
    return event


def _url(event, tail=""):
    return f"/api/v1/events/{event.pk}/phases/{tail}"


def test_plan_through_the_api_then_play_it(api, organizer, event):
    import random

    first = api.post(_url(event), SEALED, format="json", **auth(organizer))
    assert first.status_code == 201, first.json()
    assert (first.json()["number"], first.json()["first_round"], first.json()["is_current"]) == (1, 1, True)
    second = api.post(_url(event), DRAFT, format="json", **auth(organizer))
    assert second.status_code == 201, second.json()
    assert (second.json()["first_round"], second.json()["last_round"], second.json()["pods"]) == (3, 4, [])
    event.refresh_from_db()
    assert event.swiss_rounds == 4

    listing = api.get(_url(event), **auth(organizer)).json()
    assert [p["label"] for p in listing] == ["Phase 1: Sealed", "Phase 2: Booster draft"]

    rng = random.Random(3)
    for _ in range(2):
        response = api.post(f"/api/v1/events/{event.pk}/rounds/", {}, format="json", **auth(organizer))
        assert response.status_code == 201 and response.json()["phase"] == 1
        _play(event.rounds.get(number=response.json()["number"]), rng)
    for seat in Seat.objects.filter(event=event):
        Decklist.objects.create(seat=seat, text="40 Swamp", main={"Swamp": 40})
    refused = api.post(f"/api/v1/events/{event.pk}/rounds/", {}, format="json", **auth(organizer))
    assert refused.status_code == 409 and "start the phase" in str(refused.json())

    started = api.post(_url(event, "start/"), {"seed": 5}, format="json", **auth(organizer))
    assert started.status_code == 201, started.json()
    pods = started.json()["pods"]
    assert [len(p["seats"]) for p in pods] == [4, 4, 4] and started.json()["is_current"]
    assert api.get(_url(event, "2/pods/"), **auth(organizer)).json() == pods
    in_pod = {s["team"]: p["pod"] for p in pods for s in p["seats"]}
    for _ in range(2):
        response = api.post(f"/api/v1/events/{event.pk}/rounds/", {}, format="json", **auth(organizer))
        assert response.status_code == 201 and response.json()["phase"] == 2
        for match in response.json()["matches"]:
            if match["team_b"]:
                assert in_pod[match["team_a"]["id"]] == in_pod[match["team_b"]["id"]]
        _play(event.rounds.get(number=response.json()["number"]), rng)
    rounds = api.get(f"/api/v1/events/{event.pk}/rounds/", **auth(organizer)).json()["results"]
    assert [r["phase"] for r in rounds] == [1, 1, 2, 2]

    decks = api.get(_url(event, "1/decks/"), **auth(organizer))
    assert decks.status_code == 200 and len(decks.json()) == 12 and decks.json()[0]["text"] == "40 Swamp"
    assert api.get(_url(event, "2/decks/"), **auth(organizer)).json() == []

    top = api.post(f"/api/v1/events/{event.pk}/rounds/", {}, format="json", **auth(organizer))
    assert top.status_code == 201 and top.json()["kind"] == RoundKind.PLAYOFF and top.json()["phase"] is None
    late = api.post(_url(event), SEALED, format="json", **auth(organizer))
    assert late.status_code == 409
    assert EventLogEntry.objects.filter(event=event, action__startswith="phase_").count() == 4


@pytest.mark.parametrize(("body", "field"), [
    ({**SEALED, "rounds": 0}, "rounds"),
    ({**SEALED, "rounds": 31}, "rounds"),
    ({**SEALED, "format_kind": "chess"}, "format_kind"),
    ({**SEALED, "pairing_scope": "pods"}, "pairing_scope"),
    ({**DRAFT, "pod_size": 12}, "pod_size"),
    ({**DRAFT, "pod_size": 1}, "pod_size"),
    ({**SEALED, "number": 3}, "number"),
    ({**SEALED, "rounds": "three"}, "rounds"),
    ({**SEALED, "swiss": 3}, "swiss"),
    ({"format_kind": "team_sealed"}, "rounds"),
    ({**SEALED, "format_kind": "2hg_draft"}, "format_kind"),
    ({**SEALED, "format_kind": "team_rochester"}, "format_kind"),
])
def test_bad_plans_answer_400_naming_the_field(api, organizer, event, body, field):
    response = api.post(_url(event), body, format="json", **auth(organizer))
    assert response.status_code == 400, response.json()
    assert field in str(response.json())
    assert not Phase.objects.filter(event=event).exists()


def test_draft_phase_in_a_constructed_team_event_is_400(api, organizer):
    team_event = EventFactory(organizer=organizer.user, team_size=3)
    response = api.post(_url(team_event), DRAFT, format="json", **auth(organizer))
    assert response.status_code == 400 and "format_kind" in str(response.json())
    response = api.post(_url(team_event), {**SEALED, "rounds": 20}, format="json", **auth(organizer))
    assert response.status_code == 201
    response = api.post(_url(team_event), {**SEALED, "rounds": 11}, format="json", **auth(organizer))
    assert response.status_code == 400 and "30" in str(response.json())


def test_patch_and_delete_a_phase(api, organizer, event):
    api.post(_url(event), SEALED, format="json", **auth(organizer))
    api.post(_url(event), DRAFT, format="json", **auth(organizer))
    response = api.patch(_url(event, "2/"), {"rounds": 3, "name": "Top draft"}, format="json", **auth(organizer))
    assert response.status_code == 200 and response.json()["label"] == "Phase 2: Top draft"
    assert api.patch(_url(event, "2/"), {"pod_size": 20}, format="json", **auth(organizer)).status_code == 400
    assert api.patch(_url(event, "2/"), {"number": 1}, format="json", **auth(organizer)).status_code == 400
    assert api.delete(_url(event, "1/"), **auth(organizer)).status_code == 204
    assert [p["number"] for p in api.get(_url(event), **auth(organizer)).json()] == [1]
    event.refresh_from_db()
    assert event.swiss_rounds == 3 and event.format_kind == FormatKind.BOOSTER_DRAFT
    assert api.get(_url(event, "7/"), **auth(organizer)).status_code == 404
    assert api.delete(_url(event, "7/"), **auth(organizer)).status_code == 404


def test_another_organizer_cannot_plan_and_nothing_leaks(api, event):
    stranger = OrganizerTokenFactory()
    response = api.post(_url(event), SEALED, format="json", **auth(stranger))
    assert response.status_code == 404
    assert api.post(_url(event, "start/"), {}, format="json", **auth(stranger)).status_code == 404
    assert not Phase.objects.filter(event=event).exists() and not PhaseSeat.objects.exists()


def test_team_plans_a_two_headed_giant_draft_in_pods_of_four_and_team_sealed_then_rochester(api, organizer):
    from tests.factories import ThgDraftEventFactory

    thg = ThgDraftEventFactory(organizer=organizer.user)
    assert api.post(_url(thg), {"format_kind": "2hg_sealed", "rounds": 2}, format="json", **auth(organizer)).status_code == 201
    pods = api.post(_url(thg), {"format_kind": "2hg_draft", "rounds": 2, "pairing_scope": "pods"}, format="json",
                    **auth(organizer))
    assert pods.status_code == 201 and pods.json()["pod_size"] == 4
    assert api.post(_url(thg), {"format_kind": "2hg_draft", "rounds": 1, "pairing_scope": "pods", "pod_size": 8},
                    format="json", **auth(organizer)).status_code == 400
    assert api.post(_url(thg), {"format_kind": "booster_draft", "rounds": 1}, format="json",
                    **auth(organizer)).status_code == 400
    trios = EventFactory(organizer=organizer.user, team_size=3)
    assert api.post(_url(trios), {"format_kind": "team_sealed", "rounds": 3}, format="json", **auth(organizer)).status_code == 201
    assert api.post(_url(trios), {"format_kind": "team_rochester", "rounds": 3}, format="json",
                    **auth(organizer)).status_code == 201
    trios.refresh_from_db()
    assert (trios.swiss_rounds, trios.format_kind) == (6, "team_sealed")
