"""Writes of the series app (docs/series.md): create and change a series, attach and detach events, create a
weekly run of events ahead, and keep each finished event's results for the standings.

Every door asks tournaments/rights.py (may_manage_series, may_attach_event); a series the person may not manage is
refused as if it didn't exist (NotFound), and so is an event they don't run. Each change is written to the event
log of the events it touches, with who made it."""

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext_lazy

from common.refusals import Conflict, NotAllowed, NotFound, Refusal
from fees.enums import TieSplit
from fees.services import prize_line_json, prize_lines_check
from organizations.services import member_account
from series.models import Series, SeriesEvent, SeriesInvitation, SeriesPrize, SeriesResult
from tournaments.enums import EventStatus
from tournaments.logtext import LogText
from tournaments.models import Event, Seat
from tournaments.rights import (
    is_series_partner,
    may_answer_series_invitation,
    may_attach_event,
    may_create_events,
    may_manage_series,
    may_see_event,
    person_of,
)
from tournaments.selectors.placements import placements_for_event
from tournaments.selectors.standings import standings_for_event
from tournaments.services.eventlog import LogAction, event_log_record
from tournaments.services.events import event_copy

SETTINGS = (
    "name",
    "kind",
    "is_public",
    "points_source",
    "points_table",
    "participation_points",
    "best_of",
    "qualify_top",
    "qualify_points",
)
FRIDAY = 4
MAX_WEEKS = 26


def _require_manager(*, series: Series, by) -> None:
    if not may_manage_series(by, series):
        raise NotFound(_("No such series."))


def _settings_problems(series: Series) -> None:
    series.full_clean(exclude=["owner"])
    if series.qualify_top is not None and series.qualify_points is not None:
        raise ValidationError({"qualify_points": _("Qualify by the top places or by points, not both.")})


@transaction.atomic
def series_create(*, by, **fields) -> Series:
    """A new series of `by`'s (an organizer: tournaments.rights.may_create_events), with the given SETTINGS.
    Refused with NotAllowed for anyone else, with a ValidationError per field for bad settings (nothing written)."""
    if not may_create_events(by):
        raise NotAllowed(_("Only an organizer can make a series."))
    unknown = set(fields) - set(SETTINGS)
    if unknown:
        raise ValidationError(_("Unknown settings: %(names)s.") % {"names": ", ".join(sorted(unknown))})
    series = Series(owner=person_of(by), **fields)
    _settings_problems(series)
    series.save()
    return series


@transaction.atomic
def series_update(*, series: Series, by, **fields) -> Series:
    """Change a series' SETTINGS; the change is written to the log of each of its events. NotFound for anyone who
    doesn't manage it; a ValidationError per field for bad settings (nothing written)."""
    _require_manager(series=series, by=by)
    series = Series.objects.select_for_update().get(pk=series.pk)
    before = {name: getattr(series, name) for name in SETTINGS}
    for name, value in fields.items():
        if name not in SETTINGS:
            raise ValidationError(_("Unknown settings: %(names)s.") % {"names": name})
        setattr(series, name, value)
    _settings_problems(series)
    series.save()
    after = {name: getattr(series, name) for name in SETTINGS}
    changed = {name for name in SETTINGS if before[name] != after[name]}
    if changed:
        for link in series.series_events.select_related("event"):
            event_log_record(
                event=link.event,
                user=by,
                action=LogAction.SERIES_CHANGED,
                message=LogText(
                    gettext_lazy("Series %(name)s changed: %(fields)s."),
                    {"name": series.name, "fields": ", ".join(sorted(changed))},
                ),
                before={n: before[n] for n in changed},
                after={n: after[n] for n in changed},
            )
    return series


@transaction.atomic
def series_prizes_set(*, series: Series, lines: list[dict], by, prize_ties: str | None = None) -> list[SeriesPrize]:
    """Replace the series' prize structure with `lines` (fees' prize lines: a range of places, or a record line for
    every entrant with at least `min_match_points` series points) and, unless None, how tied ranks share prizes.
    NotFound for anyone who doesn't manage it; a Refusal naming the wrong line or field, nothing written. The
    change is written to the log of each of its events, before and after."""
    _require_manager(series=series, by=by)
    if prize_ties is not None and prize_ties not in TieSplit.values:
        raise Refusal({"prize_ties": _("Tied places are split by rank order or evenly.")})
    prizes = [SeriesPrize(series=series, **columns) for columns in prize_lines_check(lines)]
    series = Series.objects.select_for_update().get(pk=series.pk)
    before = {"prize_ties": series.prize_ties, "prizes": [prize_line_json(p) for p in series.prizes.all()]}
    if prize_ties is not None:
        series.prize_ties = prize_ties
        series.save(update_fields=["prize_ties"])
    SeriesPrize.objects.filter(series=series).delete()
    SeriesPrize.objects.bulk_create(prizes)
    after = {"prize_ties": series.prize_ties, "prizes": [prize_line_json(p) for p in prizes]}
    if after != before:
        for link in series.series_events.select_related("event"):
            event_log_record(
                event=link.event,
                user=by,
                action=LogAction.SERIES_CHANGED,
                message=LogText(
                    ngettext_lazy(
                        "Prizes of the series %(name)s changed: %(n)d line.",
                        "Prizes of the series %(name)s changed: %(n)d lines.",
                        "n",
                    ),
                    {"name": series.name, "n": len(prizes)},
                ),
                before=before,
                after=after,
            )
    return prizes


def _require_attachable(*, series: Series, event: Event, by) -> None:
    if not (may_manage_series(by, series) or is_series_partner(by, series)):
        raise NotFound(_("No such series."))
    if not may_see_event(by, event) or not may_attach_event(by, series, event):
        raise NotFound(_("No such event."))


@transaction.atomic
def series_event_attach(*, series: Series, event: Event, by) -> SeriesEvent:
    """Put the event into the series: whoever manages the series and runs the event (else NotFound). An event is in
    one series at most (Conflict when it is in another). A finished event's results are recorded at once."""
    _require_attachable(series=series, event=event, by=by)
    existing = SeriesEvent.objects.select_for_update().filter(event=event).select_related("series").first()
    if existing is not None:
        if existing.series_id == series.pk:
            return existing
        raise Conflict(_("This event is already in the series %(name)s.") % {"name": existing.series.name})
    link = SeriesEvent.objects.create(series=series, event=event)
    event_log_record(
        event=event,
        user=by,
        action=LogAction.SERIES_ATTACHED,
        message=LogText(gettext_lazy("Event put into the series %(name)s."), {"name": series.name}),
        data={"series": series.pk},
    )
    if event.status == EventStatus.FINISHED:
        series_event_record(link=link, by=by)
    return link


@transaction.atomic
def series_event_detach(*, series: Series, event: Event, by) -> None:
    """Take the event out of the series (its recorded results with it). NotFound when it isn't in this series or
    the person may not manage both."""
    _require_attachable(series=series, event=event, by=by)
    deleted, _count = SeriesEvent.objects.filter(series=series, event=event).delete()
    if not deleted:
        raise NotFound(_("This event is not in the series."))
    event_log_record(
        event=event,
        user=by,
        action=LogAction.SERIES_DETACHED,
        message=LogText(gettext_lazy("Event taken out of the series %(name)s."), {"name": series.name}),
        data={"series": series.pk},
    )


def series_event_copy_link(*, source: Event, copy: Event, by) -> None:
    """ "Run again" of an event in a series puts the copy into the same series, when `by` manages the series (a
    co-organizer's copy stays out: the series is its owner's). Registered in SeriesConfig.ready()
    (tournaments/copying.py); the weekly run attaches its copies itself, and attaching twice changes nothing."""
    link = SeriesEvent.objects.filter(event=source).select_related("series").first()
    if link is None:
        return
    try:
        _require_attachable(series=link.series, event=copy, by=by)
    except NotFound:
        return
    series_event_attach(series=link.series, event=copy, by=by)


@transaction.atomic
def series_invite(*, series: Series, who: str, by) -> SeriesInvitation:
    """Invite another organizer (by user name or e-mail) to put their own events into the series: its manager only
    (else NotFound). Inviting again changes nothing; the series' owner needs no invitation."""
    _require_manager(series=series, by=by)
    user = member_account(who=who)
    if user.pk == series.owner_id:
        raise Refusal({"who": _("%(name)s owns this series already.") % {"name": user.get_username()}})
    if not may_create_events(user):
        raise Refusal(
            {
                "who": _("%(name)s is no organizer: only organizers put events into a series.")
                % {"name": user.get_username()}
            }
        )
    invitation, _created = SeriesInvitation.objects.get_or_create(
        series=series, user=user, defaults={"invited_by": person_of(by)}
    )
    return invitation


@transaction.atomic
def series_invitation_answer(*, invitation: SeriesInvitation, accept: bool, by) -> SeriesInvitation | None:
    """The invited organizer accepts (from now on they put their own events into the series) or declines (the
    invitation is gone). Anyone else: NotFound. Accepting is written to the log of each event of the series."""
    if not may_answer_series_invitation(by, invitation):
        raise NotFound(_("No such invitation."))
    invitation = SeriesInvitation.objects.select_for_update().select_related("series").get(pk=invitation.pk)
    if not accept:
        if invitation.accepted_at is not None:
            raise Conflict(_("This invitation is accepted already: take your events out of the series instead."))
        invitation.delete()
        return None
    if invitation.accepted_at is not None:
        return invitation
    invitation.accepted_at = timezone.now()
    invitation.save(update_fields=["accepted_at"])
    name = person_of(by).get_username()
    for link in invitation.series.series_events.select_related("event"):
        event_log_record(
            event=link.event,
            user=by,
            action=LogAction.SERIES_PARTNER_JOINED,
            message=LogText(
                gettext_lazy("%(name)s accepted the invitation to the series %(series)s."),
                {"name": name, "series": invitation.series.name},
            ),
            data={"series": invitation.series_id, "user": invitation.user_id},
        )
    return invitation


def series_weekly_dates(*, after: dt.date, weeks: int, weekday: int = FRIDAY) -> list[dt.date]:
    """`weeks` dates on `weekday` (Friday unless given), the first one strictly after `after`, a week apart."""
    first = after + dt.timedelta(days=(weekday - after.weekday() - 1) % 7 + 1)
    return [first + dt.timedelta(weeks=n) for n in range(weeks)]


@transaction.atomic
def series_weekly_run(*, series: Series, event: Event, by, weeks: int = 8, weekday: int = FRIDAY) -> list[Event]:
    """Create the series' events ahead: `weeks` copies of `event` ("Run again": its settings, none of its players),
    one every week on `weekday` (Friday) after its date, each attached to the series and logged. All or nothing."""
    if not 1 <= weeks <= MAX_WEEKS:
        raise ValidationError({"weeks": _("Between 1 and %(max)d weeks.") % {"max": MAX_WEEKS}})
    _require_attachable(series=series, event=event, by=by)
    created = []
    for date in series_weekly_dates(after=event.date, weeks=weeks, weekday=weekday):
        copy = event_copy(event=event, by=by, date=date)
        series_event_attach(series=series, event=copy, by=by)
        created.append(copy)
    return created


@transaction.atomic
def series_event_record(*, link: SeriesEvent, by=None) -> int:
    """Keep what each player of the event made of it (their team's place and match points) for the series'
    standings, replacing what was kept before. Hydra calls it when the event finishes (series/receivers.py) and
    when a finished event is attached. Returns the number of players kept."""
    event = link.event
    match_points = {row.team: row.match_points for row in standings_for_event(event=event)}
    places = {placing.team: placing.place for placing in placements_for_event(event=event)}
    rows = [
        SeriesResult(
            series_event=link,
            player_id=player_id,
            team_id=team_id,
            place=places[registration_id],
            match_points=match_points.get(registration_id, 0),
        )
        for registration_id, player_id, team_id in Seat.objects.filter(event=event)
        .values_list("registration_id", "player_id", "registration__team_id")
        .order_by("registration_id", "letter")
        if registration_id in places
    ]
    SeriesResult.objects.filter(series_event=link).delete()
    SeriesResult.objects.bulk_create(rows, ignore_conflicts=True)
    link.recorded_at = timezone.now()
    link.save(update_fields=["recorded_at"])
    event_log_record(
        event=event,
        user=by,
        action=LogAction.SERIES_RECORDED,
        message=LogText(gettext_lazy("Results recorded for the series %(name)s."), {"name": link.series.name}),
        data={"series": link.series_id, "players": len(rows)},
    )
    return len(rows)
