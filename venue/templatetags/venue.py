"""`{% venue_address %}`: in venue mode, the address players open (shown on the projector beside its QR code)."""
from django import template

from common.venue import venue_join_url

register = template.Library()


@register.inclusion_tag("venue/_address.html")
def venue_address():
    return {"url": venue_join_url()}
