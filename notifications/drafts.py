"""Who is told that their draft started: the teams of the draft table or the pod (drafting's models)."""

from django.urls import reverse

from drafting.models import DraftTable, PodTeam
from notifications.services import draft_started_notices


def draft_started_notify(*, event_id: int, data: dict) -> list[int]:
    """The players of the started table (data["table"]) or pod (data["pod"]); the ids of the new notifications."""
    if data.get("table"):
        table = DraftTable.objects.filter(pk=data["table"], event_id=event_id).first()
        if table is None:
            return []
        return draft_started_notices(
            event_id=event_id,
            registration_ids=[table.team1_id, table.team2_id],
            source=f"table:{table.pk}",
            link=reverse("drafting:table", args=[table.pk]),
        )
    if data.get("pod"):
        ids = list(
            PodTeam.objects.filter(pod_id=data["pod"], pod__event_id=event_id).values_list("registration_id", flat=True)
        )
        return draft_started_notices(
            event_id=event_id,
            registration_ids=ids,
            source=f"pod:{data['pod']}",
            link=reverse("drafting:pod", args=[data["pod"]]),
        )
    return []
