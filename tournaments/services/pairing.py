"""Pairing Swiss rounds: the service that adapts the pure engine (tournaments/pairing.py) to the models."""

import secrets
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.drafts import draft_first_round_pairs, draft_pods_of_registrations, round_drafts_seat
from tournaments.logtext import LogText
from tournaments.enums import EventStatus, Outcome, ResultState, RoundKind
from tournaments.models import Event, Phase, Registration, Round, TeamMatch
from tournaments.pairing import (
    PairingEntrant,
    PairingProblem,
    RoundPairing,
    avoided_pairs_made,
    check_pairing,
    number_tables,
    pair_first_round_seeded,
    pair_round,
    split_advance_byes,
    untangle_avoided,
    with_avoidance,
)
from tournaments.phases import pair_across_pods
from tournaments.selectors.pairings import pairing_constraints_for_event
from tournaments.selectors.phases import event_phases, phase_for_round, phase_pod_seating, phase_pods_of_registrations
from tournaments.selectors.rounds import round_latest
from tournaments.selectors.standings import (
    seeding_ratings,
    standings_for_event,
    team_names_for_event,
)
from tournaments.services.daytwo import event_day2_cut_when_due
from tournaments.services.errors import StateConflict
from tournaments.services.eventlog import LogAction, event_log_record
from tournaments.services.locks import round_lock
from tournaments.services.phases import phase_start_locked
from tournaments.services.publishing import round_log_data, round_paired_announce, round_publication
from tournaments.services.scoreboard import event_bump_version, event_require_open, round_require_results


def _new_seed() -> int:
    return secrets.randbits(62)


def _active_registrations(*, event: Event, round_number: int):
    """Teams to pair in `round_number`: joined by then, not dropped after an earlier round, and not left out by
    the Day 2 cut after an earlier round.

    `dropped_round` N means the team played round N: it is paired again if round N itself is paired again, but
    not for N + 1 (registration_drop records N - 1 when round N had not started). `day2_cut_round` N likewise."""
    return (
        Registration.objects.filter(event=event, joined_round__lte=round_number)
        .filter(Q(dropped_round__isnull=True) | Q(dropped_round__gte=round_number))
        .filter(Q(day2_cut_round__isnull=True) | Q(day2_cut_round__gte=round_number))
    )


def pairing_entrants(*, event: Event, round_number: int) -> list[PairingEntrant]:
    """The active teams of `round_number` as the pairing engine sees them: points, rank, opponents, byes."""
    standings = standings_for_event(event=event, upto_round=round_number - 1)
    active = set(_active_registrations(event=event, round_number=round_number).values_list("id", flat=True))
    opponents: defaultdict[int, set[int]] = defaultdict(set)
    byes: defaultdict[int, int] = defaultdict(int)
    # Opponents and byes come from every paired match, reported or not: a pairing is history once it is made.
    for a, b in TeamMatch.objects.filter(
        round__event=event, round__kind=RoundKind.SWISS, round__number__lt=round_number
    ).values_list("team_a_id", "team_b_id"):
        if b is None:
            byes[a] += 1
        else:
            opponents[a].add(b)
            opponents[b].add(a)
    return [
        PairingEntrant(
            id=row.team,
            points=row.match_points,
            rank=rank,
            opponents=frozenset(opponents[row.team]),
            byes=byes[row.team],
        )
        for rank, row in enumerate(standings)
        if row.team in active
    ]


def _pair_field(*, event: Event, number: int, entrants: list[PairingEntrant], seed: int) -> RoundPairing:
    """The engine's pairing of these entrants in round `number`: round 1 of an event seeded by rating pairs the top
    half by team rating against the bottom half (pair_first_round_seeded); every other round is Swiss."""
    if number == 1 and event.seed_by_rating and not any(e.points or e.byes for e in entrants):
        ratings = seeding_ratings(event=event) or {}
        # Best rating first; equal ratings keep the standings order (the event's random final tiebreak). Round 1 has
        # no history: what opponents there are stand for pairings to avoid, untangled after seeding.
        by_rating = sorted(entrants, key=lambda e: (-ratings.get(e.id, 0.0), e.rank, e.id))
        result = pair_first_round_seeded(
            [replace(e, rank=place, opponents=frozenset()) for place, e in enumerate(by_rating)]
        )
        avoid = {frozenset((e.id, other)) for e in entrants for other in e.opponents}
        return replace(result, pairs=untangle_avoided(result.pairs, avoid)) if avoid else result
    return pair_round(entrants, seed=seed, rounds_left=max(0, event.swiss_rounds - number))


def _round_one_avoid(entrants: list[PairingEntrant]) -> frozenset:
    """Round 1 has no history: what opponents the entrants have are the pairings to avoid (with_avoidance)."""
    return frozenset(frozenset((e.id, other)) for e in entrants for other in e.opponents)


def _across_phase_pods(*, phase: Phase, entrants: list[PairingEntrant]) -> tuple[list, list[int]]:
    """The event's round 1 played in a phase's pods: across each pod by seat (RULES.md 10), the entrants in play
    only (a bye in advance or a drop leaves a seat empty); entrants in no pod sit together as one more pod."""
    playing = {e.id for e in entrants}
    pods = [[r for r in pod if r in playing] for pod in phase_pod_seating(phase=phase)]
    seated = {r for pod in pods for r in pod}
    pods.append([e.id for e in entrants if e.id not in seated])
    pairs, bye = pair_across_pods([pod for pod in pods if pod], _round_one_avoid(entrants))
    return pairs, [] if bye is None else [bye]


def _pair(
    *, event: Event, number: int, entrants: list[PairingEntrant], seed: int, phase: Phase | None = None
) -> tuple[list, list[int]]:
    """The round's pairs and byes. A Two-Headed Giant booster draft pairs each draft pod on its own (the pod rule,
    MTR 7.6: the teams of a pod play each other), unless the event lifts it; so does a phase that pairs within its
    pods (issue 42, docs/phases.md). A team in no pod (a late entry) is paired with the others in none. Each pod of
    an odd number of teams has its bye."""
    if phase is not None and phase.in_pods:
        if number == 1:  # no standings yet: across each pod by seat, as a booster draft's round 1
            return _across_phase_pods(phase=phase, entrants=entrants)
        pods = phase_pods_of_registrations(phase=phase)
    else:
        if number == 1:
            # Round 1 of a booster draft pairs across each pod by seat (RULES.md 10); later rounds are Swiss.
            seated = draft_first_round_pairs(
                event=event, entrant_ids=[e.id for e in entrants], avoid=_round_one_avoid(entrants)
            )
            if seated is not None:
                return seated
        pods = {} if event.pods_play_across else draft_pods_of_registrations(event=event)  # a 2HG draft's pods
    if not pods:
        result = _pair_field(event=event, number=number, entrants=entrants, seed=seed)
        return list(result.pairs), [] if result.bye is None else [result.bye]
    groups: defaultdict[int, list[PairingEntrant]] = defaultdict(list)
    for entrant in entrants:
        groups[pods.get(entrant.id, 0)].append(entrant)
    pairs, byes = [], []
    for pod in sorted(groups):
        group = groups[pod]
        if len(group) == 1:
            byes.append(group[0].id)
            continue
        result = _pair_field(event=event, number=number, entrants=group, seed=seed + pod)
        pairs += list(result.pairs)
        byes += [] if result.bye is None else [result.bye]
    return pairs, byes


@dataclass(frozen=True)
class _Pairing:
    pairs: list
    tables: tuple[int, ...]
    byes: list[int]  # byes earned in advance first, then the round's own
    avoided: tuple[tuple[int, int], ...]  # pairings to avoid that had to be made


def _pair_constrained(
    *, event: Event, number: int, entrants: list[PairingEntrant], seed: int, phase: Phase | None = None
) -> _Pairing:
    """The round under the organizer's constraints (issue 42), read as data and applied around _pair: teams with
    byes in advance left sit the round out on a bye; pairings to avoid count as rematches for the engine; the
    fixed tables are kept and the others numbered around them."""
    rules = pairing_constraints_for_event(event=event)
    field, advance = split_advance_byes(entrants, rules.advance_byes, number)
    if len(field) < 2:
        pairs, byes = [], [e.id for e in field]
    else:
        pairs, byes = _pair(
            event=event, number=number, entrants=with_avoidance(field, rules.avoid), seed=seed, phase=phase
        )
    return _Pairing(
        pairs=pairs,
        tables=number_tables(pairs, rules.fixed_tables),
        byes=[*advance, *byes],
        avoided=avoided_pairs_made(pairs, rules.avoid),
    )


def _avoided_warnings(*, event: Event, pairing: _Pairing) -> list[LogText]:
    if not pairing.avoided:
        return []
    names = team_names_for_event(event=event)
    return [
        LogText(
            gettext_lazy(
                "%(first)s and %(second)s are paired although the organizer asked to avoid it: "
                "no other pairing was possible."
            ),
            {"first": names.get(a, a), "second": names.get(b, b)},
        )
        for a, b in pairing.avoided
    ]


def _write_pairings(*, round_: Round, pairs, byes: list[int], tables: Sequence[int] | None = None) -> None:
    tables = tables if tables is not None else range(1, len(pairs) + 1)
    rows = [(table, a, b, "", ResultState.PENDING) for table, (a, b) in zip(tables, pairs, strict=True)]
    after = max(tables, default=0)  # byes after the last table, fixed ones included
    rows += [(after + k, bye, None, Outcome.A_WINS, ResultState.FINAL) for k, bye in enumerate(byes, start=1)]
    _insert_matches(round_=round_, rows=rows)
    round_seat_draft_tables(round_=round_)


def _insert_matches(*, round_: Round, rows: list[tuple]) -> None:
    """Write a round's new matches (table, team A, team B or None, outcome, state), every other field its default.
    On PostgreSQL one INSERT of the rows as arrays (a large round is hundreds of rows: bulk_create's model objects
    cost more than the statement, issue 30); elsewhere bulk_create. TeamMatch has no save signals to skip."""
    if connection.vendor != "postgresql":
        TeamMatch.objects.bulk_create(
            TeamMatch(round=round_, table=table, team_a_id=a, team_b_id=b, outcome=outcome, result_state=state)
            for table, a, b, outcome, state in rows
        )
        return
    if not rows:
        return
    tables, teams_a, teams_b, outcomes, states = (list(column) for column in zip(*rows, strict=True))
    quote = connection.ops.quote_name
    columns = ", ".join(
        quote(TeamMatch._meta.get_field(name).column)
        for name in (
            "round",
            "table",
            "team_a",
            "team_b",
            "outcome",
            "result_state",
            "games_won_a",
            "games_won_b",
            "games_drawn",
            "dispute_note",
            "updated_at",
        )
    )
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {quote(TeamMatch._meta.db_table)} ({columns}) "
            "SELECT %s, t, a, b, o, s, 0, 0, 0, '', %s FROM unnest(%s::integer[], %s::bigint[], %s::bigint[], "
            "%s::varchar[], %s::varchar[]) AS rows (t, a, b, o, s)",
            [round_.pk, timezone.now(), tables, teams_a, teams_b, outcomes, states],
        )


def round_pairings(*, round_: Round) -> list[dict]:
    """The round's pairings as the event log keeps them: table, team A, team B (None for a bye), by name."""
    return [
        {"table": table, "a": a, "b": b}  # read as plain values: a large round is hundreds of rows (issue 30)
        for table, a, b in round_.matches.order_by("table").values_list(
            "table", "team_a__team__name", "team_b__team__name"
        )
    ]


def round_pairing_log(
    *, round_: Round, user, action: str, message, before: list[dict] | None = None, warnings: Sequence = ()
) -> None:
    """Record a round's pairing in the event log, with the tables after (and before, when paired again) and what
    the pairing had to go past (`warnings`: a pairing to avoid that nothing else could replace)."""
    event_log_record(
        event=round_.event,
        user=user,
        action=action,
        message=message,
        round_number=round_.number,
        before=before,
        after=round_pairings(round_=round_),
        data=round_log_data(round_=round_, seed=round_.seed),
        warnings=warnings,
    )


def round_seat_draft_tables(*, round_: Round) -> None:
    """Team Rochester drafts every round within its pod (RULES.md 6): seat the round's pairs at draft tables
    numbered like their matches (drafting's seater, tournaments.drafts). A refusal (an empty seat, a started draft
    whose teams would change) is the pairing's ValidationError, so the round's pairing is rolled back with it."""
    round_drafts_seat(round_=round_)


def multiplayer_refuses_two_player_pairing(*, event: Event) -> None:
    """A multiplayer pod event seats its rounds in pods (multiplayer.services), never in two-player matches."""
    if event.is_multiplayer:
        raise StateConflict(_("This event plays in multiplayer pods: pair its rounds on its pods page."))


def _round_phase(*, event: Event, number: int, user) -> Phase | None:
    """The phase that plays round `number` (None without a plan). Phase 1 starts with round 1, in this transaction;
    a later phase is started by the organizer (phase_start_next seats its pods by the standings), so pairing its
    first round before that is refused."""
    phases = event_phases(event=event)
    phase = phase_for_round(event=event, round_number=number, phases=phases)
    if phase is None or phase.started_at is not None:
        return phase
    if phase.number == 1:
        return phase_start_locked(event=event, phase=phase, user=user)
    raise StateConflict(
        _("Round %(n)d opens %(phase)s: start the phase first (its pods are seated by the standings).")
        % {"n": number, "phase": phase.label}
    )


@transaction.atomic
def round_pair_next(*, event: Event, seed: int | None = None, user=None) -> Round:
    """Pair the event's next Swiss round and return it, its seed stored so the pairing can be reproduced.

    Refused with ValidationError (nothing written), saying why: results of the current round are missing, all
    Swiss rounds are paired, the event is finished, or fewer than two teams are active. When the event's Day 2 cut
    is set after the round before and not made yet, it is made first (event_day2_cut_when_due), and the pairing is
    refused with it when it can't be.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    event_require_open(event_id=event.pk)
    multiplayer_refuses_two_player_pairing(event=event)
    if event.status in (EventStatus.TOP_CUT, EventStatus.FINISHED):
        raise StateConflict(_("The Swiss rounds of this event are over."))
    if event.is_single_elimination:
        raise StateConflict(_("This event is single elimination from round 1: it has no Swiss rounds."))
    last = round_latest(event=event, kind=RoundKind.SWISS)
    number = 1 if last is None else last.number + 1
    round_require_results(round_=last)
    if number > event.swiss_rounds:
        raise StateConflict(
            _("All %(n)d Swiss rounds are paired. Start the top cut or finish the event.") % {"n": event.swiss_rounds}
        )
    event_day2_cut_when_due(event=event, next_round=number, user=user)
    phase = _round_phase(event=event, number=number, user=user)
    entrants = pairing_entrants(event=event, round_number=number)
    if len(entrants) < 2:
        raise ValidationError(
            _("At least two active teams are needed to pair a round (%(n)d active).") % {"n": len(entrants)}
        )
    seed = _new_seed() if seed is None else seed
    pairing = _pair_constrained(event=event, number=number, entrants=entrants, seed=seed, phase=phase)
    if last is not None:
        last.is_finished = True
        last.save(update_fields=["is_finished"])
    round_ = Round.objects.create(
        event=event, number=number, kind=RoundKind.SWISS, seed=seed, published_at=round_publication(event=event)
    )
    _write_pairings(round_=round_, pairs=pairing.pairs, byes=pairing.byes, tables=pairing.tables)
    if event.status == EventStatus.REGISTRATION:
        event.status = EventStatus.RUNNING
        event.save(update_fields=["status"])
    round_pairing_log(
        round_=round_,
        user=user,
        action=LogAction.ROUND_PAIRED,
        message=LogText(gettext_lazy("Round %(n)d paired."), {"n": number}),
        warnings=_avoided_warnings(event=event, pairing=pairing),
    )
    event_bump_version(event_id=event.pk)
    round_paired_announce(round_=round_)
    return round_


@transaction.atomic
def round_repair(*, round_: Round, seed: int | None = None, user=None) -> Round:
    """Pair a round again (after a late drop or entry), with a new stored seed.

    Refused while any result other than a bye has been entered in the round, or if a later round exists, or (team
    Rochester) when a draft table whose teams would change has started drafting. Unchanged tables are kept.
    """
    round_ = round_lock(round_id=round_.pk)  # the event, then the round (tournaments/services/locks.py)
    event_require_open(event_id=round_.event_id)
    multiplayer_refuses_two_player_pairing(event=round_.event)
    if round_.kind != RoundKind.SWISS:
        raise ValidationError(_("Only Swiss rounds can be paired again."))
    if round_.event.rounds.filter(number__gt=round_.number).exists():
        raise StateConflict(_("Round %(n)d is not the latest round; it can't be paired again.") % {"n": round_.number})
    if round_.matches.filter(team_b__isnull=False).exclude(result_state=ResultState.PENDING).exists():
        raise StateConflict(_("Results have been entered in round %(n)d; correct them instead.") % {"n": round_.number})
    seed = _new_seed() if seed is None else seed
    entrants = pairing_entrants(event=round_.event, round_number=round_.number)
    if len(entrants) < 2:
        raise ValidationError(_("At least two active teams are needed to pair a round."))
    pairing = _pair_constrained(
        event=round_.event,
        number=round_.number,
        entrants=entrants,
        seed=seed,
        phase=phase_for_round(event=round_.event, round_number=round_.number),
    )
    before = round_pairings(round_=round_)
    round_.matches.all().delete()
    round_.seed = seed
    round_.is_finished = False
    round_.save(update_fields=["seed", "is_finished"])
    _write_pairings(round_=round_, pairs=pairing.pairs, byes=pairing.byes, tables=pairing.tables)
    round_pairing_log(
        round_=round_,
        user=user,
        action=LogAction.ROUND_REPAIRED,
        before=before,
        message=LogText(gettext_lazy("Round %(n)d paired again."), {"n": round_.number}),
        warnings=_avoided_warnings(event=round_.event, pairing=pairing),
    )
    event_bump_version(event_id=round_.event_id)
    round_paired_announce(round_=round_)
    return round_


def round_problems(*, round_: Round) -> list[PairingProblem]:
    """What breaks the pairing rules in the round as it stands (after hand edits): rematches, a second bye,
    a team paired twice or left out. Empty when the round is sound."""
    rules = pairing_constraints_for_event(event=round_.event)
    entrants, advance = split_advance_byes(
        pairing_entrants(event=round_.event, round_number=round_.number), rules.advance_byes, round_.number
    )
    pairs, bye = [], None
    for a, b in round_.matches.values_list("team_a_id", "team_b_id"):
        if b is None:
            if a not in advance:  # a bye earned in advance is no bye the rules hand out
                bye = a
        else:
            pairs.append((a, b))
    return check_pairing(entrants, pairs, bye, names=team_names_for_event(event=round_.event), avoid=rules.avoid)


@transaction.atomic
def round_swap_teams(*, round_: Round, first: Registration, second: Registration, user=None) -> list[PairingProblem]:
    """Swap two teams' places in a round's pairings by hand (a team and the bye included).

    Refused when either match has a result entered. Returns the rule problems the swap leaves (a rematch, a
    second bye ...) so the organizer sees a warning; the swap is made all the same, as judges may need it.
    """
    round_ = round_lock(round_id=round_.pk)  # the event, then the round (tournaments/services/locks.py)
    event_require_open(event_id=round_.event_id)
    if first.pk == second.pk:
        raise ValidationError(_("Pick two different teams to swap."))
    found: dict[int, TeamMatch] = {}
    for team in (first, second):
        match = round_.matches.filter(Q(team_a=team) | Q(team_b=team)).first()
        if match is None:
            raise ValidationError(_("%(team)s is not paired in round %(n)d.") % {"team": team, "n": round_.number})
        if not match.is_bye and match.result_state != ResultState.PENDING:
            raise StateConflict(_("Table %(t)d already has a result; correct it before swapping.") % {"t": match.table})
        found[team.pk] = match
    before = round_pairings(round_=round_)
    swap = {first.pk: second.pk, second.pk: first.pk}
    # Both rows are deleted and written again: the simplest way past the (round, team) unique constraints
    # mid-swap, and safe because neither match has a result.
    rows = []
    for match in {m.pk: m for m in found.values()}.values():
        a, b = swap.get(match.team_a_id, match.team_a_id), swap.get(match.team_b_id, match.team_b_id)
        bye = b is None
        rows.append(
            TeamMatch(
                round=round_,
                table=match.table,
                team_a_id=a,
                team_b_id=b,
                outcome=Outcome.A_WINS if bye else "",
                result_state=ResultState.FINAL if bye else ResultState.PENDING,
            )
        )
    TeamMatch.objects.filter(pk__in=[m.pk for m in found.values()]).delete()
    TeamMatch.objects.bulk_create(rows)
    round_seat_draft_tables(round_=round_)
    round_pairing_log(
        round_=round_,
        user=user,
        action=LogAction.PAIRING_SWAPPED,
        before=before,
        message=LogText(
            gettext_lazy("Round %(n)d: %(first)s and %(second)s swapped in the pairings."),
            {"n": round_.number, "first": first.team.name, "second": second.team.name},
        ),
    )
    event_bump_version(event_id=round_.event_id)
    return round_problems(round_=round_)
