"""Screenshots of the public pages a visitor sees without signing in: the event list, a top-cut bracket, the draft
tables of a Rochester event."""

import pytest

from tests.factories import (
    DraftTableFactory,
    EventFactory,
    RegistrationFactory,
    RochesterEventFactory,
    RoundFactory,
    TeamFactory,
    TeamMatchFactory,
)
from tournaments.enums import EventStatus, Outcome, ResultState, RoundKind
from tournaments.selectors.topcut import topcut_seeds

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_public_pages_bracket_and_draft_tables(browsers):
    event = EventFactory(name="Summer Team Cup", top_cut=4, status=EventStatus.TOP_CUT)
    teams = {
        r.pk: r
        for r in (
            RegistrationFactory(event=event, team=TeamFactory(name=name))
            for name in ("Amber Owls", "Basalt Foxes", "Cedar Wolves", "Dune Hawks")
        )
    }
    seeds = [teams[pk] for pk in topcut_seeds(event=event)]
    semis = RoundFactory(event=event, number=4, kind=RoundKind.PLAYOFF)
    TeamMatchFactory(
        round=semis, table=1, team_a=seeds[0], team_b=seeds[3], outcome=Outcome.A_WINS, result_state=ResultState.FINAL
    )
    TeamMatchFactory(round=semis, table=2, team_a=seeds[1], team_b=seeds[2])
    draft_event = RochesterEventFactory(name="Rochester Cup", status=EventStatus.RUNNING)
    DraftTableFactory(event=draft_event, number=1)
    DraftTableFactory(event=draft_event, number=2)
    visitor = browsers()

    visitor.get("/")
    visitor.wait_for_text("Summer Team Cup", css="main")
    visitor.screenshot("events", laptop=True)
    visitor.get(f"/events/{event.pk}/bracket/")
    visitor.wait_for_text("Semifinals", css="#live")
    assert "Final" in visitor.text() and "to be decided" in visitor.text()
    visitor.screenshot("bracket", laptop=True)
    visitor.get(f"/events/{draft_event.pk}/draft/")
    visitor.wait_for_text("Table 2", css="#live")
    visitor.screenshot("draft-tables")
