"""Generated logins never collide (issue 52): a new player's username is its name's letters and digits, numbered
when taken, and no two are the same whatever the case, the import or the number of names (tournaments.services.
players._free_usernames); before, "evil1" numbered was "evil12", the same as "Evil12"'s own, and the import failed
whole with a server error."""

import time

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db.models.functions import Lower
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from eventfile.export import event_export
from eventfile.importer import event_import
from tests.factories import EventFactory, OrganizerFactory, PlayerFactory, RegistrationFactory, UserFactory
from tournaments.models import Event, Seat
from tournaments.services.players import _free_usernames

pytestmark = pytest.mark.django_db

LIST = "team,seat,player\nEvils,A,evil1\nEvils,B,Evil12\nEvils,C,evil 1\n"


def _usernames_unique(event) -> list[str]:
    usernames = list(Seat.objects.filter(event=event).values_list("player__user__username", flat=True))
    assert len({u.lower() for u in usernames}) == len(usernames)
    return usernames


@pytest.fixture
def evil():
    UserFactory(username="evil1")  # a real account
    organizer = OrganizerFactory()
    return organizer, EventFactory(organizer=organizer, team_size=3)


def test_the_desk_import_of_a_real_evil1_and_a_new_evil12_imports(evil):
    organizer, event = evil
    client = Client()
    client.force_login(organizer)
    url = reverse("desk:import_teams", args=[event.pk])
    preview = client.post(url, {"file": SimpleUploadedFile("teams.csv", LIST.encode())})
    assert preview.status_code == 200
    done = client.post(url, {"confirm": "1", "payload": preview.context["payload"], "file_name": "teams.csv"})
    assert done.status_code == 302
    assert sorted(_usernames_unique(event)) == ["evil12", "evil13", "evil14"]


def test_the_api_import_of_a_real_evil1_and_a_new_evil12_imports(evil):
    organizer, event = evil
    api = APIClient()
    api.force_login(organizer)
    response = api.post(reverse("api:team-import", args=[event.pk]), {"csv": LIST}, format="json")
    assert response.status_code == 201, response.content
    assert len(_usernames_unique(event)) == 3


def test_free_usernames_never_repeat_across_case_numbers_and_taken_accounts():
    for taken in ("ann", "ANN2", "Player12"):
        UserFactory(username=taken)
    names = ["Ann", "ann", "Ann 2", "Player 1", "Player 12", "Player 1", "player1", "Ann3"]
    given = _free_usernames(names)
    assert len({g.lower() for g in given}) == len(given)
    taken = set(get_user_model().objects.annotate(key=Lower("username")).values_list("key", flat=True))
    assert not taken & set(given)
    assert given[6] != "player1" and given[3] == "player1"  # the first to ask gets the base


def test_an_event_file_of_3000_numbered_names_imports_in_bulk(django_assert_max_num_queries):
    organizer = OrganizerFactory()
    PlayerFactory(user=UserFactory(username="player12"))  # a real account whose username a number would give
    source = EventFactory(organizer=organizer, team_size=1, name="Big one")
    RegistrationFactory(event=source, seats=[PlayerFactory(name="Player 0")])
    document = event_export(event=source)
    template = document["teams"][0]
    document["teams"] = [
        {
            **template,
            "name": f"Player {n}",
            "tiebreak": None,
            "seats": [{**template["seats"][0], "player": f"Player {n}"}],
        }
        for n in range(1, 3001)
    ]
    started = time.monotonic()
    with django_assert_max_num_queries(80):
        event = event_import(document=document, user=organizer)
    assert time.monotonic() - started < 45  # about 11 s on the 2-core test machine
    assert Event.objects.get(pk=event.pk).registrations.count() == 3000
    usernames = _usernames_unique(event)
    assert len(usernames) == 3000 and "player12" not in usernames
