"""The event file is the whole event (issue 39): every kind of event Hydra runs, exported, imported and exported
again, gives the same document; the tie order survives; version-1 files still import; imported log entries are the
importer's (issue 37)."""

import json
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from tournaments.models import Announcement, CheckIn
from drafting.models import DraftCard
from drafting.services.pods import thg_pick
from eventfile.export import VERSION, event_export
from fees.models import EventFee, Payment, Prize
from eventfile.importer import event_import
from eventfile.parts import BY, PARTS, _all_parts
from judging.models import DeckCheck, Penalty
from sharedgame.models import GameState, LifeChange
from signup.models import SignupSeat, TeamSignup
from tests.api.conftest import build_event
from tests.drafting.boosterpods import front, make_booster_pods, player
from tests.drafting.pods import make_pods, pack_ids, players
from tests.eventfile.test_roundtrip import _rich_event
from tests.factories import (
    EventStaffFactory,
    PlayerFactory,
    PoolCardFactory,
    SealedEventFactory,
    SealedPoolFactory,
    SealedSettingsFactory,
    SharedMatchFactory,
    UserFactory,
)
from tournaments.enums import Outcome, ResultState
from tournaments.models import (
    ClockExtension,
    Decklist,
    DecklistChange,
    Event,
    EventDesk,
    EventLogEntry,
    PhaseDeck,
    PhaseSeat,
    Registration,
    RoundClock,
    Seat,
    SeatMatch,
    TeamMatch,
)
from tournaments.selectors.standings import standings_for_event
from tournaments.services.daytwo import event_day2_cut_make
from tournaments.services.eventlog import event_log_record

pytestmark = pytest.mark.django_db

DATA = Path(__file__).parent / "data"


def _normalized(document: dict) -> dict:
    """The document without what must differ between two Hydras' copies: the source event's id, and who the parts
    say acted (an import records the importing organizer there, issue 37)."""
    document = json.loads(json.dumps(document))
    document.pop("source_event_id")

    def clear(parts, rows):
        for part in parts:
            for row in rows.get(part.key, []):
                for name, kind in part.refs.items():
                    if kind == BY:
                        row[name] = None
                clear(part.children, row)

    clear(PARTS, document)
    return document


def _round_trip(event: Event) -> tuple[dict, dict, Event]:
    first = event_export(event=event)
    copy = event_import(document=json.loads(json.dumps(first)), user=UserFactory())
    second = event_export(event=copy)
    assert _normalized(second) == _normalized(first)
    return first, second, copy


def _team_constructed_event() -> Event:
    """Team constructed with decklists and their change history, penalties (one applied to a match), deck checks,
    staff, the desk, round clocks with an extension, check-ins, an announcement and a sign-up."""
    event, registrations, rounds = build_event(teams=5, rounds=2, top_cut=0)
    judge = UserFactory(username="judge-judy")
    EventStaffFactory(event=event, user=judge)
    seat = registrations[0].seats.get(letter="A")
    decklist = Decklist.objects.create(
        seat=seat, text="4 Lightning Bolt\n56 Mountain", main={"Lightning Bolt": 4, "Mountain": 56}
    )
    DecklistChange.objects.create(
        decklist=decklist,
        text="4 Shock\n56 Mountain",
        main={"Shock": 4, "Mountain": 56},
        sideboard={},
        submitted_at=timezone.now(),
        changed_by=judge,
        reason="Illegal card",
    )
    match = TeamMatch.objects.filter(round=rounds[0], team_b__isnull=False).first()
    Penalty.objects.create(
        event=event,
        registration=registrations[0],
        player=seat.player,
        round=rounds[0],
        infraction="te_slow_play",
        penalty="game_loss",
        judge=judge,
        note="slow",
        applied_to=match,
    )
    DeckCheck.objects.create(event=event, registration=registrations[1], round=rounds[1], result="ok", judge=judge)
    EventDesk.objects.create(event=event, round_minutes=55, deckbuilding_minutes=30)
    clock = RoundClock.objects.create(
        round=rounds[1], duration_seconds=3000, started_at=timezone.now(), ends_at=timezone.now(), status="running"
    )
    ClockExtension.objects.create(clock=clock, table=1, seconds=180, reason="judge call", by=judge)
    CheckIn.objects.create(registration=registrations[2], by=judge, at_desk=True)
    Announcement.objects.create(event=event, round=rounds[1], text="Round 2 is up", by=event.organizer)
    captain, mate = PlayerFactory(name="Sign Up Sam"), PlayerFactory(name="Sign Up Sue")
    signup = TeamSignup.objects.create(event=event, name="The Waitlisted", captain=captain, status="waitlisted")
    SignupSeat.objects.create(signup=signup, event=event, letter="A", player=captain)
    SignupSeat.objects.create(signup=signup, event=event, letter="B", player=mate)
    EventFee.objects.create(event=event, amount=Decimal("5.00"), currency="USD", prize_ties="evenly")
    Prize.objects.create(
        event=event, position=0, place_from=1, place_to=2, item="Store credit", amount=Decimal("20.00"), divisible=True
    )
    Prize.objects.create(event=event, position=1, kind="record", min_match_points=6, item="Packs", amount=2)
    Payment.objects.create(
        registration=registrations[0],
        status="refunded",
        amount=Decimal("15.00"),
        paid_by=seat.player,
        method="cash",
        marked_by=judge,
        marked_at=timezone.now(),
    )
    event_log_record(
        event=event,
        user=judge,
        action="penalty",
        message="A penalty.",
        data={
            "penalty_id": Penalty.objects.get().pk,
            "team": registrations[0].pk,
            "player": seat.player.pk,
            "match": match.pk,
        },
    )
    return event


def _rochester_event() -> Event:
    event = _rich_event()
    cards = list(DraftCard.objects.filter(table__event=event).order_by("position"))
    DraftCard.objects.filter(pk=cards[0].pk).update(
        picked_by="1A", pick_number=1, picked_at=timezone.now(), via="player"
    )
    return event


def _thg_pods_event() -> Event:
    """Two-Headed Giant pods with a pick made, and a shared game's life and poison in a round."""
    pod = make_pods(teams=4, pack_size=6)[0]
    team = pod.teams.order_by("seat").first()
    thg_pick(pod_id=pod.pk, user=players(team)[0], card_ids=pack_ids(pod, team)[:2], pack_round=0, step=0)
    event = pod.event
    first, second = list(Registration.objects.filter(event=event).order_by("pk"))[:2]
    match = SharedMatchFactory(round__event=event, round__number=1, table=1, team_a=first, team_b=second)
    game = GameState.objects.create(match=match, number=1, starting_life=30, poison_limit=15, life_a=25, life_b=30)
    LifeChange.objects.create(game=game, team="A", life=-5, by=event.organizer)
    return event


def _sealed_event() -> Event:
    event = SealedEventFactory()
    SealedSettingsFactory(event=event, booster_count=6)
    pool = SealedPoolFactory(registration__event=event, event=event, set_code="DOM", booster_count=6)
    for position in (1, 2, 3):
        PoolCardFactory(pool=pool, position=position, booster=1)
    return event


def _booster_draft_event() -> Event:
    """An individual event with a booster draft: one player's first pick made."""
    pod = make_booster_pods(players=4, pack_size=5, team_size=1)[0]
    seat = pod.teams.order_by("seat").first()
    thg_pick(pod_id=pod.pk, user=player(seat), card_ids=front(pod, seat)[:1], pack_round=0, step=0)
    return pod.event


def _day2_cut_event() -> Event:
    """An individual event whose Day 2 cut after round 1 is made (issue 42): the settings, the cut's state and
    who did not advance go out and come back."""
    event, registrations, _rounds = build_event(teams=8, rounds=1, top_cut=0, team_size=1, swiss_rounds=3)
    event_day2_cut_make(event=event, user=event.organizer, round_number=1, kind="record", threshold=0)
    event.refresh_from_db()
    return event


def _phased_event() -> Event:
    """A 16-player event of two phases (issue 42): two sealed rounds played with decks registered, then a booster
    draft in pods of 8 seated by the standings, its first round paired."""
    import random

    from tests.tournaments.services.test_phases import _play, _sealed_then_draft
    from tournaments.services.pairing import round_pair_next
    from tournaments.services.phases import phase_start_next, phase_update

    organizer, event, _entrants = _sealed_then_draft(players=16)
    phase_update(phase=event.phases.get(number=1), user=organizer, rounds=2)
    for number in (1, 2):
        round_ = round_pair_next(event=event, seed=number, user=organizer)
        if number == 1:
            for seat in Seat.objects.filter(event=event)[:3]:
                Decklist.objects.create(seat=seat, text="40 Forest", main={"Forest": 40})
        _play(round_, random.Random(number))
    phase_start_next(event=event, user=organizer, seed=9)
    round_pair_next(event=event, seed=3, user=organizer)
    event.refresh_from_db()
    return event


@pytest.mark.parametrize(
    "build",
    [
        _team_constructed_event,
        _rochester_event,
        _thg_pods_event,
        _sealed_event,
        _booster_draft_event,
        _day2_cut_event,
        _phased_event,
    ],
)
def test_every_kind_of_event_exports_imports_and_exports_the_same_document(build):
    first, second, copy = _round_trip(build())
    assert first["version"] == VERSION == 2
    assert copy.organizer.username != "judge-judy"


def test_the_file_carries_every_kind_of_record():
    event = _team_constructed_event()
    seat_player = Payment.objects.get(registration__event=event).paid_by.name
    first, _second, copy = _round_trip(event)
    assert [p["infraction"] for p in first["penalties"]] == ["te_slow_play"]
    assert first["penalties"][0]["applied_to"] == {"round": 1, "table": 1}
    assert first["deck_checks"][0]["round"] == 2 and first["staff"][0]["user"] == "judge-judy"
    assert first["decklist_changes"][0]["decklist"]["seat"] == "A"
    assert first["clocks"][0]["extensions"][0]["reason"] == "judge call"
    assert first["signups"][0]["seats"][1]["player"] == "Sign Up Sue"
    assert first["check_ins"] and first["announcements"] and first["desk"][0]["round_minutes"] == 55
    assert (
        Penalty.objects.filter(event=copy).count(),
        DeckCheck.objects.filter(event=copy).count(),
        ClockExtension.objects.filter(clock__round__event=copy).count(),
        SignupSeat.objects.filter(event=copy).count(),
    ) == (1, 1, 1, 2)
    logged = next(e for e in first["log"] if e["action"] == "penalty")["data"]
    assert logged == {
        "penalty_id": 0,
        "team": first["penalties"][0]["registration"],
        "player": first["penalties"][0]["player"],
        "match": {"round": 1, "table": 1},
    }
    assert first["fee"][0]["currency"] == "USD" and first["fee"][0]["prize_ties"] == "evenly"
    assert [(p["item"], p["place_to"], p["min_match_points"]) for p in first["prizes"]] == [
        ("Store credit", 2, None),
        ("Packs", None, 6),
    ]
    assert first["payments"][0]["paid_by"] == seat_player and first["payments"][0]["status"] == "refunded"
    assert (
        Payment.objects.get(registration__event=copy).amount,
        Prize.objects.filter(event=copy).count(),
        EventFee.objects.get(event=copy).amount,
    ) == (Decimal("15.00"), 2, Decimal("5.00"))
    pods = _round_trip(_thg_pods_event())[0]
    assert any(card["team"] is not None for card in pods["pods"][0]["cards"])
    assert pods["games"][0]["changes"][0]["life"] == -5
    assert _round_trip(_sealed_event())[0]["sealed_pools"][0]["cards"][2]["position"] == 3


def test_the_day2_cut_and_who_did_not_advance_come_back():
    first, _second, copy = _round_trip(_day2_cut_event())
    assert first["event"]["day2_cut_applied"] is True and first["event"]["day2_cut_round"] == 1
    assert [t["day2_cut_round"] for t in first["teams"]].count(1) == 4
    assert copy.day2_cut_applied and Registration.objects.filter(event=copy, day2_cut_round=1).count() == 4


def test_a_file_whose_cut_marks_dont_fit_its_cut_is_refused():
    document = json.loads(json.dumps(event_export(event=_day2_cut_event())))
    document["teams"][0]["day2_cut_round"] = 2
    document["event"]["day2_cut_applied"] = False
    with pytest.raises(ValidationError) as error:
        event_import(document=document, user=UserFactory())
    assert "teams[0].day2_cut_round" in error.value.message_dict


def test_the_file_carries_the_phases_their_pods_and_kept_decks():
    event = _phased_event()
    first, _second, copy = _round_trip(event)
    assert [(p["number"], p["format_kind"], p["rounds"], p["pairing_scope"]) for p in first["phases"]] == [
        (1, "team_sealed", 2, "field"),
        (2, "booster_draft", 3, "pods"),
    ]
    assert len(first["phases"][1]["seats"]) == 16 and len(first["phases"][0]["decks"]) == 3
    assert PhaseSeat.objects.filter(phase__event=copy).count() == 16
    assert PhaseDeck.objects.filter(phase__event=copy, phase__number=1).count() == 3
    pods = {(s.registration.team.name, s.pod.number, s.seat) for s in PhaseSeat.objects.filter(phase__event=event)}
    assert {
        (s.registration.team.name, s.pod.number, s.seat) for s in PhaseSeat.objects.filter(phase__event=copy)
    } == pods
    copy.refresh_from_db()
    assert (copy.swiss_rounds, copy.format_kind) == (5, "booster_draft")


def test_every_model_of_an_event_is_in_the_file_or_left_out_on_purpose():
    """A new model of an event must be added to the file (eventfile/parts.py) or to this list with its reason
    (docs/event-format.md, "What the file doesn't carry")."""
    from django.apps import apps

    carried = {part.model for part in _all_parts()} | {
        apps.get_model(label)
        for label in (
            "tournaments.Event",
            "tournaments.Registration",
            "tournaments.Seat",
            "tournaments.Round",
            "tournaments.TeamMatch",
            "tournaments.SeatMatch",
            "tournaments.Decklist",
            "tournaments.EventLogEntry",
            "tournaments.Team",
            "tournaments.Player",
            "drafting.DraftSettings",
            "drafting.DraftTable",
            "drafting.DraftCard",
            "tournaments.AvoidedPairing",
        )
    }  # in its teams' `avoid`
    left_out = {
        apps.get_model(label)
        for label in (
            "api.ApiToken",
            "api.IdempotencyKey",
            "webhooks.Webhook",
            "webhooks.WebhookDelivery",
            "signup.Invitation",
            "eventfile.EventSync",
            "ratings.RatingHistory",
            "signup.EventTeamList",
            "signup.JoinCode",
            "series.SeriesEvent",
            "series.SeriesResult",
            "organizations.EventLocation",  # the organization's store: this Hydra's (docs/event-format.md)
            "tournaments.SeatInvitation",
            "notifications.Notification",
        )
    }
    of_events = set()
    for model in apps.get_models():
        if model._meta.proxy:
            continue
        relations = {f.related_model for f in model._meta.concrete_fields if f.is_relation}
        if relations & {Event, Registration, TeamMatch} or model in carried:
            of_events.add(model)
    assert of_events - carried - left_out == set()


def _tied_event() -> Event:
    """Eight teams, one round of two draws and two wins, so places within each score go by the final tiebreak."""
    event, registrations, rounds = build_event(teams=8, rounds=1, top_cut=0)
    drawn = TeamMatch.objects.filter(round=rounds[0], table__in=[1, 2])
    SeatMatch.objects.filter(team_match__in=drawn).delete()
    drawn.update(outcome=Outcome.DRAW, result_state=ResultState.FINAL)
    return event


def _places(event: Event) -> list[tuple[int, str, int, str]]:
    names = dict(Registration.objects.filter(event=event).values_list("pk", "team__name"))
    return [(row.rank, names[row.team], row.match_points, row.decided_by) for row in standings_for_event(event=event)]


def test_standings_are_the_same_after_a_round_trip_places_and_ties_included():
    event = _tied_event()
    before = _places(event)
    _first, _second, copy = _round_trip(event)
    assert [decided for *_r, decided in before].count("final tiebreak") >= 4
    assert _places(copy) == before
    # And again from the copy, whose ids are new twice over.
    assert _places(_round_trip(copy)[2]) == before


def test_without_the_carried_key_the_order_would_change():
    """The test above can fail: the same file with the keys taken out orders the tied teams by the new ids."""
    event = _tied_event()
    before = _places(event)
    document = event_export(event=event)
    orders = set()
    for _ in range(3):
        bare = json.loads(json.dumps(document))
        for team in bare["teams"]:
            del team["tiebreak"]
        orders.add(tuple(_places(event_import(document=bare, user=UserFactory()))))
    assert orders != {tuple(before)}


def test_replace_keeps_the_tie_order():
    from eventfile.importer import event_replace

    source = _tied_event()
    target, _registrations, _rounds = build_event(teams=3, rounds=1, top_cut=0)
    event_replace(event=target, document=event_export(event=source), user=target.organizer)
    assert _places(target) == _places(source)


def test_a_version_1_file_still_imports():
    document = json.loads((DATA / "hydra-event-v1.json").read_text())
    assert document["version"] == 1
    event = event_import(document=document, user=UserFactory())
    again = event_export(event=event)
    assert [t["name"] for t in again["teams"]] == [t["name"] for t in document["teams"]]
    assert len(again["rounds"]) == len(document["rounds"]) and again["draft_tables"][0]["cards"]
    assert again["penalties"] == [] and again["version"] == 2


def test_imported_log_entries_are_the_importers_with_the_files_actor_as_its_words():
    """Issue 37: a file saying "user": "root" forges nothing; the entry is by whoever imported it."""
    UserFactory(username="root")
    document = event_export(event=_rich_event())
    # An hour after the file's last entry (never a calendar date: the test must not depend on today's).
    last = max(datetime.fromisoformat(entry["at"]) for entry in document["log"])
    at = (last + timedelta(hours=1)).isoformat()
    document["log"].append(
        {"at": at, "user": "root", "actor": "token Desk 9", "action": "note", "message": "Hello from root."}
    )
    importer = UserFactory(username="imp")
    event = event_import(document=document, user=importer)
    entry = EventLogEntry.objects.get(event=event, action="note")
    assert entry.user == importer and entry.actor == ""
    assert entry.by == "imp, imported (from the file: token Desk 9)"
    assert "root" not in entry.by.replace("from the file: token Desk 9", "")
    table_entry = EventLogEntry.objects.filter(event=event, data__has_key="draft_table").first()
    assert table_entry.user == importer and "from the file" in table_entry.by
    assert event_export(event=event)["log"][-1]["user"] == "root"  # the file's words, written back as they came


def test_the_export_reads_a_fixed_number_of_queries_whatever_the_size():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for teams in (4, 12):
        event, _registrations, _rounds = build_event(teams=teams, rounds=3, top_cut=0)
        with CaptureQueriesContext(connection) as queries:
            event_export(event=event)
        counts.append(len(queries))
    assert counts[0] == counts[1] and counts[0] <= 50, (
        counts
    )  # one query a part: the fee, prizes and payments 3, the timers 1, multiplayer pods 3, phases 3


def test_a_paper_drafts_timers_travel_in_the_file():
    """The called draft and the deck building timer (drafting.models.EventTimer) go out and come back whole,
    paused or not (docs/event-format.md, `timers`)."""
    import datetime as dt

    from django.utils import timezone

    from drafting import called
    from drafting.models import EventTimer

    event = _thg_pods_event()
    start = timezone.now().replace(microsecond=0) - dt.timedelta(minutes=3)
    EventTimer.objects.create(
        event=event,
        kind="draft",
        started_at=start,
        paused_at=start + dt.timedelta(seconds=70),
        paused_seconds=12.5,
        schedule=[s.as_json() for s in called.called_draft_schedule(pack_size=14)],
    )
    EventTimer.objects.create(
        event=event,
        kind="build",
        started_at=start,
        schedule=[s.as_json() for s in called.deck_building_schedule(minutes=30)],
    )
    first, _second, copy = _round_trip(event)
    assert [t["kind"] for t in first["timers"]] == ["build", "draft"]
    fields = ("kind", "schedule", "started_at", "paused_at", "paused_seconds")
    assert sorted(EventTimer.objects.filter(event=copy).values_list(*fields)) == sorted(
        EventTimer.objects.filter(event=event).values_list(*fields)
    )
