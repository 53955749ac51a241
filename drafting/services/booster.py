"""The booster draft for individuals (RULES.md 10, MTR 7.7, Appendix B) on the drafting core: seating the players
in pods of up to eight. Everything else (packs, one-card picks, timeouts, pause, end, the pools for deck
registration) is the pods' adapter (services.pods) with the format's rules (drafting.booster) and the core."""

from __future__ import annotations

import random
import secrets

from django.db import transaction
from django.db.models import Count, Q
from django.utils.translation import gettext as _

from drafting import booster
from drafting.core import DraftRefused
from drafting.models import PackSource, Pod, PodFormat
from drafting.selectors.pods import event_pods
from tournaments.enums import FormatKind
from tournaments.models import Event
from tournaments.selectors.phases import phase_current, phase_next, phase_pod_seating

from .pods import pick_seconds_table, pods_create
from .tables import draft_settings_for


@transaction.atomic
def booster_pods_seat(
    *,
    event: Event,
    by,
    seed: int | None = None,
    paper: bool = False,
    pods_every_round: bool = False,
) -> list[Pod]:
    """Seat the event's registered (not dropped) players in random pods of up to eight (booster.pod_sizes), with
    the MTR's pick times (or the event's `booster_pick_seconds`), 30 s and 45 s of review before packs 2 and 3, and
    the event's deck building minutes (40 by default). The seed is recorded in the draft log. `paper`: the pods draft real packs on the
    table (a called draft, services.paper), so Hydra loads no packs; `pods_every_round`: every Swiss round pairs
    within the pod (kept in the event's draft settings), not only round 1.

    In a later phase of a big event (docs/phases.md) the pods are the phase's: a booster draft phase that pairs
    within pods drafts in the pods and seats the phase gave (PhaseSeat: pod 1 the top of the standings), the
    players dropped since left out; any other booster draft phase seats its players at random as above. Either way
    the pods belong to the phase, and their picks become the pools of that phase.

    Raises DraftRefused when the event isn't a booster draft (or its booster draft phase hasn't started), already
    has pods (this phase's), has fewer than two players, or a registration has more or fewer than one player (a
    booster draft seats players, not teams)."""
    if event.format_kind != FormatKind.BOOSTER_DRAFT:
        upcoming = phase_next(event=event)
        if upcoming is not None and upcoming.format_kind == FormatKind.BOOSTER_DRAFT:
            raise DraftRefused(
                _("%(phase)s drafts in pods seated by the standings: start the phase first.")
                % {"phase": upcoming.label}
            )
        raise DraftRefused(_("Only a booster draft event seats players in booster draft pods."))
    if event_pods(event=event).exists():
        raise DraftRefused(_("This event already has its pods."))
    phase = phase_current(event=event)
    phase_seating = phase_pod_seating(phase=phase) if phase is not None and phase.started_at is not None else []
    players = list(
        event.registrations.filter(dropped_round__isnull=True)
        .annotate(players=Count("seats", filter=Q(seats__player__isnull=False)))
        .order_by("pk")
    )
    if phase_seating:  # only those the phase seated, and still in
        seated = {registration for pod in phase_seating for registration in pod}
        players = [r for r in players if r.pk in seated]
    crowded = [r for r in players if r.players != 1]
    if crowded:
        raise DraftRefused(
            _("A booster draft seats one player per registration; fix these registrations first: %(list)s.")
            % {"list": ", ".join(_("%(name)s (%(n)d players)") % {"name": r, "n": r.players} for r in crowded)}
        )
    if len(players) < booster.MIN_PLAYERS:
        raise DraftRefused(_("A booster draft needs at least two players; %(n)d are registered.") % {"n": len(players)})
    seed = secrets.randbits(62) if seed is None else seed
    settings = draft_settings_for(event=event)
    pick_seconds = pick_seconds_table(settings.booster_pick_seconds)  # the event's table, checked before any pod
    if settings.pods_every_round != pods_every_round:
        settings.pods_every_round = pods_every_round
        settings.save(update_fields=["pods_every_round"])
    if phase_seating:
        by_id = {r.pk: r for r in players}
        seating = [[by_id[r] for r in pod if r in by_id] for pod in phase_seating]
        seating = [pod for pod in seating if pod]
    else:
        seating = booster.seat_pods(players, rng=random.Random(seed))
    return pods_create(
        event=event,
        by=by,
        seed=seed,
        seating=seating,
        format=PodFormat.BOOSTER,
        pick_seconds={str(k): v for k, v in sorted(pick_seconds.items(), reverse=True)},
        review_seconds_by_round=list(booster.REVIEW_SECONDS),
        deck_building_minutes=event.deck_building_minutes or booster.DECK_BUILDING_MINUTES,
        pack_source=PackSource.PAPER if paper else "",
    )
