"""Card data that stays current: the opt-in periodic refresh (cards.tasks) against a local server, and the date
with its 90-day warning on the desk and decklist pages."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from cards.download import DownloadError
from cards.models import CardDataImport, Printing
from cards.selectors import card_data_freshness
from cards.tasks import card_data_refresh
from tests.cards.test_import_data import allprintings, server, write  # noqa: F401 - `server` is a fixture
from tests.factories import EventFactory, EventStaffFactory, RegistrationFactory

pytestmark = pytest.mark.django_db


def test_the_refresh_task_downloads_and_imports_the_configured_source(server, settings):  # noqa: F811
    write(server.directory / "AllPrintings.json.xz", allprintings(date="2026-11-01"))
    settings.HYDRA_CARD_REFRESH = "mtgjson"
    settings.HYDRA_CARD_REFRESH_URL = f"{server.url}/AllPrintings.json.xz"
    assert card_data_refresh() == 3
    latest = CardDataImport.objects.latest("pk")
    assert (latest.data_date, latest.source) == (dt.date(2026, 11, 1), "AllPrintings.json.xz")
    assert Printing.objects.count() == 4


def test_the_refresh_task_offline_raises_and_keeps_the_data(server, settings):  # noqa: F811
    server.close()
    settings.HYDRA_CARD_REFRESH_URL = f"{server.url}/AllPrintings.json.xz"
    before = CardDataImport.objects.count()
    with pytest.raises(DownloadError, match="Is this machine online"):
        card_data_refresh(source="mtgjson")
    assert CardDataImport.objects.count() == before


def test_freshness_is_stale_after_90_days_or_without_a_date():
    today = dt.date(2026, 11, 24)
    CardDataImport.objects.all().delete()
    assert card_data_freshness(today=today).stale
    CardDataImport.objects.create(data_date=today - dt.timedelta(days=90), source="x")
    assert card_data_freshness(today=today) == type(card_data_freshness(today=today))(
        date=today - dt.timedelta(days=90), age_days=90, stale=False
    )
    assert card_data_freshness(today=today + dt.timedelta(days=1)).stale


def test_desk_warns_organizers_about_old_card_data_with_the_way_forward_and_shows_current_data_quietly(client):
    event = EventFactory()
    client.force_login(event.organizer)
    CardDataImport.objects.all().delete()
    CardDataImport.objects.create(data_date=timezone.localdate() - dt.timedelta(days=200), source="old")
    page = client.get(reverse("desk:desk", args=[event.pk])).content.decode()
    assert 'id="card-data-notice" data-stale="true"' in page and "200 days old" in page
    assert f'href="{reverse("desk:card_data")}" id="card-data-update"' in page
    CardDataImport.objects.create(data_date=timezone.localdate() - dt.timedelta(days=3), source="new")
    page = client.get(reverse("desk:desk", args=[event.pk])).content.decode()
    assert 'data-stale="false"' in page and "days old" not in page


def test_the_staleness_notice_once_dismissed_stays_away_for_that_data_and_comes_back_for_newer_stale_data(client):
    event = EventFactory()
    client.force_login(event.organizer)
    CardDataImport.objects.all().delete()
    CardDataImport.objects.create(data_date=timezone.localdate() - dt.timedelta(days=200), source="old")
    desk = reverse("desk:desk", args=[event.pk])
    response = client.post(reverse("desk:card_notice_dismiss"), {"next": desk})
    assert response.status_code == 302 and response["Location"] == desk
    page = client.get(desk).content.decode()
    assert "days old" not in page and 'id="card-data-notice"' not in page
    CardDataImport.objects.create(data_date=timezone.localdate() - dt.timedelta(days=100), source="newer, still old")
    assert "100 days old" in client.get(desk).content.decode()


def test_a_scorekeeper_sees_the_notice_without_the_update_link(client):
    event = EventFactory()
    staff = EventStaffFactory(event=event, role="scorekeeper")
    client.force_login(staff.user)
    CardDataImport.objects.all().delete()
    CardDataImport.objects.create(data_date=timezone.localdate() - dt.timedelta(days=200), source="old")
    page = client.get(reverse("desk:desk", args=[event.pk])).content.decode()
    assert "200 days old" in page and "Ask an organizer to update it" in page and 'id="card-data-update"' not in page


def test_the_players_decklist_page_never_shows_the_staleness_notice(client):
    event = EventFactory()
    registration = RegistrationFactory(event=event)
    CardDataImport.objects.create(data_date=timezone.localdate() - dt.timedelta(days=120), source="old")
    client.force_login(registration.seats.first().player.user)
    page = client.get(reverse("portal:decklist", args=[event.pk])).content.decode()
    assert "My decklist" in page
    assert "days old" not in page and "card-data-notice" not in page


def test_the_decklist_page_and_the_desk_say_when_the_events_format_is_not_checked(client):
    event = EventFactory(constructed_format="explorer")
    registration = RegistrationFactory(event=event)
    CardDataImport.objects.create(
        data_date=timezone.localdate() - dt.timedelta(days=3), source="new", formats=["standard", "modern"]
    )
    client.force_login(registration.seats.first().player.user)
    page = client.get(reverse("portal:decklist", args=[event.pk])).content.decode()
    assert "The card data does not say which cards are legal in Explorer" in page
    client.force_login(event.organizer)
    assert "legal in Explorer" in client.get(reverse("desk:desk", args=[event.pk])).content.decode()
    event.constructed_format = "modern"
    event.save(update_fields=["constructed_format"])
    assert "does not say which cards" not in client.get(reverse("desk:desk", args=[event.pk])).content.decode()
