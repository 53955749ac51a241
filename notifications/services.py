"""Writes of the notifications: who is told what after a change (from the event log's entry, after its commit),
the push hand-over in batches, the e-mail digest, reading, choices and push subscriptions.

Who is told (docs/portal.md, "Notifications"): the players of the match or team concerned, never anyone else. A
penalty is told to the penalized player alone (a penalty is hidden from everyone but its player and the judges,
tournaments.rights.may_see_penalty); an announcement to every player of the event."""

import ipaddress
import json
import logging
import secrets
from collections import defaultdict
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from http import HTTPStatus
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Q
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from pywebpush import WebPushException, webpush

from common.outbound import OutboundError, OutboundRefused, address_problem, outbound_request
from common.tasks import send_after_commit
from notifications.live import unread_publish
from notifications.kinds import DEFAULT_CHANNELS, Channel, NoticeKind
from notifications.models import Notification, NotificationPreference, PushSubscription
from notifications.texts import notice_body, notice_title
from notifications.vapid import vapid_key
from drafting.models import DraftTable, PackSource, TimerKind
from drafting.models import Pod as DraftPod
from drafting.models import PodTeam
from multiplayer.models import MultiplayerBye, MultiplayerSeat
from signup.models import SignupSeat
from tournaments.models import EventLogEntry, Phase, Registration, Round, Seat, TeamMatch
from tournaments.enums import ResultState, RoundKind
from tournaments.models.clock import ClockPurpose, ClockStatus, EventDesk, RoundClock
from tournaments.selectors.rounds import PUBLISHED_ROUND, round_latest
from tournaments.services.eventlog import LogAction
from tournaments.services.mail import mail_send
from tournaments.selectors.languages import mail_language_note, person_languages
from tournaments.selectors.phases import event_phases, phase_first_round

log = logging.getLogger(__name__)

FROM_LOG_TASK = "notifications.from_log_entry"
PUSH_TASK = "notifications.push"
PUSH_BATCH = 200
PUSH_THREADS = 16
# The push service's answers that say the browser dropped the subscription: forget it.
GONE = {404, 410}

# A pairing tells its players where they sit; a round paired as a draft (the event reviews its pairings, issue 53:
# its entry says "draft") tells no one until it is published.
_PAIRED = {LogAction.ROUND_PAIRED, LogAction.ROUND_REPAIRED, LogAction.TOP_CUT_PAIRED, LogAction.ROUND_PUBLISHED}
_TO_CONFIRM = {LogAction.RESULT_REPORTED, LogAction.RESULT_REPORT_CORRECTED}
_DISPUTED = {LogAction.RESULT_DISPUTED: False, LogAction.RESULT_CORRECTED: True}
# The paper draft's timers (drafting/services/paper.py logs "timer_<kind>_start").
_CALL_STARTED, _BUILDING_STARTED = f"timer_{TimerKind.CALLED_DRAFT}_start", f"timer_{TimerKind.DECK_BUILDING}_start"
# The actions someone is told about: the others cost no task at all.
NOTIFYING = (
    _PAIRED
    | _TO_CONFIRM
    | set(_DISPUTED)
    | {
        LogAction.PENALTY,
        LogAction.ANNOUNCED,
        LogAction.SIGNUP_APPROVED,
        LogAction.WAITLIST_MOVED_UP,
        LogAction.DAY2_CUT,
        LogAction.DAY2_CUT_UNDONE,
        LogAction.PHASE_STARTED,
        _CALL_STARTED,
        _BUILDING_STARTED,
    }
)


def notices_schedule(*, entry_id: int, action: str) -> None:
    """After the entry's transaction commits, have a worker turn it into notifications (the request that made the
    change waits for nothing of it); nothing for an action no one is told about."""
    if action not in NOTIFYING:
        return
    send_after_commit(FROM_LOG_TASK, entry_id, what="the notifications")


def _users_of(registration_ids: Iterable[int]) -> dict[int, list[int]]:
    """registration id -> the user ids of its players."""
    users = defaultdict(list)
    for registration_id, user_id in Seat.objects.filter(registration_id__in=list(registration_ids)).values_list(
        "registration_id", "player__user_id"
    ):
        users[registration_id].append(user_id)
    return users


def _match_link(match_id: int) -> str:
    return reverse("portal:match", args=[match_id])


def _event_link(entry: EventLogEntry) -> str:
    return reverse("portal:event", args=[entry.event_id])


def _told(
    entry: EventLogEntry, *, kind: str, seats: Iterable[tuple[int, dict]], source: str | None = None
) -> list[Notification]:
    """One notification of `kind` for each player of each (registration id, params) pair, linked to the event
    (params get the event's name); a registration's players each get their own row. The source is the log
    entry unless given."""
    seats = list(seats)
    users = _users_of({registration_id for registration_id, _params in seats})
    return [
        Notification(
            person_id=user_id,
            event_id=entry.event_id,
            kind=kind,
            source=source or f"log:{entry.pk}",
            link=_event_link(entry),
            params={"event": entry.event.name, **params},
        )
        for registration_id, params in seats
        for user_id in users[registration_id]
    ]


def _pod_round_paired(entry: EventLogEntry, round_: Round) -> list[Notification]:
    """A multiplayer pod round (multiplayer/): each player their pod and seat, or their bye; once a round."""
    top = {"top": True} if round_.kind == RoundKind.PLAYOFF else {}  # the top pod says so (issue 56)
    seats = [
        (registration_id, {"round": round_.number, "pod": pod, "seat": position, **top})
        for registration_id, pod, position in MultiplayerSeat.objects.filter(table__round=round_).values_list(
            "registration_id", "table__number", "position"
        )
    ]
    seats += [
        (registration_id, {"round": round_.number, "opponent": None})
        for registration_id in MultiplayerBye.objects.filter(round=round_).values_list("registration_id", flat=True)
    ]
    return _told(entry, kind=NoticeKind.ROUND_PAIRED, seats=seats, source=f"round:{round_.pk}")


def _day2_cut(entry: EventLogEntry) -> list[Notification]:
    """Each player of the cut: advanced or not (a team's members: their team). An undo tells those the cut told."""
    data = entry.data or {}
    individual = entry.event.is_individual
    if entry.action == LogAction.DAY2_CUT:
        seats = [
            (r, {"round": data.get("round"), "advanced": True, "individual": individual})
            for r in data.get("advanced", [])
        ]
        seats += [
            (r, {"round": data.get("round"), "advanced": False, "individual": individual})
            for r in data.get("not_advanced", [])
        ]
        return _told(entry, kind=NoticeKind.DAY2_CUT, seats=seats)
    cut = (
        EventLogEntry.objects.filter(event_id=entry.event_id, action=LogAction.DAY2_CUT, pk__lt=entry.pk)
        .order_by("-pk")
        .first()
    )
    told = set(data.get("back", []))
    if cut is not None:
        told |= set((cut.data or {}).get("advanced", [])) | set((cut.data or {}).get("not_advanced", []))
    return _told(
        entry, kind=NoticeKind.DAY2_CUT, seats=[(r, {"round": data.get("round"), "undone": True}) for r in sorted(told)]
    )


def _active_in(event_id: int, *, round_number: int) -> list[int]:
    """The event's entrants who play round `round_number`: joined, not dropped before it, not cut at Day 2."""
    return list(
        Registration.objects.filter(event_id=event_id, joined_round__lte=round_number, day2_cut_round__isnull=True)
        .filter(Q(dropped_round__isnull=True) | Q(dropped_round__gte=round_number))
        .values_list("pk", flat=True)
    )


def _phase_started(entry: EventLogEntry) -> list[Notification]:
    """Each player of the phase: their pod and seat when it plays in pods, else the round it starts with."""
    phase = Phase.objects.filter(event_id=entry.event_id, number=(entry.data or {}).get("phase")).first()
    if phase is None:
        return []
    base = {
        "phase": phase.number,
        "name": phase.name,
        "format": phase.format_kind,
        "individual": entry.event.is_individual,
    }
    placed = list(phase.seats.values_list("registration_id", "pod__number", "seat"))
    if placed:
        return _told(
            entry,
            kind=NoticeKind.PHASE_STARTED,
            seats=[(r, {**base, "pod": pod, "seat": seat}) for r, pod, seat in placed],
        )
    first = phase_first_round(phase=phase, phases=event_phases(event=entry.event))
    return _told(
        entry,
        kind=NoticeKind.PHASE_STARTED,
        seats=[(r, {**base, "round": first}) for r in _active_in(entry.event_id, round_number=first)],
    )


def _paper_draft(entry: EventLogEntry) -> list[Notification]:
    """A paper draft's call: the pod's (or every paper pod's) players their pod and seat, a Rochester table's
    two teams their table. Deck building: every player still in the event."""
    data = entry.data or {}
    if entry.action == _BUILDING_STARTED:
        minutes = round((data.get("seconds") or 0) / 60)
        current = getattr(round_latest(event=entry.event_id), "number", None) or 1
        return _told(
            entry,
            kind=NoticeKind.PAPER_DRAFT,
            seats=[
                (r, {"what": "building", "minutes": minutes}) for r in _active_in(entry.event_id, round_number=current)
            ],
        )
    if data.get("table"):
        table = DraftTable.objects.filter(pk=data["table"], event_id=entry.event_id).first()
        if table is None:
            return []
        return _told(
            entry,
            kind=NoticeKind.PAPER_DRAFT,
            seats=[(r, {"what": "call", "table": table.number}) for r in (table.team1_id, table.team2_id) if r],
        )
    pods = DraftPod.objects.filter(event_id=entry.event_id, pack_source=PackSource.PAPER)
    if data.get("pod"):
        pods = pods.filter(pk=data["pod"])
    return _told(
        entry,
        kind=NoticeKind.PAPER_DRAFT,
        seats=[
            (r, {"what": "call", "pod": pod, "seat": seat + 1})
            for r, pod, seat in PodTeam.objects.filter(pod__in=pods).values_list(
                "registration_id", "pod__number", "seat"
            )
        ],
    )


def _round_paired(entry: EventLogEntry) -> list[Notification]:
    if (entry.data or {}).get("draft"):
        return []  # told when it is published (its own entry)
    round_ = Round.objects.filter(event_id=entry.event_id, number=entry.round_number).first()
    if round_ is None or not round_.is_published:
        return []
    if entry.event.is_multiplayer:
        return _pod_round_paired(entry, round_)
    matches = list(TeamMatch.objects.filter(round=round_).select_related("team_a__team", "team_b__team"))
    users = _users_of({m.team_a_id for m in matches} | {m.team_b_id for m in matches if m.team_b_id})
    desk = EventDesk.objects.filter(event_id=entry.event_id).values_list("round_minutes", flat=True).first()
    notices = []
    for match in matches:
        sides = [(match.team_a_id, match.team_b)] + ([(match.team_b_id, match.team_a)] if match.team_b_id else [])
        for registration_id, other in sides:
            params = {
                "event": entry.event.name,
                "round": round_.number,
                "table": match.table,
                "opponent": other.team.name if other else None,
                "minutes": desk,
            }
            notices += [
                Notification(
                    person_id=user_id,
                    event_id=entry.event_id,
                    kind=NoticeKind.ROUND_PAIRED,
                    source=f"match:{match.pk}",
                    params=params,
                    link=_match_link(match.pk),
                )
                for user_id in users[registration_id]
            ]
    return notices


def _match_notices(entry: EventLogEntry, *, kind: str, registration_ids: Iterable[int], **extra) -> list[Notification]:
    match = entry.match
    params = {
        "event": entry.event.name,
        "round": entry.round_number,
        "table": match.table,
        "result": (entry.after or {}).get("result"),
        **extra,
    }
    users = _users_of(registration_ids)
    return [
        Notification(
            person_id=user_id,
            event_id=entry.event_id,
            kind=kind,
            source=f"log:{entry.pk}",
            params=params,
            link=_match_link(match.pk),
        )
        for registration_id in registration_ids
        for user_id in users[registration_id]
    ]


def _to_confirm(entry: EventLogEntry) -> list[Notification]:
    """The other team's players: the team that reported waits for them."""
    match = entry.match
    reporters = set(
        Seat.objects.filter(
            player__user_id=match.reported_by_id, registration_id__in=[match.team_a_id, match.team_b_id]
        ).values_list("registration_id", flat=True)
    )
    others = [r for r in (match.team_a_id, match.team_b_id) if r and r not in reporters]
    return _match_notices(entry, kind=NoticeKind.RESULT_TO_CONFIRM, registration_ids=others)


def _disputed(entry: EventLogEntry) -> list[Notification]:
    match = entry.match
    return _match_notices(
        entry,
        kind=NoticeKind.RESULT_DISPUTED,
        corrected=_DISPUTED[entry.action],
        registration_ids=[r for r in (match.team_a_id, match.team_b_id) if r],
    )


def _penalty(entry: EventLogEntry) -> list[Notification]:
    """The penalized player only: never the opponent, the teammates or the event."""
    data = entry.data or {}
    user_id = (
        Seat.objects.filter(player_id=data.get("player"), registration_id=data.get("team"))
        .values_list("player__user_id", flat=True)
        .first()
    )
    if user_id is None:
        return []
    return [
        Notification(
            person_id=user_id,
            event_id=entry.event_id,
            kind=NoticeKind.PENALTY,
            source=f"log:{entry.pk}",
            link=reverse("portal:event", args=[entry.event_id]),
            params={"event": entry.event.name, "penalty": data["penalty"], "infraction": data["infraction"]},
        )
    ]


def _place(entry: EventLogEntry) -> list[Notification]:
    """The players of the team that got its place (approved, or moved up from the waitlist)."""
    data = entry.data or {}
    user_ids = set(
        SignupSeat.objects.filter(
            signup_id=data.get("signup"), signup__event_id=entry.event_id, active=True
        ).values_list("player__user_id", flat=True)
    )
    return [
        Notification(
            person_id=user_id,
            event_id=entry.event_id,
            kind=NoticeKind.PLACE,
            source=f"log:{entry.pk}",
            link=reverse("portal:event", args=[entry.event_id]),
            params={
                "event": entry.event.name,
                "team": data.get("team", ""),
                "status": data.get("status"),
                "individual": entry.event.is_individual,
            },
        )
        for user_id in sorted(user_ids)
    ]


def _announcement(entry: EventLogEntry) -> list[Notification]:
    """Every player of the event (dropped ones too: the announcement may concern them)."""
    user_ids = set(Seat.objects.filter(event_id=entry.event_id).values_list("player__user_id", flat=True))
    return [
        Notification(
            person_id=user_id,
            event_id=entry.event_id,
            kind=NoticeKind.ANNOUNCEMENT,
            source=f"log:{entry.pk}",
            link=reverse("portal:event", args=[entry.event_id]),
            params={"event": entry.event.name, "text": (entry.data or {}).get("text", "")},
        )
        for user_id in sorted(user_ids)
    ]


def notices_for_entry(*, entry: EventLogEntry) -> list[Notification]:
    """The notifications one event log entry makes (unsaved); none for an action no player is told about."""
    if entry.action in _PAIRED:
        return _round_paired(entry)
    if entry.action in _TO_CONFIRM and entry.match_id:
        return _to_confirm(entry)
    if entry.action in _DISPUTED and entry.match_id:
        return _disputed(entry)
    if entry.action == LogAction.PENALTY:
        return _penalty(entry)
    if entry.action == LogAction.ANNOUNCED:
        return _announcement(entry)
    if entry.action in (LogAction.SIGNUP_APPROVED, LogAction.WAITLIST_MOVED_UP):
        return _place(entry)
    if entry.action in (LogAction.DAY2_CUT, LogAction.DAY2_CUT_UNDONE):
        return _day2_cut(entry)
    if entry.action == LogAction.PHASE_STARTED:
        return _phase_started(entry)
    if entry.action in (_CALL_STARTED, _BUILDING_STARTED):
        return _paper_draft(entry)
    return []


def time_nearly_up_notices(*, now=None) -> list[int]:
    """Beat: each running match clock that ends within HYDRA_NOTIFY_TIME_LEFT_MINUTES tells the players of its
    round's matches that have no result yet, once per clock (the clock is the source); the new rows' ids."""
    now = now or timezone.now()
    soon = now + timezone.timedelta(minutes=settings.HYDRA_NOTIFY_TIME_LEFT_MINUTES)
    notices = []
    for clock in RoundClock.objects.filter(
        PUBLISHED_ROUND,  # a draft's players aren't told it is paired, so not that its time runs out either
        purpose=ClockPurpose.MATCHES,
        status=ClockStatus.RUNNING,
        ends_at__gt=now,
        ends_at__lte=soon,
    ).select_related("round__event"):
        round_ = clock.round
        matches = list(TeamMatch.objects.filter(round=round_, result_state=ResultState.PENDING, team_b__isnull=False))
        users = _users_of({m.team_a_id for m in matches} | {m.team_b_id for m in matches})
        minutes = max(1, round((clock.ends_at - now).total_seconds() / 60))
        notices += [
            Notification(
                person_id=user_id,
                event_id=round_.event_id,
                kind=NoticeKind.TIME_NEARLY_UP,
                source=f"clock:{clock.pk}",
                link=_match_link(match.pk),
                params={"event": round_.event.name, "round": round_.number, "table": match.table, "minutes": minutes},
            )
            for match in matches
            for registration_id in (match.team_a_id, match.team_b_id)
            for user_id in users[registration_id]
        ]
    return notifications_store(notices=notices)


def draft_started_notices(*, event_id: int, registration_ids: Iterable[int], source: str, link: str) -> list[int]:
    """Tell the players of a draft that just started (the domain event DRAFT_STARTED); the ids of the new rows."""
    ids = list(registration_ids)
    users = _users_of(ids)
    event_name = Registration.objects.filter(pk__in=ids).values_list("event__name", flat=True).first() or ""
    return notifications_store(
        notices=[
            Notification(
                person_id=user_id,
                event_id=event_id,
                kind=NoticeKind.DRAFT_STARTED,
                source=source,
                params={"event": event_name},
                link=link,
            )
            for registration_id in ids
            for user_id in users[registration_id]
        ]
    )


def _channels(person_ids: set[int]) -> dict[tuple[int, str], set[str]]:
    chosen = {}
    for pref in NotificationPreference.objects.filter(person_id__in=person_ids):
        chosen[(pref.person_id, pref.kind)] = {
            c for c, on in ((Channel.PUSH, pref.push), (Channel.EMAIL, pref.email)) if on
        }
    return chosen


def notifications_store(*, notices: list[Notification]) -> list[int]:
    """Write the notifications (a row already written for its person, kind and source is left alone, so a task
    that runs twice tells no one twice), marking the channels their person doesn't want as done; the ids of the
    new rows that wait for a push, in batches to the push task after the commit."""
    if not notices:
        return []
    now = timezone.now()
    chosen = _channels({n.person_id for n in notices})
    with_push = set(
        PushSubscription.objects.filter(person_id__in={n.person_id for n in notices}).values_list(
            "person_id", flat=True
        )
    )
    for notice in notices:
        channels = chosen.get((notice.person_id, notice.kind), DEFAULT_CHANNELS[notice.kind])
        if Channel.PUSH not in channels or notice.person_id not in with_push:
            notice.pushed_at = now
        if Channel.EMAIL not in channels:
            notice.mailed_at = now
    with transaction.atomic():
        before = {(n.person_id, n.kind, n.source) for n in notices}
        existing = set(
            Notification.objects.filter(
                person_id__in={p for p, _k, _s in before}, source__in={s for _p, _k, s in before}
            ).values_list("person_id", "kind", "source")
        )
        fresh = [n for n in notices if (n.person_id, n.kind, n.source) not in existing]
        Notification.objects.bulk_create(fresh, ignore_conflicts=True, batch_size=1000)
        to_push = (
            list(
                Notification.objects.filter(
                    person_id__in={n.person_id for n in fresh},
                    source__in={n.source for n in fresh},
                    pushed_at__isnull=True,
                ).values_list("pk", flat=True)
            )
            if fresh
            else []
        )
        if fresh:
            transaction.on_commit(lambda: unread_publish(counts=_unread_counts({n.person_id for n in fresh})))
        for start in range(0, len(to_push), PUSH_BATCH):
            batch = to_push[start : start + PUSH_BATCH]
            send_after_commit(PUSH_TASK, batch, what="the push notifications")
    return to_push


def _unread_counts(person_ids: set[int]) -> dict[int, int]:
    return dict(
        Notification.objects.filter(person_id__in=person_ids, read_at__isnull=True)
        .values("person_id")
        .annotate(n=Count("id"))
        .values_list("person_id", "n")
    )


def notices_from_log_entry(*, entry_id: int) -> list[int]:
    """The worker's side of notices_schedule: the entry's notifications, stored once and handed on to push."""
    entry = EventLogEntry.objects.select_related("event", "match").filter(pk=entry_id).first()
    if entry is None:
        return []
    return notifications_store(notices=notices_for_entry(entry=entry))


def _claim(ids: list[int]) -> list[Notification]:
    """Take the batch's notifications still waiting for a push, marking them handed over in one short transaction
    (two workers never send one twice: at most once, like a text message)."""
    with transaction.atomic():
        claimed = list(
            Notification.objects.select_for_update(skip_locked=True).filter(pk__in=ids, pushed_at__isnull=True)
        )
        Notification.objects.filter(pk__in=[n.pk for n in claimed]).update(pushed_at=timezone.now())
    return claimed


def push_payload(*, notice: Notification, language: str) -> str:
    """The JSON the service worker shows: title, body and the page that acts on it, in `language` (the person's
    chosen one, else the browser's), and that language's code (the notification's `lang`)."""
    with translation.override(language):
        return json.dumps(
            {
                "title": notice_title(kind=notice.kind, params=notice.params),
                "body": notice_body(kind=notice.kind, params=notice.params),
                "url": notice.link,
                "tag": f"{notice.kind}:{notice.source}",
                "lang": translation.get_language(),
            }
        )


@dataclass(frozen=True)
class _PushAnswer:
    """The push service's answer in the shape pywebpush reads (status_code, reason, text, headers)."""

    status_code: int
    reason: str
    text: str
    headers: dict


class _OutboundSession:
    """What pywebpush posts through (its `requests_session`): common/outbound.py, so a push goes only to a public
    address, checked again at sending (a subscription's name may point elsewhere by then), and no redirect is
    followed; the same rule as webhooks (docs/webhooks.md)."""

    def post(self, endpoint: str, *, data=None, headers=None, timeout=None, **_ignored) -> _PushAnswer:
        answer = outbound_request(
            endpoint,
            method="POST",
            body=data or b"",
            headers=dict(headers or {}),
            timeout=float(timeout or 10),
            max_bytes=8 * 1024,
        )
        return _PushAnswer(
            status_code=answer.status,
            reason=HTTPStatus(answer.status).phrase if answer.status in HTTPStatus._value2member_map_ else "",
            text=answer.excerpt(),
            headers=dict(answer.headers.items()),
        )


def _push_one(notice: Notification, sub: PushSubscription, claims: dict, language: str) -> str:
    """Hand one notification to one browser's push service: "sent", "gone" (404, 410: forget it), "retry" (the
    service failed for now: a 5xx, a 429, no answer in time) or "failed" (refused for good)."""
    try:
        webpush(
            {"endpoint": sub.endpoint, "keys": {"p256dh": sub.p256dh, "auth": sub.auth}},
            data=push_payload(notice=notice, language=language),
            vapid_private_key=vapid_key(),
            vapid_claims=dict(claims),
            ttl=3600,
            timeout=10,
            requests_session=_OutboundSession(),
        )
        return "sent"
    except WebPushException as exc:
        status = getattr(exc.response, "status_code", None)
        if status in GONE:
            return "gone"
        if status is not None and (status >= 500 or status == 429):
            return "retry"
        log.warning("Push to %s failed: %s", sub.endpoint[:60], exc)
    except OutboundRefused as exc:  # not a public address: trying again changes nothing
        log.warning("Push to %s failed: %s", sub.endpoint[:60], exc)
    except OutboundError:  # no answer, a broken connection: the service may be back in a moment
        return "retry"
    except Exception:  # noqa: BLE001 - one browser's failure (pywebpush can't sign for it ...) isn't the batch's
        log.exception("Push to %s failed", sub.endpoint[:60])
    return "failed"


def _push_pairs(pairs: list[tuple[Notification, PushSubscription]]) -> dict[str, object]:
    """Push each (notification, subscription) pair PUSH_THREADS at a time (a push service answers in tens of
    milliseconds: one after the other, a batch would wait on the network), in the language the person chose in
    the menu, else the one the browser spoke when it allowed pushes; forget the subscriptions answered 404 or
    410. Figures, and the pairs to try again as [notification id, subscription id]."""
    claims = {"sub": f"mailto:{settings.DEFAULT_FROM_EMAIL}"}
    chosen = person_languages(user_ids={sub.person_id for _notice, sub in pairs})
    with ThreadPoolExecutor(max_workers=PUSH_THREADS) as pool:
        answers = list(
            pool.map(
                lambda pair: _push_one(pair[0], pair[1], claims, chosen.get(pair[1].person_id) or pair[1].language),
                pairs,
            )
        )
    gone = {sub.pk for (_notice, sub), answer in zip(pairs, answers) if answer == "gone"}
    PushSubscription.objects.filter(pk__in=gone).delete()
    again = [[notice.pk, sub.pk] for (notice, sub), answer in zip(pairs, answers) if answer == "retry"]
    return {"sent": answers.count("sent"), "failed": answers.count("failed"), "forgotten": len(gone), "retry": again}


def notifications_push(*, ids: list[int]) -> dict[str, object]:
    """Hand one batch to the push services, each notification to every browser its person allowed (_push_pairs).
    Figures of what happened; "retry" lists the [notification id, subscription id] pairs whose service failed
    for now (a 5xx, no answer), for notifications_push_again."""
    notices = _claim(ids)
    subscriptions = defaultdict(list)
    for sub in PushSubscription.objects.filter(person_id__in={n.person_id for n in notices}):
        subscriptions[sub.person_id].append(sub)
    figures = _push_pairs([(notice, sub) for notice in notices for sub in subscriptions[notice.person_id]])
    return {"notifications": len(notices), **figures}


def notifications_push_again(*, pairs: list[list[int]]) -> dict[str, object]:
    """Try again the pushes whose service failed for now ([notification id, subscription id] pairs; a
    subscription forgotten or a notification deleted meanwhile is skipped). Figures as notifications_push."""
    notices = Notification.objects.in_bulk([n for n, _s in pairs])
    subs = PushSubscription.objects.in_bulk([s for _n, s in pairs])
    return _push_pairs(
        [
            (notices[n], subs[s])
            for n, s in pairs
            if n in notices and s in subs and subs[s].person_id == notices[n].person_id
        ]
    )


def notifications_digest(*, older_than_minutes: float = 0) -> int:
    """Mail each person who chose the e-mail digest one message with what waits for it (never one mail per
    notification); the number of mails sent."""
    cutoff = timezone.now() - timezone.timedelta(minutes=older_than_minutes)
    with transaction.atomic():
        waiting = list(
            Notification.objects.select_for_update(skip_locked=True)
            .filter(mailed_at__isnull=True, created_at__lte=cutoff)
            .select_related("person")
            .order_by("person_id", "created_at")
        )
        Notification.objects.filter(pk__in=[n.pk for n in waiting]).update(mailed_at=timezone.now())
    by_person = defaultdict(list)
    for notice in waiting:
        by_person[notice.person].append(notice)
    mails = 0
    chosen = person_languages(user_ids=[person.pk for person in by_person])
    for person, notices in by_person.items():
        if not person.email:
            continue
        with translation.override(chosen.get(person.pk) or settings.LANGUAGE_CODE):  # the language they chose
            lines = [
                f"{notice_title(kind=n.kind, params=n.params)}: {notice_body(kind=n.kind, params=n.params)}"
                for n in notices
            ]
            subject = ngettext("Hydra: %(n)d new notification", "Hydra: %(n)d new notifications", len(notices)) % {
                "n": len(notices)
            }
            body = "\n".join(lines) + mail_language_note()
        mail_send(subject=subject, body=body, to=person.email, after_commit=False)
        mails += 1
    return mails


def notifications_mark_read(*, person, ids: Iterable[int] | None = None, event_id: int | None = None) -> int:
    """Mark the person's notifications read (all, or those of `ids`; others' ids are ignored), of one event only
    when `event_id` is given (an event token's); how many changed."""
    rows = Notification.objects.filter(person=person, read_at__isnull=True)
    if event_id is not None:
        rows = rows.filter(event_id=event_id)
    if ids is not None:
        rows = rows.filter(pk__in=list(ids))
    return rows.update(read_at=timezone.now())


def notification_preferences_set(*, person, choices: dict[str, dict[str, bool]]) -> None:
    """Keep the person's choices, kind -> {"push": bool, "email": bool}."""
    with transaction.atomic():
        for kind, channels in choices.items():
            NoticeKind(kind)
            NotificationPreference.objects.update_or_create(
                person=person,
                kind=kind,
                defaults={"push": bool(channels.get("push")), "email": bool(channels.get("email"))},
            )


def push_endpoint_problem(endpoint: str) -> str | None:
    """Why a browser's push subscription can't be kept at `endpoint`, or None: a push service is an https URL on a
    host name of the public internet (common.outbound, checked again at each push). An address literal is refused
    too, a public one included: pywebpush can't sign for it (no VAPID audience), and no push service is one."""
    try:
        parts = urlsplit(endpoint or "")
        host = parts.hostname or ""
    except ValueError:
        host, parts = "", None
    literal = True
    try:
        ipaddress.ip_address(host)
    except ValueError:
        literal = False
    if parts is None or parts.scheme != "https" or not host or literal:
        return _("Push needs the https address of a push service, with a host name, not an IP address.")
    return address_problem(endpoint)


def push_subscription_add(*, person, endpoint: str, p256dh: str, auth: str, language: str) -> PushSubscription:
    """Keep a browser's subscription for the person. An endpoint another person holds is not taken over (issue 52:
    posting someone's endpoint took their pushes): it moves only when the request carries its keys, i.e. it comes
    from that browser, now signed in to another account. Otherwise nothing changes and the caller is answered as if
    it had been kept (the door says nothing about who holds an endpoint)."""
    with transaction.atomic():
        sub = PushSubscription.objects.select_for_update().filter(endpoint=endpoint).first()
        if (
            sub is not None
            and sub.person_id != person.pk
            and not (secrets.compare_digest(sub.auth, auth) and secrets.compare_digest(sub.p256dh, p256dh))
        ):
            log.info("Push subscription of another person not taken over (person %s)", person.pk)
            return sub
        sub, _created = PushSubscription.objects.update_or_create(
            endpoint=endpoint, defaults={"person": person, "p256dh": p256dh, "auth": auth, "language": language[:10]}
        )
    return sub


def push_subscription_remove(*, person, endpoint: str) -> int:
    return PushSubscription.objects.filter(person=person, endpoint=endpoint).delete()[0]
