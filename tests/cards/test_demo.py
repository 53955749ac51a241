"""The demo event (`make run`) comes with decklists, legal with the bundled cards."""

import io

import pytest
from django.core.management import call_command

from cards.demo import DEMO_DECKLISTS
from cards.selectors import team_decklists_check


@pytest.mark.django_db
def test_demo_decklists_are_legal_together_in_modern(_cards_committed):
    check = team_decklists_check(
        decklists=[(str(i), t) for i, t in enumerate(DEMO_DECKLISTS)], rule="four-copies", formats="modern"
    )
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


@pytest.mark.django_db
def test_demo_standard_decklists_are_legal_in_standard(_cards_committed):
    from cards.demo import DEMO_STANDARD_DECKLISTS

    for text in DEMO_STANDARD_DECKLISTS:  # each played alone: no unified construction in an individual event
        check = team_decklists_check(decklists=[("deck", text)], rule="four-copies", formats="standard")
        assert (check.parse_errors, check.problems) == ({"deck": []}, [])
        assert sum(check.decks["deck"].main.values()) == 60


@pytest.mark.django_db
def test_load_demo_runs_a_friday_night_magic_with_a_round_played(_cards_committed, settings):
    from tournaments.models import Decklist, Event, TeamMatch
    from tournaments.services.decklists import registration_check_decks
    from tournaments.wording import event_kind

    settings.DEBUG = True
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    call_command("load_demo", stdout=io.StringIO())  # a second run adds nothing
    fnm = Event.objects.get(name="Friday Night Magic")
    assert (fnm.is_individual, fnm.constructed_format, fnm.registrations.count()) == (True, "standard", 8)
    assert Decklist.objects.filter(seat__event=fnm).count() == 8
    assert all(registration_check_decks(registration=r) == [] for r in fnm.registrations.all())
    assert fnm.rounds.count() == 1 and TeamMatch.objects.filter(round__event=fnm, result_state="final").count() == 4
    assert event_kind(event=fnm) == "Standard · 3 rounds"
    assert f"/events/{fnm.pk}/desk/" in out.getvalue()
