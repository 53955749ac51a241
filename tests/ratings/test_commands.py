"""The management commands: recalculation, the benchmark, the model comparison; each ends with one JSON line."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from ratings.models import PlayerRating
from tests.factories import PlayerFactory
from tests.ratings.conftest import A, played_event


def _last_json(out: StringIO) -> dict:
    return json.loads(out.getvalue().strip().splitlines()[-1])


@pytest.mark.django_db
def test_recalculate_ratings_rebuilds_everything_and_reports():
    p = [PlayerFactory() for _ in range(4)]
    played_event(teams=[p[:2], p[2:]], results=[[(0, 1, A)]])
    PlayerRating.objects.all().delete()
    out = StringIO()
    call_command("recalculate_ratings", stdout=out)
    figures = _last_json(out)
    assert (figures["categories"], figures["players"], figures["matches"], figures["events"]) == (
        ["constructed-2"],
        4,
        1,
        1,
    )
    assert PlayerRating.objects.get(player=p[0]).rating == 1608.0


@pytest.mark.django_db
def test_recalculate_ratings_refuses_an_unknown_category():
    with pytest.raises(CommandError, match="Unknown rating category: vintage"):
        call_command("recalculate_ratings", "--category", "vintage")


def test_compare_ratings_reports_both_log_losses():
    out = StringIO()
    call_command("compare_ratings", "--seasons", "1", "--players", "96", "--events", "10", "--teams", "8", stdout=out)
    figures = _last_json(out)
    assert figures["better"] in ("elo", "openskill")
    assert 0 < figures["elo_log_loss"] < 2 and 0 < figures["openskill_log_loss"] < 2
    assert figures["test_matches"] == 40  # 10 events x 5 rounds x 4 matches = 200, 20 % held out
