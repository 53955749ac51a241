"""Issue 55's migrations on a database with data: a Commander night's pods become MultiplayerTable rows (the same
rows, ids and content types, the app's label still `pods`), and a phase's seats refer to PhasePod rows made from
their pod numbers; and back again."""

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from multiplayer.models import MultiplayerBye, MultiplayerSeat, MultiplayerTable
from tests.factories import PlayerFactory, PodEventFactory, RegistrationFactory, RoundFactory
from tournaments.models import Phase, PhaseSeat

BEFORE = [("pods", "0001_initial"), ("tournaments", "0035_checkin_announcements_from_desk")]
AFTER = [("pods", "0002_pods_become_tables"), ("tournaments", "0036_phase_pods")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _tables() -> set[str]:
    return set(connection.introspection.table_names())


@pytest.mark.django_db(transaction=True)
def test_a_commander_nights_pods_and_a_phases_pod_numbers_become_tables_and_pod_rows():
    event = PodEventFactory()
    players = [RegistrationFactory(event=event, seats=[PlayerFactory()]) for _ in range(5)]
    round_ = RoundFactory(event=event, number=1)
    phase = Phase.objects.create(event=event, number=1, format_kind=event.format_kind, rounds=1)
    table_type = ContentType.objects.get_for_model(MultiplayerTable)
    try:
        old = _migrate(BEFORE)
        assert {"pods_pod", "pods_podseat", "pods_podbye"} <= _tables()
        pod = old.get_model("pods", "Pod").objects.create(
            round_id=round_.pk, number=1, state="final", result_kind="win"
        )
        for position, registration in enumerate(players[:4], start=1):
            old.get_model("pods", "PodSeat").objects.create(
                pod_id=pod.pk, registration_id=registration.pk, position=position, outcome="W" if position == 2 else "L"
            )
        old.get_model("pods", "PodBye").objects.create(round_id=round_.pk, registration_id=players[4].pk)
        OldSeat = old.get_model("tournaments", "PhaseSeat")
        for seat, (registration, number) in enumerate(zip(players, [2, 2, 1, 1, 2], strict=True), start=1):
            OldSeat.objects.create(phase_id=phase.pk, registration_id=registration.pk, pod=number, seat=seat)

        new = _migrate(AFTER)
        assert {"pods_multiplayertable", "pods_multiplayerseat", "pods_multiplayerbye"} <= _tables()
        assert not {"pods_pod", "pods_podseat", "pods_podbye"} & _tables()
        assert new.get_model("pods", "MultiplayerTable").objects.get(pk=pod.pk).number == 1
        back = _migrate(BEFORE)  # and back: the numbers again
        assert sorted(back.get_model("tournaments", "PhaseSeat").objects.values_list("pod", flat=True)) == [
            1,
            1,
            2,
            2,
            2,
        ]
        assert back.get_model("pods", "PodSeat").objects.filter(pod_id=pod.pk).count() == 4
        _migrate(AFTER)
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    ContentType.objects.clear_cache()
    assert ContentType.objects.get_for_model(MultiplayerTable).pk == table_type.pk
    assert not ContentType.objects.filter(app_label="pods", model__in=["pod", "podseat", "podbye"]).exists()
    table = MultiplayerTable.objects.get(pk=pod.pk)
    assert (table.round_id, table.state, table.result_kind) == (round_.pk, "final", "win")
    assert [
        (s.registration_id, s.outcome) for s in MultiplayerSeat.objects.filter(table=table).order_by("position")
    ] == [(r.pk, "W" if i == 2 else "L") for i, r in enumerate(players[:4], start=1)]
    assert list(round_.multiplayer_tables.all()) == [table]
    assert MultiplayerBye.objects.get(round=round_).registration_id == players[4].pk
    assert sorted((s.registration_id, s.pod.number, s.seat) for s in PhaseSeat.objects.filter(phase=phase)) == [
        (r.pk, n, i) for i, (r, n) in enumerate(zip(players, [2, 2, 1, 1, 2], strict=True), start=1)
    ]
    assert sorted(phase.pods.values_list("number", flat=True)) == [1, 2]
    assert {s.pod_id for s in PhaseSeat.objects.filter(phase=phase, pod__number=2)} == {phase.pods.get(number=2).pk}
