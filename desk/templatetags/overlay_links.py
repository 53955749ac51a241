"""`{% load overlay_links %}`, `{% overlay_links event rows %}`: the desk's list of stream overlays to paste into OBS
(one query, for the event's draft tables). The desk's own piece (the overlays are another front-end, whose
library the desk may not load), issue 55."""

from django import template

from drafting.models import DraftTable
from tournaments.enums import FormatKind

register = template.Library()


@register.inclusion_tag("desk/_overlay_links.html", takes_context=True)
def overlay_links(context, event, rows):
    request = context.get("request")
    tables = []
    if event.format_kind == FormatKind.TEAM_ROCHESTER:
        tables = list(
            DraftTable.objects.filter(event=event).order_by("-round__number", "number").values_list("pk", "number")[:64]
        )
    return {
        "event": event,
        "rows": [r for r in rows if r.team_b],
        "tables": tables,
        "origin": request.build_absolute_uri("/").rstrip("/") if request else "",
    }
