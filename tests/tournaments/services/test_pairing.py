import pytest
from django.core.exceptions import ValidationError

from tests.factories import EventFactory, OrganizerFactory, RegistrationFactory
from tournaments.enums import EventStatus, Outcome, ResultState
from tournaments.models import Round, TeamMatch
from tournaments.services.pairing import round_pair_next, round_problems, round_repair, round_swap_teams
from tournaments.services.registrations import registration_drop
from tournaments.services.results import SeatGames, team_match_record_final

pytestmark = pytest.mark.django_db

A_WINS = [SeatGames("A", 2, 0), SeatGames("B", 2, 0), SeatGames("C", 0, 2)]


def _event(teams: int, rounds: int = 3, **kwargs):
    event = EventFactory(swiss_rounds=rounds, **kwargs)
    registrations = [RegistrationFactory(event=event) for _ in range(teams)]
    return event, registrations


def _finish(round_: Round) -> None:
    organizer = OrganizerFactory()
    for match in round_.matches.filter(team_b__isnull=False):
        team_match_record_final(match=match, user=organizer, seats=A_WINS)


def _pairs(round_: Round) -> set[frozenset]:
    return {frozenset((a, b)) for a, b in round_.matches.values_list("team_a_id", "team_b_id")}


def test_round_pair_next_pairs_every_team_once_with_a_stored_seed():
    event, registrations = _event(8)
    round_ = round_pair_next(event=event, seed=42)
    teams = [t for pair in round_.matches.values_list("team_a_id", "team_b_id") for t in pair]
    assert sorted(teams) == sorted(r.pk for r in registrations)
    assert round_.seed == 42
    event.refresh_from_db()
    assert event.status == EventStatus.RUNNING


def test_round_pair_next_same_seed_same_pairing():
    event, _ = _event(8)
    first = _pairs(round_pair_next(event=event, seed=7))
    round_repair(round_=event.rounds.get(number=1), seed=7)
    assert _pairs(event.rounds.get(number=1)) == first


def test_round_pair_next_odd_teams_gives_a_final_bye_win():
    event, _ = _event(7)
    round_ = round_pair_next(event=event, seed=1)
    bye = round_.matches.get(team_b__isnull=True)
    assert (bye.outcome, bye.result_state, bye.table) == (Outcome.A_WINS, ResultState.FINAL, 4)


def test_round_pair_next_refused_while_results_are_missing_names_the_tables():
    event, _ = _event(4)
    round_pair_next(event=event, seed=1)
    with pytest.raises(ValidationError) as info:
        round_pair_next(event=event, seed=2)
    assert info.value.messages == ["Round 1 still waits for results at table(s) 1, 2: enter or confirm them first."]
    assert Round.objects.filter(event=event).count() == 1


def test_round_pair_next_avoids_rematches_and_pairs_winners_together():
    event, _ = _event(8)
    round1 = round_pair_next(event=event, seed=3)
    _finish(round1)
    round2 = round_pair_next(event=event, seed=4)
    assert not (_pairs(round1) & _pairs(round2))
    winners = set(round1.matches.values_list("team_a_id", flat=True))
    for a, b in round2.matches.values_list("team_a_id", "team_b_id"):
        assert (a in winners) == (b in winners)


def test_round_pair_next_skips_dropped_teams():
    event, registrations = _event(6)
    round1 = round_pair_next(event=event, seed=5)
    _finish(round1)
    registration_drop(registration=registrations[0], after_round=1)
    round2 = round_pair_next(event=event, seed=6)
    teams = {t for pair in round2.matches.values_list("team_a_id", "team_b_id") for t in pair if t}
    assert registrations[0].pk not in teams
    assert round2.matches.filter(team_b__isnull=True).count() == 1


def test_round_pair_next_after_last_swiss_round_is_refused():
    event, _ = _event(4, rounds=1)
    _finish(round_pair_next(event=event, seed=1))
    with pytest.raises(ValidationError) as info:
        round_pair_next(event=event)
    assert info.value.messages == ["All 1 Swiss rounds are paired. Start the top cut or finish the event."]


def test_round_repair_refused_once_results_are_in():
    event, _ = _event(4)
    round1 = round_pair_next(event=event, seed=1)
    _finish(round1)
    with pytest.raises(ValidationError):
        round_repair(round_=round1)


def test_round_swap_teams_warns_about_a_rematch():
    event, _ = _event(4)
    round1 = round_pair_next(event=event, seed=1)
    _finish(round1)
    round2 = round_pair_next(event=event, seed=2)
    m1 = round2.matches.order_by("table").first()
    # Put m1's team A back against its round-1 opponent: exactly one rematch (the other new pair is the two
    # round-1 partners' ... which is also a round-1 pair), so the check reports each rematch the swap made.
    first_match = (
        round1.matches.get(team_a=m1.team_a)
        if round1.matches.filter(team_a=m1.team_a).exists()
        else round1.matches.get(team_b=m1.team_a)
    )
    old_opponent = first_match.team_b if first_match.team_a_id == m1.team_a_id else first_match.team_a
    problems = round_swap_teams(round_=round2, first=m1.team_b, second=old_opponent)
    rematches = _pairs(round2) & _pairs(round1)
    assert len(rematches) >= 1
    assert sorted(p.code for p in problems) == ["rematch"] * len(rematches)
    assert TeamMatch.objects.filter(round=round2).count() == 2


def test_round_swap_teams_into_the_bye_warns_about_a_second_bye():
    event, _ = _event(5)
    round1 = round_pair_next(event=event, seed=1)
    bye_team = round1.matches.get(team_b__isnull=True).team_a
    _finish(round1)
    round2 = round_pair_next(event=event, seed=2)
    round2_bye = round2.matches.get(team_b__isnull=True).team_a
    problems = round_swap_teams(round_=round2, first=round2_bye, second=bye_team)
    assert round2.matches.get(team_b__isnull=True).team_a_id == bye_team.pk
    assert "bye_not_earned" in [p.code for p in problems]


def test_round_problems_empty_for_an_engine_pairing():
    event, _ = _event(6)
    round1 = round_pair_next(event=event, seed=9)
    assert round_problems(round_=round1) == []


def _teams(round_: Round) -> set[int]:
    return {t for pair in round_.matches.values_list("team_a_id", "team_b_id") for t in pair if t}


def test_drop_before_the_paired_round_starts_leaves_the_team_out_when_it_is_paired_again():
    event, registrations = _event(6)
    _finish(round_pair_next(event=event, seed=5))
    round2 = round_pair_next(event=event, seed=6)
    dropped = registration_drop(registration=registrations[0])
    assert dropped.dropped_round == 1  # round 2 had not started: the team played round 1 only
    round2 = round_repair(round_=round2, seed=7)
    assert registrations[0].pk not in _teams(round2)
    assert _teams(round2) == {r.pk for r in registrations[1:]}


def test_drop_once_the_round_has_started_plays_it_and_skips_the_next():
    event, registrations = _event(6)
    _finish(round_pair_next(event=event, seed=5))
    round2 = round_pair_next(event=event, seed=6)
    team_match_record_final(
        match=round2.matches.filter(team_b__isnull=False).first(), user=OrganizerFactory(), seats=A_WINS
    )
    dropped = registration_drop(registration=registrations[0])
    assert dropped.dropped_round == 2
    _finish(round2)
    round3 = round_pair_next(event=event, seed=8)
    assert registrations[0].pk not in _teams(round3)


def test_drop_before_the_first_round_is_after_round_zero():
    event, registrations = _event(4)
    assert registration_drop(registration=registrations[0]).dropped_round == 0
    assert registrations[0].pk not in _teams(round_pair_next(event=event, seed=1))


def test_a_paired_round_is_written_with_every_other_field_at_its_default_and_logged_by_name():
    """The round's matches are written in one INSERT on PostgreSQL (bulk_create elsewhere): the same rows either way."""
    from tournaments.models import EventLogEntry

    event, registrations = _event(5)
    round_ = round_pair_next(event=event, seed=7)
    rows = list(
        round_.matches.order_by("table").values(
            "table",
            "team_b_id",
            "outcome",
            "result_state",
            "games_won_a",
            "games_won_b",
            "games_drawn",
            "dispute_note",
            "reported_by_id",
            "reported_at",
            "confirmed_by_id",
            "confirmed_at",
            "updated_at",
        )
    )
    assert [r["table"] for r in rows] == [1, 2, 3]
    for r in rows[:2]:
        assert (r["outcome"], r["result_state"]) == ("", ResultState.PENDING)
    assert (rows[2]["team_b_id"], rows[2]["outcome"], rows[2]["result_state"]) == (
        None,
        Outcome.A_WINS,
        ResultState.FINAL,
    )
    for r in rows:
        assert (r["games_won_a"], r["games_won_b"], r["games_drawn"], r["dispute_note"]) == (0, 0, 0, "")
        assert r["reported_by_id"] is r["reported_at"] is r["confirmed_by_id"] is r["confirmed_at"] is None
        assert r["updated_at"] is not None
    names = {registration.pk: registration.team.name for registration in registrations}
    after = EventLogEntry.objects.filter(event=event).order_by("-pk").values_list("after", flat=True).first()
    assert after == [
        {"table": m.table, "a": names[m.team_a_id], "b": names.get(m.team_b_id)}
        for m in round_.matches.order_by("table")
    ]
