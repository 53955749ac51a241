"""Card data from the browser (docs/cards.md "Updating from the browser"): an organizer sees how current the card
data is and which formats it checks, and asks the operator for an update; the operator (a superuser: the data is
the server's, every event's decklists are judged by it; issue 52) uploads a newer MTGJSON or Scryfall file or has
Hydra download it (a Celery task imports it; the page follows its progress) and sees the open requests. Anyone who
sees the notice dismisses it. Thin: each view asks the rights module, reads through cards.selectors, writes through
cards.services."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from cards.deckrules import CHECKED_FORMATS, format_name
from cards.importer import CardDataError, card_file_kind
from cards.selectors import (
    card_data_current,
    card_data_freshness,
    card_data_job,
    card_data_requests_open,
    card_formats_checked,
)
from cards.services import card_data_job_new, card_data_update_request, card_upload_path
from cards.tasks import card_data_job as card_data_job_task
from cards.templatetags.cards import NOTICE_DISMISSED
from desk.forms import CARD_DOWNLOAD_CHOICES, CardDataDownloadForm, CardDataRequestForm, CardDataUploadForm
from tournaments.rights import may_change_site_data, may_organize, may_request_site_data_update


def _page(
    request: HttpRequest,
    *,
    upload=None,
    download=None,
    ask=None,
    job_id: str = "",
    status: int = 200,
    refused: bool = False,
) -> HttpResponse:
    checked = card_formats_checked()
    operator = may_change_site_data(request.user)
    return render(
        request,
        "desk/card_data.html",
        {
            "current": card_data_current(),
            "freshness": card_data_freshness(today=timezone.localdate()),
            "formats": [(format_name(f), checked is None or f in checked) for f in CHECKED_FORMATS],
            "operator": operator,
            "refused": refused,
            "requests": card_data_requests_open() if operator else [],
            "upload": upload or CardDataUploadForm(),
            "download": download or CardDataDownloadForm(),
            "ask": ask or CardDataRequestForm(),
            "job_id": job_id,
            "job": card_data_job(job_id=job_id) if job_id and operator else None,
        },
        status=status,
    )


def _operator_only(request: HttpRequest) -> HttpResponse | None:
    """None for the operator; for an organizer, the page again with a 403 saying who changes the card data (and
    how to ask); for anyone else a 404."""
    if may_change_site_data(request.user):
        return None
    if not may_request_site_data_update(request.user):
        raise Http404("Not an organizer.")
    return _page(request, status=403, refused=True)


@login_required
@require_GET
def card_data(request: HttpRequest) -> HttpResponse:
    """How current the card data is, which formats it checks; for the operator the ways to update it and the
    organizers' requests, for an organizer the request."""
    if not may_request_site_data_update(request.user):
        raise Http404("Not an organizer.")
    return _page(request, job_id=request.GET.get("job", "")[:40])


@login_required
@require_POST
def card_data_upload(request: HttpRequest) -> HttpResponse:
    """An uploaded MTGJSON or Scryfall file, checked to be card data, then imported by a task. The operator only."""
    if (refusal := _operator_only(request)) is not None:
        return refusal
    form = CardDataUploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return _page(request, upload=form, status=400)
    upload = form.cleaned_data["file"]
    by = request.user.get_username()
    job_id = card_data_job_new(by=by, what=upload.name)
    path = card_upload_path(job_id=job_id, filename=upload.name)
    with path.open("wb") as fh:
        for chunk in upload.chunks():
            fh.write(chunk)
    try:
        card_file_kind(path)
    except CardDataError:
        path.unlink(missing_ok=True)
        form.add_error("file", CardDataUploadForm.base_fields["file"].help_text)
        return _page(request, upload=form, status=400)
    card_data_job_task.delay(job_id, path=str(path), name=upload.name, by=by)
    return redirect(f"{reverse('desk:card_data')}?job={job_id}")


@login_required
@require_POST
def card_data_download(request: HttpRequest) -> HttpResponse:
    """Hydra downloads the current data (through common.outbound) and imports it, in a task. The operator only."""
    if (refusal := _operator_only(request)) is not None:
        return refusal
    form = CardDataDownloadForm(request.POST)
    if not form.is_valid():
        return _page(request, download=form, status=400)
    source = form.cleaned_data["source"]
    by = request.user.get_username()
    job_id = card_data_job_new(by=by, what=str(dict(CARD_DOWNLOAD_CHOICES)[source]))
    # The operator's mirror (HYDRA_CARD_REFRESH_URL) serves the source of the periodic refresh (MTGJSON by default).
    url = settings.HYDRA_CARD_REFRESH_URL if source == (settings.HYDRA_CARD_REFRESH or "mtgjson") else ""
    card_data_job_task.delay(job_id, source=source, url=url, by=by)
    return redirect(f"{reverse('desk:card_data')}?job={job_id}")


@login_required
@require_GET
def card_data_progress(request: HttpRequest, job: str) -> HttpResponse:
    """The polled fragment of an import's progress (it stops polling once the import is done or failed)."""
    if not may_change_site_data(request.user):
        raise Http404("Not the operator.")
    return render(request, "desk/_card_data_job.html", {"job_id": job, "job": card_data_job(job_id=job)})


@login_required
@require_POST
def card_data_request(request: HttpRequest) -> HttpResponse:
    """An organizer asks the operator for newer card data: recorded, and the operators are told by e-mail."""
    if not may_request_site_data_update(request.user):
        raise Http404("Not an organizer.")
    form = CardDataRequestForm(request.POST)
    if not form.is_valid():
        return _page(request, ask=form, status=400)
    _request, new = card_data_update_request(
        by=request.user, note=form.cleaned_data["note"], page_url=request.build_absolute_uri(reverse("desk:card_data"))
    )
    messages.success(
        request,
        _("Your request is sent to the site's operator.")
        if new
        else _("You have asked already; your note is updated. The operator sees one request per person."),
    )
    return redirect("desk:card_data")


@login_required
@require_POST
def card_notice_dismiss(request: HttpRequest) -> HttpResponse:
    """Hide the staleness notice of the current card data for this browser session (it shows again for newer
    stale data, or in a new session)."""
    if not may_organize(request.user):
        raise Http404("Not an organizer.")
    current = card_data_current()
    request.session[NOTICE_DISMISSED] = current.data_date.isoformat() if current and current.data_date else "unknown"
    if request.headers.get("HX-Request"):
        return HttpResponse("")
    back = request.POST.get("next", "")
    if back.startswith("/") and url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return redirect(back)
    return redirect("desk:organize")
