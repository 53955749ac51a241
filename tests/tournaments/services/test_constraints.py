"""The organizer's pairing constraints through the services (tournaments/services/constraints.py and
services/pairing.py): byes in advance, fixed tables, pairings to avoid (issue 42)."""

import pytest
from django.core.exceptions import ValidationError

from tests.factories import EventFactory, OrganizerFactory, RegistrationFactory
from tournaments.enums import Outcome, ResultState
from tournaments.models import AvoidedPairing, EventLogEntry, Round, TeamMatch
from tournaments.selectors.standings import standings_for_event
from tournaments.services.constraints import (
    avoided_pairing_add,
    avoided_pairing_remove,
    registration_set_byes,
    registration_set_fixed_table,
)
from tournaments.services.errors import StateConflict
from tournaments.services.pairing import round_pair_next, round_problems

pytestmark = pytest.mark.django_db


def _all_won_by_a(round_: Round) -> None:
    """Every open match of the round won 2-0 by its first team (a quick stand-in for entering results)."""
    round_.matches.filter(team_b__isnull=False).update(
        outcome=Outcome.A_WINS, result_state=ResultState.FINAL, games_won_a=2, games_won_b=0
    )


def test_300_player_event_with_12_players_holding_byes_and_2_fixed_tables():
    organizer = OrganizerFactory()
    event = EventFactory(team_size=1, swiss_rounds=4, organizer=organizer)
    players = [RegistrationFactory(event=event) for _ in range(300)]
    holders = {players[k]: 1 + k % 3 for k in range(12)}  # 4 players each with 1, 2 and 3 byes
    for registration, byes in holders.items():
        registration_set_byes(registration=registration, byes=byes, user=organizer)
    wheelchair, near_door = players[100], players[200]
    registration_set_fixed_table(registration=wheelchair, table=1, user=organizer)
    registration_set_fixed_table(registration=near_door, table=77, user=organizer)

    for number in range(1, 5):
        round_ = round_pair_next(event=event, seed=number)
        byes = set(round_.matches.filter(team_b__isnull=True).values_list("team_a_id", flat=True))
        assert byes == {r.pk for r, n in holders.items() if n >= number}
        assert (
            round_.matches.filter(team_b__isnull=True)
            .exclude(outcome=Outcome.A_WINS, result_state=ResultState.FINAL)
            .count()
            == 0
        )
        table_of = {}
        for table, a, b in round_.matches.filter(team_b__isnull=False).values_list("table", "team_a_id", "team_b_id"):
            table_of[a] = table_of[b] = table
        assert table_of[wheelchair.pk] == 1 and table_of[near_door.pk] == 77
        paired = round_.matches.filter(team_b__isnull=False).count()
        assert sorted(set(table_of.values())) == list(range(1, paired + 1))
        assert len(table_of) + len(byes) == 300
        assert round_problems(round_=round_) == []  # byes in advance are no second bye, nobody is left out
        _all_won_by_a(round_)

    points = {row.team: row.match_points for row in standings_for_event(event=event)}
    # A bye is a match win (3 points): three byes in advance are 9 points before anyone plays.
    for registration, byes in holders.items():
        assert points[registration.pk] >= 3 * byes
    assert EventLogEntry.objects.filter(event=event, registration=wheelchair, user=organizer).exists()


def test_avoided_pairing_is_not_paired_and_logged():
    organizer = OrganizerFactory()
    event = EventFactory(team_size=1, swiss_rounds=3, organizer=organizer)
    players = [RegistrationFactory(event=event) for _ in range(8)]
    for k in range(0, 8, 2):
        avoided_pairing_add(event=event, first=players[k], second=players[k + 1], user=organizer)
    avoid = {frozenset((players[k].pk, players[k + 1].pk)) for k in range(0, 8, 2)}
    for seed in range(5):
        round_ = round_pair_next(event=event, seed=seed)
        pairs = {frozenset(p) for p in round_.matches.values_list("team_a_id", "team_b_id")}
        assert not pairs & avoid
        assert round_problems(round_=round_) == []
        round_.delete()
    assert EventLogEntry.objects.filter(event=event, user=organizer, message__contains="not to be paired").count() == 4


def test_unavoidable_avoided_pairing_is_made_and_said():
    organizer = OrganizerFactory()
    event = EventFactory(team_size=1, swiss_rounds=1, organizer=organizer)
    first, second = RegistrationFactory(event=event), RegistrationFactory(event=event)
    avoided_pairing_add(event=event, first=second, second=first, user=organizer)
    round_ = round_pair_next(event=event, seed=1, user=organizer)
    assert round_.matches.filter(team_b__isnull=False).count() == 1
    entry = EventLogEntry.objects.get(event=event, action="round_paired")
    assert len(entry.warnings) == 1 and "asked to avoid" in str(entry.warnings[0])
    assert [p.code for p in round_problems(round_=round_)] == ["avoided"]


def test_avoided_pairing_refusals_and_removal():
    organizer = OrganizerFactory()
    event = EventFactory(team_size=1)
    a, b = RegistrationFactory(event=event), RegistrationFactory(event=event)
    stranger = RegistrationFactory()
    with pytest.raises(ValidationError):
        avoided_pairing_add(event=event, first=a, second=a, user=organizer)
    with pytest.raises(ValidationError):
        avoided_pairing_add(event=event, first=a, second=stranger, user=organizer)
    made = avoided_pairing_add(event=event, first=b, second=a, user=organizer)
    assert (made.first_id, made.second_id) == (min(a.pk, b.pk), max(a.pk, b.pk))
    assert avoided_pairing_add(event=event, first=a, second=b, user=organizer).pk == made.pk
    assert avoided_pairing_remove(event=event, first=a, second=b, user=organizer) is True
    assert avoided_pairing_remove(event=event, first=a, second=b, user=organizer) is False
    assert not AvoidedPairing.objects.exists()


@pytest.mark.parametrize("value", [-1, 4, "two", 1.5, None])
def test_byes_in_advance_refuse_anything_but_0_to_3(value):
    registration = RegistrationFactory()
    with pytest.raises(ValidationError) as error:
        registration_set_byes(registration=registration, byes=value)
    assert "byes_in_advance" in error.value.message_dict
    registration.refresh_from_db()
    assert registration.byes_in_advance == 0


def test_byes_in_advance_refused_once_their_round_is_paired():
    event = EventFactory(team_size=1, swiss_rounds=3)
    players = [RegistrationFactory(event=event) for _ in range(4)]
    round_pair_next(event=event, seed=1)
    with pytest.raises(StateConflict):
        registration_set_byes(registration=players[0], byes=1)


def test_fixed_table_is_kept_by_one_entrant_only():
    event = EventFactory(team_size=1)
    a, b = RegistrationFactory(event=event), RegistrationFactory(event=event)
    registration_set_fixed_table(registration=a, table="5")
    with pytest.raises(ValidationError) as error:
        registration_set_fixed_table(registration=b, table=5)
    assert "fixed_table" in error.value.message_dict
    with pytest.raises(ValidationError):
        registration_set_fixed_table(registration=b, table=0)
    registration_set_fixed_table(registration=a, table="")
    a.refresh_from_db()
    assert a.fixed_table is None
    assert TeamMatch.objects.count() == 0


def test_seeded_round_one_keeps_its_seeding_and_untangles_an_avoided_pair():
    organizer = OrganizerFactory()
    event = EventFactory(team_size=1, swiss_rounds=3, organizer=organizer, seed_by_rating=True)
    players = [RegistrationFactory(event=event) for _ in range(8)]
    plain = round_pair_next(event=event, seed=5)
    seeded = sorted(tuple(sorted(p)) for p in plain.matches.values_list("team_a_id", "team_b_id"))
    first, second = next(iter(plain.matches.values_list("team_a_id", "team_b_id")))
    plain.delete()
    by_id = {p.pk: p for p in players}
    avoided_pairing_add(event=event, first=by_id[first], second=by_id[second], user=organizer)
    again = round_pair_next(event=event, seed=5)
    pairs = sorted(tuple(sorted(p)) for p in again.matches.values_list("team_a_id", "team_b_id"))
    assert tuple(sorted((first, second))) not in pairs
    assert len(set(pairs) & set(seeded)) == 2  # one swap with a neighbour: the two other pairs as seeded
    assert round_problems(round_=again) == []


def test_a_draft_phases_round_one_across_the_pod_untangles_an_avoided_pair():
    from tournaments.enums import FormatKind, PairingScope
    from tournaments.services.phases import phase_create

    organizer = OrganizerFactory()
    event = EventFactory(
        team_size=1,
        swiss_rounds=2,
        organizer=organizer,
        format_kind=FormatKind.BOOSTER_DRAFT,
        constructed_format="",
        real_product=True,
    )
    players = {RegistrationFactory(event=event).pk: None for _ in range(8)}
    phase_create(
        event=event, user=organizer, format_kind=FormatKind.BOOSTER_DRAFT, rounds=2, pairing_scope=PairingScope.PODS
    )
    plain = round_pair_next(event=event, seed=5)
    across = sorted(tuple(sorted(p)) for p in plain.matches.values_list("team_a_id", "team_b_id"))
    first, second = across[0]
    plain.delete()
    from tournaments.models import Registration

    avoided_pairing_add(
        event=event,
        first=Registration.objects.get(pk=first),
        second=Registration.objects.get(pk=second),
        user=organizer,
    )
    again = round_pair_next(event=event, seed=5)
    pairs = sorted(tuple(sorted(p)) for p in again.matches.values_list("team_a_id", "team_b_id"))
    assert (first, second) not in pairs and len(pairs) == 4 and len(set(pairs) & set(across)) == 2
    assert sorted(p for pair in pairs for p in pair) == sorted(players)
    assert round_problems(round_=again) == []
