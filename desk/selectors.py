"""The desk's reads: the results grid, the warnings before pairing, the one next step, and what
the projector shows. Every list here is read in a fixed number of queries, whatever the number of teams."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Prefetch, Q
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from drafting.data import available_sets
from drafting.models import DraftSettings, DraftStatus, DraftTable, EventTimer, TimerKind
from drafting.selectors import paper as draft_progress
from drafting.selectors.paper import event_pods_on_paper, pod_draft_progress, pods_building
from drafting.selectors.pods import thg_pods_for_event
from drafting.services.paper import event_timer_over
from fees.enums import PaymentStatus
from fees.models import EventFee
from fees.selectors import FeeTotals, fee_for_event, fee_totals, payments_for_event
from multiplayer.engine import PLAYOFF_PLANS
from multiplayer.selectors import tables_without_result
from sealed.selectors import sealed_real_product
from tournaments import clock as engine
from tournaments.enums import COUNTING_STATES, EnforcementLevel, EventStatus, FormatKind, ResultState, RoundKind
from tournaments.logtext import LogText
from tournaments.models import CheckIn, Event, EventDesk, Player, Registration, Round, Seat, SeatMatch, TeamMatch
from tournaments.rights import events_staffed_by, may_run_event
from tournaments.daytwo import threshold_label
from tournaments.enums import CutKind
from tournaments.selectors.clock import round_clock_state, table_extensions
from tournaments.selectors.daytwo import CutState, day2_cut_state
from tournaments.selectors.events import event_latest_round
from tournaments.selectors.phases import event_kept_decks, phase_current, phase_for_round, phase_pods_listing
from tournaments.selectors.placeholders import claim_link_players, claim_path
from tournaments.selectors.placements import placements_for_event
from tournaments.selectors.rounds import round_latest
from tournaments.selectors.standings import team_names_for_event
from tournaments.services.clock import now as server_now
from tournaments.services.decklists import deck_problem_message
from tournaments.selectors.decklists import (
    event_asks_typed_decks,
    event_decklist_registrations,
    event_registers_decklists,
    event_takes_typed_decks,
    seat_decklist,
)
from tournaments.services.events import FIXED_ONCE_PAIRED
from tournaments.presets import SEALED_BUILDING_MINUTES
from tournaments.topcut import bracket_order
from tournaments.wording import entrant_message, entrant_sentence

# --- The current round and its results grid ---------------------------------------------------------------------


@dataclass
class GridRow:
    """One table of the results grid, as plain values (no model instances: a 512-team round reads fast)."""

    table: int
    match_id: int
    state: str  # playing | reported | disputed | final | overdue | bye
    team_a: str
    team_b: str
    players_a: list[str]
    players_b: list[str]
    score: str
    dispute_note: str = ""
    extension_seconds: int = 0

    @property
    def search_text(self) -> str:
        return " ".join([self.team_a, self.team_b, *self.players_a, *self.players_b]).lower()


_ORDER = {"disputed": 0, "overdue": 1, "reported": 2, "playing": 3, "final": 4, "bye": 5}


def _games(a: int, b: int, d: int) -> str:
    return f"{a}-{b}" + (f"-{d}" if d else "")


def round_matches(*, round_: Round):
    """The round's matches with teams, players and seat results loaded (four queries), for the printed pages."""
    seats = Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("letter"))
    return (
        TeamMatch.objects.filter(round=round_)
        .select_related("team_a__team", "team_b__team")
        .prefetch_related(
            Prefetch("team_a__seats", queryset=seats.queryset),
            Prefetch("team_b__seats", queryset=seats.queryset),
            "seat_matches",
        )
        .order_by("table")
    )


def results_grid(*, round_: Round, clock_state: dict | None = None) -> list[GridRow]:
    """Every table of the round with its teams, players and state, disputes first, then overdue, reported,
    still playing and final tables, each by table number. A table is overdue when the clock (with its own
    time extensions) is over and no result counts yet. Three queries, whatever the number of tables."""
    state = clock_state or round_clock_state(round_=round_)
    extensions = table_extensions(state)
    at = server_now()
    ends_at = parse_datetime(state["ends_at"]) if state["ends_at"] else None
    shared = round_.event.is_shared_game
    matches = list(
        TeamMatch.objects.filter(round=round_)
        .order_by("table")
        .values_list(
            "id",
            "table",
            "team_a_id",
            "team_b_id",
            "team_a__team__name",
            "team_b__team__name",
            "result_state",
            "dispute_note",
            "games_won_a",
            "games_won_b",
            "games_drawn",
        )
    )
    players: dict[int, list[str]] = {}
    team_ids = {m[2] for m in matches} | {m[3] for m in matches if m[3] is not None}
    for registration_id, name in (
        Seat.objects.filter(registration_id__in=team_ids)
        .order_by("registration_id", "letter")
        .values_list("registration_id", "player__name")
    ):
        players.setdefault(registration_id, []).append(name)
    scores: dict[int, list[str]] = {}
    if not shared:
        for match_id, a, b, d in (
            SeatMatch.objects.filter(team_match__round=round_)
            .order_by("team_match_id", "letter")
            .values_list("team_match_id", "wins_a", "wins_b", "draws")
        ):
            scores.setdefault(match_id, []).append(_games(a, b, d))
    rows = []
    for match_id, table, a_id, b_id, a_name, b_name, result_state, note, ga, gb, gd in matches:
        if b_id is None:
            row_state = "bye"
        elif result_state == ResultState.DISPUTED:
            row_state = "disputed"
        elif result_state in COUNTING_STATES:
            row_state = "final"
        elif result_state == ResultState.REPORTED:
            row_state = "reported"
        else:
            deadline = engine.table_deadline(ends_at, extensions.get(table, 0))
            over = state["state"] == engine.OVER and (deadline is None or deadline <= at)
            row_state = "overdue" if over else "playing"
        if result_state == ResultState.PENDING or b_id is None:
            score = ""
        elif shared:
            score = _games(ga, gb, gd)
        else:
            score = " ".join(scores.get(match_id, []))
        rows.append(
            GridRow(
                table=table,
                match_id=match_id,
                state=row_state,
                team_a=a_name,
                team_b=b_name or "",
                players_a=players.get(a_id, []),
                players_b=players.get(b_id, []) if b_id else [],
                score=score,
                dispute_note=note if row_state == "disputed" else "",
                extension_seconds=extensions.get(table, 0),
            )
        )
    rows.sort(key=lambda r: (_ORDER[r.state], r.table))
    return rows


def grid_counts(rows: list[GridRow]) -> dict[str, int]:
    counts = {k: 0 for k in _ORDER}
    for row in rows:
        counts[row.state] += 1
    counts["still_playing"] = counts["playing"] + counts["overdue"]
    return counts


# --- Check-in, announcements ------------------------------------------------------------------------------------


def event_check_ins(*, event: Event) -> list[Registration]:
    """Every registered team by name with its check-in (or None) and its seats loaded (three queries)."""
    return list(
        Registration.objects.filter(event=event)
        .select_related("team", "check_in")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("letter")))
        .order_by("team__name")
    )


@dataclass(frozen=True)
class CheckInFees:
    """The entry fee beside check-in (issue 56): each registration's fee status by id, the totals, the fee."""

    payments: dict  # registration id -> fees.selectors.PaymentRow
    totals: FeeTotals
    fee: EventFee


def event_check_in_fees(*, event: Event) -> CheckInFees | None:
    """What the check-in table shows of the entry fee, so the organizer checks a player in and takes the fee in
    one place; None for an event without a fee and without a fee marked (a free FNM shows no paid column). Three
    queries."""
    fee = fee_for_event(event=event)
    rows = payments_for_event(event=event, fee=fee)
    if not fee.amount and all(row.status == PaymentStatus.UNPAID for row in rows):
        return None
    return CheckInFees(payments={row.registration: row for row in rows}, totals=fee_totals(rows=rows, fee=fee), fee=fee)


def event_check_in_rows(*, event: Event, fees: CheckInFees | None) -> list[tuple[Registration, object]]:
    """(registration, its fee row or None) of `event_check_ins`, for the desk's check-in table."""
    payments = fees.payments if fees is not None else {}
    return [(registration, payments.get(registration.pk)) for registration in event_check_ins(event=event)]


def event_team_choices(*, event: Event) -> list[tuple[int, str, bool]]:
    """(registration id, team name, dropped) of every team by name, for the desk's drop and reinstate (one query)."""
    return [
        (pk, name, dropped is not None)
        for pk, name, dropped in Registration.objects.filter(event=event)
        .order_by("team__name")
        .values_list("pk", "team__name", "dropped_round")
    ]


def event_desk_settings(*, event: Event) -> EventDesk:
    """The event's desk settings; unsaved defaults when none are stored (reads write nothing)."""
    return EventDesk.objects.filter(event=event).first() or EventDesk(event=event)


# --- Warnings before pairing, and the next step -----------------------------------------------------------------


def pairing_warnings(*, event: Event) -> list[LogText]:
    """What the organizer should know before pairing the next round, each a sentence (a LogText: the event log keeps the
    warnings gone past in their source language): results missing (listed by table), disputed results, teams without a decklist or with an illegal one, teams not checked in. The
    organizer may pair anyway (the pairing service itself still refuses a round whose results are missing)."""
    warnings: list[LogText] = []
    latest = round_latest(event=event, kind=RoundKind.SWISS)
    if latest is not None:
        open_tables = list(
            latest.matches.exclude(result_state__in=COUNTING_STATES)
            .order_by("table")
            .values_list("table", "result_state")
        )
        missing = [t for t, s in open_tables if s != ResultState.DISPUTED]
        disputed = [t for t, s in open_tables if s == ResultState.DISPUTED]
        if missing:
            warnings.append(
                LogText(
                    gettext_lazy("Round %(n)d: results missing at table(s) %(tables)s."),
                    {"n": latest.number, "tables": [str(t) for t in missing]},
                )
            )
        if disputed:
            warnings.append(
                LogText(
                    gettext_lazy("Round %(n)d: disputed result at table(s) %(tables)s."),
                    {"n": latest.number, "tables": [str(t) for t in disputed]},
                )
            )
    active = Registration.objects.filter(event=event, dropped_round__isnull=True, day2_cut_round__isnull=True)
    # At Regular REL an individual event's players needn't register a deck (a Friday Night Magic): no warning for
    # those who didn't (issue 56); a team event's decks are checked together, and typed decks asked are asked.
    optional = event.is_individual and event.enforcement_level == EnforcementLevel.REGULAR
    if (event.has_decklists and not optional) or event_asks_typed_decks(event=event):
        without = list(
            active.filter(seats__decklist__isnull=True)
            .distinct()
            .order_by("team__name")
            .values_list("team__name", flat=True)
        )
        if without:
            warnings.append(
                LogText(
                    entrant_message(event=event, key="no_complete_decklist"),
                    {"n": len(without), "teams": list(without)},
                )
            )
    if event.has_decklists:
        illegal = list(active.exclude(deck_problems=[]).order_by("team__name").values_list("team__name", flat=True))
        if illegal:
            warnings.append(
                LogText(
                    entrant_message(event=event, key="illegal_decklist"), {"n": len(illegal), "teams": list(illegal)}
                )
            )
    elif event_registers_decklists(event=event):
        # Limited events: lists are registered against the team's pool; a list that breaks it is worth a warning
        # (a team that registered its pool on the sealed page instead has no list, and that is no problem).
        illegal = [
            r.team.name
            for r in active.exclude(deck_problems=[]).select_related("team").order_by("team__name")
            if any(p.get("code") not in ("missing-decklist", "no-pool") for p in r.deck_problems)
        ]
        if illegal:
            warnings.append(
                LogText(
                    entrant_message(event=event, key="deck_breaks_pool"), {"n": len(illegal), "teams": list(illegal)}
                )
            )
    if latest is None and CheckIn.objects.filter(registration__event=event).exists():
        absent = list(active.filter(check_in__isnull=True).order_by("team__name").values_list("team__name", flat=True))
        if absent:
            warnings.append(
                LogText(entrant_message(event=event, key="not_checked_in"), {"n": len(absent), "teams": list(absent)})
            )
    return warnings


@dataclass
class Step:
    """The one next step of the event: what the button says, what it will do, and what should be known first."""

    # seat | call | calling | build | decklists | draft | drafts | pair | publish | phase | clock | topcut | advance |
    # finish | none (call, calling, decklists, drafts and pods are links to the page where it is done)
    kind: str
    label: str
    explains: str
    warnings: list[str] = field(default_factory=list)
    blocked: str = ""  # why the step can't be taken yet (results still missing ...)

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.label}"


def round_open_results(*, round_: Round) -> int:
    """How many tables of the round still wait for a result that counts (byes count as played)."""
    return round_.matches.exclude(result_state__in=COUNTING_STATES).count()


def first_playoff_pairs_text(*, top_cut: int) -> str:
    """The first playoff round's pairs of seeds as the top-cut engine makes them (tournaments.topcut.bracket_order),
    in words: "1 v 4, 2 v 3" for a top 4. Never written by hand, so the text can't promise other pairs."""
    order = bracket_order(top_cut)
    return ", ".join(_("%(better)d v %(worse)d") % {"better": a, "worse": b} for a, b in zip(order[::2], order[1::2]))


def _round_drafts_unfinished(*, event: Event, round_: Round) -> bool:
    """Whether a draft table of the round (or the event's one draft, before round 1) hasn't finished drafting."""
    if event.format_kind != FormatKind.TEAM_ROCHESTER:
        return False
    tables = DraftTable.objects.filter(event=event).exclude(status=DraftStatus.FINISHED)
    one_draft = Q(round__isnull=True) if round_.number == 1 else Q(pk__in=[])
    return tables.filter(Q(round=round_) | one_draft).exists()


def _real_product_prelude(*, event: Event, drafted: bool = False) -> Step | None:
    """The prerelease evening before round 1 (sealed with real product, issue 40), or a paper draft's once its call
    is over (`drafted`, issue 56): start the deck building timer (once the players are seated and the product
    announced), then, where decks are registered, collect them while the timer runs; None once it is time to pair
    round 1."""
    timer = EventTimer.objects.filter(event=event, kind=TimerKind.DECK_BUILDING).first()
    minutes = event_deck_building_minutes(event=event)
    if timer is None:
        if drafted:
            explains = _(
                "The draft is over: starts the %(minutes)d-minute deck building timer (the event's deck building "
                "minutes), counted down on the projector, this desk and every phone (pause and resume it on the "
                "paper draft's page)."
            )
        else:
            explains = _(
                "Seat the players and announce the product, then start the %(minutes)d-minute deck building timer: it "
                "counts down on the projector, this desk and every phone (pause and resume it on its page)."
            )
        return Step("build", _("Start deck building"), explains % {"minutes": minutes})
    if not event_asks_typed_decks(event=event) or event_timer_over(timer=timer, now=server_now()):
        return None
    return _collect_decklists_step(event=event)


def _collect_decklists_step(*, event: Event) -> Step | None:
    """The step that collects the decklists while deck building runs, with how many are in; None once every deck
    is in."""
    active = Registration.objects.filter(event=event, dropped_round__isnull=True)
    total = active.count()
    missing = active.filter(seats__decklist__isnull=True).distinct().count()
    if total and not missing:
        return None
    return Step(
        "decklists",
        _("Collect the decklists"),
        entrant_sentence(event=event, key="desk_decklists_collect", done=total - missing, all=total),
    )


def _multiplayer_step(*, event: Event) -> Step:
    """A Commander night's next step: seat a round on the pods page, enter its pods' results there, seat the top
    pod, or close the event (here: the desk's button) once the last round (and the top pod) is played."""
    latest = round_latest(event=event)
    if latest is None:
        return Step(
            "pods",
            _("Seat round %(n)d") % {"n": 1},
            _("Seats round 1 in pods at random on the pods page; each player sees their pod and seat."),
        )
    waiting = tables_without_result(round_=latest)
    plan = PLAYOFF_PLANS.get(event.top_cut, ())
    last_stage = event.rounds.filter(kind=RoundKind.PLAYOFF).count() >= len(plan)
    if waiting and latest.kind == RoundKind.PLAYOFF and not last_stage:
        return Step(
            "pods",
            _("Enter the playoff pods' results"),
            _("Each pod's winner goes on to the next playoff round; enter the results on the pods page."),
        )
    if latest.kind == RoundKind.PLAYOFF and not waiting and not last_stage:
        return Step(
            "pods",
            _("Seat the next playoff round"),
            _("Seats the pods' winners, and the seeds waiting for them, in the next playoff round on the pods page."),
        )
    if waiting and latest.kind == RoundKind.PLAYOFF:
        return Step(
            "pods",
            _("Enter the top pod's result"),
            _("Its winner wins the event; the event closes with its final result, entered on the pods page."),
        )
    if waiting:
        return Step(
            "pods",
            _("Enter the pods' results"),
            ngettext(
                "%(n)d pod of %(round)s has no final result yet: enter it on the pods page.",
                "%(n)d pods of %(round)s have no final result yet: enter them on the pods page.",
                len(waiting),
            )
            % {"n": len(waiting), "round": latest.name},
        )
    if latest.kind == RoundKind.SWISS and latest.number < event.swiss_rounds:
        return Step(
            "pods",
            _("Seat round %(n)d") % {"n": latest.number + 1},
            _("Seats the next round in pods by points, with as few repeat opponents as possible, on the pods page."),
        )
    if latest.kind == RoundKind.SWISS and len(plan) > 1:
        return Step(
            "pods",
            _("Seat the playoff"),
            _(
                "Seats the first %(n)d of the standings in the playoff's first pods on the pods page; each pod's "
                "winner goes on."
            )
            % {"n": event.top_cut},
        )
    if latest.kind == RoundKind.SWISS and event.top_cut:
        return Step(
            "pods",
            _("Seat the top pod"),
            _("Seats the first %(n)d of the standings at the top pod on the pods page; its winner wins the event.")
            % {"n": event.top_cut},
        )
    return Step(
        "finish",
        _("Close the event"),
        _("Finishes the event: the pod standings become the final placings; players can no longer report."),
    )


def publish_step(*, round_: Round) -> Step:
    """The step of a round paired as a draft (the event reviews its pairings): check it, change it if need be
    (swap, pair again, take back), then publish it to the players."""
    label = (
        _("Publish round %(n)d") % {"n": round_.number}
        if round_.kind == RoundKind.SWISS
        else _("Publish %(round)s") % {"round": round_.name}
    )
    return Step(
        "publish",
        label,
        _(
            "Only the staff see %(round)s's pairings for now. Check them (swap, pair again or take the round back if "
            "need be), then publish: they appear on every player's page and the projector, and the players are told "
            "where they sit."
        )
        % {"round": round_.name},
    )


def event_deck_building_minutes(*, event: Event) -> int:
    """The minutes of the event's deck building timer: its own setting (40 by default, the check-in settings;
    the presets of sealed with real product set 30, team sealed 60)."""
    return event.deck_building_minutes or SEALED_BUILDING_MINUTES


def _pod_draft_prelude(*, event: Event) -> Step | None:
    """A booster or Two-Headed Giant draft's steps before round 1 (issue 56): seat the draft; with real packs start
    the call, wait for it (or end it), then deck building and the decklists (_real_product_prelude); with packs in
    Hydra open the packs and run the drafts on the drafts page, then the decklists while the pods build. None once
    it is time to pair round 1."""
    progress = pod_draft_progress(event=event, now=server_now())
    thg = event.format_kind == FormatKind.THG_DRAFT
    if progress == draft_progress.NOT_SEATED:
        if event.real_product:
            explains = (
                _(
                    "Seats the teams in random pods of three or four for the draft with real boosters on the table; "
                    "the seats show on the projector and every phone. Then start the call."
                )
                if thg
                else _(
                    "Seats the players in random pods of up to eight (MTR 7.6) for the draft with real boosters on "
                    "the table; the seats show on the projector and every phone. Then start the call."
                )
            )
        else:
            explains = _(
                "Seats the draft in random pods for packs opened in Hydra; then open the packs on the drafts page. "
                "For real boosters on the table, seat the pods on the paper draft's page instead (Paper draft, above)."
            )
        return Step("seat", _("Seat the draft"), explains)
    if progress == draft_progress.SEATED and event_pods_on_paper(event=event):
        return Step(
            "call",
            _("Start the call"),
            _(
                "Hand out the boosters, then start calling the draft on the paper draft's page (choose the cards in "
                "a pack): the calls and the seconds left show on the projector and every phone."
            ),
        )
    if progress == draft_progress.CALLING:
        return Step(
            "calling",
            _("The draft is being called"),
            _(
                "Deck building starts once the call is over. If every pod has finished drafting before the call "
                "did, end the call on the paper draft's page (End the call: the draft is over)."
            ),
        )
    if progress == draft_progress.CALLED:
        return _real_product_prelude(event=event, drafted=True)
    if progress == draft_progress.SEATED:
        return Step(
            "drafts",
            _("Open the packs and start the drafts"),
            _(
                "Open each pod's packs from a set and start the drafts on the drafts page; every drafter picks on their phone."
            ),
        )
    if progress == draft_progress.DRAFTING:
        return Step(
            "drafts",
            _("Run the drafts"),
            _("The pods are drafting; pause or end a pod on the drafts page. Deck building follows each pod's draft."),
        )
    if event_registers_decklists(event=event) and pods_building(event=event, now=server_now()):
        return _collect_decklists_step(event=event)
    return None


def _round_one_explains(*, event: Event) -> str:
    """How round 1 will be paired, as the pairing service pairs it: by draft seat across each pod (a seated booster
    draft, RULES.md 10), within each pod (a seated Two-Headed Giant draft under the pod rule), else at random."""
    if (
        event.format_kind in POD_DRAFTS
        and pod_draft_progress(event=event, now=server_now()) != draft_progress.NOT_SEATED
    ):
        if event.format_kind == FormatKind.BOOSTER_DRAFT:
            return _(
                "Pairs round 1 by draft seat: across each pod (seat 1 against seat 5 in a pod of eight), and opens "
                "it on every player's page."
            )
        if not event.pods_play_across:
            return _(
                "Pairs round 1 within each draft pod (the teams of a pod play each other) and opens it on every player's page."
            )
    return _("Pairs round 1 at random and opens it on every player's page.")


def desk_next_step(*, event: Event, round_: Round | None = None, clock_state: dict | None = None) -> Step:
    """The one next step of the event, from its status, rounds, results and clock."""
    if event.status == EventStatus.FINISHED:
        return Step("none", _("The event is finished"), _("Final standings and placings are on the event's pages."))
    latest = round_ if round_ is not None else event_latest_round(event=event)
    if latest is not None and not latest.is_published:  # the organizer reviews the pairings first (issue 53)
        return publish_step(round_=latest)
    if event.is_multiplayer:  # a Commander night's rounds are seated and entered on its own page (issue 56)
        return _multiplayer_step(event=event)
    if latest is None and event.is_single_elimination:
        return Step(
            "bracket",
            _("Seed the bracket"),
            _("Seeds the single-elimination bracket (%(how)s) and pairs its first round; the top seeds get the byes.")
            % {"how": event.get_bracket_seeding_display()},
        )
    if latest is None and sealed_real_product(event=event):
        prelude = _real_product_prelude(event=event)
        if prelude is not None:
            return prelude
    if latest is None and event.format_kind in POD_DRAFTS and phase_current(event=event) is None:
        prelude = _pod_draft_prelude(event=event)
        if prelude is not None:
            return prelude
    if latest is None:
        # One-draft events draft before round 1; events that draft every round seat their drafts by pairing.
        if (
            event.format_kind == FormatKind.TEAM_ROCHESTER
            and not event.drafts_every_round
            and not event.draft_tables.exists()
        ):
            return Step(
                "draft",
                _("Start the drafts"),
                _("Seats the teams two to a draft table and draws who decides the first pick."),
            )
        return Step(
            "pair",
            _("Pair round %(n)d") % {"n": 1},
            _round_one_explains(event=event),
            warnings=pairing_warnings(event=event),
        )
    state = clock_state or round_clock_state(round_=latest)
    open_count = round_open_results(round_=latest)
    # A drafted round is drafted before its clock runs (issue 45): the desk points to the drafts page first.
    if (
        open_count
        and not latest.is_finished
        and state["state"] == engine.NOT_STARTED
        and _round_drafts_unfinished(event=event, round_=latest)
    ):
        return Step(
            "drafts",
            _("Run round %(n)d's drafts") % {"n": latest.number},
            _(
                "Round %(n)d's tables draft before its clock: open the packs and start the drafts on the "
                "drafts page; the clock comes once every table has drafted."
            )
            % {"n": latest.number},
        )
    # A round whose results are all in needs no clock any more (results entered from paper slips, say).
    if open_count and not latest.is_finished and state["state"] == engine.NOT_STARTED:
        return Step(
            "clock",
            _("Start the clock"),
            _("Starts round %(n)d's clock: %(minutes)d minutes, shown on every player's page and the projector.")
            % {"n": latest.number, "minutes": state["remaining_seconds"] // 60},
        )
    blocked = ""
    if open_count:
        blocked = ngettext(
            "%(n)d table still waits for its result.", "%(n)d tables still wait for their results.", open_count
        ) % {"n": open_count}
    if latest.kind == RoundKind.PLAYOFF:
        final = latest.matches.count() == 1
        if final:
            return Step(
                "advance",
                _("Close the event"),
                _("Records the final's winner and finishes the event."),
                blocked=blocked,
            )
        return Step(
            "advance",
            _("Pair the next top-cut round"),
            _("Pairs the winners of this top-cut round against each other."),
            blocked=blocked,
        )
    if latest.number < event.swiss_rounds:
        n = latest.number + 1
        opens = phase_for_round(event=event, round_number=n)
        if opens is not None and opens.started_at is None:  # a big event's next phase (docs/phases.md)
            explains = (
                _(
                    "Fills %(phase)s's pods from the standings after round %(last)d (pod 1 the top), keeps "
                    "the decks registered so far and opens deck registration for the new phase; then pair round "
                    "%(n)d."
                )
                if opens.in_pods
                else _(
                    "Starts %(phase)s after round %(last)d: keeps the decks registered so far and opens deck "
                    "registration for the new phase; then pair round %(n)d."
                )
            )
            return Step(
                "phase",
                _("Start phase %(n)d") % {"n": opens.number},
                explains % {"phase": opens.label, "last": latest.number, "n": n},
                blocked=blocked,
            )
        return Step(
            "pair",
            _("Pair round %(n)d") % {"n": n},
            _(
                "Pairs round %(n)d by match points (equal points against each other, no one meets the same "
                "opponent twice) and finishes round %(last)d."
            )
            % {"n": n, "last": latest.number},
            warnings=pairing_warnings(event=event),
            blocked=blocked,
        )
    if event.top_cut:
        if event.is_individual:
            seeds = _(
                "Seeds the top %(n)d players of the Swiss standings (%(pairs)s) and pairs the first playoff round."
            )
        else:
            seeds = _("Seeds the top %(n)d teams of the Swiss standings (%(pairs)s) and pairs the first playoff round.")
        return Step(
            "topcut",
            _("Cut to top %(n)d") % {"n": event.top_cut},
            seeds % {"n": event.top_cut, "pairs": first_playoff_pairs_text(top_cut=event.top_cut)},
            blocked=blocked,
        )
    return Step(
        "finish",
        _("Close the event"),
        _("Finishes the event: the standings become the final placings; players can no longer report."),
        blocked=blocked,
    )


# --- The projector ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScreenLine:
    team: str
    table: int
    opponent: str  # "" for a bye


def screen_pairings(*, round_: Round) -> list[ScreenLine]:
    """One line per team of the round, alphabetical, with its table and opponent (one query)."""
    lines = []
    for table, a, b in TeamMatch.objects.filter(round=round_).values_list(
        "table", "team_a__team__name", "team_b__team__name"
    ):
        lines.append(ScreenLine(a, table, b or ""))
        if b:
            lines.append(ScreenLine(b, table, a))
    lines.sort(key=lambda x: (x.team.casefold(), x.table))
    return lines


@dataclass(frozen=True)
class ScreenTable:
    match: int
    table: int
    team: str
    opponent: str


def screen_tables(*, round_: Round) -> list[ScreenTable]:
    """The round's tables in order with their two sides, byes left out: the projector's table list, where each
    table's QR code opens its match's page for its players (issue 41; one query)."""
    return [
        ScreenTable(pk, table, a, b)
        for pk, table, a, b in TeamMatch.objects.filter(round=round_, team_b__isnull=False)
        .order_by("table")
        .values_list("pk", "table", "team_a__team__name", "team_b__team__name")
    ]


def event_tables_for_print(*, round_: Round) -> list[TeamMatch]:
    """The round's matches with teams, players and results, by table (the slips' data)."""
    return list(round_matches(round_=round_))


# --- The organizer's console --------------------------------------------------------------------------------------

CONSOLE_FINISHED_SHOWN = 20


@dataclass(frozen=True)
class ConsoleEntry:
    event: Event
    step: Step
    teams: int
    may_run: bool


def console_events(*, user) -> dict[str, list[ConsoleEntry]]:
    """The events the user holds a role at (tournaments.rights.events_staffed_by), by state: upcoming (sign-up,
    before round 1), running (Swiss rounds or top cut), finished (the latest 20), each with its next step."""
    events = events_staffed_by(user).annotate(team_count=Count("registrations", distinct=True)).order_by("date", "name")
    groups: dict[str, list[ConsoleEntry]] = {"upcoming": [], "running": [], "finished": []}
    for event in events.exclude(status=EventStatus.FINISHED):
        group = "upcoming" if event.status == EventStatus.REGISTRATION else "running"
        groups[group].append(
            ConsoleEntry(event, desk_next_step(event=event), event.team_count, may_run_event(user, event))
        )
    for event in events.filter(status=EventStatus.FINISHED).order_by("-date", "name")[:CONSOLE_FINISHED_SHOWN]:
        groups["finished"].append(
            ConsoleEntry(event, desk_next_step(event=event), event.team_count, may_run_event(user, event))
        )
    return groups


def event_settings_locks(*, event: Event) -> dict[str, str]:
    """The settings the event's progress has fixed, each with the reason (the rules of
    tournaments.services.events.event_problems, said before the organizer tries)."""
    locks: dict[str, str] = {}
    teams = event.registrations.count()
    if teams:
        reason = entrant_sentence(event=event, key="registered_lock", n=teams)
        locks["team_size"] = locks["structure"] = reason
    if event.rounds.filter(kind=RoundKind.SWISS).exists():
        for name in FIXED_ONCE_PAIRED:
            locks[name] = _("Round 1 is paired: this can't change any more.")
        if event.format_kind == FormatKind.TEAM_ROCHESTER:
            locks["draft_structure"] = _(
                "The draft structure is chosen before the event starts; round 1 is paired already."
            )
    if event.status in (EventStatus.TOP_CUT, EventStatus.FINISHED):
        locks["top_cut"] = _("The top cut has started: its size can't change any more.")
    if event.rounds.exists():
        locks["bracket_seeding"] = _("Round 1 is paired: the event's structure can't change any more.")
    if event.phases.exists():  # the plan decides them (docs/phases.md)
        locks["swiss_rounds"] = _("The phase plan below sets the Swiss rounds: change the phases.")
        locks["format_kind"] = _("The phase being played sets the format: change the phase plan below.")
        locks["bracket_seeding"] = _("An event with a phase plan plays Swiss rounds.")
    return locks


# --- A closed event ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlacingLine:
    place: int
    team: str
    stage: str


def event_final_placings(*, event: Event) -> list[PlacingLine]:
    """The closed event's final placings (playoff first, then the Swiss standings, RULES.md 4) with the teams'
    names, for the finished desk and the projector; [] while the event runs."""
    if event.status != EventStatus.FINISHED:
        return []
    names = team_names_for_event(event=event)
    return [PlacingLine(p.place, names.get(p.team, ""), p.stage) for p in placements_for_event(event=event)]


# --- Accounts made for imported players ---------------------------------------------------------------------------


def event_claim_links(*, event: Event, base: str) -> list[tuple[Player, str]]:
    """Each placeholder of the event that its own organizer's events made and nobody has used (no password, never
    signed in; rights.may_hand_out_claim), by name, with its claim link: signed out it sets a password (the
    password reset's token, valid for PASSWORD_RESET_TIMEOUT, three days by default, and spent once used), signed
    in it merges the placeholder into the person's own account. Never another organizer's player, never a real
    account."""
    return [(player, base.rstrip("/") + claim_path(user=player.user)) for player in claim_link_players(event=event)]


# --- Drafts at the desk -------------------------------------------------------------------------------------------

# The formats that draft in pods (drafting's Pod): Two-Headed Giant booster draft and the individual booster draft.
POD_DRAFTS = (FormatKind.THG_DRAFT, FormatKind.BOOSTER_DRAFT)


def event_drafts(*, event: Event, round_: Round | None) -> dict:
    """What the desk's draft page shows: the event's draft tables (this round's, when it drafts every round) or
    pods, the bundled sets packs can be opened from (by name), and the timing new tables start with."""
    tables = DraftTable.objects.filter(event=event).select_related("team1__team", "team2__team").order_by("number")
    if round_ is not None and event.drafts_every_round:
        tables = tables.filter(round=round_)
    pods = event.format_kind in POD_DRAFTS
    drafts = pods or event.format_kind == FormatKind.TEAM_ROCHESTER
    return {
        "has_draft": drafts,
        "tables": list(tables) if event.format_kind == FormatKind.TEAM_ROCHESTER else [],
        "pods": list(thg_pods_for_event(event=event)) if pods else [],  # the current phase's draft
        "sets": available_sets() if drafts else (),
        "settings": (DraftSettings.objects.filter(event=event).first() or DraftSettings(event=event))
        if drafts
        else None,
        "seats_by_pairing": event.drafts_every_round,
    }


# --- Decklists at the desk ----------------------------------------------------------------------------------------


def desk_decklists(*, event: Event) -> dict:
    """What the desk's decklist page shows: each entrant with its seats' lists (`rows`: registration, complete, and
    `seats` of (seat, decklist or None)), the problems in the reader's language, and how many entrants have every
    list in; and `earlier_phases`, the decks kept from each finished phase of a big event (docs/phases.md), phase
    by phase, as the API's /phases/{n}/decks/ serves them. Four queries, whatever the event's size."""
    rows = []
    for registration in event_decklist_registrations(event=event):
        seats = [(seat, seat_decklist(seat)) for seat in registration.decklist_seats]
        rows.append(
            {
                "registration": registration,
                "seats": seats,
                "complete": bool(seats) and all(decklist is not None for _seat, decklist in seats),
                "problems": [
                    deck_problem_message(p)
                    for p in registration.deck_problems or []
                    if p.get("code") != "missing-decklist"
                ],
            }
        )
    return {
        "rows": rows,
        "complete": sum(1 for row in rows if row["complete"]),
        "registers": event_registers_decklists(event=event),
        "typed": event_takes_typed_decks(event=event),
        "earlier_phases": event_kept_decks(event=event),
    }


@dataclass(frozen=True)
class CutPanel:
    """The desk's Day 2 cut panel: the cut as it stands (a preview before it is made), its threshold in words, and
    the names of those it leaves out (or would)."""

    state: CutState
    label: str
    out_names: list[str]
    kinds: list[tuple[str, str]]
    undoable: bool


def day2_cut_panel(*, event: Event) -> CutPanel | None:
    """The Day 2 cut panel of a Swiss event with a Day 2 cut set (or made) or a phase plan, while it is not over
    (or once its cut is made), else None: an 8-player FNM or a Commander night has no Day 2, and its desk no such
    panel (issue 56; the cut is set in the event's settings). A preview computes the standings after the cut's
    round once."""
    if event.is_single_elimination or event.is_multiplayer:
        return None
    if event.day2_cut_round is None and not event.day2_cut_applied and not event.phases.exists():
        return None
    if not event.day2_cut_applied and event.status in (EventStatus.TOP_CUT, EventStatus.FINISHED):
        return None
    state = day2_cut_state(event=event)
    names = team_names_for_event(event=event) if state.not_advanced else {}
    label = (
        threshold_label(kind=state.kind, threshold=state.threshold)
        if state.kind and state.threshold is not None
        else ""
    )
    undoable = state.applied and not event.rounds.filter(number__gt=state.round or 0).exists()
    return CutPanel(
        state=state,
        label=label,
        out_names=sorted(names.get(pk, "?") for pk in state.not_advanced),
        kinds=list(CutKind.choices),
        undoable=undoable,
    )


# --- Phases of a big event (docs/phases.md) --------------------------------------------------------------------------


def desk_phase(*, event: Event) -> dict | None:
    """The phase being played and, for a phase in pods once seated, its pods with their seats ("Pod 2, seat 5");
    None for an event without a phase plan. Two queries."""
    phase = phase_current(event=event)
    if phase is None:
        return None
    return {"phase": phase, "pods": phase_pods_listing(phase=phase) if phase.in_pods and phase.started_at else []}
