"""Writes of an event's phases (issue 42, docs/phases.md): the phase plan (add, change, remove a phase) and starting
the next phase, which seats its draft pods by the standings and keeps the finished phase's decks.

The plan sets the event's Swiss rounds (their sum) and, before round 1, its format (phase 1's); starting a phase
makes its format the event's, so deck registration, pools and the pages follow the phase being played. Every
change locks the event first (tournaments/services/locks.py) and is recorded in the event's log with who made it.
"""

import random
import secrets

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.enums import (
    CONSTRUCTED_FORMATS,
    ROCHESTER_HOUSE_TEAM_SIZE,
    ROCHESTER_TEAM_SIZE,
    TWO_HEADED_GIANT_FORMATS,
    EventStatus,
    FormatKind,
    PairingScope,
    RoundKind,
    Structure,
)
from tournaments.logtext import LogText
from tournaments.models import Decklist, Event, Phase, PhaseDeck, PhasePod, PhaseSeat, Registration, Round
from tournaments.models.phases import MAX_POD_SIZE
from tournaments.phases import PlanRefused, seat_pods_by_standings
from tournaments.pools import phase_pools_archive, team_pool
from tournaments.selectors.phases import (
    event_phases,
    phase_first_round,
    phase_for_round,
    phase_next,
    phase_pod_seating,
)
from tournaments.selectors.rounds import round_latest
from tournaments.selectors.standings import standings_for_event
from tournaments.services.daytwo import event_day2_cut_when_due
from tournaments.services.errors import StateConflict
from tournaments.services.eventlog import LogAction, event_log_record
from tournaments.services.locks import event_lock
from tournaments.services.scoreboard import event_bump_version, event_require_open, round_require_results

MAX_SWISS_ROUNDS = 30
POD_FORMATS = (FormatKind.BOOSTER_DRAFT, FormatKind.THG_DRAFT)  # drafted in pods that can pair on their own
THG_MAX_POD = 4  # a Two-Headed Giant draft pod seats three or four teams (RULES.md 7, MTR 9.7)
PLAN_FIELDS = ("name", "format_kind", "constructed_format", "rounds", "pairing_scope", "pod_size")


def _format_problems(*, event: Event, format_kind: str, constructed_format: str) -> dict[str, str]:
    """Why the event can't play a phase of `format_kind` with its team size and structure, field by field."""
    if format_kind not in FormatKind.values:
        return {
            "format_kind": _("Choose one of the formats Hydra runs: %(list)s.") % {"list": ", ".join(FormatKind.values)}
        }
    if event.is_multiplayer and format_kind != FormatKind.TEAM_CONSTRUCTED:
        return {
            "format_kind": _("This event plays multiplayer pods with constructed decks: every phase is constructed.")
        }
    if format_kind in TWO_HEADED_GIANT_FORMATS and event.structure != Structure.TWO_HEADED_GIANT:
        return {"format_kind": _("Two-Headed Giant formats need a Two-Headed Giant event (teams of 2).")}
    if format_kind == FormatKind.BOOSTER_DRAFT and event.team_size != 1:
        return {
            "format_kind": _(
                "A booster draft seats single players: only an individual event can have a booster draft phase."
            )
        }
    if format_kind == FormatKind.TEAM_ROCHESTER and not (
        event.team_size == ROCHESTER_TEAM_SIZE
        or event.team_size == ROCHESTER_HOUSE_TEAM_SIZE
        and event.rochester_teams_of_two
    ):
        return {
            "format_kind": _(
                "Team Rochester is drafted by teams of three (or two as a house rule the event "
                "ticks): this event can't have a team Rochester phase."
            )
        }
    if format_kind == FormatKind.TEAM_CONSTRUCTED_MIXED and len(event.seat_formats or []) != event.team_size:
        return {"format_kind": _("A phase of a format per seat needs the event's formats per seat set first.")}
    if format_kind in (FormatKind.TEAM_CONSTRUCTED, FormatKind.THG_CONSTRUCTED) and not (
        constructed_format or event.constructed_format
    ):
        return {"constructed_format": _("Name the constructed format of this phase (standard, pioneer, modern ...).")}
    if format_kind in CONSTRUCTED_FORMATS and event.real_product:
        return {
            "format_kind": _(
                "This event opens real product, which is for limited phases: a constructed phase "
                "needs an event without real product."
            )
        }
    return {}


def _phase_problems(*, event: Event, values: dict, others: list[Phase]) -> dict[str, str]:
    """Every reason the phase `values` can't be part of the event's plan beside `others`, field by field."""
    errors = _format_problems(
        event=event, format_kind=values["format_kind"], constructed_format=values.get("constructed_format") or ""
    )
    rounds = values["rounds"]
    if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= MAX_SWISS_ROUNDS:
        errors["rounds"] = _("A phase plays 1 to %(n)d Swiss rounds.") % {"n": MAX_SWISS_ROUNDS}
    elif rounds + sum(p.rounds for p in others) > MAX_SWISS_ROUNDS:
        errors["rounds"] = _("The phases would play %(n)d Swiss rounds together; an event has at most %(max)d.") % {
            "n": rounds + sum(p.rounds for p in others),
            "max": MAX_SWISS_ROUNDS,
        }
    scope = values["pairing_scope"]
    if scope not in PairingScope.values:
        errors["pairing_scope"] = _("Pair the whole field (field) or within the draft pods (pods).")
    elif scope == PairingScope.PODS:
        if values["format_kind"] not in POD_FORMATS:
            errors["pairing_scope"] = _(
                "Only a draft phase (booster draft, Two-Headed Giant booster draft) pairs within pods."
            )
        else:
            most = THG_MAX_POD if values["format_kind"] == FormatKind.THG_DRAFT else MAX_POD_SIZE
            size = values["pod_size"]
            if not isinstance(size, int) or isinstance(size, bool) or not 2 <= size <= most:
                errors["pod_size"] = _("A pod of this format holds 2 to %(n)d.") % {"n": most}
    if len(values.get("name") or "") > 100:
        errors["name"] = _("A phase's name has at most 100 characters.")
    return errors


def _plan_open(*, event: Event) -> None:
    """Refuse (StateConflict) a plan change the event's state forbids: closed, in its top cut or finished, or single
    elimination from round 1 (no Swiss rounds to split)."""
    event_require_open(event_id=event.pk)
    if event.is_single_elimination:
        raise ValidationError(
            _("This event is single elimination from round 1: it has no Swiss rounds to split into phases.")
        )
    if event.status in (EventStatus.TOP_CUT, EventStatus.FINISHED):
        raise StateConflict(_("The Swiss rounds of this event are over: its phases can't change any more."))


def _plan_apply(*, event: Event, phases: list[Phase]) -> None:
    """The event follows its plan: its Swiss rounds are the phases' sum, and before round 1 its format is phase 1's
    (a started phase set it already)."""
    fields = {"swiss_rounds": sum(p.rounds for p in phases)}
    if phases and not Round.objects.filter(event=event).exists():
        fields["format_kind"] = phases[0].format_kind
        if phases[0].constructed_format:
            fields["constructed_format"] = phases[0].constructed_format
    changed = [name for name, value in fields.items() if getattr(event, name) != value]
    for name in changed:
        setattr(event, name, fields[name])
    if changed:
        event.save(update_fields=changed)


def phase_plain(phase: Phase) -> dict:
    """A phase as the event log (and the event file) keeps it."""
    return {
        "number": phase.number,
        "name": phase.name,
        "format_kind": phase.format_kind,
        "constructed_format": phase.constructed_format,
        "rounds": phase.rounds,
        "pairing_scope": phase.pairing_scope,
        "pod_size": phase.pod_size,
    }


def _log_plan(*, event: Event, user, message: LogText, before: dict | None, after: dict | None) -> None:
    event_log_record(
        event=event,
        user=user,
        action=LogAction.PHASE_PLAN_CHANGED,
        message=message,
        before=before,
        after=after,
        data={"phases": [phase_plain(p) for p in event_phases(event=event)]},
    )
    event_bump_version(event_id=event.pk)


@transaction.atomic
def phase_create(
    *,
    event: Event,
    user=None,
    number: int | None = None,
    name: str = "",
    format_kind: str,
    constructed_format: str = "",
    rounds: int,
    pairing_scope: str = PairingScope.FIELD,
    pod_size: int | None = None,
) -> Phase:
    """Add a phase to the event's plan, last (`number` None, or the next number); the event's Swiss rounds become
    the plan's sum. Refused (ValidationError field by field, nothing written) for a phase the event can't play
    (a booster draft in a team event, a draft phase in a multiplayer pods event ...), fewer than 1 round or more
    than 30 in all, pods for a format that doesn't draft in pods, a pod size out of range; StateConflict once the
    top cut started or a number out of order. Without `pod_size` a pod seats 8 (a Two-Headed Giant draft's 4 teams)."""
    event = event_lock(event_id=event.pk)
    _plan_open(event=event)
    phases = event_phases(event=event)
    if number is not None and number != len(phases) + 1:
        raise ValidationError(
            {"number": _("Phases are added last: the next one is number %(n)d.") % {"n": len(phases) + 1}}
        )
    if pod_size is None:
        pod_size = THG_MAX_POD if format_kind == FormatKind.THG_DRAFT else MAX_POD_SIZE
    values = {
        "name": (name or "").strip(),
        "format_kind": format_kind,
        "constructed_format": (constructed_format or "").strip().lower(),
        "rounds": rounds,
        "pairing_scope": pairing_scope,
        "pod_size": pod_size,
    }
    errors = _phase_problems(event=event, values=values, others=phases)
    if errors:
        raise ValidationError(errors)
    if phases and not phases[-1].started_at and _swiss_paired(event=event) > sum(p.rounds for p in phases):
        raise StateConflict(_("More rounds are paired than the plan holds: fix the plan's last phase first."))
    phase = Phase.objects.create(event=event, number=len(phases) + 1, **values)
    _plan_apply(event=event, phases=[*phases, phase])
    _log_plan(
        event=event,
        user=user,
        before=None,
        after=phase_plain(phase),
        message=LogText(
            gettext_lazy("Phase %(n)d added: %(format)s, %(rounds)d rounds."),
            {"n": phase.number, "format": phase.get_format_kind_display(), "rounds": phase.rounds},
        ),
    )
    return phase


def _swiss_paired(*, event: Event) -> int:
    return Round.objects.filter(event=event, kind=RoundKind.SWISS).count()


@transaction.atomic
def phase_update(*, phase: Phase, user=None, **fields) -> Phase:
    """Change a phase of the plan (PLAN_FIELDS). A started phase changes only its name and its rounds (not below
    the rounds it has paired); the rest is refused with StateConflict. Same checks as phase_create."""
    unknown = sorted(set(fields) - set(PLAN_FIELDS))
    if unknown:
        raise ValidationError({name: _("This setting of a phase can't be changed.") for name in unknown})
    event = event_lock(event_id=phase.event_id)
    _plan_open(event=event)
    phases = event_phases(event=event)
    phase = next(p for p in phases if p.pk == phase.pk)
    before = phase_plain(phase)
    values = {**before, **fields}
    values["name"] = (values["name"] or "").strip()
    values["constructed_format"] = (values["constructed_format"] or "").strip().lower()
    changed = [name for name in PLAN_FIELDS if values[name] != before[name]]
    if not changed:
        return phase
    if phase.started_at is not None:
        fixed = [name for name in changed if name not in ("name", "rounds")]
        if fixed:
            raise StateConflict(
                _("Phase %(n)d has started: only its name and rounds can change.") % {"n": phase.number}
            )
    errors = _phase_problems(event=event, values=values, others=[p for p in phases if p.pk != phase.pk])
    if errors:
        raise ValidationError(errors)
    first = phase_first_round(phase=phase, phases=phases)
    paired = _swiss_paired(event=event)
    if paired >= first and first + values["rounds"] - 1 < paired:
        raise StateConflict(
            _("Phase %(n)d has paired round %(round)d already: it can't have fewer rounds.")
            % {"n": phase.number, "round": paired}
        )
    if phase.number < len(phases) and phases[phase.number].started_at is not None and values["rounds"] != phase.rounds:
        raise StateConflict(
            _("Phase %(n)d has started: the rounds of the phases before it can't change.") % {"n": phase.number + 1}
        )
    for name in PLAN_FIELDS:
        setattr(phase, name, values[name])
    phase.save(update_fields=list(PLAN_FIELDS))
    _plan_apply(event=event, phases=phases)
    _log_plan(
        event=event,
        user=user,
        before=before,
        after=phase_plain(phase),
        message=LogText(gettext_lazy("Phase %(n)d changed."), {"n": phase.number}),
    )
    return phase


@transaction.atomic
def phase_delete(*, phase: Phase, user=None) -> None:
    """Remove a phase that hasn't started from the plan; the later ones move up a number. Refused (StateConflict)
    for a started phase, or one whose removal would leave paired rounds outside the plan."""
    event = event_lock(event_id=phase.event_id)
    _plan_open(event=event)
    phases = event_phases(event=event)
    phase = next(p for p in phases if p.pk == phase.pk)
    if phase.started_at is not None:
        raise StateConflict(_("Phase %(n)d has started: it can't be removed.") % {"n": phase.number})
    later = [p for p in phases if p.number > phase.number]
    if any(p.started_at is not None for p in later):
        raise StateConflict(_("A later phase has started: phase %(n)d can't be removed.") % {"n": phase.number})
    rest = [p for p in phases if p.pk != phase.pk]
    if rest and _swiss_paired(event=event) > sum(p.rounds for p in rest):
        raise StateConflict(_("Rounds of phase %(n)d are paired: it can't be removed.") % {"n": phase.number})
    before = phase_plain(phase)
    phase.delete()
    for p in later:  # move up one by one, lowest first: the (event, number) pair stays unique at every step
        p.number -= 1
        p.save(update_fields=["number"])
    if rest:
        _plan_apply(event=event, phases=rest)
    _log_plan(
        event=event,
        user=user,
        before=before,
        after=None,
        message=LogText(gettext_lazy("Phase %(n)d removed."), {"n": before["number"]}),
    )


def _active_ranked(*, event: Event, first_round: int) -> list[int]:
    """The entrants who play the phase's first round (joined by then, not dropped before, not cut by a Day 2 cut
    before it), best standing first: after a cut, the standings of the advanced only."""
    active = set(
        Registration.objects.filter(event=event, joined_round__lte=first_round)
        .filter(Q(dropped_round__isnull=True) | Q(dropped_round__gte=first_round))
        .filter(Q(day2_cut_round__isnull=True) | Q(day2_cut_round__gte=first_round))
        .values_list("id", flat=True)
    )
    standings = standings_for_event(event=event, upto_round=first_round - 1)
    return [row.team for row in standings if row.team in active]


def _seat_pods(*, phase: Phase, event: Event, first_round: int) -> list[list[int]]:
    ranked = _active_ranked(event=event, first_round=first_round)
    try:
        pods = seat_pods_by_standings(ranked, pod_size=phase.pod_size, rng=random.Random(phase.seed))
    except PlanRefused:
        raise ValidationError(
            _("At least two active entrants are needed to seat the pods of phase %(n)d.") % {"n": phase.number}
        ) from None
    made = PhasePod.objects.bulk_create(PhasePod(phase=phase, number=number) for number in range(1, len(pods) + 1))
    PhaseSeat.objects.bulk_create(
        PhaseSeat(phase=phase, registration_id=registration, pod=pod, seat=seat)
        for pod, members in zip(made, pods, strict=True)
        for seat, registration in enumerate(members, start=1)
    )
    return pods


def _keep_decks(*, event: Event, phase: Phase) -> int:
    """Keep the finished phase's decks (typed lists and decks built from pools) as PhaseDeck rows and clear them,
    so the next phase registers anew. Returns how many decks were kept."""
    rows: dict[tuple[int, str], PhaseDeck] = {}
    for row in phase_pools_archive_rows(event=event):
        rows[(row["registration"], row["letter"])] = PhaseDeck(
            phase=phase,
            registration_id=row["registration"],
            letter=row["letter"],
            main=row["main"],
            sideboard=row["sideboard"],
            pool=row["pool"],
            submitted_at=row.get("submitted_at"),
        )
    lists = Decklist.objects.filter(seat__event=event).select_related("seat__player", "seat__registration")
    for decklist in lists:
        seat = decklist.seat
        pool = team_pool(registration=seat.registration)
        rows[(seat.registration_id, seat.letter)] = PhaseDeck(
            phase=phase,
            registration_id=seat.registration_id,
            letter=seat.letter,
            player_name=seat.player.name,
            text=decklist.text,
            main=decklist.main,
            sideboard=decklist.sideboard,
            pool=dict(pool.cards) if pool else {},
            submitted_at=decklist.submitted_at,
        )
    names = dict(Registration.objects.filter(event=event).values_list("id", "team__name"))
    for deck in rows.values():
        deck.player_name = deck.player_name or names.get(deck.registration_id, "")
    PhaseDeck.objects.bulk_create(rows.values())
    Decklist.objects.filter(seat__event=event).delete()
    Registration.objects.filter(event=event).exclude(deck_problems=[]).update(deck_problems=[])
    return len(rows)


def phase_pools_archive_rows(*, event: Event) -> list[dict]:
    """The pools and pool-built decks of the phase that ends (tournaments.pools' archivers), the pools removed."""
    return phase_pools_archive(event=event)


def phase_start_locked(*, event: Event, phase: Phase, user=None, seed: int | None = None) -> Phase:
    """Start `phase` under the caller's event lock (pairing starts phase 1 with round 1): seat its pods by the
    standings when it pairs within pods, keep the previous phase's decks, make its format the event's, log it."""
    phases = event_phases(event=event)
    first = phase_first_round(phase=phase, phases=phases)
    phase.seed = secrets.randbits(62) if seed is None else seed
    phase.started_at = timezone.now()
    phase.started_by = user if getattr(user, "is_authenticated", False) and getattr(user, "pk", None) else None
    phase.save(update_fields=["seed", "started_at", "started_by"])
    pods = _seat_pods(phase=phase, event=event, first_round=first) if phase.in_pods else []
    kept = _keep_decks(event=event, phase=phases[phase.number - 2]) if phase.number > 1 else 0
    fields = {"format_kind": phase.format_kind, "decklists_locked": False, "decklist_deadline": None}
    if phase.constructed_format:
        fields["constructed_format"] = phase.constructed_format
    if phase.number == 1:
        fields = {k: v for k, v in fields.items() if k not in ("decklists_locked", "decklist_deadline")}
    changed = [name for name, value in fields.items() if getattr(event, name) != value]
    for name in changed:
        setattr(event, name, fields[name])
    if changed:
        event.save(update_fields=changed)
    message = (
        LogText(
            gettext_lazy("%(phase)s started with round %(round)d: %(pods)d pods seated by the standings."),
            {"phase": phase.label, "round": first, "pods": len(pods)},
        )
        if pods
        else LogText(gettext_lazy("%(phase)s started with round %(round)d."), {"phase": phase.label, "round": first})
    )
    event_log_record(
        event=event,
        user=user,
        action=LogAction.PHASE_STARTED,
        message=message,
        after={"phase": phase.number, "pods": pods},
        data={"phase": phase.number, "seed": phase.seed, "decks_kept": kept},
    )
    event_bump_version(event_id=event.pk)
    return phase


@transaction.atomic
def phase_start_next(*, event: Event, user=None, seed: int | None = None) -> Phase:
    """Start the event's next phase: once every round of the phase before is paired and its results are in, seat
    the new phase's pods by the standings (pod 1 the top; seats drawn at random with a stored seed), keep the
    finished phase's decks and pools (judges still see them) and open deck registration for the new phase.

    Refused (nothing written): no plan or every phase started (StateConflict), rounds of the phase before still to
    pair or results missing (ResultsMissing), fewer than two active entrants to seat (ValidationError)."""
    event = event_lock(event_id=event.pk)
    _plan_open(event=event)
    phases = event_phases(event=event)
    phase = phase_next(event=event, phases=phases)
    if phase is None:
        raise StateConflict(
            _("This event has no phase left to start.")
            if phases
            else _("This event has no phase plan: it is one phase in its own format.")
        )
    first = phase_first_round(phase=phase, phases=phases)
    paired = _swiss_paired(event=event)
    if paired < first - 1:
        raise StateConflict(
            _("%(phase)s starts after round %(n)d: pair and play the rounds before it first.")
            % {"phase": phase.label, "n": first - 1}
        )
    last = round_latest(event=event, kind=RoundKind.SWISS)
    round_require_results(round_=last)
    event_day2_cut_when_due(event=event, next_round=first, user=user)  # the cut comes before the pods
    return phase_start_locked(event=event, phase=phase, user=user, seed=seed)


def phase_reseat_after_cut(*, event: Event, cut_round: int, user=None) -> Phase | None:
    """Called (the event locked) when a Day 2 cut after `cut_round` is made or undone: a phase in pods that starts
    right after the cut and has started already (its first round not paired: the cut refuses otherwise) seats its
    pods anew from the standings of the entrants now in, so the cut ones sit in no pod, or the ones back in do.
    Same seed, so the same entrants sit as before. Logged; returns the phase re-seated, or None."""
    phases = event_phases(event=event)
    phase = phase_for_round(event=event, round_number=cut_round + 1, phases=phases)
    if (
        phase is None
        or phase.started_at is None
        or not phase.in_pods
        or phase_first_round(phase=phase, phases=phases) != cut_round + 1
        or Round.objects.filter(event=event, kind=RoundKind.SWISS, number=cut_round + 1).exists()
    ):
        return None
    before = phase_pod_seating(phase=phase)
    PhasePod.objects.filter(phase=phase).delete()  # and their seats
    pods = _seat_pods(phase=phase, event=event, first_round=cut_round + 1)
    event_log_record(
        event=event,
        user=user,
        action=LogAction.PHASE_STARTED,
        message=LogText(
            gettext_lazy("%(phase)s: %(pods)d pods seated again by the standings after the Day 2 cut."),
            {"phase": phase.label, "pods": len(pods)},
        ),
        before={"phase": phase.number, "pods": before},
        after={"phase": phase.number, "pods": pods},
        data={"phase": phase.number, "seed": phase.seed, "reseated": True},
    )
    return phase
