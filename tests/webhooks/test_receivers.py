"""The services tell the webhooks what happened once their transaction commits, and nothing hidden goes out: no
unconfirmed or disputed result, no pick."""

import json

import pytest

from tests.drafting.conftest import make_table
from tests.webhooks.conftest import event_with_teams
from tournaments.enums import ResultState
from tournaments.services.events import event_finish
from tournaments.services.results import SeatGames, team_match_confirm, team_match_record_final, team_match_report
from tournaments.services.rounds import event_pair_next
from tournaments.signals import DomainEvent
from webhooks.models import WebhookDelivery
from webhooks.services import webhook_create

pytestmark = pytest.mark.django_db

ALL = [value for value, _label in DomainEvent.choices]


def _committed(capture, action):
    """Run `action`, then what it left for after the commit (the deliveries' own sending stays in the test's
    transaction, so nothing reaches a broker)."""
    with capture(execute=False) as callbacks:
        result = action()
    for callback in callbacks:
        callback()
    return result


def _topics(event) -> list[str]:
    return list(WebhookDelivery.objects.filter(event=event).order_by("pk").values_list("topic", flat=True))


def _user(registration):
    return registration.seats.first().player.user


def test_pairing_a_round_makes_one_delivery_per_subscribed_webhook(django_capture_on_commit_callbacks):
    event = event_with_teams()
    webhook_create(event=event, by=event.organizer, url="http://127.0.0.1:1/a", topics=[DomainEvent.ROUND_PAIRED])
    webhook_create(event=event, by=event.organizer, url="http://127.0.0.1:1/b", topics=[DomainEvent.EVENT_FINISHED])
    round_ = _committed(django_capture_on_commit_callbacks, lambda: event_pair_next(event=event, seed=3))
    [delivery] = WebhookDelivery.objects.filter(event=event)
    assert (delivery.topic, delivery.webhook.url) == ("round.paired", "http://127.0.0.1:1/a")
    assert delivery.payload["round"]["number"] == round_.number
    names = {t["team_a"] for t in delivery.payload["round"]["tables"]} | {
        t["team_b"] for t in delivery.payload["round"]["tables"]
    }
    assert names == set(event.registrations.values_list("team__name", flat=True))


def test_an_unconfirmed_or_disputed_result_is_never_sent_and_a_confirmed_one_is(django_capture_on_commit_callbacks):
    event = event_with_teams(teams=2)
    webhook_create(event=event, by=event.organizer, url="http://127.0.0.1:1/a", topics=ALL)
    round_ = _committed(django_capture_on_commit_callbacks, lambda: event_pair_next(event=event, seed=3))
    match = round_.matches.get()
    games = [SeatGames("A", 2, 0), SeatGames("B", 2, 1)]
    _committed(
        django_capture_on_commit_callbacks,
        lambda: team_match_report(match=match, user=_user(match.team_a), seats=games),
    )
    assert _topics(event) == ["round.paired"]
    everything = json.dumps(list(WebhookDelivery.objects.values_list("payload", flat=True)))
    assert "2-1" not in everything and '"wins_b": 1' not in everything

    _committed(django_capture_on_commit_callbacks, lambda: team_match_confirm(match=match, user=_user(match.team_b)))
    assert _topics(event) == ["round.paired", "result.final", "standings.changed"]
    result = WebhookDelivery.objects.get(topic="result.final").payload["result"]
    assert (result["outcome"], result["state"], result["seats"][1]["wins_b"]) == ("A", ResultState.CONFIRMED, 1)
    standings = WebhookDelivery.objects.get(topic="standings.changed").payload["standings"]
    assert [row["match_points"] for row in standings] == [3, 0]


def test_standings_go_out_only_when_the_rounds_last_result_is_in(django_capture_on_commit_callbacks):
    event = event_with_teams(teams=4)
    webhook_create(
        event=event,
        by=event.organizer,
        url="http://127.0.0.1:1/a",
        topics=[DomainEvent.RESULT_FINAL, DomainEvent.STANDINGS_CHANGED],
    )
    round_ = _committed(django_capture_on_commit_callbacks, lambda: event_pair_next(event=event, seed=3))
    first, second = round_.matches.order_by("table")
    games = [SeatGames("A", 2, 0), SeatGames("B", 2, 0)]
    _committed(
        django_capture_on_commit_callbacks,
        lambda: team_match_record_final(match=first, user=event.organizer, seats=games),
    )
    assert _topics(event) == ["result.final"]
    _committed(
        django_capture_on_commit_callbacks,
        lambda: team_match_record_final(match=second, user=event.organizer, seats=games),
    )
    assert _topics(event) == ["result.final", "result.final", "standings.changed"]
    assert WebhookDelivery.objects.get(topic="standings.changed").payload["round"] == 1


def test_finishing_the_event_sends_the_final_standings(django_capture_on_commit_callbacks):
    event = event_with_teams(teams=2, swiss_rounds=1)
    webhook_create(event=event, by=event.organizer, url="http://127.0.0.1:1/a", topics=[DomainEvent.EVENT_FINISHED])
    _committed(django_capture_on_commit_callbacks, lambda: event_finish(event=event))
    [delivery] = WebhookDelivery.objects.filter(event=event)
    assert delivery.topic == "event.finished"
    assert len(delivery.payload["standings"]) == 2


def test_a_rolled_back_change_sends_nothing(django_capture_on_commit_callbacks):
    event = event_with_teams()
    webhook_create(event=event, by=event.organizer, url="http://127.0.0.1:1/a", topics=ALL)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        event_pair_next(event=event, seed=3)
    assert len(callbacks) >= 1  # waiting for the commit ...
    assert not WebhookDelivery.objects.exists()  # ... and nothing recorded before it


def test_draft_started_and_finished_name_the_teams_never_a_card(django_capture_on_commit_callbacks):
    from drafting.services.tables import draft_table_end, draft_table_start

    table = make_table(start=False)
    event = table.event
    webhook_create(event=event, by=event.organizer, url="http://127.0.0.1:1/a", topics=ALL)
    _committed(django_capture_on_commit_callbacks, lambda: draft_table_start(table_id=table.pk, by=None))
    _committed(django_capture_on_commit_callbacks, lambda: draft_table_end(table_id=table.pk, by=None))
    assert _topics(event) == ["draft.started", "draft.finished"]
    payloads = list(WebhookDelivery.objects.order_by("pk").values_list("payload", flat=True))
    assert payloads[0]["draft"]["teams"] == [table.team1.team.name, table.team2.team.name]
    assert "Card " not in json.dumps(payloads)


def test_a_pod_round_and_a_pod_result_go_to_the_pod_topics_and_a_reported_result_does_not(
    django_capture_on_commit_callbacks,
):
    from multiplayer.models import MultiplayerTableState
    from multiplayer.selectors import round_multiplayer_tables
    from multiplayer.services import table_result_confirm, table_result_report, tables_pair_next
    from tests.factories import PlayerFactory, PodEventFactory, RegistrationFactory, UserFactory

    event = PodEventFactory()
    for _ in range(8):
        RegistrationFactory(event=event, seats=[PlayerFactory(user=UserFactory())])
    webhook_create(
        event=event,
        by=event.organizer,
        url="http://127.0.0.1:1/a",
        topics=[DomainEvent.POD_ROUND_PAIRED, DomainEvent.POD_RESULT_FINAL],
    )
    webhook_create(event=event, by=event.organizer, url="http://127.0.0.1:1/b", topics=[DomainEvent.ROUND_PAIRED])
    round_ = _committed(
        django_capture_on_commit_callbacks, lambda: tables_pair_next(event=event, by=event.organizer, seed=1)
    )
    [delivery] = WebhookDelivery.objects.filter(event=event)
    assert delivery.topic == "pods.round.paired" and delivery.webhook.url == "http://127.0.0.1:1/a"
    pods = delivery.payload["round"]["pods"]
    assert [p["pod"] for p in pods] == [1, 2] and [s["seat"] for s in pods[0]["players"]] == [1, 2, 3, 4]
    assert sorted(s["player"] for p in pods for s in p["players"]) == sorted(
        event.registrations.values_list("team__name", flat=True)
    )
    first, second = round_multiplayer_tables(round_=round_)
    reporter, confirmer = [s.registration for s in first.seats.all()[:2]]
    _committed(
        django_capture_on_commit_callbacks,
        lambda: table_result_report(table=first, by=_user(reporter), kind="win", players=[reporter.pk]),
    )
    assert _topics(event) == ["pods.round.paired"]  # reported, not confirmed: nothing goes out
    _committed(django_capture_on_commit_callbacks, lambda: table_result_confirm(table=first, by=_user(confirmer)))
    _committed(
        django_capture_on_commit_callbacks,
        lambda: table_result_report(table=second, by=event.organizer, kind="time", players=[]),
    )
    assert _topics(event) == ["pods.round.paired", "pods.result.final", "pods.result.final"]
    result = WebhookDelivery.objects.filter(event=event, topic="pods.result.final").order_by("pk").first()
    assert result.payload["pod_result"]["pod"] == 1 and result.payload["pod_result"]["kind"] == "win"
    assert {s["player"]: s["outcome"] for s in result.payload["pod_result"]["seats"]}[str(reporter.team)] == "W"
    first.refresh_from_db()
    assert first.state == MultiplayerTableState.FINAL
