"""Reads of the draft logs out (issue 28): a drafter's own picks as an MTGO log, and every pick of an event as CSV.

Hidden information stays hidden: a drafter's log is theirs alone and only once the draft is over (at Regular REL,
where players may look through their picks between picks, at once); the event's CSV is for its organizers.
"""

from __future__ import annotations

from collections import defaultdict

from django.utils.translation import gettext as _

from common.refusals import NotAllowed
from drafting.models import DraftCard, DraftStatus, DraftTable, Pod, PodCard, PodTeam
from drafting.picklog import LoggedPick, mtgo_text, picks_csv
from drafting.selectors.pods import pod_drafter_seating, thg_pod_team_of_user
from drafting.selectors.tables import draft_seat_of_user, draft_seat_players
from tournaments.enums import EnforcementLevel


def draft_pick_log_available(*, draft: DraftTable | Pod) -> bool:
    """A drafter may download their picks: after the draft, or at once at Regular REL."""
    return draft.status == DraftStatus.FINISHED or draft.event.enforcement_level == EnforcementLevel.REGULAR


def draft_table_pick_log(*, table: DraftTable, seat: str) -> tuple[list[str], str, list[LoggedPick]]:
    """(the drafters of the table in seat order, this seat's name, its picks): each pick with the cards of the pack
    still on the table when it was made. No visibility check: the caller asks draft_pick_log_available."""
    players = draft_seat_players(table=table)
    names = {label: f"{label} {s.player.name}" if s.player_id else label for label, s in players.items()}
    packs: dict[int, list[DraftCard]] = defaultdict(list)
    for card in DraftCard.objects.filter(table=table).order_by("pack_index", "position"):
        packs[card.pack_index].append(card)
    picks, count = [], defaultdict(int)
    for card in sorted(
        (c for pack in packs.values() for c in pack if c.picked_by == seat), key=lambda c: (c.pack_index, c.pick_number)
    ):
        count[card.pack_index] += 1
        seen = tuple(
            c.name for c in packs[card.pack_index] if c.pick_number is None or c.pick_number >= card.pick_number
        )
        picks.append(LoggedPick(pack=card.pack_index + 1, pick=count[card.pack_index], seen=seen, taken=(card.name,)))
    return list(names.values()), names.get(seat, seat), picks


def pod_drafter_names(*, pod: Pod) -> dict[int, str]:
    """The name of each seat's drafter, by PodTeam id, in seat order (selectors.pods.pod_drafter_seating)."""
    seat_ids = PodTeam.objects.filter(pod=pod).order_by("seat").values_list("pk", flat=True)
    return dict(zip(seat_ids, pod_drafter_seating(pods=[pod])[pod.pk], strict=True))


def pod_pick_log(*, pod: Pod, team: PodTeam) -> tuple[list[str], str, list[LoggedPick]]:
    """(the drafters of the pod in seat order, this seat's name, its picks): each pick with the cards of the pack in
    front of the seat at that step. No visibility check: the caller asks draft_pick_log_available."""
    names = pod_drafter_names(pod=pod)
    packs: dict[tuple[int, int], list[PodCard]] = defaultdict(list)
    for card in PodCard.objects.filter(pod=pod).order_by("pack_round", "opener", "position"):
        packs[(card.pack_round, card.opener)].append(card)
    taken: dict[tuple[int, int], list[PodCard]] = defaultdict(list)
    for pack in packs.values():
        for card in pack:
            if card.team_id == team.pk:
                taken[(card.pack_round, card.pick_step)].append(card)
    picks = []
    for (pack_round, step), cards in sorted(taken.items()):
        pack = packs[(pack_round, cards[0].opener)]
        seen = tuple(c.name for c in pack if c.team_id is None or c.pick_step >= step)
        picks.append(
            LoggedPick(
                pack=pack_round + 1,
                pick=step + 1,
                seen=seen,
                taken=tuple(c.name for c in sorted(cards, key=lambda c: c.pick_slot)),
            )
        )
    return list(names.values()), names[team.pk], picks


def event_pick_rows(*, event) -> list[tuple]:
    """Every pick of the event's drafts (tables, then pods), one row a card taken, in picklog.CSV_COLUMNS order."""
    rows: list[tuple] = []
    for table in DraftTable.objects.filter(event=event).select_related("round").order_by("round__number", "number"):
        players = draft_seat_players(table=table)
        draft = f"table {table.number}" if table.round_id is None else f"{table.round.name}, table {table.number}"
        for card in DraftCard.objects.filter(table=table, pick_number__isnull=False).order_by(
            "pack_index", "pick_number"
        ):
            seat = players.get(card.picked_by)
            rows.append(
                (
                    event.name,
                    "team_rochester",
                    draft,
                    card.picked_by,
                    seat.player.name if seat else "",
                    card.pack_index + 1,
                    card.pick_number,
                    card.name,
                    card.via,
                    _iso(card.picked_at),
                    _iso(card.deadline_at),
                )
            )
    for pod in Pod.objects.filter(event=event).order_by("number"):
        names = pod_drafter_names(pod=pod)
        seats = dict(PodTeam.objects.filter(pod=pod).values_list("pk", "seat"))
        for card in PodCard.objects.filter(pod=pod, team__isnull=False).order_by(
            "pack_round", "pick_step", "team__seat", "pick_slot"
        ):
            rows.append(
                (
                    event.name,
                    pod.format,
                    f"pod {pod.number}",
                    seats[card.team_id] + 1,
                    names[card.team_id],
                    card.pack_round + 1,
                    card.pick_step + 1,
                    card.name,
                    card.via,
                    _iso(card.picked_at),
                    _iso(card.deadline_at),
                )
            )
    return rows


def _iso(moment) -> str:
    return "" if moment is None else moment.isoformat()


class PickLogHidden(NotAllowed):
    """The drafter's picks can't be downloaded yet; the message says when they can."""


def draft_pick_log_text(*, draft: DraftTable | Pod, user) -> str | None:
    """The MTGO log of `user`'s picks at this table or pod; None when they don't draft there. Raises PickLogHidden
    while the draft runs above Regular REL."""
    drafter = (
        draft_seat_of_user(table=draft, user=user)
        if isinstance(draft, DraftTable)
        else thg_pod_team_of_user(pod=draft, user=user)
    )
    if drafter is None:
        return None
    if not draft_pick_log_available(draft=draft):
        raise PickLogHidden(_("Your picks can be downloaded once the draft is over."))
    drafters, me, picks = (
        draft_table_pick_log(table=draft, seat=drafter)
        if isinstance(draft, DraftTable)
        else pod_pick_log(pod=draft, team=drafter)
    )
    return mtgo_text(
        event=f"{draft.event.name}, {draft}", started=draft.started_at, drafters=drafters, me=me, picks=picks
    )


def event_pick_log_text(*, event, user) -> str | None:
    """The MTGO logs of every draft `user` drafted in at `event`, one after the other; None when they drafted in
    none. Raises PickLogHidden while one of them runs above Regular REL."""
    drafts = [
        *DraftTable.objects.filter(event=event).select_related("event", "round").order_by("round__number", "number"),
        *Pod.objects.filter(event=event).select_related("event").order_by("number"),
    ]
    texts = [text for text in (draft_pick_log_text(draft=d, user=user) for d in drafts) if text is not None]
    return "\n".join(texts) if texts else None


def event_picks_csv(*, event) -> str:
    """Every pick of the event as CSV (picklog.CSV_COLUMNS). For its organizers only: the caller checks."""
    return picks_csv(event_pick_rows(event=event))
