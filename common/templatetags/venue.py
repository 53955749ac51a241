"""`{% load venue %}`, `{% venue_address %}`: in venue mode, the address players open (shown on the projector beside
its QR code). It reads common/venue.py only, so it is common's (the desk's projector shows it; issue 55)."""

from django import template

from common.venue import venue_join_url

register = template.Library()


@register.inclusion_tag("common/_venue_address.html")
def venue_address():
    return {"url": venue_join_url()}
