"""The demo event (`make run`) comes with decklists, legal with the bundled cards."""
import io

import pytest
from django.core.management import call_command

from cards.demo import DEMO_DECKLISTS
from cards.selectors import team_decklists_check


@pytest.mark.django_db
def test_demo_decklists_are_legal_together_in_modern(_cards_committed):
    check = team_decklists_check(decklists=[(str(i), t) for i, t in enumerate(DEMO_DECKLISTS)], rule="four-copies",
                                 formats="modern")
    assert (check.parse_errors, check.problems) == ({"0": [], "1": [], "2": []}, [])
    assert [sum(d.main.values()) for d in check.decks.values()] == [60, 60, 60]


@pytest.mark.django_db
def test_load_demo_gives_every_seat_a_legal_decklist(_cards_committed, settings):
    from tournaments.models import Decklist, Event
    from tournaments.services.decklists import registration_check_decks

    settings.DEBUG = True
    call_command("load_demo", stdout=io.StringIO())
    call_command("load_demo", stdout=io.StringIO())  # a second run submits nothing again
    event = Event.objects.get(name="Hydra Demo Team Open")
    assert Decklist.objects.filter(seat__registration__event=event).count() == 24
    for registration in event.registrations.all():
        assert registration_check_decks(registration=registration) == []
