import pytest
from django.core.exceptions import ValidationError

from tests.factories import EventFactory, OrganizerFactory, RegistrationFactory
from tournaments.enums import EventStatus, RoundKind
from tournaments.selectors.standings import standings_for_event
from tournaments.selectors.topcut import bracket_for_event
from tournaments.services.pairing import round_pair_next
from tournaments.services.results import SeatGames, team_match_record_final
from tournaments.services.topcut import topcut_advance, topcut_start

pytestmark = pytest.mark.django_db

A_WINS = [SeatGames("A", 2, 0), SeatGames("B", 2, 0), SeatGames("C", 0, 2)]
DRAW = [SeatGames("A", 2, 0), SeatGames("B", 0, 2), SeatGames("C", 1, 1)]


def _play_swiss(event):
    organizer = OrganizerFactory()
    for number in range(event.swiss_rounds):
        round_ = round_pair_next(event=event, seed=number)
        for match in round_.matches.filter(team_b__isnull=False):
            team_match_record_final(match=match, user=organizer, seats=A_WINS)
    return organizer


def test_topcut_start_seeds_one_v_eight_four_v_five_two_v_seven_three_v_six():
    event = EventFactory(swiss_rounds=3, top_cut=8)
    for _ in range(12):
        RegistrationFactory(event=event)
    _play_swiss(event)
    order = [row.team for row in standings_for_event(event=event)]
    round_ = topcut_start(event=event)
    pairs = list(round_.matches.order_by("table").values_list("team_a_id", "team_b_id"))
    seed = {team: i for i, team in enumerate(order, start=1)}
    assert [(seed[a], seed[b]) for a, b in pairs] == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert round_.kind == RoundKind.PLAYOFF and round_.number == 4


def test_topcut_played_to_a_champion_leaves_swiss_standings_as_they_were():
    event = EventFactory(swiss_rounds=2, top_cut=4)
    for _ in range(6):
        RegistrationFactory(event=event)
    organizer = _play_swiss(event)
    before = standings_for_event(event=event)
    round_ = topcut_start(event=event)
    while round_ is not None:
        for match in round_.matches.all():
            team_match_record_final(match=match, user=organizer, seats=A_WINS)
        round_ = topcut_advance(event=event)
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED
    assert bracket_for_event(event=event).champion == before[0].team  # team A (the better seed) always won
    assert standings_for_event(event=event) == before


def test_topcut_draw_is_refused_with_the_reason():
    event = EventFactory(swiss_rounds=1, top_cut=2)
    for _ in range(4):
        RegistrationFactory(event=event)
    organizer = _play_swiss(event)
    final = topcut_start(event=event).matches.get()
    with pytest.raises(ValidationError) as info:
        team_match_record_final(match=final, user=organizer, seats=DRAW)
    assert "A top-cut match can't end in a draw" in info.value.messages[0]


def test_topcut_start_refused_while_swiss_rounds_are_missing():
    event = EventFactory(swiss_rounds=3, top_cut=4)
    for _ in range(4):
        RegistrationFactory(event=event)
    with pytest.raises(ValidationError) as info:
        topcut_start(event=event)
    assert info.value.messages == ["Only 0 of 3 Swiss rounds are paired."]


def _top8():
    event = EventFactory(swiss_rounds=3, top_cut=8)
    for _ in range(10):
        RegistrationFactory(event=event)
    return event, _play_swiss(event)


def test_topcut_start_stores_the_seeds():
    from tournaments.models import Registration
    from tournaments.selectors.topcut import topcut_seeds

    event, _ = _top8()
    order = [row.team for row in standings_for_event(event=event)]
    topcut_start(event=event)
    stored = dict(Registration.objects.filter(event=event, topcut_seed__isnull=False).values_list("id", "topcut_seed"))
    assert stored == {team: seed for seed, team in enumerate(order[:8], start=1)}
    assert topcut_seeds(event=event) == order[:8]


def test_team_dropped_in_the_playoff_loses_its_pending_match_and_the_bracket_goes_on():
    from tournaments.enums import Outcome, ResultState
    from tournaments.models import Registration
    from tournaments.services.registrations import registration_drop

    event, organizer = _top8()
    quarterfinals = topcut_start(event=event)
    first = quarterfinals.matches.get(table=1)
    # Table 1's seed 8 drops before playing: seed 1 advances without playing.
    registration_drop(registration=Registration.objects.get(pk=first.team_b_id))
    first.refresh_from_db()
    assert (first.outcome, first.result_state) == (Outcome.A_WINS, ResultState.FINAL)
    # Seed 1 (team A of table 1) wins; then it drops before the semifinal.
    for match in quarterfinals.matches.exclude(pk=first.pk):
        team_match_record_final(match=match, user=organizer, seats=A_WINS)
    registration_drop(registration=Registration.objects.get(pk=first.team_a_id))
    semifinals = topcut_advance(event=event)
    top = semifinals.matches.get(table=1)
    assert top.team_a_id == first.team_a_id
    assert (top.outcome, top.result_state) == (Outcome.B_WINS, ResultState.FINAL)
    team_match_record_final(match=semifinals.matches.get(table=2), user=organizer, seats=A_WINS)
    final = topcut_advance(event=event)
    assert final.matches.get().team_a_id == top.team_b_id
    team_match_record_final(match=final.matches.get(), user=organizer, seats=A_WINS)
    assert topcut_advance(event=event) is None
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED
    assert bracket_for_event(event=event).champion == top.team_b_id
