"""`{{ seat.player|player_link }}`: a player's name linking to their profile, the one way every page names a
player (docs/registration.md)."""

from django import template
from django.urls import reverse
from django.utils.html import format_html

register = template.Library()


@register.filter
def player_link(player) -> str:
    """The player's name as a link to their profile page; "" for no player."""
    if player is None:
        return ""
    return format_html(
        '<a class="player-link" href="{}">{}</a>', reverse("signup:player", args=[player.pk]), player.name
    )
