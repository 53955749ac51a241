from collections.abc import Sequence
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max, Q
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.refusals import NotFound
from tournaments.enums import SEAT_LETTERS, EventStatus, ResultState, RoundKind
from tournaments.logtext import LogText
from tournaments.models.log import LogKind
from tournaments.models import Decklist, Event, Player, Registration, Round, Seat, Team
from tournaments.rights import may_drop_self
from tournaments.selectors.rounds import round_latest
from tournaments.services.errors import StateConflict
from tournaments.services.eventlog import LogAction, event_log_record
from tournaments.services.locks import registration_lock
from tournaments.services.scoreboard import event_bump_version, event_require_open
from tournaments.services.teamnames import registration_rename
from tournaments.services.invitations import seat_invitations_make
from tournaments.services.players import player_key, players_find_or_create_all, shown_name
from tournaments.services.topcut import topcut_award_dropped


def registration_seat_problems(
    *, event: Event, seats: Sequence[tuple[str, Player]], registration: Registration | None = None
) -> list[str]:
    """Return what is wrong with a team's seats for this event, as messages a person can act on.

    Checks RULES.md 1 and MTR 8.2: exactly one player per seat A, B, C ... up to the team size, no player twice,
    and no player already on another team of the same event.
    """
    others = Seat.objects.filter(event=event, player_id__in=[player.pk for _letter, player in seats])
    if registration is not None and registration.pk:
        others = others.exclude(registration=registration)
    return _seat_problems(
        event=event, seats=seats, seated=dict(others.values_list("player_id", "registration__team__name"))
    )


@transaction.atomic
def registration_create(
    *, event: Event, team: Team, players: Sequence[Player], joined_round: int = 1, missed_rounds_as_losses: bool = False
) -> Registration:
    """Register `team` for `event` with `players` on seats A, B, C ... in the order given.

    Raises ValidationError (nothing written) when the team is already registered or the seats break a rule.
    """
    if Registration.objects.filter(event=event, team=team).exists():
        raise ValidationError(_("%(team)s is already registered for this event.") % {"team": team.name})
    seats = list(zip(event.seat_letters, players, strict=False))
    if len(players) != event.team_size:
        seats = [(chr(ord("A") + i), p) for i, p in enumerate(players)]
    problems = registration_seat_problems(event=event, seats=seats)
    if problems:
        raise ValidationError(problems)
    registration = Registration.objects.create(
        event=event, team=team, joined_round=joined_round, missed_rounds_as_losses=missed_rounds_as_losses
    )
    Seat.objects.bulk_create(
        [Seat(registration=registration, event=event, letter=letter, player=player) for letter, player in seats]
    )
    event_bump_version(event_id=event.pk)
    return registration


def registration_last_played_round(*, registration: Registration) -> int:
    """The last round the team has played (or is playing): the event's latest round once it has started, else
    the round before it. 0 before the first round.

    A round has started once it is finished or any of its matches (byes aside) has a result. A team that drops
    while the latest round is paired but not started is therefore left out when that round is paired again.
    """
    latest = round_latest(event=registration.event_id)
    if latest is None:
        return 0
    started = (
        latest.is_finished
        or latest.matches.filter(team_b__isnull=False).exclude(result_state=ResultState.PENDING).exists()
    )
    return latest.number if started else latest.number - 1


@transaction.atomic
def registration_drop(*, registration: Registration, after_round: int | None = None, user=None) -> Registration:
    """Drop the whole team (RULES.md 1) after `after_round`: it has played that round and is not paired for any
    later one (nor when a later round is paired again). Without `after_round`, after the last round the team
    has played (registration_last_played_round). In the top cut, the team loses its pending playoff match: its
    opponent advances (topcut_award_dropped). Recorded in the event's log with who dropped it.

    Refused (StateConflict, nothing written) for a team that has already dropped, is disqualified or did not
    advance past the Day 2 cut (it is out by the cut, not by its own choice)."""
    registration = registration_lock(registration_id=registration.pk)  # the event first (services/locks.py)
    if registration.is_disqualified:
        raise StateConflict(
            _("%(team)s is disqualified: it is already out of the event.") % {"team": registration.team.name}
        )
    if registration.dropped_round is not None:
        raise StateConflict(
            _("%(team)s has already dropped (after round %(n)d).")
            % {"team": registration.team.name, "n": registration.dropped_round}
        )
    if registration.day2_cut_round is not None:
        raise StateConflict(
            _(
                "%(team)s did not advance past the Day 2 cut after round %(n)d and is no longer "
                "paired: there is nothing to drop."
            )
            % {"team": registration.team.name, "n": registration.day2_cut_round}
        )
    event_require_open(event_id=registration.event_id)
    if after_round is None:
        after_round = max(registration_last_played_round(registration=registration), registration.joined_round - 1)
    if after_round < registration.joined_round - 1:
        raise ValidationError(_("A team can't drop before the round it joined in."))
    registration.dropped_round = after_round
    registration.save(update_fields=["dropped_round"])
    topcut_award_dropped(event_id=registration.event_id)
    event_log_record(
        event=registration.event,
        user=user,
        action=LogAction.DROPPED,
        registration=registration,
        message=LogText(
            gettext_lazy("%(team)s dropped after round %(n)d."), {"team": registration.team.name, "n": after_round}
        ),
        before={"dropped_round": None},
        after={"dropped_round": after_round},
        data={"team": registration.pk, "after_round": after_round},
    )
    event_bump_version(event_id=registration.event_id)
    return registration


def registration_drop_self(*, registration: Registration, user) -> Registration:
    """A player drops from an individual event from their own phone (may_drop_self), after the last round they
    played: they are not paired again. Logged with who, as any drop (registration_drop); the organizer may
    reinstate them. Refused (nothing written) for anyone else (NotFound: nothing leaks), while the player's match
    of the latest round has no result yet (they drop after it: report it first, or ask the organizer), and as
    registration_drop refuses (already dropped, disqualified, the event closed)."""
    if not may_drop_self(user, registration):
        raise NotFound(_("No such entry in this event."))
    latest = round_latest(event=registration.event_id)
    if (
        latest is not None
        and not latest.is_finished
        and latest.matches.filter(
            Q(team_a=registration) | Q(team_b=registration),
            team_b__isnull=False,
            result_state=ResultState.PENDING,
        ).exists()
    ):
        raise StateConflict(
            _("Your match of %(round)s has no result yet: report it first, then drop (or ask the organizer).")
            % {"round": latest.name}
        )
    return registration_drop(registration=registration, user=user)


@transaction.atomic
def registration_reinstate(*, registration: Registration, user=None) -> Registration:
    """Undo a drop: the team is paired again from the next round on.

    Refused (StateConflict) for a team that never dropped, once the event has cut to its playoff (MTR 2.10:
    re-entry only while the Swiss rounds last) and for a disqualified team, which stays out."""
    registration = registration_lock(registration_id=registration.pk)  # the event first (services/locks.py)
    if registration.is_disqualified:
        raise StateConflict(
            _("%(team)s is disqualified: a disqualified team stays out of the event.")
            % {"team": registration.team.name}
        )
    if registration.event.status in (EventStatus.TOP_CUT, EventStatus.FINISHED):
        raise StateConflict(
            _(
                "The event has cut to its playoff: a dropped team can re-enter only while the Swiss rounds last "
                "(MTR 2.10)."
            )
        )
    if registration.dropped_round is None:
        raise StateConflict(
            _("%(team)s has not dropped: it is still in the event, there is nothing to reinstate.")
            % {"team": registration.team.name}
        )
    before, registration.dropped_round = registration.dropped_round, None
    registration.save(update_fields=["dropped_round"])
    event_log_record(
        event=registration.event,
        user=user,
        action=LogAction.REINSTATED,
        registration=registration,
        message=LogText(gettext_lazy("%(team)s was reinstated."), {"team": registration.team.name}),
        before={"dropped_round": before},
        after={"dropped_round": None},
        data={"team": registration.pk},
    )
    event_bump_version(event_id=registration.event_id)
    return registration


@transaction.atomic
def registration_disqualify(
    *, registration: Registration, reason: str, user=None, player: Player | None = None
) -> Registration:
    """Disqualify the team (a member's disqualification disqualifies the team, MTR 8.2).

    The team gets no further pairings (as after a drop, from the round it is in), shows as disqualified rather
    than dropped, and its earlier matches keep counting for its opponents' tiebreakers. In the playoff it loses
    its pending match and its opponent advances. The reason is recorded, with who and when, in the event's log.
    """
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError(
            {"reason": _("Give the reason for the disqualification; it is recorded in the event's log.")}
        )
    registration = registration_lock(registration_id=registration.pk)  # the event first (services/locks.py)
    if registration.is_disqualified:
        raise StateConflict(_("%(team)s is already disqualified.") % {"team": registration.team.name})
    event_require_open(event_id=registration.event_id)
    if player is not None and not registration.seats.filter(player=player).exists():
        raise ValidationError(
            {
                "player": _("%(player)s is not on team %(team)s.")
                % {"player": player.name, "team": registration.team.name}
            }
        )
    if registration.dropped_round is None:
        registration.dropped_round = max(
            registration_last_played_round(registration=registration), registration.joined_round - 1
        )
    registration.disqualified_at = timezone.now()
    registration.disqualified_reason = reason[:2000]
    registration.save(update_fields=["dropped_round", "disqualified_at", "disqualified_reason"])
    topcut_award_dropped(event_id=registration.event_id)
    who = LogText(gettext_lazy(" (%(player)s)"), {"player": player.name}) if player is not None else ""
    event_log_record(
        event=registration.event,
        user=user,
        action=LogAction.DISQUALIFIED,
        registration=registration,
        message=LogText(
            gettext_lazy("%(team)s%(who)s was disqualified: %(reason)s"),
            {"team": registration.team.name, "who": who, "reason": reason},
        ),
        after={"disqualified_reason": reason, "dropped_round": registration.dropped_round},
        data={
            "team": registration.pk,
            "player": player.pk if player else None,
            "reason": reason,
            "after_round": registration.dropped_round,
        },
    )
    event_bump_version(event_id=registration.event_id)
    return registration


def registration_seats_locked(*, event: Event) -> bool:
    """Seats lock once the first round is paired (RULES.md 1); after that only a judge's correction changes them."""
    return Round.objects.filter(event=event).exists()


def registration_delete_refusal(*, registration: Registration) -> str | None:
    """Why this registration can't be deleted, or None: once round 1 is paired a team drops instead."""
    if registration_seats_locked(event=registration.event):
        return _("Round 1 is paired: a team that leaves now is dropped, not deleted, so its results stay.")
    return None


@transaction.atomic
def registration_delete(*, registration: Registration, user=None) -> None:
    """Delete a registration before round 1 is paired (its seats go with it); recorded in the event's log."""
    registration = registration_lock(registration_id=registration.pk)  # the event first (services/locks.py)
    refusal = registration_delete_refusal(registration=registration)
    if refusal:
        raise StateConflict(refusal)
    event, name = registration.event, registration.team.name
    players = list(registration.seats.values_list("player__name", flat=True))
    registration.delete()
    event_log_record(
        event=event,
        user=user,
        action=LogAction.DELETED,
        kind=LogKind.SEATS,
        message=LogText(gettext_lazy("Registration of %(team)s deleted."), {"team": name}),
        data={"team": name, "players": players},
    )
    event_bump_version(event_id=event.pk)


def _next_round_number(event: Event) -> int:
    return Round.objects.filter(event=event, kind=RoundKind.SWISS).count() + 1


@dataclass(frozen=True)
class SeatEntry:
    """One seat as an organizer types it: the letter, the player's name (or username, or e-mail address) and,
    from a file's `email` column, their e-mail address."""

    letter: str
    player: str
    email: str = ""


def _resolve_seats(
    *, event: Event, seats: Sequence[SeatEntry]
) -> tuple[list[tuple[str, Player]], list[tuple[Player, object]]]:
    """Each seat's player (players_find_or_create_all: the organizer's own placeholders, else new ones) and the
    accounts to invite to the new placeholders' seats."""
    letters = [s.letter.strip().upper() for s in seats]
    bad = [letter for letter in letters if letter not in event.seat_letters]
    if bad:
        raise ValidationError(
            {
                "seats": _("This event has teams of %(size)d: use the seats %(seats)s (not %(bad)s).")
                % {
                    "size": event.team_size,
                    "seats": ", ".join(event.seat_letters),
                    "bad": ", ".join(sorted(set(bad))) or "''",
                }
            }
        )
    found = players_find_or_create_all(
        names=[entry.player for entry in seats],
        organizer=event.organizer_id,
        event=event,
        emails={player_key(e.player): e.email for e in seats if e.email},
    )
    problems = [
        _("Seat %(letter)s: %(problem)s") % {"letter": letter, "problem": m}
        for letter, entry in zip(letters, seats, strict=True)
        for m in found.refused.get(player_key(entry.player), ())
    ]
    if problems:
        raise ValidationError({"seats": problems})
    resolved = [(letter, found.players[player_key(entry.player)]) for letter, entry in zip(letters, seats, strict=True)]
    invited = [(found.players[key], account) for key, account in found.invited.items()]
    return resolved, invited


@transaction.atomic
def registration_register(
    *,
    event: Event,
    team_name: str,
    seats: Sequence[SeatEntry],
    user=None,
    joined_round: int | None = None,
    missed_rounds_as_losses: bool = False,
) -> Registration:
    """Register a team by name with its players by name, seat by seat (the organizer's way from the API and from
    files). The team is matched by name (case ignored) or created; each player is the organizer's own placeholder
    of that name or a new one, and a typed account's person is invited (players_find_or_create_all).

    A team entered once the Swiss rounds have begun is a late entry: it joins in the next round unless
    `joined_round` says otherwise. Refused (nothing written) once the top cut has started, and for every rule
    registration_create checks.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status in (EventStatus.TOP_CUT, EventStatus.FINISHED):
        raise StateConflict(_("The Swiss rounds of this event are over: no team can enter any more."))
    name = shown_name(team_name)  # a team (an individual event's player) typed by address: its first part
    if not name:
        raise ValidationError({"name": _("Give the team's name.")})
    if len(name) > Team._meta.get_field("name").max_length:
        raise ValidationError(
            {"name": _("A team's name has at most %(n)d characters.") % {"n": Team._meta.get_field("name").max_length}}
        )
    next_round = _next_round_number(event)
    if joined_round is None:
        joined_round = next_round
    elif joined_round < next_round:
        raise ValidationError(
            {
                "joined_round": _(
                    "Round %(n)d is already paired: a team entering now joins in round %(next)d or later."
                )
                % {"n": joined_round, "next": next_round}
            }
        )
    team = Team.objects.filter(name__iexact=name).first() or Team.objects.create(name=name)
    resolved, invited = _resolve_seats(event=event, seats=seats)
    order = {letter: i for i, letter in enumerate(SEAT_LETTERS)}
    resolved.sort(key=lambda item: order[item[0]])
    problems = registration_seat_problems(event=event, seats=resolved)
    if problems:
        raise ValidationError({"seats": problems})
    registration = registration_create(
        event=event,
        team=team,
        players=[p for _letter, p in resolved],
        joined_round=joined_round,
        missed_rounds_as_losses=missed_rounds_as_losses,
    )
    seat_invitations_make(event=event, invited=invited, by=user)
    return registration


def registration_register_player(
    *,
    event: Event,
    player: str,
    user=None,
    joined_round: int | None = None,
    missed_rounds_as_losses: bool = False,
) -> Registration:
    """Register one player in an individual event: a team of one, named as the player, on seat A (RULES.md 9).
    Everything else as registration_register; refused in a team event (a team needs its name and every seat)."""
    if not event.is_individual:
        raise ValidationError(
            {
                "player": _(
                    "This event has teams of %(size)d: register a team with its name and a player for each seat."
                )
                % {"size": event.team_size}
            }
        )
    return registration_register(
        event=event,
        team_name=player,
        seats=[SeatEntry(letter="A", player=player)],
        user=user,
        joined_round=joined_round,
        missed_rounds_as_losses=missed_rounds_as_losses,
    )


def individual_entry(*, player: str, where: str, joined_round: int | None = None, byes: int = 0) -> "TeamEntry":
    """The import entry of one player of an individual event: a team of one named as the player, on seat A."""
    name = " ".join(player.split())
    return TeamEntry(
        name=name, seats=(SeatEntry(letter="A", player=name),), where=where, joined_round=joined_round, byes=byes
    )


@transaction.atomic
def registration_update(
    *,
    registration: Registration,
    user=None,
    name: str | None = None,
    seats: Sequence[SeatEntry] | None = None,
    judge_correction: str = "",
) -> Registration:
    """Rename the team and/or change its seats.

    A team's name belongs to the team across events: when the team has played other events too, this event's
    registration moves to a team of the new name, so the old events keep the old name. Seats change freely until
    the first round is paired; after that only as a judge's correction (`judge_correction` says why), recorded in
    the event's log with who and why. A seat's decklist stays with the seat.
    """
    registration = registration_lock(registration_id=registration.pk)  # the event first (services/locks.py)
    event = registration.event
    if name is not None:
        registration_rename(registration=registration, name=name, user=user)
    if seats is not None:
        _change_seats(registration=registration, seats=seats, user=user, judge_correction=judge_correction)
    event_bump_version(event_id=event.pk)
    return registration


def _change_seats(*, registration: Registration, seats: Sequence[SeatEntry], user, judge_correction: str) -> None:
    event = registration.event
    reason = (judge_correction or "").strip()
    locked = registration_seats_locked(event=event)
    if locked and not reason:
        raise StateConflict(
            _(
                "Seats are locked: round 1 is paired. Only a judge's correction of a mistake may change them; "
                "give its reason (judge_correction) and it is recorded in the event's log."
            )
        )
    resolved, invited = _resolve_seats(event=event, seats=seats)
    problems = registration_seat_problems(event=event, seats=resolved, registration=registration)
    if problems:
        raise ValidationError({"seats": problems})
    current = {s.letter: s for s in registration.seats.select_related("player")}
    changed = [(letter, player) for letter, player in resolved if current[letter].player_id != player.pk]
    if not changed:
        return
    # Deleted and written again (a swap within the team would trip the one-seat-per-player constraint midway);
    # each seat's decklist is kept and moved to the new row of its seat.
    kept = {
        d.seat.letter: d
        for d in Decklist.objects.filter(seat__in=[current[x] for x, _p in changed]).select_related("seat")
    }
    before = {letter: current[letter].player.name for letter, _p in changed}
    Seat.objects.filter(pk__in=[current[x].pk for x, _p in changed]).delete()
    new_seats = {
        letter: Seat.objects.create(registration=registration, event=event, letter=letter, player=player)
        for letter, player in changed
    }
    for letter, old in kept.items():
        Decklist.objects.create(
            seat=new_seats[letter],
            text=old.text,
            main=old.main,
            sideboard=old.sideboard,
            errors=old.errors,
            submitted_by_id=old.submitted_by_id,
        )
    after = {letter: player.name for letter, player in changed}
    if locked or reason:
        message = gettext_lazy("Judge's correction of %(team)s's seats (%(changes)s): %(reason)s")
    else:
        message = gettext_lazy("%(team)s's seats changed (%(changes)s).%(reason)s")
    changes = ", ".join(f"{x}: {before[x]} → {after[x]}" for x in sorted(after))
    event_log_record(
        event=event,
        user=user,
        action=LogAction.SEATS_CORRECTED,
        registration=registration,
        message=LogText(message, {"team": registration.team.name, "changes": changes, "reason": reason}),
        before=before,
        after=after,
        data={"team": registration.pk, "before": before, "after": after, "reason": reason},
    )
    seated = {player.pk for _letter, player in changed}
    seat_invitations_make(event=event, invited=[(p, a) for p, a in invited if p.pk in seated], by=user)


@dataclass(frozen=True)
class TeamEntry:
    """One team of an import: its name, seats, and where it came from (for messages: "line 4" or "team 3")."""

    name: str
    seats: tuple[SeatEntry, ...]
    where: str
    joined_round: int | None = None
    byes: int = 0  # byes earned in advance, 0 to 3 (issue 42)


@transaction.atomic
def teams_import(
    *, event: Event, teams: Sequence[TeamEntry], user=None, problems: Sequence[str] = ()
) -> list[Registration]:
    """Register many teams at once, all or nothing: every team is held to the rules registration_register applies
    one by one (its name, the round it joins, its seats, each player matched or made by players_find_or_create_all, no
    player twice in the event), and when any is refused, none is registered and every refusal is named with its
    place in the file. `problems` are refusals found earlier (lines that could not be read); they refuse the import
    too. A fixed number of queries whatever the number of teams (a team list of 1,024 teams is one request).
    """
    return _teams_import(event=event, teams=teams, user=user, problems=problems, partial=False).registrations


@dataclass
class ImportOutcome:
    """What teams_import_lines did, by each entry's place in the list: the registration it got, or why it was
    refused, and which of the refused ones were refused only because they are registered already."""

    registrations: list[Registration] = field(default_factory=list)
    placed: dict[int, Registration] = field(default_factory=dict)
    refused: dict[int, list[str]] = field(default_factory=dict)
    already: set[int] = field(default_factory=set)


@transaction.atomic
def teams_import_lines(*, event: Event, teams: Sequence[TeamEntry], user=None) -> ImportOutcome:
    """teams_import for a list whose lines stand alone (an EventLink invite list, issue 53): the same rules and the
    same consent (a player matched only to the organizer's own placeholders, an account's person invited, never
    seated), but a refused entry is left out and reported instead of refusing the others. Those registered are
    written together in one transaction (all of them or none); a player made for an entry that was then refused is
    removed again, and only the seated players' accounts are invited. An entry whose player or team already holds
    a place in the event is `already`, not an error."""
    return _teams_import(event=event, teams=teams, user=user, problems=(), partial=True)


def _teams_import(
    *, event: Event, teams: Sequence[TeamEntry], user, problems: Sequence[str], partial: bool
) -> ImportOutcome:
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status in (EventStatus.TOP_CUT, EventStatus.FINISHED):
        raise StateConflict(_("The Swiss rounds of this event are over: no team can enter any more."))
    next_round = _next_round_number(event)
    name_limit = Team._meta.get_field("name").max_length
    errors = list(problems)
    refusals: list[list[str]] = [[] for _entry in teams]
    planned: list[tuple[int, TeamEntry, str, int, list[tuple[str, str]]]] = []  # (place, entry, name, joined, seats)
    seen: dict[str, str] = {}
    twice: dict[int, str] = {}
    for place, entry in enumerate(teams):
        key = " ".join(entry.name.split()).lower()
        if key in seen:
            twice[place] = _("%(where)s: the team %(name)s appears twice (also %(other)s); give each team once.") % {
                "where": entry.where,
                "name": entry.name,
                "other": seen[key],
            }
            continue
        seen[key] = entry.where
        refused = refusals[place]
        name = shown_name(entry.name)
        joined_round = next_round if entry.joined_round is None else entry.joined_round
        letters = [s.letter.strip().upper() for s in entry.seats]
        bad = [letter for letter in letters if letter not in event.seat_letters]
        if not name:
            refused.append(_("Give the team's name."))
        elif len(name) > name_limit:
            refused.append(_("A team's name has at most %(n)d characters.") % {"n": name_limit})
        elif joined_round < next_round:
            refused.append(
                _("Round %(n)d is already paired: a team entering now joins in round %(next)d or later.")
                % {"n": joined_round, "next": next_round}
            )
        elif not 0 <= entry.byes <= 3:
            refused.append(_("Byes in advance are a whole number from 0 to 3."))
        elif entry.byes and next_round > 1:
            refused.append(_("Round 1 is already paired: byes in advance are given before it is."))
        elif bad:
            refused.append(
                _("This event has teams of %(size)d: use the seats %(seats)s (not %(bad)s).")
                % {
                    "size": event.team_size,
                    "seats": ", ".join(event.seat_letters),
                    "bad": ", ".join(sorted(set(bad))) or "''",
                }
            )
        else:
            planned.append((place, entry, name, joined_round, list(zip(letters, entry.seats, strict=True))))
    newest_before = (Player.objects.aggregate(m=Max("pk"))["m"] or 0) if partial else 0
    match = players_find_or_create_all(
        names=[s.player for *_rest, seats in planned for _letter, s in seats],
        organizer=event.organizer_id,
        event=event,
        emails={player_key(s.player): s.email for *_rest, seats in planned for _letter, s in seats if s.email},
    )
    players, player_refusals = match.players, match.refused
    existing_teams: dict[str, Team] = {}
    for team in (
        Team.objects.annotate(key=Lower("name"))
        .filter(key__in=[name.lower() for _p, _e, name, _j, _s in planned])
        .order_by("name", "pk")
    ):
        existing_teams.setdefault(team.key, team)
    registered_teams = set(
        Registration.objects.filter(event=event, team__in=list(existing_teams.values())).values_list(
            "team_id", flat=True
        )
    )
    player_ids = [p.pk for p in players.values()]
    made_here = {p.pk for p in players.values() if p.pk > newest_before}
    seated: dict[int, str] = {  # player -> the team they are on in this event (already, or earlier in this file)
        player: team
        for player, team in Seat.objects.filter(event=event, player_id__in=player_ids).values_list(
            "player_id", "registration__team__name"
        )
    }
    seated_before = set(seated)
    order = {letter: i for i, letter in enumerate(SEAT_LETTERS)}
    accepted = []
    accepted_places: list[int] = []
    outcome = ImportOutcome()
    for place, entry, name, joined_round, seats in planned:
        refused = refusals[place]
        refusal = next(
            (player_refusals[player_key(s.player)] for _letter, s in seats if player_key(s.player) in player_refusals),
            None,
        )
        if refusal is not None:
            letter = next(letter for letter, s in seats if player_key(s.player) in player_refusals)
            refused.extend(_("Seat %(letter)s: %(problem)s") % {"letter": letter, "problem": m} for m in refusal)
            continue
        resolved = sorted(
            ((letter, players[player_key(s.player)]) for letter, s in seats), key=lambda item: order[item[0]]
        )
        team = existing_teams.get(name.lower())
        team_name = team.name if team is not None else name
        found = _seat_problems(event=event, seats=resolved, seated=seated)
        if not found and team is not None and team.pk in registered_teams:
            found = [_("%(team)s is already registered for this event.") % {"team": team.name}]
        if found:
            refused.extend(found)
            # Registered before this list (not by an earlier line of it): a list given again says so, no error.
            if all(p.pk in seated_before for _letter, p in resolved if p.pk in seated) and (
                any(p.pk in seated_before for _letter, p in resolved)
                or (team is not None and team.pk in registered_teams)
            ):
                outcome.already.add(place)
            continue
        for _letter, player in resolved:
            seated[player.pk] = team_name
        accepted.append((team, name, joined_round, resolved, entry.byes))
        accepted_places.append(place)
    if partial:
        outcome.refused = {place: [twice[place]] if place in twice else refusals[place] for place in range(len(teams))}
        outcome.refused = {place: found for place, found in outcome.refused.items() if found}
    else:
        for place, entry in enumerate(teams):
            if place in twice:
                errors.append(twice[place])
            errors.extend(
                _("%(where)s (%(name)s): %(problem)s") % {"where": entry.where, "name": entry.name, "problem": m}
                for m in refusals[place]
            )
    if errors:
        raise ValidationError({"rows": errors})
    if not accepted and not partial:
        raise ValidationError({"rows": [_("The file names no team.")]})
    made = iter(Team.objects.bulk_create(Team(name=name) for team, name, _j, _s, _b in accepted if team is None))
    registrations = Registration.objects.bulk_create(
        Registration(
            event=event, team=team if team is not None else next(made), joined_round=joined_round, byes_in_advance=byes
        )
        for team, _name, joined_round, _seats, byes in accepted
    )
    Seat.objects.bulk_create(
        Seat(registration=registration, event=event, letter=letter, player=player)
        for registration, (_team, _name, _joined, resolved, _byes) in zip(registrations, accepted, strict=True)
        for letter, player in resolved
    )
    given = {name: byes for _team, name, _joined, _seats, byes in accepted if byes}
    if given:
        event_log_record(
            event=event,
            user=user,
            action=LogAction.SETTINGS_CHANGED,
            message=LogText(
                gettext_lazy("Byes in advance from the team list: %(list)s."),
                {"list": ", ".join(f"{name} {byes}" for name, byes in given.items())},
            ),
            after={"byes_in_advance": given},
        )
    seated_now = {player.pk for _t, _n, _j, resolved, _b in accepted for _letter, player in resolved}
    seat_invitations_make(
        event=event,
        invited=[(players[key], account) for key, account in match.invited.items() if players[key].pk in seated_now],
        by=user,
    )
    if partial:
        # A player this list made for an entry refused afterwards (its team already registered): nobody's, removed.
        spare = made_here - seated_now
        if spare:
            get_user_model().objects.filter(
                player__pk__in=spare, player__made_by_id=event.organizer_id, player__seats__isnull=True
            ).delete()
        outcome.placed = dict(zip(accepted_places, registrations, strict=True))
    outcome.registrations = registrations
    if registrations:
        event_bump_version(event_id=event.pk)
    return outcome


def _seat_problems(*, event: Event, seats: list[tuple[str, Player]], seated: dict[int, str]) -> list[str]:
    """registration_seat_problems with the event's seated players given (player -> team name), for many teams."""
    problems: list[str] = []
    expected = list(event.seat_letters)
    if len(seats) != event.team_size:
        problems.append(
            _("This event has teams of %(size)d: give exactly %(size)d players, one per seat %(seats)s (got %(got)d).")
            % {"size": event.team_size, "seats": ", ".join(expected), "got": len(seats)}
        )
    elif sorted(letter for letter, _player in seats) != expected:
        problems.append(_("Use the seats %(seats)s, each once.") % {"seats": ", ".join(expected)})
    ids = [player.pk for _letter, player in seats]
    if len(set(ids)) != len(ids):
        problems.append(_("A player can hold only one seat."))
    problems.extend(
        _("%(player)s is already on team %(team)s in this event.") % {"player": player.name, "team": seated[player.pk]}
        for _letter, player in seats
        if player.pk in seated
    )
    return problems


def team_entries_from_rows(rows) -> list[TeamEntry]:
    """Group `team,seat,player` rows (tournaments.teamcsv.TeamRow) into teams, in the order they first appear."""
    grouped: dict[str, list] = {}
    names: dict[str, str] = {}
    for row in rows:
        key = row.team.lower()
        grouped.setdefault(key, []).append(row)
        names.setdefault(key, row.team)
    entries = []
    for key, team_rows in grouped.items():
        lines = [r.line for r in team_rows]
        where = (
            (_("Line %(n)d") % {"n": lines[0]})
            if len(lines) == 1
            else (_("Lines %(lines)s") % {"lines": ", ".join(map(str, lines))})
        )
        entries.append(
            TeamEntry(
                name=names[key],
                where=where,
                byes=max(r.byes for r in team_rows),
                seats=tuple(SeatEntry(letter=r.seat, player=r.player, email=r.email) for r in team_rows),
            )
        )
    return entries
