"""The card data page (issue 45): an organizer sees how current the card data is and which formats it checks,
uploads a newer MTGJSON or Scryfall file or has Hydra download it (from a local server here: no test touches the
internet), and follows the import, a Celery task, to its end."""
import datetime as dt
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from cards.models import Card, CardDataImport
from cards.services import card_data_job_new, card_data_job_update
from tests.cards.test_import_data import allprintings, server, write  # noqa: F401 - `server` is a fixture
from tests.factories import OrganizerFactory

pytestmark = pytest.mark.django_db



@pytest.fixture
def organizer(client):
    user = OrganizerFactory()
    client.force_login(user)
    return user


def test_the_page_shows_the_data_in_use_and_which_formats_it_checks(client, organizer, _bundled_cards):
    page = client.get(reverse("desk:card_data")).content.decode()
    assert "Card data of Aug. 22, 2026, from cards.json.xz." in page and "composite card data of 2026-08-22" in page
    assert '<li data-checked="true">Standard: checked</li>' in page
    assert '<li data-checked="false">Explorer: <strong>not checked</strong>' in page
    assert 'id="card-data-upload"' in page and 'id="card-data-download"' in page


def test_an_uploaded_mtgjson_file_is_imported_by_the_task_and_the_page_says_so(client, organizer, eager):
    document = allprintings(date="2026-11-01")
    upload = SimpleUploadedFile("AllPrintings.json", json.dumps(document).encode())
    response = client.post(reverse("desk:card_data_upload"), {"file": upload})
    assert response.status_code == 302 and "?job=" in response["Location"]
    page = client.get(response["Location"]).content.decode()
    assert 'data-state="done"' in page and "Imported 3 cards (data of 2026-11-01)." in page
    latest = CardDataImport.objects.latest("pk")
    assert (latest.source, latest.data_date, latest.by, latest.formats) == (
        "AllPrintings.json", dt.date(2026, 11, 1), organizer.username, None)
    assert list((eager / "card-uploads").iterdir()) == []  # the uploaded file is removed after its import


def test_a_file_that_is_not_card_data_is_refused_with_what_hydra_reads(client, organizer, eager):
    before = CardDataImport.objects.count()
    response = client.post(reverse("desk:card_data_upload"), {"file": SimpleUploadedFile("x.txt", b"4 Shock\n")})
    assert response.status_code == 400
    assert "MTGJSON AllPrintings or AtomicCards, or Scryfall oracle-cards" in response.content.decode()
    assert CardDataImport.objects.count() == before and list((eager / "card-uploads").iterdir()) == []
    assert client.post(reverse("desk:card_data_upload"), {}).status_code == 400


def test_hydra_downloads_the_current_data_through_the_outbound_helper(client, organizer, eager, server,  # noqa: F811
                                                                       settings):
    write(server.directory / "AllPrintings.json.xz", allprintings(date="2026-11-02"))
    settings.HYDRA_CARD_REFRESH_URL = f"{server.url}/AllPrintings.json.xz"  # the operator's mirror
    response = client.post(reverse("desk:card_data_download"), {"source": "mtgjson"})
    page = client.get(response["Location"]).content.decode()
    assert "Imported 3 cards (data of 2026-11-02)." in page
    assert Card.objects.filter(name="Hydra Zap").exists()
    assert client.post(reverse("desk:card_data_download"), {"source": "elsewhere"}).status_code == 400


def test_a_download_while_offline_fails_on_the_page_and_keeps_the_data(client, organizer, eager, server,  # noqa: F811
                                                                        settings):
    server.close()
    settings.HYDRA_CARD_REFRESH_URL = f"{server.url}/AllPrintings.json.xz"
    before = CardDataImport.objects.count()
    response = client.post(reverse("desk:card_data_download"), {"source": "mtgjson"})
    page = client.get(response["Location"]).content.decode()
    assert 'data-state="failed"' in page and "the card data in use is unchanged" in page
    assert "Is this machine online" in page and CardDataImport.objects.count() == before


def test_the_progress_fragment_polls_while_the_import_runs_and_stops_at_its_end(client, organizer):
    job = card_data_job_new(by="alice", what="AllPrintings.json.xz")
    url = reverse("desk:card_data_progress", args=[job])
    fragment = client.get(url).content.decode()
    assert 'data-state="queued"' in fragment and f'hx-get="{url}"' in fragment and "waiting for a worker" in fragment
    card_data_job_update(job, state="reading", done=50, total=200)
    assert '<progress max="200" value="50">' in client.get(url).content.decode()
    card_data_job_update(job, state="done", cards=12, data_date="2026-11-03")
    fragment = client.get(url).content.decode()
    assert "Imported 12 cards (data of 2026-11-03)." in fragment and "hx-get" not in fragment
    assert "unknown or too old" in client.get(reverse("desk:card_data_progress", args=["nosuchjob"])).content.decode()


def test_a_fault_during_the_import_ends_the_job_as_failed_instead_of_leaving_the_page_waiting(client, organizer,
                                                                                             eager, monkeypatch):
    import cards.services

    def broken(**kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(cards.services, "cards_import_file", broken)
    upload = SimpleUploadedFile("AllPrintings.json", json.dumps(allprintings()).encode())
    response = client.post(reverse("desk:card_data_upload"), {"file": upload})
    page = client.get(response["Location"]).content.decode()
    assert 'data-state="failed"' in page and "the card data in use is unchanged" in page and "hx-get" not in page
    assert list((eager / "card-uploads").iterdir()) == []
