"""Reads of the player portal: who may see an event, a player's events and tables, public pairing lines.

What a visitor may see is decided here, on the server: an unconfirmed or disputed result is shown only to the
two teams of its match, and a non-public event only to its organizer, staff and its own players.
(These reads only combine the tournaments and drafting selectors for pages; they hold no rule of RULES.md.)
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, QuerySet
from django.http import Http404
from django.utils.translation import gettext as _

from cards.decklist import decklist_parse
from cards.selectors import card_name_index
from common.params import plain_int
from drafting.models import DraftStatus, DraftTable
from drafting.selectors.tables import draft_table_for_match, draft_tables_for_user
from multiplayer.models import MultiplayerSeat
from multiplayer.selectors import has_bye, seat_of_registration
from sealed.models import SealedPool
from sealed.selectors import sealed_pools_for_user
from tournaments.enums import COUNTING_STATES, EventStatus, ResultState
from tournaments.models import Event, Registration, Round, Seat, SeatMatch, TeamMatch
from tournaments.rights import events_visible_to as rights_events_visible_to
from tournaments.selectors.decklists import event_asks_typed_decks
from tournaments.selectors.events import event_for_viewer  # noqa: F401  (portal.views.events reads it)
from tournaments.selectors.placements import placements_for_event
from tournaments.selectors.rounds import matches_players_see, round_latest, rounds_players_see
from tournaments.selectors.standings import standings_for_event
from tournaments.selectors.team_marks import TeamMark, team_mark_of
from tournaments.standings import StandingRow

# Events a running event's pages poll for; finished events don't change (the organizer's corrections aside).
LIVE_STATUSES = {EventStatus.RUNNING, EventStatus.TOP_CUT}
MY_EVENTS_LIMIT = 10


def events_visible_to(*, user) -> QuerySet[Event]:
    """Events the viewer may see (tournaments.rights), newest first."""
    return rights_events_visible_to(user).order_by("-date", "name")


def registered_teams(*, event: Event) -> list[Registration]:
    """The event's registered teams by name, with their players by seat (two queries)."""
    return list(
        Registration.objects.filter(event=event)
        .select_related("team")
        .prefetch_related("seats__player")
        .order_by("team__name")
    )


def event_current_round(*, event: Event) -> Round | None:
    """The event's latest round (Swiss or top cut) that players may see, or None before the first is published (a
    round whose pairings the organizer still reviews is left out: tournaments.selectors.rounds)."""
    return round_latest(event=event, players=True)


def event_rounds_qs(*, event: Event) -> QuerySet[Round]:
    """The event's rounds players may see (tournaments.selectors.rounds.rounds_players_see)."""
    return rounds_players_see(event=event)


def event_rounds(*, event: Event) -> list[Round]:
    """The event's rounds players may see, in order (the pairings page's round menu)."""
    return list(event_rounds_qs(event=event).order_by("number"))


# --- My events ------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MyEvent:
    """One event of a player as "my events" shows it."""

    event: Event
    registration: Registration
    my_seat: Seat
    team_seats: list[Seat]
    round: Round | None
    match: TeamMatch | None
    opponent: Registration | None
    opponent_seats: list[Seat]
    seat_opponent: Seat | None  # the player on my seat letter at the other team (seat-against-seat events)
    action: str  # "report", "confirm", "wait", "disputed", "done", "closed", "bye" or "" (no match this round)
    standing: StandingRow | None
    draft_table: DraftTable | None
    sealed_pool: SealedPool | None = None  # my team's pool in a team sealed / 2HG sealed event
    pod_seat: MultiplayerSeat | None = None  # my pod and seat this round (a Commander night, issue 56)
    pod_bye: bool = False  # I sit out this round of a Commander night with a bye
    placing: int | None = None  # my final place once the event is finished (placements_for_event, issue 56)
    day2_place: int | None = None  # my placing once the Day 2 cut left me out (below every Day 2 entrant)

    @property
    def day2_out(self) -> bool:
        """The event's Day 2 cut did not advance me (and I didn't drop): my page says so, with my record and
        placing, instead of "You don't play in this round" (issue 56)."""
        return self.registration.did_not_advance and not self.registration.is_dropped

    @property
    def asks_typed_deck(self) -> bool:
        """A limited event with real product that asks for deck registration: my page links my typed list."""
        return event_asks_typed_decks(event=self.event)

    @property
    def may_drop(self) -> bool:
        """The player may drop themselves (an individual event's entry, still in, the event not over); the page
        asks once to confirm and the service decides the rest (registration_drop_self)."""
        return (
            self.event.is_individual
            and not self.registration.is_dropped
            and not self.registration.is_disqualified
            and not self.registration.did_not_advance
            and self.event.status != EventStatus.FINISHED
        )

    @property
    def live_match(self) -> TeamMatch | None:
        """The match whose life and poison my team keeps in the portal (shared-game events), if one is on."""
        if self.event.is_shared_game and self.match is not None and not self.match.is_bye:
            return self.match
        return None

    @property
    def is_live(self) -> bool:
        """The event runs, or the player's draft table hasn't finished: the page keeps itself up to date."""
        return self.event.status in LIVE_STATUSES or (
            self.draft_table is not None and self.draft_table.status != DraftStatus.FINISHED
        )

    @property
    def my_result(self) -> str:
        """ "win", "loss" or "draw" once the match has an outcome, from my team's side; else ""."""
        if self.match is None or not self.match.outcome:
            return ""
        if self.match.outcome == "D":
            return "draw"
        mine = "A" if self.match.team_a_id == self.registration.pk else "B"
        return "win" if self.match.outcome == mine else "loss"


def _match_action(*, match: TeamMatch | None, my_registration_id: int) -> str:
    if match is None:
        return ""
    if match.is_bye:
        return "bye"
    if match.result_state == ResultState.PENDING:
        return "closed" if match.round.is_finished else "report"
    if match.result_state == ResultState.REPORTED:
        reporter_side = _reporter_registration_id(match)
        return "wait" if reporter_side == my_registration_id else "confirm"
    if match.result_state == ResultState.DISPUTED:
        return "disputed"
    return "done"


def _reporter_registration_id(match: TeamMatch) -> int | None:
    if match.reported_by_id is None:
        return None
    return (
        Seat.objects.filter(
            player__user_id=match.reported_by_id, registration_id__in=[match.team_a_id, match.team_b_id]
        )
        .values_list("registration_id", flat=True)
        .first()
    )


def my_events(*, user, only_event: Event | None = None) -> list[MyEvent]:
    """The signed-in player's events (at most MY_EVENTS_LIMIT, newest first; or only `only_event`) with team, seat,
    current table, opponents and the team's record. A few queries per event."""
    if not user.is_authenticated:
        return []
    seats = Seat.objects.filter(player__user=user)
    if only_event is not None:
        seats = seats.filter(event=only_event)
    my_seats = list(
        seats.select_related("registration__team", "registration__event", "player").order_by(
            "-registration__event__date", "-registration__event_id"
        )[:MY_EVENTS_LIMIT]
    )
    tables = {t.event_id: t for t in draft_tables_for_user(user=user)}
    pools = {p.registration_id: p for p in sealed_pools_for_user(user=user)}
    result = []
    for seat in my_seats:
        registration, event = seat.registration, seat.registration.event
        round_ = event_current_round(event=event)
        match = None
        if round_ is not None:
            match = (
                TeamMatch.objects.filter(Q(team_a=registration) | Q(team_b=registration), round=round_)
                .select_related("round__event", "team_a__team", "team_b__team")
                .first()
            )
        opponent = None
        if match is not None and not match.is_bye:
            opponent = match.team_b if match.team_a_id == registration.pk else match.team_a
        seats_by_team: dict[int, list[Seat]] = {}
        team_ids = [registration.pk] + ([opponent.pk] if opponent else [])
        for s in Seat.objects.filter(registration_id__in=team_ids).select_related("player").order_by("letter"):
            seats_by_team.setdefault(s.registration_id, []).append(s)
        opponent_seats = seats_by_team.get(opponent.pk, []) if opponent else []
        seat_opponent = None
        if not event.is_shared_game:
            seat_opponent = next((s for s in opponent_seats if s.letter == seat.letter), None)
        standing = next((row for row in standings_for_event(event=event) if row.team == registration.pk), None)
        pod_seat, pod_bye = None, False
        if event.is_multiplayer and round_ is not None:  # pods, not matches: my pod and seat, or my bye
            pod_seat = seat_of_registration(round_=round_, registration_id=registration.pk)
            pod_bye = pod_seat is None and has_bye(round_=round_, registration_id=registration.pk)
        placing = None
        if event.status == EventStatus.FINISHED:  # the one final order, whatever the structure
            placing = next((p.place for p in placements_for_event(event=event) if p.team == registration.pk), None)
        day2_place = None
        if registration.did_not_advance:
            day2_place = placing or next(
                (p.place for p in placements_for_event(event=event) if p.team == registration.pk), None
            )
        result.append(
            MyEvent(
                event=event,
                registration=registration,
                my_seat=seat,
                team_seats=seats_by_team.get(registration.pk, []),
                round=round_,
                match=match,
                opponent=opponent,
                opponent_seats=opponent_seats,
                seat_opponent=seat_opponent,
                action=_match_action(match=match, my_registration_id=registration.pk),
                standing=standing,
                draft_table=tables.get(event.pk),
                sealed_pool=pools.get(registration.pk),
                pod_seat=pod_seat,
                pod_bye=pod_bye,
                placing=placing,
                day2_place=day2_place,
            )
        )
    return result


def my_event_ids(*, user) -> list[int]:
    """The ids of the events the signed-in person has a seat in (what My events lists, and a little more)."""
    return sorted(set(Seat.objects.filter(player__user=user).values_list("event_id", flat=True)))


def my_events_versions(*, user) -> str:
    """A short fingerprint of everything "my events" shows: each event's version and each draft table's."""
    if not user.is_authenticated:
        return ""
    event_ids = Seat.objects.filter(player__user=user).values("event_id")
    versions = Event.objects.filter(pk__in=event_ids).order_by("pk").values_list("pk", "version", "status")
    return ".".join(f"{pk}:{version}:{status}" for pk, version, status in versions)


# --- A match, for its two teams -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatResult:
    """One seat's individual match from the viewer's side."""

    letter: str
    mine: Seat | None
    theirs: Seat | None
    my_wins: int | None  # None: no result stored
    their_wins: int | None
    draws: int | None


@dataclass(frozen=True)
class MatchView:
    match: TeamMatch
    side: str  # "A" or "B": the viewer's team in the match
    my_team: Registration
    other_team: Registration | None
    seats: list[SeatResult]
    reported_by_my_team: bool
    sealed_pool: SealedPool | None = None  # my team's pool, in a sealed event
    draft_table: DraftTable | None = None  # team Rochester drafting every round: the table both teams drafted at

    @property
    def outcome_for_me(self) -> str:
        """ "win", "loss", "draw" or "" (no result yet), from the viewer's team's side."""
        outcome = self.match.outcome
        if not outcome:
            return ""
        if outcome == "D":
            return "draw"
        return "win" if outcome == self.side else "loss"

    @property
    def games_for_me(self) -> tuple[int, int, int]:
        """Shared-game matches: (our games, their games, drawn games)."""
        m = self.match
        if self.side == "A":
            return m.games_won_a, m.games_won_b, m.games_drawn
        return m.games_won_b, m.games_won_a, m.games_drawn


def match_for_member(*, pk: int, user) -> MatchView:
    """The match as one of its players sees it. Http404 for anyone not on either team, and for a match of a round
    players may not see yet (its pairings a draft), as if it didn't exist."""
    match = (
        matches_players_see(TeamMatch.objects.filter(pk=pk))
        .select_related("round__event", "team_a__team", "team_b__team")
        .prefetch_related("team_a__seats__player", "team_b__seats__player", "seat_matches")
        .first()
    )
    if match is None or not user.is_authenticated:
        raise Http404("No such match.")
    my_registration_id = (
        Seat.objects.filter(player__user=user, registration_id__in=[match.team_a_id, match.team_b_id])
        .values_list("registration_id", flat=True)
        .first()
    )
    if my_registration_id is None:
        raise Http404("No such match.")
    side = "A" if my_registration_id == match.team_a_id else "B"
    mine, other = (match.team_a, match.team_b) if side == "A" else (match.team_b, match.team_a)
    my_seats = {s.letter: s for s in mine.seats.all()}
    other_seats = {s.letter: s for s in other.seats.all()} if other else {}
    stored = {sm.letter: sm for sm in match.seat_matches.all()}
    seats = []
    for letter in match.round.event.seat_letters:
        sm = stored.get(letter)
        wins = (None, None, None)
        if sm is not None:
            wins = (sm.wins_a, sm.wins_b, sm.draws) if side == "A" else (sm.wins_b, sm.wins_a, sm.draws)
        seats.append(SeatResult(letter, my_seats.get(letter), other_seats.get(letter), *wins))
    return MatchView(
        match=match,
        side=side,
        my_team=mine,
        other_team=other,
        seats=seats,
        reported_by_my_team=_reporter_registration_id(match) == my_registration_id,
        sealed_pool=SealedPool.objects.filter(registration_id=my_registration_id).first(),
        draft_table=draft_table_for_match(match=match),
    )


# --- Public pairings ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PublicPlayer:
    pk: int
    name: str


@dataclass(frozen=True)
class PublicSeat:
    letter: str
    player: PublicPlayer


@dataclass(frozen=True)
class PublicTeam:
    """A team at a table as the public pairings show it: its name, its dropped/disqualified mark and its seats."""

    pk: int  # the registration's
    name: str
    mark: TeamMark | None
    seats: tuple[PublicSeat, ...]


@dataclass(frozen=True)
class PublicMatch:
    """A table of a round as everyone may see it: a result shows only once it counts (confirmed or final)."""

    table: int
    team_a: PublicTeam
    team_b: PublicTeam | None
    counts: bool
    score_a: int | None
    score_b: int | None
    outcome: str  # "A", "B", "D" or "" while the result doesn't count


_SIDE_FIELDS = ("id", "team__name", "dropped_round", "disqualified_at", "day2_cut_round")


def _public_tables(*, round_: Round, matches: QuerySet) -> list[PublicMatch]:
    """`matches` (the round's, filtered or sliced, in table order) as public tables, in three queries whatever the round's size: a page of a
    large round is read as plain values, since building model objects for its teams, seats and players cost more
    than the queries themselves (issue 30)."""
    sides = [f"team_{side}__{field}" for side in "ab" for field in _SIDE_FIELDS]
    rows = list(
        matches.values("id", "table", "team_b_id", "result_state", "outcome", "games_won_a", "games_won_b", *sides)
    )
    registration_ids = {row[f"team_{side}__id"] for row in rows for side in "ab"} - {None}
    seats: dict[int, list[PublicSeat]] = {}
    for registration_id, letter, player_id, name in (
        (
            Seat.objects.filter(registration_id__in=registration_ids)
            .order_by("registration_id", "letter")
            .values_list("registration_id", "letter", "player_id", "player__name")
        )
        if registration_ids
        else ()
    ):
        seats.setdefault(registration_id, []).append(PublicSeat(letter, PublicPlayer(player_id, name)))
    counting = [row for row in rows if row["result_state"] in COUNTING_STATES]
    games: dict[int, list[int]] = {}  # a counting seat-against-seat match: [seats won by A, seats won by B]
    if counting and not round_.event.is_shared_game:
        games = {row["id"]: [0, 0] for row in counting if row["team_b_id"] is not None}
        for match_id, wins_a, wins_b in (
            SeatMatch.objects.filter(team_match_id__in=list(games))
            .order_by()
            .values_list("team_match_id", "wins_a", "wins_b")
            if games
            else ()
        ):
            if wins_a != wins_b:
                games[match_id][0 if wins_a > wins_b else 1] += 1

    def team(row: dict, side: str) -> PublicTeam | None:
        pk = row[f"team_{side}__id"]
        if pk is None:
            return None
        mark = team_mark_of(
            dropped_round=row[f"team_{side}__dropped_round"],
            disqualified=row[f"team_{side}__disqualified_at"] is not None,
            cut_round=row[f"team_{side}__day2_cut_round"],
        )
        return PublicTeam(pk, row[f"team_{side}__team__name"], mark, tuple(seats.get(pk, ())))

    tables = []
    for row in rows:
        counts = row["result_state"] in COUNTING_STATES
        if not counts or row["team_b_id"] is None:
            score_a = score_b = None
        elif round_.event.is_shared_game:
            score_a, score_b = row["games_won_a"], row["games_won_b"]
        else:
            score_a, score_b = games[row["id"]]
        tables.append(
            PublicMatch(
                table=row["table"],
                team_a=team(row, "a"),
                team_b=team(row, "b"),
                counts=counts,
                score_a=score_a,
                score_b=score_b,
                outcome=row["outcome"] if counts else "",
            )
        )
    return tables


def public_round_tables(*, round_: Round, tables=None) -> list[PublicMatch]:
    """The round by table, with only counting results shown (an unconfirmed report stays with its two teams); only
    the tables numbered in `tables` when given."""
    matches = round_.matches.all() if tables is None else round_.matches.filter(table__in=list(tables))
    return _public_tables(round_=round_, matches=matches.order_by("table"))


@dataclass(frozen=True)
class PublicTeamLine:
    """Where a team sits in the round, for players looking for their table by team name."""

    table: int
    team: PublicTeam
    opponent: PublicTeam | None  # None: the bye
    result: str  # "win", "loss", "draw", "bye" or "" while the result doesn't count
    score: str  # "2-1" from this team's side, once the result counts


def public_round_lines_by_team(*, tables: list[PublicMatch]) -> list[PublicTeamLine]:
    """Both sides of every table, sorted by team name (tournaments.selectors.pairings.round_lines_by_team shows
    every result's state; this public list shows a result only once it counts)."""
    lines = []
    for m in tables:
        if m.team_b is None:
            lines.append(PublicTeamLine(m.table, m.team_a, None, "bye", ""))
            continue
        for team, opponent, me, mine, theirs in (
            (m.team_a, m.team_b, "A", m.score_a, m.score_b),
            (m.team_b, m.team_a, "B", m.score_b, m.score_a),
        ):
            result = "" if not m.counts else "draw" if m.outcome == "D" else "win" if m.outcome == me else "loss"
            score = f"{mine}-{theirs}" if m.counts and mine is not None else ""
            lines.append(PublicTeamLine(m.table, team, opponent, result, score))
    return sorted(lines, key=lambda line: (line.team.name.casefold(), line.table))


# A large round's public pairings come in pages, so a phone opens them at once (issue 30): 50 tables, or 100 teams
# by name, a page; a search finds a team, a player or a table; the whole list stays one link away, for printing.
TABLES_PER_PAGE = 50
TEAMS_PER_PAGE = 100
FIND_LIMIT = 50


@dataclass(frozen=True)
class PairingsPage:
    """One page of a round's public pairings: its tables (by table) or lines (by team), and where the others are."""

    tables: list[PublicMatch]
    lines: list[PublicTeamLine]
    number: int  # 1-based; 0 for the whole list or a search
    pages: list[tuple[int, str]]  # (page number, its label: "Tables 51-100", "Teams 1-100")
    found: int | None  # a search: how many tables it found (at most FIND_LIMIT shown); None otherwise


def _find_q(text: str) -> Q:
    by_name = Q()
    for side in ("team_a", "team_b"):
        by_name |= Q(**{f"{side}__team__name__icontains": text}) | Q(
            **{f"{side}__seats__player__name__icontains": text}
        )
    number = plain_int(text, max_digits=5)  # plain ASCII digits only ("١²" passes str.isdigit)
    return by_name if number is None else by_name | Q(table=number)


def public_round_page(
    *, round_: Round, by_team: bool, page: int = 1, find: str = "", whole: bool = False
) -> PairingsPage:
    """A page of the round's public pairings (public_round_tables, public_round_lines_by_team), in a fixed number of
    queries whatever the round's size: `find` (a team's or player's name, in part, or a table number) shows the
    tables it names; `whole` every table (the printable list); else page `page` (out of range: the last)."""
    matches = round_.matches.all()
    if find:
        numbers = list(matches.filter(_find_q(find)).order_by("table").values_list("table", flat=True).distinct())
        tables = public_round_tables(round_=round_, tables=numbers[:FIND_LIMIT]) if numbers else []
        lines = _lines_naming(public_round_lines_by_team(tables=tables), find) if by_team else []
        return PairingsPage(tables=tables, lines=lines, number=0, pages=[], found=len(numbers))
    if by_team:
        sides = [
            (name, table)
            for table, a, b in matches.values_list("table", "team_a__team__name", "team_b__team__name")
            for name in (a, b)
            if name is not None
        ]
        sides.sort(key=lambda side: (side[0].casefold(), side[1]))
        size, count = TEAMS_PER_PAGE, len(sides)
    else:
        size, count = TABLES_PER_PAGE, matches.count()
    last = max(1, -(-count // size))
    number = 0 if whole else min(max(1, page), last)
    start, stop = (0, count) if whole else ((number - 1) * size, number * size)
    label = (
        (_("Players %(first)d–%(last)d") if round_.event.is_individual else _("Teams %(first)d–%(last)d"))
        if by_team
        else _("Tables %(first)d–%(last)d")
    )
    pages = (
        []
        if last == 1
        else [(n, label % {"first": (n - 1) * size + 1, "last": min(n * size, count)}) for n in range(1, last + 1)]
    )
    if by_team:
        wanted = sides[start:stop]
        tables = public_round_tables(round_=round_, tables={table for _name, table in wanted})
        keep = {(name.casefold(), table) for name, table in wanted}
        lines = [
            line
            for line in public_round_lines_by_team(tables=tables)
            if (line.team.name.casefold(), line.table) in keep
        ]
        return PairingsPage(tables=[], lines=lines, number=number, pages=pages, found=None)
    # The page's tables straight from the database (ORDER BY table LIMIT/OFFSET): no list of the whole round first.
    tables = _public_tables(round_=round_, matches=matches.order_by("table")[start : None if whole else stop])
    return PairingsPage(tables=tables, lines=[], number=number, pages=pages, found=None)


def _lines_naming(lines: list[PublicTeamLine], find: str) -> list[PublicTeamLine]:
    """The by-team lines a search names: the team itself (by its name or a player's), or its table."""
    text = find.casefold()
    return [
        line
        for line in lines
        if text in line.team.name.casefold()
        or str(line.table) == find
        or any(text in seat.player.name.casefold() for seat in line.team.seats)
    ]


# --- The top-cut bracket --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BracketSide:
    team: int | None
    name: str
    seed: int | None
    won: bool


@dataclass(frozen=True)
class BracketRound:
    name: str
    matches: list[tuple[BracketSide, BracketSide]]


def bracket_rounds(*, bracket, names: dict[int, str]) -> list[BracketRound]:
    """The bracket (tournaments.topcut.Bracket) with team names and each round named in the page's language."""
    round_names = {1: _("Final"), 2: _("Semifinals"), 3: _("Quarterfinals")}
    total = len(bracket.rounds)
    rounds = []
    for index, matches in enumerate(bracket.rounds):
        rounds.append(
            BracketRound(
                name=round_names.get(total - index, ""),
                matches=[
                    tuple(
                        BracketSide(
                            team, names.get(team, "") if team else "", seed, team is not None and team == m.winner
                        )
                        for team, seed in ((m.team_a, m.seed_a), (m.team_b, m.seed_b))
                    )
                    for m in matches
                ],
            )
        )
    return rounds


# --- A decklist, as its player reads it -----------------------------------------------------------------------------


def decklist_unread_lines(*, decklist) -> list:
    """The lines of a stored decklist Hydra could not read (cards.decklist.DecklistError), each message naming its
    line once, in the language of whoever reads the page now: the stored text is read again (the stored messages
    are in the submitter's language). Nothing to read again when the stored list had no such lines."""
    if decklist is None or not decklist.errors:
        return []
    return list(decklist_parse(decklist.text, resolver=card_name_index()).errors)
