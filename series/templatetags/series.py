"""{% player_series player %}: the series a player has results in, on their profile page (signup's player page
loads it as a template tag, so signup imports nothing of series)."""

from django import template

from series.selectors import series_of_player

register = template.Library()


@register.inclusion_tag("series/_player_series.html", takes_context=True)
def player_series(context, player):
    request = context.get("request")
    return {"entries": series_of_player(player=player, user=getattr(request, "user", None))}
