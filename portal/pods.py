"""The players' pages of a multiplayer pod event (issue 43, docs/pods.md): the round's pods and the standings for
everyone who may see the event, and a pod's own page for its players, where one reports the result and another
confirms it. The services decide (pods.services); these views read the form and answer."""
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from common.refusals import NotFound
from pods.models import Pod, PodResultKind, PodState
from pods.selectors import pod_of_user, pod_standings_data, pods_latest_round, round_byes, round_pods
from pods.services import pod_result_confirm, pod_result_report
from tournaments.rights import may_report_for_pod, may_run_event
from tournaments.selectors.events import event_for_viewer, my_registration_ids


class PodReportForm(forms.Form):
    """A pod's result as a player reports it: the kind, and the players it names (the winner, those who drew, or
    those still in when time was called)."""

    kind = forms.ChoiceField(label=gettext_lazy("Result"), choices=PodResultKind.choices, widget=forms.RadioSelect)
    players = forms.TypedMultipleChoiceField(label=gettext_lazy("Players"), coerce=int, required=False,
                                             widget=forms.CheckboxSelectMultiple,
                                             help_text=gettext_lazy("The winner; or who drew; or, on time, who was "
                                                                    "still in (none ticked: everyone)."))

    def __init__(self, *args, pod: Pod, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["players"].choices = [(s.registration_id, f"{s.position}. {s.registration.team.name}")
                                          for s in pod.seats.all()]


def _pod_for_player(request: HttpRequest, pk: int) -> Pod:
    """The pod, for a player seated at it (tournaments.rights.may_report_for_pod); 404 for anyone else."""
    pod = Pod.objects.filter(pk=pk).select_related("round__event").first()
    if pod is None or not may_report_for_pod(request.user, pod):
        raise Http404("No such pod.")
    return pod


def _pod_page(request: HttpRequest, pod: Pod, *, form: PodReportForm | None = None, status: int = 200):
    pod = next(p for p in round_pods(round_=pod.round) if p.pk == pod.pk)
    mine = my_registration_ids(event=pod.round.event, user=request.user)
    reported_by_me = pod.reporter_id in mine or pod.reported_by_id == request.user.pk
    return render(request, "portal/pod.html", {
        "event": pod.round.event, "pod": pod, "mine": mine, "form": form or PodReportForm(pod=pod),
        "may_report": pod.state != PodState.FINAL, "may_confirm": pod.state == PodState.REPORTED and not reported_by_me,
    }, status=status)


@login_required
@require_GET
def pod_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _pod_page(request, _pod_for_player(request, pk))


@login_required
@require_POST
def pod_report(request: HttpRequest, pk: int) -> HttpResponse:
    pod = _pod_for_player(request, pk)
    form = PodReportForm(request.POST, pod=pod)
    if form.is_valid():
        try:
            pod_result_report(pod=pod, by=request.user, kind=form.cleaned_data["kind"],
                              players=form.cleaned_data["players"])
        except NotFound as exc:
            raise Http404("No such pod.") from exc
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _("Result reported. Another player of the pod confirms it."))
            return redirect("portal:pod", pk=pk)
    return _pod_page(request, Pod.objects.get(pk=pod.pk), form=form, status=400)


@login_required
@require_POST
def pod_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    pod = _pod_for_player(request, pk)
    try:
        pod_result_confirm(pod=pod, by=request.user)
    except NotFound as exc:
        raise Http404("No such pod.") from exc
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("Result confirmed."))
    return redirect("portal:pod", pk=pk)


@require_GET
def event_pods(request: HttpRequest, pk: int) -> HttpResponse:
    """The current round's pods (the viewer's own pod linked), the byes, and the standings of a pod event."""
    event = event_for_viewer(pk=pk, user=request.user)
    if not event.is_pods:
        raise Http404("Not a pod event.")
    round_ = pods_latest_round(event=event)
    return render(request, "portal/pods.html", {
        "event": event, "tab": "pods", "round": round_, "runs_event": may_run_event(request.user, event),
        "pods": round_pods(round_=round_) if round_ else [], "byes": round_byes(round_=round_) if round_ else [],
        "my_pod": pod_of_user(round_=round_, user=request.user) if round_ else None,
        "mine": my_registration_ids(event=event, user=request.user),
        "standings": pod_standings_data(event=event),
    })
