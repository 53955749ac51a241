"""The players' pages of a multiplayer pod event (issue 43, docs/multiplayer.md): the round's pods and the standings for
everyone who may see the event, and a pod's own page for its players, where one reports the result and another
confirms it. The services decide (multiplayer.services); these views read the form and answer."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from common.polls import poll_scope, polled
from common.refusals import NotFound
from multiplayer.models import MultiplayerResultKind, MultiplayerTable, MultiplayerTableState
from multiplayer.selectors import (
    multiplayer_standings_data,
    round_byes,
    round_multiplayer_tables,
    table_of_user,
    tables_latest_round,
)
from multiplayer.services import table_result_confirm, table_result_report
from tournaments.polltokens import event_token
from tournaments.rights import may_report_for_table, may_run_event
from tournaments.selectors.events import event_for_viewer, my_registration_ids


class TableReportForm(forms.Form):
    """A pod's result as a player reports it: the kind, and the players it names (the winner, those who drew, or
    those still in when time was called)."""

    kind = forms.ChoiceField(
        label=gettext_lazy("Result"), choices=MultiplayerResultKind.choices, widget=forms.RadioSelect
    )
    players = forms.TypedMultipleChoiceField(
        label=gettext_lazy("Players"),
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=gettext_lazy("The winner; or who drew; or, on time, who was still in (none ticked: everyone)."),
    )

    def __init__(self, *args, table: MultiplayerTable, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["players"].choices = [
            (s.registration_id, f"{s.position}. {s.registration.team.name}") for s in table.seats.all()
        ]


def _table_for_player(request: HttpRequest, pk: int) -> MultiplayerTable:
    """The pod, for a player seated at it (tournaments.rights.may_report_for_table); 404 for anyone else."""
    table = MultiplayerTable.objects.filter(pk=pk).select_related("round__event").first()
    if table is None or not table.round.is_published or not may_report_for_table(request.user, table):
        raise Http404("No such pod.")
    return table


def _table_page(
    request: HttpRequest, table: MultiplayerTable, *, form: TableReportForm | None = None, status: int = 200
):
    table = next(p for p in round_multiplayer_tables(round_=table.round) if p.pk == table.pk)
    mine = my_registration_ids(event=table.round.event, user=request.user)
    reported_by_me = table.reporter_id in mine or table.reported_by_id == request.user.pk
    return render(
        request,
        "portal/multiplayer_table.html",
        {
            "event": table.round.event,
            "pod": table,
            "mine": mine,
            "form": form or TableReportForm(table=table),
            "may_report": table.state != MultiplayerTableState.FINAL,
            "may_confirm": table.state == MultiplayerTableState.REPORTED and not reported_by_me,
        },
        status=status,
    )


@polled
@login_required
@require_GET
def table_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The pod for its players; a poll is answered 304 while its event is unchanged (common/polls.py)."""
    event_id = MultiplayerTable.objects.filter(pk=pk).values_list("round__event_id", flat=True).first()
    if event_id is not None:
        poll_scope(request, event_token(event_id))
    return _table_page(request, _table_for_player(request, pk))


@login_required
@require_POST
def table_report(request: HttpRequest, pk: int) -> HttpResponse:
    table = _table_for_player(request, pk)
    form = TableReportForm(request.POST, table=table)
    if form.is_valid():
        try:
            table_result_report(
                table=table, by=request.user, kind=form.cleaned_data["kind"], players=form.cleaned_data["players"]
            )
        except NotFound as exc:
            raise Http404("No such pod.") from exc
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _("Result reported. Another player of the pod confirms it."))
            return redirect("portal:table", pk=pk)
    return _table_page(request, MultiplayerTable.objects.get(pk=table.pk), form=form, status=400)


@login_required
@require_POST
def table_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    table = _table_for_player(request, pk)
    try:
        table_result_confirm(table=table, by=request.user)
    except NotFound as exc:
        raise Http404("No such pod.") from exc
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("Result confirmed."))
    return redirect("portal:table", pk=pk)


@polled
@require_GET
def event_tables(request: HttpRequest, pk: int) -> HttpResponse:
    """The current round's pods (the viewer's own pod linked), the byes, and the standings of a pod event."""
    poll_scope(request, event_token(pk))
    event = event_for_viewer(pk=pk, user=request.user)
    if not event.is_multiplayer:
        raise Http404("Not a pod event.")
    round_ = tables_latest_round(event=event, players=True)
    return render(
        request,
        "portal/multiplayer.html",
        {
            "event": event,
            "tab": "pods",
            "round": round_,
            "runs_event": may_run_event(request.user, event),
            "pods": round_multiplayer_tables(round_=round_) if round_ else [],
            "byes": round_byes(round_=round_) if round_ else [],
            "my_pod": table_of_user(round_=round_, user=request.user) if round_ else None,
            "mine": my_registration_ids(event=event, user=request.user),
            "standings": multiplayer_standings_data(event=event),
        },
    )
