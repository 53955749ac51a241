"""The card data page in real Chromium on a 360 px phone (issue 45): the organizer dismisses the staleness notice,
uploads a newer file, and follows its import to the end; nothing scrolls sideways."""

import datetime as dt
import json

import pytest
from django.urls import reverse
from django.utils import timezone

from cards.models import CardDataImport
from tests.browser.conftest import browsers  # noqa: F401 - the fixture
from tests.cards.test_import_data import allprintings
from tests.factories import OrganizerFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def page_width(browser) -> int:
    return browser.driver.execute_script("return document.documentElement.scrollWidth;")


def test_an_organizer_on_a_phone_dismisses_the_notice_and_imports_a_newer_file(browsers, eager, tmp_path):  # noqa: F811
    CardDataImport.objects.all().delete()  # whatever an earlier test imported: only this old data is in use
    CardDataImport.objects.create(
        data_date=timezone.localdate() - dt.timedelta(days=200), source="old", formats=["standard", "modern"]
    )
    organizer = OrganizerFactory()
    browser = browsers()
    browser.driver.set_window_size(360, 780)
    browser.sign_in(organizer.username)
    browser.get(reverse("desk:organize"))
    browser.wait_for_text("200 days old", css="#card-data-notice")
    assert page_width(browser) <= 360
    browser.find("#card-data-dismiss").click()
    from selenium.webdriver.support.ui import WebDriverWait  # lazy: selenium is only there for the browser tests

    WebDriverWait(browser.driver, 8, poll_frequency=0.1).until(
        lambda driver: not driver.find_elements("css selector", "#card-data-notice")
    )
    browser.get(reverse("desk:organize"))
    browser.wait_for_text("Organize", css="main h1")
    assert "days old" not in browser.text("main")

    browser.get(reverse("desk:card_data"))
    browser.wait_for_text("not checked", css="#card-formats")
    assert page_width(browser) <= 360
    upload = tmp_path / "AllPrintings.json"
    upload.write_text(json.dumps(allprintings(date="2026-11-05")))
    browser.find("#id_file").send_keys(str(upload))
    browser.button("Upload and import").click()
    browser.wait_for_text("Imported 3 cards", css="#card-data-job")
    assert page_width(browser) <= 360
    assert CardDataImport.objects.latest("pk").data_date == dt.date(2026, 11, 5)
