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
    event = EventFactory(
        organizer=organizer.user,
        team_size=1,
        format_kind=FormatKind.TEAM_SEALED,
        constructed_format="",
        real_product=True,
        swiss_rounds=5,
        top_cut=4,
    )
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


@pytest.mark.parametrize(
    ("body", "field"),
    [
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
    ],
)
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
    assert (
        api.post(_url(thg), {"format_kind": "2hg_sealed", "rounds": 2}, format="json", **auth(organizer)).status_code
        == 201
    )
    pods = api.post(
        _url(thg), {"format_kind": "2hg_draft", "rounds": 2, "pairing_scope": "pods"}, format="json", **auth(organizer)
    )
    assert pods.status_code == 201 and pods.json()["pod_size"] == 4
    assert (
        api.post(
            _url(thg),
            {"format_kind": "2hg_draft", "rounds": 1, "pairing_scope": "pods", "pod_size": 8},
            format="json",
            **auth(organizer),
        ).status_code
        == 400
    )
    assert (
        api.post(_url(thg), {"format_kind": "booster_draft", "rounds": 1}, format="json", **auth(organizer)).status_code
        == 400
    )
    trios = EventFactory(organizer=organizer.user, team_size=3)
    assert (
        api.post(_url(trios), {"format_kind": "team_sealed", "rounds": 3}, format="json", **auth(organizer)).status_code
        == 201
    )
    assert (
        api.post(
            _url(trios), {"format_kind": "team_rochester", "rounds": 3}, format="json", **auth(organizer)
        ).status_code
        == 201
    )
    trios.refresh_from_db()
    assert (trios.swiss_rounds, trios.format_kind) == (6, "team_sealed")


# ---- With a Day 2 cut (issue 42: phases and the cut together) -------------------------------------------------


def _post_results(api, organizer, base: str, matches: list[dict], rng) -> None:
    """What the desk types for each table of a round, from team A's side: a 2-1 either way, now and then a draw."""
    for m in matches:
        if m["is_bye"]:
            continue
        roll = rng.random()
        result = "1-1-1" if roll < 0.06 else "2-1" if roll < 0.53 else "1-2"
        posted = api.post(f"{base}/matches/{m['id']}/result", {"result": result}, format="json", **auth(organizer))
        assert posted.status_code == 200, posted.json()


def _pair(api, organizer, base: str) -> dict:
    paired = api.post(f"{base}/rounds/", {}, format="json", **auth(organizer))
    assert paired.status_code == 201, paired.json()
    return paired.json()


def _standings(api, organizer, base: str) -> list[dict]:
    rows = api.get(f"{base}/standings/?page_size=500", **auth(organizer)).json()["results"]
    return rows


def test_64_players_sealed_a_cut_at_x1_draft_in_pods_of_the_advanced_then_top_8(api, organizer):
    """The issue's event through the API: 3 sealed rounds (whole field), a Day 2 cut at X-1 after round 3, 3
    booster-draft rounds in pods seated by the standings of the advanced, then a top 8 from the advanced."""
    import random

    from tournaments.phases import pod_sizes

    created = api.post(
        "/api/v1/events/",
        {
            "name": "Regional Championship",
            "date": "2026-12-05",
            "team_size": 1,
            "format_kind": "team_sealed",
            "swiss_rounds": 6,
            "top_cut": 8,
            "is_public": True,
        },
        format="json",
        **auth(organizer),
    )
    assert created.status_code == 201, created.json()
    base = f"/api/v1/events/{created.json()['id']}"
    csv = "player\n" + "".join(f"Player {n:02d}\n" for n in range(1, 65))
    imported = api.generic("POST", f"{base}/teams/import", csv.encode(), content_type="text/csv", **auth(organizer))
    assert imported.status_code == 201 and len(imported.json()) == 64, imported.json()
    assert (
        api.post(
            f"{base}/phases/",
            {"name": "Day 1 sealed", "format_kind": "team_sealed", "rounds": 3},
            format="json",
            **auth(organizer),
        ).status_code
        == 201
    )
    assert (
        api.post(
            f"{base}/phases/",
            {"format_kind": "booster_draft", "rounds": 3, "pairing_scope": "pods"},
            format="json",
            **auth(organizer),
        ).status_code
        == 201
    )
    cut = api.patch(
        f"{base}/",
        {"day2_cut_round": 3, "day2_cut_kind": "record", "day2_cut_threshold": 1},
        format="json",
        **auth(organizer),
    )
    assert cut.status_code == 200, cut.json()

    rng = random.Random(42)
    for _number in (1, 2, 3):
        paired = _pair(api, organizer, base)
        assert paired["phase"] == 1 and len(paired["matches"]) == 32
        _post_results(api, organizer, base, paired["matches"], rng)
    after_three = _standings(api, organizer, base)
    points_after_three = {row["team"]: row["match_points"] for row in after_three}
    want_advanced = [row["team"] for row in after_three if row["match_points"] >= 6]  # X-1 after 3 rounds: 6 points
    want_out = {row["team"] for row in after_three} - set(want_advanced)
    assert 8 < len(want_advanced) < 64 and want_out

    # Starting phase 2 makes the cut first (set for after round 3, not made by hand), then seats the pods.
    started = api.post(f"{base}/phases/start/", {"seed": 11}, format="json", **auth(organizer))
    assert started.status_code == 201, started.json()
    state = api.get(f"{base}/cut/", **auth(organizer)).json()
    assert state["applied"] and set(state["advanced"]) == set(want_advanced)
    assert set(state["not_advanced"]) == want_out
    pods = started.json()["pods"]
    assert [len(p["seats"]) for p in pods] == pod_sizes(len(want_advanced), pod_size=8)
    seated = [s["team"] for p in pods for s in p["seats"]]
    assert len(seated) == len(set(seated)) and set(seated) == set(want_advanced)  # the cut ones sit in no pod
    start = 0
    for pod in pods:  # pod 1 the top eight advanced, pod 2 the next ... by the standings after round 3
        size = len(pod["seats"])
        assert {s["team"] for s in pod["seats"]} == set(want_advanced[start : start + size]), pod["pod"]
        start += size
    assert api.get(f"{base}/phases/2/pods/", **auth(organizer)).json() == pods
    in_pod = {s["team"]: p["pod"] for p in pods for s in p["seats"]}

    for number in (4, 5, 6):
        paired = _pair(api, organizer, base)
        assert paired["phase"] == 2 and paired["number"] == number
        for m in paired["matches"]:
            players = {m["team_a"]["id"]} | ({m["team_b"]["id"]} if m["team_b"] else set())
            assert not players & want_out  # the cut ones are never paired again
            if m["team_b"]:
                assert in_pod[m["team_a"]["id"]] == in_pod[m["team_b"]["id"]]  # pairings within pods
        assert sum(2 if m["team_b"] else 1 for m in paired["matches"]) == len(want_advanced)
        _post_results(api, organizer, base, paired["matches"], rng)

    # Standings across phases: everyone listed; the cut ones keep their round-3 points, the others played 6 rounds.
    final_swiss = _standings(api, organizer, base)
    assert len(final_swiss) == 64
    for row in final_swiss:
        if row["team"] in want_out:
            assert row["match_points"] == points_after_three[row["team"]] and row["did_not_advance"]
        else:
            assert row["match_points"] >= points_after_three[row["team"]] and not row["did_not_advance"]
    rounds = api.get(f"{base}/rounds/", **auth(organizer)).json()["results"]
    assert [r["phase"] for r in rounds] == [1, 1, 1, 2, 2, 2]

    # The top 8 from the advanced, by the standings after round 6.
    advanced_rank = [row["team"] for row in final_swiss if row["team"] not in want_out]
    quarter = _pair(api, organizer, base)
    assert quarter["kind"] == RoundKind.PLAYOFF and quarter["phase"] is None and len(quarter["matches"]) == 4
    in_top = {m["team_a"]["id"] for m in quarter["matches"]} | {m["team_b"]["id"] for m in quarter["matches"]}
    assert in_top == set(advanced_rank[:8])
    matches = quarter["matches"]
    while matches:
        for m in matches:
            assert (
                api.post(
                    f"{base}/matches/{m['id']}/result", {"result": "2-0"}, format="json", **auth(organizer)
                ).status_code
                == 200
            )
        if len(matches) == 1:
            break
        matches = _pair(api, organizer, base)["matches"]
    placements = api.get(f"{base}/placements/").json()
    assert len(placements) == 64
    places = {p["team"]: p["place"] for p in placements}
    assert max(places[t] for t in advanced_rank) < min(places[t] for t in want_out)  # below every Day 2 entrant
    assert EventLogEntry.objects.filter(event_id=created.json()["id"], action="day2_cut", user=organizer.user).exists()


def test_a_cut_made_by_hand_after_the_phase_started_seats_its_pods_again_and_undoing_it_too(api, organizer, event):
    """A phase started before the cut (its pods seated from everyone) is seated again from the advanced when the
    cut is made by hand; undone, everyone sits again. Both logged."""
    import random

    api.post(_url(event), SEALED, format="json", **auth(organizer))
    api.post(_url(event), DRAFT, format="json", **auth(organizer))
    rng = random.Random(5)
    for _ in range(2):
        _play(event.rounds.get(number=_pair(api, organizer, f"/api/v1/events/{event.pk}")["number"]), rng)
    started = api.post(_url(event, "start/"), {"seed": 3}, format="json", **auth(organizer))
    assert sum(len(p["seats"]) for p in started.json()["pods"]) == 12
    made = api.post(
        f"/api/v1/events/{event.pk}/cut/",
        {"round": 2, "kind": "record", "threshold": 1},
        format="json",
        **auth(organizer),
    )
    assert made.status_code == 200, made.json()
    advanced = made.json()["advanced"]
    pods = api.get(_url(event, "2/pods/"), **auth(organizer)).json()
    assert sorted(s["team"] for p in pods for s in p["seats"]) == sorted(advanced)
    assert [s["team"] for s in pods[0]["seats"]] and {s["team"] for s in pods[0]["seats"]} == set(
        advanced[: len(pods[0]["seats"])]
    )
    assert api.delete(f"/api/v1/events/{event.pk}/cut/", **auth(organizer)).status_code == 200
    pods = api.get(_url(event, "2/pods/"), **auth(organizer)).json()
    assert sum(len(p["seats"]) for p in pods) == 12
    assert EventLogEntry.objects.filter(event=event, action="phase_started", data__reseated=True).count() == 2


def test_a_team_event_team_sealed_a_cut_then_team_rochester(api, organizer):
    """Teams of three: team sealed for 2 rounds, a cut at X-0 after round 2 (made when round 3 is paired), then
    team Rochester for 2 rounds: the cut teams are never paired again and placed below every Day 2 team."""
    import random

    event = EventFactory(
        organizer=organizer.user,
        team_size=3,
        format_kind=FormatKind.TEAM_SEALED,
        constructed_format="",
        real_product=True,
        swiss_rounds=4,
        top_cut=0,
    )
    for _ in range(16):
        RegistrationFactory(event=event)
    base = f"/api/v1/events/{event.pk}"
    assert (
        api.post(_url(event), {"format_kind": "team_sealed", "rounds": 2}, format="json", **auth(organizer)).status_code
        == 201
    )
    assert (
        api.post(
            _url(event), {"format_kind": "team_rochester", "rounds": 2}, format="json", **auth(organizer)
        ).status_code
        == 201
    )
    assert (
        api.patch(
            f"{base}/",
            {"day2_cut_round": 2, "day2_cut_kind": "points", "day2_cut_threshold": 4},
            format="json",
            **auth(organizer),
        ).status_code
        == 200
    )
    rng = random.Random(8)
    for _ in range(2):
        _play(event.rounds.get(number=_pair(api, organizer, base)["number"]), rng)
    points = {row["team"]: row["match_points"] for row in _standings(api, organizer, base)}
    out = {team for team, p in points.items() if p < 4}
    started = api.post(_url(event, "start/"), {}, format="json", **auth(organizer))
    assert started.status_code == 201 and started.json()["pods"] == [], started.json()
    assert set(api.get(f"{base}/cut/", **auth(organizer)).json()["not_advanced"]) == out and out
    for _ in range(2):
        paired = _pair(api, organizer, base)
        assert paired["phase"] == 2
        teams = {m["team_a"]["id"] for m in paired["matches"]} | {
            m["team_b"]["id"] for m in paired["matches"] if m["team_b"]
        }
        assert not teams & out and len(teams) == 16 - len(out)
        _play(event.rounds.get(number=paired["number"]), rng)
    places = {p["team"]: p["place"] for p in api.get(f"{base}/placements/").json()}
    assert max(places[t] for t in points if t not in out) < min(places[t] for t in out)
