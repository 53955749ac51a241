"""The multiplayer category (issue 43): a Commander night's pods rated pairwise, apart from two-player ratings."""

import pytest

from multiplayer.selectors import round_multiplayer_tables
from multiplayer.services import table_result_enter_line, tables_pair_next
from ratings.categories import Category, category_for
from ratings.models import PlayerRating
from ratings.selectors import category_history
from ratings.services import category_recalculate
from tests.factories import PlayerFactory, PodEventFactory, RegistrationFactory
from tournaments.enums import EventStatus

pytestmark = pytest.mark.django_db


def test_a_finished_pod_event_rates_its_winner_up_and_the_rest_down_in_the_multiplayer_category():
    event = PodEventFactory(swiss_rounds=1, rating_importance="competitive")
    players = [PlayerFactory() for _ in range(4)]
    for player in players:
        RegistrationFactory(event=event, seats=[player])
    table = round_multiplayer_tables(round_=tables_pair_next(event=event, by=event.organizer, seed=1))[0]
    winner = table.seats.get(position=3).registration.seats.get().player
    table_result_enter_line(event=event, by=event.organizer, line="1 3")
    event.status = EventStatus.FINISHED
    event.save(update_fields=["status"])
    category = category_for(format_kind=event.format_kind, structure=event.structure, team_size=1)
    assert category == Category("multiplayer", 1)
    history = category_history(category=category)
    assert len(history.matches) == 3  # the winner against each of three; the losers aren't compared
    assert {m.k for m in history.matches} == {32 / 3}
    category_recalculate(category=category)
    ratings = {r.player_id: r.rating for r in PlayerRating.objects.filter(category__slug="multiplayer")}
    assert ratings[winner.pk] > 1600 and all(ratings[p.pk] < 1600 for p in players if p != winner)
    assert round(sum(ratings.values()), 6) == 1600 * 4  # what the winner gains the others lose
