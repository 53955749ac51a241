"""A store's public page on a 360 px phone (issue 53): its address, its coming events and the calendar button, with
no sideways scroll; the organization's page with the forms to add stores and members too."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from organizations.services import event_location_set, location_add, organization_create
from tests.browser.test_phone import _overflowing
from tests.factories import EventFactory
from tests.series.conftest import store_organizer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_store_page_fits_a_phone(browsers):
    owner = store_organizer()
    owner.username = "olivia"
    owner.save()
    network = organization_create(name="Dragon's Lair, a network of game stores across Germany", by=owner)
    store = location_add(
        organization=network,
        name="Dragon's Lair Berlin-Friedrichshain am Ostkreuz",
        address="Revaler Straße 99, Hinterhof, Aufgang B, 3. Etage\n10245 Berlin",
        time_zone="Europe/Berlin",
        by=owner,
    )
    for days, name in ((2, "Friday Night Magic: Modern with a very long name for a small screen"), (9, "Prerelease")):
        event = EventFactory(organizer=owner, date=timezone.localdate() + dt.timedelta(days=days), name=name)
        event_location_set(event=event, location=store, start_time=dt.time(19, 0), by=owner)
    phone = browsers()
    phone.driver.set_window_size(360, 800)
    phone.get(reverse("organizations:store", args=[store.pk]))
    phone.wait_for_text("Prerelease", css="#coming-events")
    assert _overflowing(phone) == []
    phone.sign_in("olivia")
    phone.get(reverse("organizations:organization", args=[network.pk]))
    phone.wait_for_text("Revaler", css="#stores")
    assert _overflowing(phone) == []
