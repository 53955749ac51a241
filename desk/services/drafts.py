"""The desk's draft controls (docs/desk.md, "Drafts"): each action calls the drafting services for the event's
tables (team Rochester) or pods (Two-Headed Giant booster draft, the individual booster draft), so the desk adds no
rule of its own. Every call is
logged by the drafting services with who did it; the desk logs the bulk actions too."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext_lazy

from drafting.boosters import BoosterDataError
from drafting.data import UnknownSetError, available_sets
from drafting.models import DraftStatus, DraftTable, Pod
from drafting.selectors.pods import event_pods
from drafting.services import pods as pod_services
from drafting.services.booster import booster_pods_seat
from drafting.services.paper import paper_pods_seat
from drafting.services import tables as table_services
from tournaments.enums import FormatKind
from tournaments.logtext import LogText
from tournaments.models import Event
from tournaments.models.log import LogKind
from tournaments.services.eventlog import event_log_record

TABLE_ACTIONS = ("choose", "pause", "resume", "end", "undo", "timing")


def event_drafts_seat(*, event: Event, by) -> int:
    """Seat the drafts: a one-draft team Rochester event's tables (draft_tables_create), a Two-Headed Giant
    draft's pods (thg_pods_seat) or an individual booster draft's pods of up to eight (booster_pods_seat). A Rochester event that drafts every round seats its tables when the round is
    paired. Returns how many tables or pods were made."""
    if event.format_kind == FormatKind.THG_DRAFT:
        made = pod_services.thg_pods_seat(event=event, by=by)
    elif event.format_kind == FormatKind.BOOSTER_DRAFT:
        made = booster_pods_seat(event=event, by=by)
    elif event.format_kind == FormatKind.TEAM_ROCHESTER and not event.drafts_every_round:
        made = table_services.draft_tables_create(event=event, by=by)
    elif event.format_kind == FormatKind.TEAM_ROCHESTER:
        raise ValidationError(_("This event drafts every round: pairing a round seats its draft tables."))
    else:
        raise ValidationError(_("This event has no draft."))
    event_log_record(
        event=event,
        user=by,
        kind=LogKind.DESK,
        action="drafts_seated",
        message=LogText(
            ngettext_lazy("%(n)d draft seated at the desk.", "%(n)d drafts seated at the desk.", "n"), {"n": len(made)}
        ),
    )
    return len(made)


def event_drafts_seat_for_step(*, event: Event, by) -> int:
    """The desk's next step "Seat the draft" (issue 56): a booster or Two-Headed Giant draft with real product is
    seated for real boosters on the table (paper_pods_seat: round 1 pairs within the pod by seat), any other pod
    draft for packs opened in Hydra (event_drafts_seat). Returns how many pods were seated."""
    if event.real_product and event.format_kind in (FormatKind.BOOSTER_DRAFT, FormatKind.THG_DRAFT):
        return len(paper_pods_seat(event=event, by=by))
    return event_drafts_seat(event=event, by=by)


def _waiting(event: Event, round_) -> tuple[list[DraftTable], list[Pod]]:
    tables = DraftTable.objects.filter(event=event, status=DraftStatus.SETUP)
    if round_ is not None and event.drafts_every_round:
        tables = tables.filter(round=round_)
    return list(tables.order_by("number")), list(
        event_pods(event=event).filter(status=DraftStatus.SETUP).order_by("number")
    )


def event_drafts_generate_packs(*, event: Event, round_, set_code: str, by) -> int:
    """Open the packs of every table (or pod) not started yet from `set_code`, one of the bundled sets
    (drafting.data.available_sets). Returns how many were loaded."""
    if set_code not in {s.code for s in available_sets()}:
        raise ValidationError(_("Choose the set from the list."))
    tables, pods = _waiting(event, round_)
    try:
        for table in tables:
            table_services.draft_table_generate_packs(table_id=table.pk, by=by, set_code=set_code)
        for pod in pods:
            pod_services.thg_pod_generate_packs(pod_id=pod.pk, by=by, set_code=set_code)
    except (UnknownSetError, BoosterDataError) as exc:  # a refused draft (DraftRefused) is a ValidationError already
        raise ValidationError(str(exc)) from exc
    event_log_record(
        event=event,
        user=by,
        kind=LogKind.DESK,
        action="draft_packs",
        round_number=getattr(round_, "number", None),
        message=LogText(
            gettext_lazy("Packs of %(set)s loaded at the desk for %(n)d drafts."),
            {"set": set_code, "n": len(tables) + len(pods)},
        ),
    )
    return len(tables) + len(pods)


def event_drafts_start(*, event: Event, round_, by) -> int:
    """Start every table (or pod) that is set up: packs loaded and, at a table, the first team chosen. Refused,
    starting none, when one isn't ready (the reason names it)."""
    tables, pods = _waiting(event, round_)
    for table in tables:
        if table.first_team is None:
            raise ValidationError(
                _("Table %(n)d: record which team picks first (team %(c)d decides).")
                % {"n": table.number, "c": table.chooser}
            )
        if len(table.pack_sizes) != table.pack_count:
            raise ValidationError(_("Table %(n)d: load the packs first.") % {"n": table.number})
    for table in tables:
        table_services.draft_table_start(table_id=table.pk, by=by)
    for pod in pods:
        pod_services.thg_pod_start(pod_id=pod.pk, by=by)
    event_log_record(
        event=event,
        user=by,
        kind=LogKind.DESK,
        action="drafts_started",
        round_number=getattr(round_, "number", None),
        message=LogText(
            ngettext_lazy("%(n)d draft started at the desk.", "%(n)d drafts started at the desk.", "n"),
            {"n": len(tables) + len(pods)},
        ),
    )
    return len(tables) + len(pods)


def _seconds(value: str, *, name: str) -> float | None:
    value = (value or "").strip()
    if not value:
        return None
    if not value.isdigit() or not 1 <= int(value) <= 600:
        raise ValidationError(
            _("%(what)s: a whole number of seconds from 1 to 600, or empty for no limit.") % {"what": name}
        )
    return float(value)


def draft_table_act(*, event: Event, table_id: int, action: str, by, data) -> str:
    """One table's control at the desk: choose who picks first, pause, resume, end, the judge's undo of the last
    pick (with a reason), or its timing. Returns what was done."""
    table = DraftTable.objects.filter(event=event, pk=table_id).first()
    if table is None or action not in TABLE_ACTIONS:
        raise ValidationError(_("No such draft table or action."))
    if action == "choose":
        first = data.get("first_team", "")
        table_services.draft_table_choose(table_id=table.pk, first_team=int(first) if first.isdigit() else 0, by=by)
        return _("Table %(n)d: team %(t)s picks first.") % {"n": table.number, "t": first}
    if action == "pause":
        table_services.draft_table_pause(table_id=table.pk, by=by, reason=data.get("reason", ""))
        return _("Table %(n)d is paused.") % {"n": table.number}
    if action == "resume":
        table_services.draft_table_resume(table_id=table.pk, by=by)
        return _("Table %(n)d drafts again.") % {"n": table.number}
    if action == "end":
        table_services.draft_table_end(table_id=table.pk, by=by, reason=data.get("reason", ""))
        return _("Table %(n)d is ended.") % {"n": table.number}
    if action == "undo":
        reason = data.get("reason", "").strip()
        if not reason:
            raise ValidationError(_("Give the reason for taking the pick back; it is logged."))
        card = table_services.draft_table_undo_last_pick(table_id=table.pk, by=by, reason=reason)
        return _("Table %(n)d: %(card)s is back on the table.") % {"n": table.number, "card": card.name}
    table_services.draft_table_set_timing(
        table_id=table.pk,
        by=by,
        review_seconds=_seconds(data.get("review_seconds", ""), name=_("Review")),
        pick_seconds=_seconds(data.get("pick_seconds", ""), name=_("Pick")),
    )
    return _("Table %(n)d: timing saved.") % {"n": table.number}
