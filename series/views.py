"""Series pages (docs/series.md): the players' page of a series and the organizer's pages to make and run one.
Thin: each asks tournaments/rights.py through the selectors and services, and renders."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from common.refusals import NotFound
from fees.enums import TieSplit
from fees.payoutlist import payout_dataset, payout_download
from fees.prizelines import prize_lines_parse, prize_lines_text
from series import selectors, services
from series.enums import SeriesKind
from organizations.selectors import event_locations_of
from organizations.calendar import calendar_response
from series.forms import AttachForm, InviteForm, SeriesForm, WeeklyRunForm
from series.models import Series, SeriesInvitation
from tournaments.exports import FORMATS
from tournaments.models import Event
from tournaments.rights import events_run_by, is_series_partner, may_create_events, may_manage_series


@require_GET
def series_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The series for its players: the events by date and the standings, who qualifies marked; its prizes and
    what each place wins by the standings (final once the last event is over)."""
    series = selectors.series_for_viewer(pk=pk, user=request.user)
    standings = selectors.series_standings_for(series=series, viewer=request.user)
    prizes = selectors.series_prizes_for(series=series)
    may_manage = may_manage_series(request.user, series)
    return render(
        request,
        "series/series.html",
        {
            "standings": standings,
            "series": series,
            "may_manage": may_manage,
            "prizes": prizes,
            "payouts": selectors.series_payouts_for(standings=standings, prizes=prizes),
            "formats": FORMATS,
            "split_evenly": series.prize_ties == TieSplit.EVENLY,
        },
    )


def _payout_columns(series: Series) -> dict[str, str]:
    """The payout list's entrant, record and points columns of a series (fees.payoutlist)."""
    return {
        "entrant": _("Team") if series.kind == SeriesKind.TEAM else _("Player"),
        "record": _("Events played"),
        "points": _("Points"),
    }


@login_required
@require_GET
def series_payouts(request: HttpRequest, pk: int) -> HttpResponse:
    """The series' payout list as a file: ?format=csv or xlsx (whoever manages the series)."""
    series = _managed(request, pk)
    standings = selectors.series_standings_for(series=series, viewer=request.user)
    rows = selectors.series_payouts_for(standings=standings, prizes=selectors.series_prizes_for(series=series))
    return payout_download(
        dataset=payout_dataset(rows=rows, **_payout_columns(series)),
        file_format=request.GET.get("format", "csv"),
        title=series.name,
    )


@login_required
@require_POST
def series_prizes(request: HttpRequest, pk: int) -> HttpResponse:
    """Save the series' prize structure (one line each, as on the desk) and how tied ranks share it."""
    series = _managed(request, pk)
    return _act(
        request,
        series,
        lambda: services.series_prizes_set(
            series=series,
            by=request.user,
            lines=prize_lines_parse(request.POST.get("prizes", "")),
            prize_ties=request.POST.get("prize_ties") or None,
        ),
    )


@login_required
@require_GET
def series_list(request: HttpRequest) -> HttpResponse:
    """The organizer's series (from the console)."""
    if not may_create_events(request.user):
        raise Http404("Not an organizer.")
    joined = list(selectors.series_joined_by(user=request.user).order_by("name", "pk"))
    return render(
        request,
        "series/list.html",
        {
            "series_list": selectors.series_managed_by(user=request.user),
            "invitations": selectors.series_invitations_for(user=request.user),
            "joined": joined,
            "attach_form": AttachForm(events=_own_events(request)) if joined else None,
        },
    )


def _save(request: HttpRequest, form: SeriesForm, series: Series | None) -> Series | None:
    fields = {name: form.cleaned_data[name] for name in form.Meta.fields}
    try:
        if series is None:
            return services.series_create(by=request.user, **fields)
        return services.series_update(series=series, by=request.user, **fields)
    except ValidationError as exc:
        form.add_error(None, exc)  # with a field dict, each message goes to its field
        return None


def _managed(request: HttpRequest, pk: int) -> Series:
    return selectors.series_for_viewer(pk=pk, user=request.user, managing=True)


def _own_events(request: HttpRequest):
    return events_run_by(request.user).filter(series_link__isnull=True).order_by("-date", "name")


@login_required
@require_http_methods(["GET", "POST"])
def series_new(request: HttpRequest) -> HttpResponse:
    if not may_create_events(request.user):
        raise Http404("Not an organizer.")
    form = SeriesForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        series = _save(request, form, None)
        if series is not None:
            return redirect("series:manage", pk=series.pk)
    return render(request, "series/form.html", {"form": form, "series": None})


@login_required
@require_http_methods(["GET", "POST"])
def series_manage(request: HttpRequest, pk: int) -> HttpResponse:
    """Edit the series' settings; attach and detach events, create its weekly run."""
    series = _managed(request, pk)
    form = SeriesForm(request.POST or None, instance=Series.objects.get(pk=series.pk))
    if request.method == "POST" and form.is_valid() and _save(request, form, series) is not None:
        messages.success(request, _("Series saved."))
        return redirect("series:manage", pk=series.pk)
    events = _own_events(request)
    return render(
        request,
        "series/form.html",
        {
            "form": form,
            "series": series,
            "links": series.series_events.select_related("event", "event__organizer"),
            "attach_form": AttachForm(events=events),
            "invitations": series.invitations.select_related("user"),
            "invite_form": InviteForm(),
            "weekly_form": WeeklyRunForm(events=events_run_by(request.user), prefix="weekly"),
            "prize_text": prize_lines_text(selectors.series_prizes_for(series=series)),
            "ties": TieSplit.choices,
        },
    )


def _back(request: HttpRequest, series: Series) -> HttpResponse:
    """The manager back to the series' page of settings; an organizer who joined it back to their series."""
    if may_manage_series(request.user, series):
        return redirect("series:manage", pk=series.pk)
    return redirect("series:list")


def _act(request: HttpRequest, series: Series, work) -> HttpResponse:
    try:
        work()
    except NotFound:
        raise Http404("No such event.") from None
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    return _back(request, series)


def _attachable(request: HttpRequest, pk: int) -> Series:
    """The series, for whoever manages it or joined it (tournaments.rights.may_attach_event asks the rest)."""
    series = selectors.series_for_viewer(pk=pk, user=request.user)
    if not (may_manage_series(request.user, series) or is_series_partner(request.user, series)):
        raise Http404("No such series.")
    return series


def _form_refused(request: HttpRequest, series: Series, form) -> HttpResponse:
    for errors in form.errors.values():
        for message in errors:
            messages.error(request, message)
    return _back(request, series)


@login_required
@require_POST
def series_attach(request: HttpRequest, pk: int) -> HttpResponse:
    series = _attachable(request, pk)
    form = AttachForm(request.POST, events=Event.objects.all())  # the service answers 404 for another's event
    if not form.is_valid():
        return _form_refused(request, series, form)
    return _act(
        request,
        series,
        lambda: services.series_event_attach(series=series, event=form.cleaned_data["event"], by=request.user),
    )


@login_required
@require_POST
def series_detach(request: HttpRequest, pk: int, event_pk: int) -> HttpResponse:
    series = _attachable(request, pk)
    event = Event.objects.filter(pk=event_pk).first()
    if event is None:
        raise Http404("No such event.")
    return _act(request, series, lambda: services.series_event_detach(series=series, event=event, by=request.user))


@login_required
@require_POST
def series_weekly(request: HttpRequest, pk: int) -> HttpResponse:
    series = _managed(request, pk)
    form = WeeklyRunForm(
        request.POST, events=Event.objects.all(), prefix="weekly"
    )  # the service answers 404 for another's event
    if not form.is_valid():
        return _form_refused(request, series, form)
    return _act(
        request,
        series,
        lambda: services.series_weekly_run(
            series=series, event=form.cleaned_data["event"], by=request.user, weeks=form.cleaned_data["weeks"]
        ),
    )


@login_required
@require_POST
def series_invite(request: HttpRequest, pk: int) -> HttpResponse:
    """Invite another organizer (user name or e-mail) to put their events into the series."""
    series = _managed(request, pk)
    form = InviteForm(request.POST)
    if not form.is_valid():
        return _form_refused(request, series, form)
    try:
        invitation = services.series_invite(series=series, who=form.cleaned_data["who"], by=request.user)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(
            request,
            _("%(name)s is invited: once they accept, they put their own events into the series.")
            % {"name": invitation.user.get_username()},
        )
    return redirect("series:manage", pk=series.pk)


@login_required
@require_POST
def series_invitation_answer(request: HttpRequest, pk: int, accept: bool) -> HttpResponse:
    """The invited organizer accepts or declines (from their series list)."""
    invitation = SeriesInvitation.objects.filter(pk=pk).select_related("series").first()
    if invitation is None:
        raise Http404("No such invitation.")
    try:
        services.series_invitation_answer(invitation=invitation, accept=accept, by=request.user)
    except NotFound:
        raise Http404("No such invitation.") from None
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        if accept:
            messages.success(
                request,
                _("You joined the series %(name)s: put your events into it below.") % {"name": invitation.series.name},
            )
    return redirect("series:list")


@require_GET
def series_calendar(request: HttpRequest, pk: int) -> HttpResponse:
    """The series' iCalendar feed: its coming public events, each at its store's time (organizations.calendar)."""
    series = selectors.series_for_viewer(pk=pk, user=request.user)
    events = selectors.series_calendar_events(series=series, today=timezone.localdate())
    return calendar_response(
        request,
        name=series.name,
        events=events,
        links=event_locations_of(events=events),
        filename=f"series-{series.pk}.ics",
    )
