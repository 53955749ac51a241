"""The card data page (issue 45): an organizer sees how current the card data is and which formats it checks,
uploads a newer MTGJSON or Scryfall file or has Hydra download it (from a local server here: no test touches the
internet), and follows the import, a Celery task, to its end."""

import datetime as dt
import json

import pytest
from django.contrib import admin
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from cards.models import Card, CardDataImport, CardDataRequest
from cards.services import card_data_job_new, card_data_job_update
from tests.cards.test_import_data import allprintings, server, write  # noqa: F401 - `server` is a fixture
from ratings.models import RatingCategory
from tests.factories import OrganizerFactory, OrganizerTokenFactory, UserFactory
from tournaments.rights import may_change_site_data, may_request_site_data_update
from tournaments.services.roles import organizer_role_grant

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
        "AllPrintings.json",
        dt.date(2026, 11, 1),
        organizer.username,
        None,
    )
    assert list((eager / "card-uploads").iterdir()) == []  # the uploaded file is removed after its import


def test_a_file_that_is_not_card_data_is_refused_with_what_hydra_reads(client, organizer, eager):
    before = CardDataImport.objects.count()
    response = client.post(reverse("desk:card_data_upload"), {"file": SimpleUploadedFile("x.txt", b"4 Shock\n")})
    assert response.status_code == 400
    assert "MTGJSON AllPrintings or AtomicCards, or Scryfall oracle-cards" in response.content.decode()
    assert CardDataImport.objects.count() == before and list((eager / "card-uploads").iterdir()) == []
    assert client.post(reverse("desk:card_data_upload"), {}).status_code == 400


def test_hydra_downloads_the_current_data_through_the_outbound_helper(
    client,
    organizer,
    eager,
    server,  # noqa: F811
    settings,
):
    write(server.directory / "AllPrintings.json.xz", allprintings(date="2026-11-02"))
    settings.HYDRA_CARD_REFRESH_URL = f"{server.url}/AllPrintings.json.xz"  # the operator's mirror
    response = client.post(reverse("desk:card_data_download"), {"source": "mtgjson"})
    page = client.get(response["Location"]).content.decode()
    assert "Imported 3 cards (data of 2026-11-02)." in page
    assert Card.objects.filter(name="Hydra Zap").exists()
    assert client.post(reverse("desk:card_data_download"), {"source": "elsewhere"}).status_code == 400


def test_a_download_while_offline_fails_on_the_page_and_keeps_the_data(
    client,
    organizer,
    eager,
    server,  # noqa: F811
    settings,
):
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


def test_a_fault_during_the_import_ends_the_job_as_failed_instead_of_leaving_the_page_waiting(
    client, organizer, eager, monkeypatch
):
    import cards.services

    def broken(**kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(cards.services, "cards_import_file", broken)
    upload = SimpleUploadedFile("AllPrintings.json", json.dumps(allprintings()).encode())
    response = client.post(reverse("desk:card_data_upload"), {"file": upload})
    page = client.get(response["Location"]).content.decode()
    assert 'data-state="failed"' in page and "the card data in use is unchanged" in page and "hx-get" not in page
    assert list((eager / "card-uploads").iterdir()) == []


# --- Site-wide data is the operator's (issue 52) ----------------------------------------------------------------------


@pytest.fixture
def store_organizer(client):
    """An organizer who is not the operator: the Organizers group, no superuser."""
    user = UserFactory(username="stella", email="stella@example.org")
    organizer_role_grant(user=user)
    client.force_login(user)
    return user


def test_an_organizer_s_upload_is_refused_with_who_may_and_nothing_is_imported(client, store_organizer, eager):
    before = CardDataImport.objects.count()
    upload = SimpleUploadedFile("AllPrintings.json", json.dumps(allprintings(date="2026-11-01")).encode())
    response = client.post(reverse("desk:card_data_upload"), {"file": upload})
    assert response.status_code == 403
    page = response.content.decode()
    assert "operator (a superuser) changes the card data" in page and 'id="card-data-request"' in page
    assert 'id="card-data-upload"' not in page
    assert client.post(reverse("desk:card_data_download"), {"source": "mtgjson"}).status_code == 403
    assert client.get(reverse("desk:card_data_progress", args=["0123abcd"])).status_code == 404
    assert CardDataImport.objects.count() == before and not Card.objects.filter(name="Hydra Zap").exists()
    assert not (eager / "card-uploads").exists() or list((eager / "card-uploads").iterdir()) == []


def test_the_organizer_s_page_shows_the_data_in_use_and_the_request_not_the_upload(
    client, store_organizer, _bundled_cards
):
    page = client.get(reverse("desk:card_data")).content.decode()
    assert "Card data of Aug. 22, 2026, from cards.json.xz." in page and '<li data-checked="true">Standard' in page
    assert (
        'id="card-data-request"' in page
        and 'id="card-data-upload"' not in page
        and 'id="card-data-download"' not in page
    )


def test_a_superuser_s_upload_is_imported(client, eager):
    operator = UserFactory(username="root", is_superuser=True, is_staff=True)
    client.force_login(operator)
    upload = SimpleUploadedFile("AllPrintings.json", json.dumps(allprintings(date="2026-11-01")).encode())
    response = client.post(reverse("desk:card_data_upload"), {"file": upload})
    assert response.status_code == 302
    assert CardDataImport.objects.latest("pk").by == "root" and Card.objects.filter(name="Hydra Zap").exists()


def test_an_organizer_s_request_is_recorded_mailed_to_the_operators_and_listed_until_the_next_import(
    client, store_organizer, settings, mailoutbox, django_capture_on_commit_callbacks
):
    settings.ADMINS = [("Ops", "ops@example.org")]
    UserFactory(username="root", email="root@example.org", is_superuser=True, is_staff=True)
    UserFactory(username="mute", email="", is_superuser=True)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("desk:card_data_request"), {"note": "Lightning Bolt is not banned in Modern."})
    assert response.status_code == 302
    request = CardDataRequest.objects.get()
    assert (request.by, request.email, request.note) == (
        "stella",
        "stella@example.org",
        "Lightning Bolt is not banned in Modern.",
    )
    # One mail each, through the mail task (retries; a failure logged).
    assert sorted(address for mail in mailoutbox for address in mail.to) == ["ops@example.org", "root@example.org"]
    assert "stella" in mailoutbox[0].subject and "Lightning Bolt is not banned in Modern." in mailoutbox[0].body
    assert "/organize/card-data/" in mailoutbox[0].body
    # Asking again before an import: one request per person, its note updated, no second e-mail.
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("desk:card_data_request"), {"note": "Please: Modern Masters."})
    assert CardDataRequest.objects.get().note == "Please: Modern Masters." and len(mailoutbox) == 2
    assert client.post(reverse("desk:card_data_request"), {"note": "x" * 1001}).status_code == 400

    client.force_login(UserFactory(username="root"))
    page = client.get(reverse("desk:card_data")).content.decode()
    assert 'id="card-data-requests"' in page and "stella asked on" in page and "Please: Modern Masters." in page
    CardDataImport.objects.create(source="AllPrintings.json", data_date=dt.date(2026, 11, 1))
    assert 'id="card-data-requests"' not in client.get(reverse("desk:card_data")).content.decode()


def test_only_the_operator_changes_site_data_in_person():
    organizer = UserFactory(username="stella")
    organizer_role_grant(user=organizer)
    operator = UserFactory(username="root", is_superuser=True)
    assert may_change_site_data(operator) and not may_change_site_data(organizer)
    assert may_request_site_data_update(organizer) and not may_request_site_data_update(UserFactory())
    assert not may_change_site_data(OrganizerTokenFactory(user=operator))
    operator.is_active = False
    assert not may_change_site_data(operator)


def test_an_organizer_who_may_view_ratings_may_not_rebuild_them_in_the_admin(rf):
    organizer = UserFactory(username="stella")
    organizer_role_grant(user=organizer)
    organizer.user_permissions.add(Permission.objects.get(codename="view_ratingcategory"))
    organizer = type(organizer).objects.get(pk=organizer.pk)
    model_admin = admin.site._registry[RatingCategory]
    request = rf.get("/admin/ratings/ratingcategory/")
    request.user = organizer
    assert "recalculate" not in model_admin.get_actions(request)
    request.user = UserFactory(username="root", is_superuser=True, is_staff=True)
    assert "recalculate" in model_admin.get_actions(request)
