"""The organizer's console (docs/desk.md): the organizer's home with every event they help run and its next step,
a new event from a preset, and every setting of an event. Thin: each view asks the rights module, reads through
desk.selectors, writes through tournaments.services.events."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from desk import selectors
from desk.forms import EventCopyForm, EventNewForm, EventSettingsForm, PhaseForm
from tournaments.doors import event_permission_required
from tournaments.presets import PRESETS
from organizations.selectors import console_by_store, locations_usable_by
from organizations.services import event_location_set
from series.selectors import series_open_to
from series.services import series_event_attach
from tournaments.models import Event, Phase
from tournaments.rights import may_change_event_settings, may_copy_event, may_create_events, may_organize
from tournaments.services.clock import event_desk_for, event_set_round_minutes
from tournaments.services.events import event_copy as event_copy_service
from tournaments.services.events import event_copy_date, event_create, event_update
from tournaments.selectors.phases import event_phases, spans_of
from tournaments.services.phases import phase_create, phase_delete, phase_plain, phase_update


@login_required
@require_GET
def organize(request: HttpRequest) -> HttpResponse:
    """My events by state, each with its next step, and "New event" for those who may create events."""
    if not may_organize(request.user):
        raise Http404("Not an organizer.")
    return render(
        request,
        "desk/organize.html",
        {
            "groups": selectors.console_events(user=request.user),
            "organizations": console_by_store(user=request.user),
            "may_create": may_create_events(request.user),
        },
    )


def _form_errors(form, exc: ValidationError) -> None:
    """Put the service's refusals on the form: on their field when the form has it, else on the whole form."""
    if not hasattr(exc, "error_dict"):
        form.add_error(None, exc)
        return
    for name, errors in exc.error_dict.items():
        target = (
            name
            if name in form.fields
            else (
                next((f for f in form.fields if f.startswith("seat_format_")), None) if name == "seat_formats" else None
            )
        )
        for error in errors:
            form.add_error(target, error)


@login_required
@require_http_methods(["GET", "POST"])
def event_new(request: HttpRequest) -> HttpResponse:
    """A new event from one of the presets; the organizer lands on its desk."""
    if not may_create_events(request.user):
        raise Http404("Not an organizer.")
    form = EventNewForm(
        request.POST or None,
        series=series_open_to(user=request.user),
        stores=locations_usable_by(user=request.user),
    )
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                event = event_create(organizer=request.user, by=request.user, **form.event_fields())
                desk = event_set_round_minutes(event=event, minutes=form.cleaned_data["round_minutes"], by=request.user)
                if form.cleaned_data.get("store") is not None:
                    event_location_set(
                        event=event,
                        location=form.cleaned_data["store"],
                        start_time=form.cleaned_data.get("start_time"),
                        by=request.user,
                    )
                if form.cleaned_data.get("series") is not None:
                    series_event_attach(series=form.cleaned_data["series"], event=event, by=request.user)
        except ValidationError as exc:
            _form_errors(form, exc)
        else:
            messages.success(
                request,
                _(
                    "%(name)s is created: %(rounds)d Swiss rounds, top cut %(cut)s, %(minutes)d minutes a round. Every "
                    "setting can still be changed on its settings page."
                )
                % {
                    "name": event.name,
                    "rounds": event.swiss_rounds,
                    "cut": event.top_cut or _("none"),
                    "minutes": desk.round_minutes,
                },
            )
            return redirect("desk:desk", pk=event.pk)
    return render(
        request, "desk/event_new.html", {"form": form, "presets": PRESETS}, status=400 if form.is_bound else 200
    )


@login_required
@require_http_methods(["GET", "POST"])
@event_permission_required(may_change_event_settings)
def event_settings(request: HttpRequest, event: Event) -> HttpResponse:
    """Every setting of the event, while the rules allow it; what its progress has fixed is shown with the reason."""
    desk = event_desk_for(event=event)
    form = EventSettingsForm(
        request.POST or None,
        event=event,
        round_minutes=desk.round_minutes,
        locks=selectors.event_settings_locks(event=event),
    )
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                changes = form.event_changes(event=event)
                if changes:
                    event = event_update(event=event, user=request.user, **changes)
                event_set_round_minutes(event=event, minutes=form.cleaned_data["round_minutes"], by=request.user)
        except ValidationError as exc:
            _form_errors(form, exc)
        else:
            messages.success(
                request,
                _("Settings saved.") if changes or "round_minutes" in form.changed_data else _("Nothing changed."),
            )
            return redirect("desk:event_settings", pk=event.pk)
    return _settings_page(request, event=event, form=form)


def _settings_page(
    request: HttpRequest, *, event: Event, form=None, phase_form=None, phase_forms: dict | None = None
) -> HttpResponse:
    """The settings page: the event's settings, then its phase plan (a form per phase and one to add a phase);
    400 when one of them comes back with errors."""
    if form is None:
        form = EventSettingsForm(
            event=event,
            round_minutes=event_desk_for(event=event).round_minutes,
            locks=selectors.event_settings_locks(event=event),
        )
    phases = event_phases(event=event)
    spans = spans_of(phases)
    rows = [
        {
            "phase": phase,
            "span": span,
            "form": (phase_forms or {}).get(phase.number)
            or PhaseForm(event=event, initial=phase_plain(phase), prefix=f"phase{phase.number}"),
        }
        for phase, span in zip(phases, spans, strict=True)
    ]
    phase_form = phase_form or PhaseForm(
        event=event,
        prefix="new",
        initial={"format_kind": event.format_kind, "rounds": event.swiss_rounds if not phases else 3},
    )
    bound = form.is_bound or phase_form.is_bound or bool(phase_forms)
    return render(
        request,
        "desk/event_settings.html",
        {"event": event, "form": form, "phase_rows": rows, "phase_form": phase_form},
        status=400 if bound else 200,
    )


@login_required
@require_POST
@event_permission_required(may_change_event_settings)
def event_phase_add(request: HttpRequest, event: Event) -> HttpResponse:
    """Add a phase at the end of the event's plan (docs/phases.md)."""
    form = PhaseForm(request.POST, event=event, prefix="new")
    if form.is_valid():
        try:
            phase = phase_create(event=event, user=request.user, **form.cleaned_data)
        except ValidationError as exc:
            _form_errors(form, exc)
        else:
            messages.success(request, _("%(phase)s added.") % {"phase": phase.label})
            return redirect(f"{reverse('desk:event_settings', args=[event.pk])}#phases")
    return _settings_page(request, event=event, phase_form=form)


@login_required
@require_POST
@event_permission_required(may_change_event_settings)
def event_phase_change(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """Save or remove one phase of the event's plan."""
    phase = Phase.objects.filter(event=event, number=number).first()
    if phase is None:
        raise Http404("No such phase.")
    form = PhaseForm(request.POST, event=event, prefix=f"phase{number}", initial=phase_plain(phase))
    try:
        if request.POST.get("action") == "remove":
            phase_delete(phase=phase, user=request.user)
            messages.success(request, _("Phase %(n)d removed.") % {"n": number})
            return redirect(f"{reverse('desk:event_settings', args=[event.pk])}#phases")
        if form.is_valid():
            phase_update(
                phase=phase, user=request.user, **{name: form.cleaned_data[name] for name in form.changed_data}
            )
            messages.success(request, _("%(phase)s saved.") % {"phase": Phase.objects.get(pk=phase.pk).label})
            return redirect(f"{reverse('desk:event_settings', args=[event.pk])}#phases")
    except ValidationError as exc:
        _form_errors(form, exc)
    return _settings_page(request, event=event, phase_forms={number: form})


@login_required
@require_http_methods(["GET", "POST"])
@event_permission_required(may_copy_event)
def event_copy(request: HttpRequest, event: Event) -> HttpResponse:
    """ "Run again": the event's settings, not its players, on a new date (a week later unless changed); the organizer
    lands on the new event's desk."""
    form = EventCopyForm(request.POST or None, initial={"date": event_copy_date(event=event)})
    if request.method == "POST" and form.is_valid():
        try:
            copy = event_copy_service(event=event, by=request.user, date=form.cleaned_data["date"])
        except ValidationError as exc:
            _form_errors(form, exc)
        else:
            messages.success(
                request,
                _(
                    "%(name)s is created for %(date)s with the settings of the event of "
                    "%(before)s. Register its players when they sign up."
                )
                % {"name": copy.name, "date": date_format(copy.date), "before": date_format(event.date)},
            )
            return redirect("desk:desk", pk=copy.pk)
    return render(request, "desk/event_copy.html", {"event": event, "form": form}, status=400 if form.is_bound else 200)
