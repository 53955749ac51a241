"""Templates ask the rights module too (tournaments.rights): `{% load rights %}{% may "run_event" event as runs %}`."""

from django import template

from tournaments import rights

register = template.Library()

RULES = {
    "run_event": rights.may_run_event,
    "copy_event": rights.may_copy_event,
    "change_event_settings": rights.may_change_event_settings,
    "score_event": rights.may_score_event,
    "run_timers": rights.may_run_timers,
    "judge_event": rights.may_judge_event,
    "see_event": rights.may_see_event,
    "manage_staff": rights.may_manage_staff,
    "report_for_match": rights.may_report_for_match,
    "see_decklist": rights.may_see_decklist,
    "see_penalty": rights.may_see_penalty,
    "manage_tokens": rights.may_manage_tokens,
}


@register.simple_tag(takes_context=True)
def may(context, rule: str, obj) -> bool:
    """Whether the page's user may do `rule` ("run_event", "score_event", ...) on `obj`; an unknown rule refuses."""
    request = context.get("request")
    check = RULES.get(rule)
    if request is None or check is None or obj is None:
        return False
    return bool(check(request.user, obj))


@register.simple_tag(takes_context=True)
def may_update_card_data(context) -> bool:
    """Whether the page's user may import newer card data from the browser: the operator
    (tournaments.rights.may_change_site_data, issue 52)."""
    request = context.get("request")
    return request is not None and rights.may_update_card_data(request.user)


@register.simple_tag(takes_context=True)
def may_request_site_data_update(context) -> bool:
    """Whether the page's user may ask the operator for newer card data (tournaments.rights.may_request_site_data_update)."""
    request = context.get("request")
    return request is not None and rights.may_request_site_data_update(request.user)


@register.simple_tag(takes_context=True)
def may_organize(context) -> bool:
    """Whether the page's user may open the organizer's console (tournaments.rights.may_organize)."""
    request = context.get("request")
    return request is not None and rights.may_organize(request.user)
