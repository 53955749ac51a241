"""The decklist page: my seat only, every problem shown, nothing lost, hostile input answered with a message."""

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from cards.services import cards_ensure_loaded
from tests.factories import EventFactory, RegistrationFactory, UserFactory
from tournaments.enums import DeckRule, FormatKind
from tournaments.models import Decklist

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _cards(_bundled_cards, db):
    cards_ensure_loaded()


@pytest.fixture
def team():
    event = EventFactory(team_size=2, constructed_format="modern", deck_rule=DeckRule.NO_SHARED)
    registration = RegistrationFactory(event=event)
    return event, registration, list(registration.seats.order_by("letter"))


def _url(event):
    return reverse("portal:decklist", args=[event.pk])


def test_decklist_page_submit_shows_every_problem_of_the_team(client, team):
    event, registration, (a, b) = team
    client.force_login(b.player.user)
    client.post(_url(event), {"text": "4 Lightning Bolt\n56 Island"})
    client.force_login(a.player.user)
    response = client.post(_url(event), {"text": "4 闪电击\n56 Mountain"}, follow=True)  # Chinese: Lightning Bolt
    page = response.content.decode()
    assert "Lightning Bolt" in page
    assert "Seat A" in page and "Seat B" in page
    assert Decklist.objects.get(seat=a).main == {"Lightning Bolt": 4, "Mountain": 56}


def test_decklist_page_unknown_name_names_the_line_and_keeps_the_text(client, team):
    event, registration, (a, b) = team
    client.force_login(a.player.user)
    page = client.post(_url(event), {"text": "4 Lightnig Bolt\n56 Mountain"}, follow=True).content.decode()
    assert "Line 1" in page and "Lightning Bolt" in page
    assert "4 Lightnig Bolt" in client.get(_url(event)).content.decode()


def test_decklist_page_upload_of_a_binary_file_gets_a_message_not_a_500(client, team):
    event, registration, (a, b) = team
    client.force_login(a.player.user)
    upload = SimpleUploadedFile("deck.txt", b"\x00\xff\x00\x12binary", content_type="application/octet-stream")
    response = client.post(_url(event), {"upload": upload})
    assert response.status_code == 200
    assert "errorlist" in response.content.decode()
    assert not Decklist.objects.exists()


def test_decklist_page_empty_submission_asks_for_a_list(client, team):
    event, registration, (a, b) = team
    client.force_login(a.player.user)
    response = client.post(_url(event), {"text": "   "})
    assert "Paste your decklist or choose a file." in response.content.decode()


def test_decklist_page_is_404_for_a_player_of_another_team_event(client, team):
    event, registration, (a, b) = team
    client.force_login(UserFactory())
    assert client.get(_url(event)).status_code == 404
    assert client.post(_url(event), {"text": "60 Mountain"}).status_code == 404
    assert not Decklist.objects.exists()


def test_decklist_page_must_not_leak_other_teams_lists(client, team):
    event, registration, (a, b) = team
    other = RegistrationFactory(event=event)
    other_seat = other.seats.get(letter="A")
    client.force_login(other_seat.player.user)
    client.post(_url(event), {"text": "4 Tarmogoyf\n56 Forest"})
    client.force_login(a.player.user)
    page = client.get(_url(event)).content.decode()
    assert "Tarmogoyf" not in page
    assert other.team.name not in page


def test_decklist_page_locked_registration_says_so_and_stores_nothing(client, team):
    event, registration, (a, b) = team
    event.decklists_locked = True
    event.save()
    client.force_login(a.player.user)
    page = client.post(_url(event), {"text": "60 Mountain"}, follow=True).content.decode()
    assert "The organizer has locked decklist registration." in page
    assert not Decklist.objects.exists()


def test_decklist_page_limited_event_without_a_pool_source_has_no_decklists(client, monkeypatch):
    # A limited format with no pool provider (tournaments.pools): nothing to check lists against.
    from tournaments.pools import _PROVIDERS

    monkeypatch.delitem(_PROVIDERS, str(FormatKind.THG_DRAFT))
    event = EventFactory(
        format_kind=FormatKind.THG_DRAFT, team_size=2, structure="2hg", shared_life=30, shared_poison=15
    )
    seat = RegistrationFactory(event=event).seats.first()
    client.force_login(seat.player.user)
    page = client.get(_url(event)).content.decode()
    assert "not a constructed event" in page


def test_decklist_problems_read_in_each_players_language(client, team):
    """Stored team problems keep every language: the German player and the Chinese teammate each read their own."""
    event, registration, (a, b) = team
    for seat, name in ((a, "Anna"), (b, "Bo")):  # plain names: nothing to escape in the page
        seat.player.name = name
        seat.player.save()
    client.force_login(b.player.user)
    client.post(_url(event), {"text": "4 Lightning Bolt\n56 Island"}, HTTP_ACCEPT_LANGUAGE="zh-hans")
    client.force_login(a.player.user)
    german = client.post(
        _url(event), {"text": "4 Lightning Bolt\n56 Mountain\n1 Lightnig Boltt"}, HTTP_ACCEPT_LANGUAGE="de", follow=True
    ).content.decode()
    assert "ist kein Kartenname" in german  # my own line, parsed in my language
    # the team problem, stored, naming whose lists share the card
    # ... the card named as printed in German, its English name beside it
    assert (
        f"Blitzschlag (Lightning Bolt) ist in 2 Decks (Sitz A ({a.player.name}) 4, Sitz B ({b.player.name}) 4)"
        in german
    )
    client.force_login(b.player.user)
    chinese = client.get(_url(event), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "闪电击 (Lightning Bolt) 出现在 2 副套牌中" in chinese
    english = client.get(_url(event), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"Lightning Bolt is in 2 decks (Seat A ({a.player.name}) 4, Seat B ({b.player.name}) 4)" in english
    registration.refresh_from_db()
    assert {p["code"] for p in registration.deck_problems} >= {"shared-card"}
    assert all(set(p["messages"]) == {code for code, _name in settings.LANGUAGES} for p in registration.deck_problems)


def test_decklist_page_names_each_unread_line_once_in_the_readers_language(client, team):
    event, registration, (a, b) = team
    client.force_login(a.player.user)
    client.post(_url(event), {"text": "4 Lightnig Bolt\n56 Mountain"}, HTTP_ACCEPT_LANGUAGE="de")
    page = client.get(_url(event), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    unread = page[page.index("Lines Hydra could not read") :]
    unread = unread[: unread.index("</ul>")]
    assert unread.count("Line 1") == 1 and "Line 1: Line 1" not in page
    assert "Zeile" not in unread  # submitted in German, read in English
    page = client.get(_url(event), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Line 1" not in page[page.index('class="errorlist"') :]


def test_decklist_page_upload_of_a_utf16_file_from_windows_reads_every_line(client, team):
    """Issue 32: a UTF-16 file (Windows Notepad's "Unicode") was stored as UTF-8 with U+FFFD in place of its BOM,
    so the team check said "'��4 Lightning Bolt' is not a card line"."""
    event, registration, (a, b) = team
    client.force_login(a.player.user)
    data = "4 Lightning Bolt\r\n56 Mountain\r\n".encode("utf-16")  # with its byte-order mark, as Windows writes it
    assert data.startswith(b"\xff\xfe")
    client.post(_url(event), {"upload": SimpleUploadedFile("deck.txt", data, content_type="text/plain")})
    decklist = Decklist.objects.get(seat=a)
    assert decklist.main == {"Lightning Bolt": 4, "Mountain": 56} and decklist.errors == []
    assert decklist.text.startswith("4 Lightning Bolt") and "\ufffd" not in decklist.text
    page = client.get(_url(event)).content.decode()
    assert "is not a card line" not in page and "\ufffd" not in page


@pytest.mark.parametrize(
    ("language", "bolt", "island", "shared"),
    [
        ("ja", "稲妻", ("島",), "稲妻 (Lightning Bolt)"),
        ("fr", "Foudre", ("Île", "Ile", "île"), "Foudre (Lightning Bolt)"),  # the data spells Island three ways
    ],
)
def test_decklist_page_names_cards_as_printed_in_the_readers_language(client, team, language, bolt, island, shared):
    """A list typed in Japanese or French is read (names in any language), and the page shows each card and the
    problems' cards as printed in the reader's language with the English name beside it (the rules go by it)."""
    event, registration, (a, b) = team
    client.force_login(b.player.user)
    client.post(_url(event), {"text": "4 Lightning Bolt\n56 Island"}, HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(a.player.user)
    page = client.post(
        _url(event), {"text": f"4 {bolt}\n56 {island[0]}"}, HTTP_ACCEPT_LANGUAGE=language, follow=True
    ).content.decode()
    assert Decklist.objects.get(seat=a).main == {"Lightning Bolt": 4, "Island": 56}
    assert f'4 {bolt} <span class="card-english" lang="en">(Lightning Bolt)</span>' in page
    assert any(f'56 {name} <span class="card-english" lang="en">(Island)</span>' in page for name in island)
    assert shared in page  # the team's shared-card problem, its card as printed in the reader's language
    english = client.get(_url(event), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<li>4 Lightning Bolt</li>" in english and f"{bolt} <span" not in english  # the typed text stays as typed


def _stored_before_the_new_languages(registration):
    """The team's stored problems as a check before pt-br, es, fr, it and ja were shipped left them: English, German
    and Chinese only. Returns the messages the full check had stored, by language."""
    registration.refresh_from_db()
    full = [dict(p["messages"]) for p in registration.deck_problems]
    old = [
        {**p, "messages": {k: v for k, v in p["messages"].items() if k in ("en", "de", "zh-hans")}}
        for p in registration.deck_problems
    ]
    type(registration).objects.filter(pk=registration.pk).update(deck_problems=old)
    return full


@pytest.mark.parametrize("language", ["ja", "fr"])
def test_problems_stored_before_a_language_read_in_it_without_a_new_check(client, team, language):
    """A team's problems stored before Japanese and French were shipped read in them on the player's page, the
    desk's decklist page and through the API at once: each is rendered from its code and the team's lists in the
    reader's language and kept, nothing checked again and no list touched."""
    from desk.selectors import desk_decklists
    from tests.factories import EventStaffFactory
    from tournaments.services.decklists import registrations_deck_problems_complete

    event, registration, (a, b) = team
    client.force_login(b.player.user)
    client.post(_url(event), {"text": "4 Lightning Bolt\n56 Island"})
    client.force_login(a.player.user)
    client.post(_url(event), {"text": "4 Lightning Bolt\n56 Mountain"})
    submitted = {d.pk: d.submitted_at for d in Decklist.objects.filter(seat__registration=registration)}
    full = _stored_before_the_new_languages(registration)
    wanted = full[0][language]
    assert wanted != full[0]["en"]
    page = client.get(_url(event), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    from django.utils.html import escape
    from tournaments.selectors.decklists import deck_problems_read

    shared = deck_problems_read(
        problems=[{"card": "Lightning Bolt", "messages": {language: wanted}}], language=language
    )
    assert escape(shared[0]) in page  # the shared card's sentence in the reader's language, its card as printed
    registration.refresh_from_db()
    assert [p["messages"][language] for p in registration.deck_problems] == [m[language] for m in full]
    assert {d.pk: d.submitted_at for d in Decklist.objects.filter(seat__registration=registration)} == submitted
    # The desk's page and the API complete them the same way (the judges' pages call the same service).
    _stored_before_the_new_languages(registration)
    judge = UserFactory()
    EventStaffFactory(event=event, user=judge, role="judge")
    client.force_login(judge)
    desk = client.get(reverse("desk:decklists", args=[event.pk]), HTTP_ACCEPT_LANGUAGE=language)
    assert desk.status_code == 200
    registration.refresh_from_db()
    assert all(language in p["messages"] for p in registration.deck_problems)
    from django.utils import translation

    with translation.override(language):
        row = desk_decklists(event=event)["rows"][0]
    assert row["problems"] == [
        m[language] for m, p in zip(full, registration.deck_problems, strict=True) if p["code"] != "missing-decklist"
    ]
    assert registrations_deck_problems_complete(registrations=[registration]) == 0  # nothing left to complete


def test_problems_stored_before_a_language_are_completed_through_the_api(client, team):
    from rest_framework.test import APIClient

    event, registration, (a, b) = team
    client.force_login(b.player.user)
    client.post(_url(event), {"text": "4 Lightning Bolt\n56 Island"})
    client.force_login(a.player.user)
    client.post(_url(event), {"text": "4 Lightning Bolt\n56 Mountain"})
    full = _stored_before_the_new_languages(registration)
    api = APIClient()
    api.force_authenticate(a.player.user)
    body = api.get(f"/api/v1/events/{event.pk}/decklist", HTTP_ACCEPT_LANGUAGE="ja").json()
    assert body["problems"] == [m["ja"] for m in full]
