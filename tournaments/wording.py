"""What a person reads an event's entrants called: teams, or players in an individual event (RULES.md 9).

An individual event is "teams of one" inside; no page, export or message shows the word "team" to its people.
`entrant_noun` is the one place that picks the word; templates use it through the `wording` filters.
"""
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext_lazy

from cards.deckrules import format_name
from tournaments.enums import FormatKind

# (team event, individual event), in each form a page needs.
_NOUNS = {
    "singular": (pgettext_lazy("entrant", "team"), pgettext_lazy("entrant", "player")),
    "plural": (pgettext_lazy("entrants", "teams"), pgettext_lazy("entrants", "players")),
    "Singular": (pgettext_lazy("entrant heading", "Team"), pgettext_lazy("entrant heading", "Player")),
    "Plural": (pgettext_lazy("entrants heading", "Teams"), pgettext_lazy("entrants heading", "Players")),
}
FORMS = tuple(_NOUNS)


def entrant_noun(*, event, form: str = "singular") -> str:
    """The word for one of `event`'s entrants in `form` ("singular", "plural", "Singular", "Plural": a capital for
    headings and column titles), in the active language: "player(s)" in an individual event, else "team(s)".
    An unknown form raises ValueError (a template typo, not a user's)."""
    if form not in _NOUNS:
        raise ValueError(f"form must be one of {', '.join(FORMS)}, got {form!r}")
    team, player = _NOUNS[form]
    return str(player if getattr(event, "is_individual", False) else team)


# An individual event's format, without the "team" the team formats' names carry.
_INDIVIDUAL_FORMATS = {
    FormatKind.TEAM_CONSTRUCTED: _("Constructed"),
    FormatKind.TEAM_CONSTRUCTED_MIXED: _("Constructed"),
    FormatKind.TEAM_SEALED: _("Sealed"),
    FormatKind.BOOSTER_DRAFT: _("Booster draft"),
}


def format_label(*, event) -> str:
    """The event's format as a person reads it: "Constructed" or "Sealed" in an individual event, else the
    format's own name ("Team constructed, one format")."""
    if getattr(event, "is_individual", False) and event.format_kind in _INDIVIDUAL_FORMATS:
        return str(_INDIVIDUAL_FORMATS[event.format_kind])
    return str(event.get_format_kind_display())


def entrant_count(*, event, n: int) -> str:
    """ "1 player", "8 players" in an individual event; "1 team", "8 teams" in a team event."""
    if getattr(event, "is_individual", False):
        return ngettext("%(n)d player", "%(n)d players", n) % {"n": n}
    return ngettext("%(n)d team", "%(n)d teams", n) % {"n": n}


def event_kind(*, event) -> str:
    """What the event is, in one line for the console, the event page, listings, the projector and exports: the
    format and its kind, the Swiss rounds and the top cut. "Standard · 4 rounds", "Sealed · 5 rounds · top 8",
    "Booster draft · 3 rounds" in an individual event (a constructed one names its format, not "Constructed");
    "Team constructed, one format · Modern · 5 rounds" and "Team constructed, a format per seat · Standard /
    Pioneer / Modern · 4 rounds" in a team event."""
    parts = [format_label(event=event)]
    if event.format_kind == FormatKind.TEAM_CONSTRUCTED_MIXED and event.seat_formats:
        parts.append(" / ".join(format_name(name) for name in event.seat_formats))
    elif event.constructed_format and event.has_decklists:
        if event.is_individual:
            parts = [format_name(event.constructed_format)]
        else:
            parts.append(format_name(event.constructed_format))
    parts.append(ngettext("%(n)d round", "%(n)d rounds", event.swiss_rounds) % {"n": event.swiss_rounds})
    if event.top_cut:
        parts.append(str(_("top %(n)d")) % {"n": event.top_cut})
    return " · ".join(str(part) for part in parts)


def moment_in_sentence(moment) -> str:
    """A date and time to put before a sentence's full stop: the language's DATETIME_FORMAT, unless that ends with a
    full stop of its own (English "10:56 p.m."), then the date with a 24-hour time, so no sentence ends with two.
    """
    moment = timezone.localtime(moment) if timezone.is_aware(moment) else moment
    text = date_format(moment, "DATETIME_FORMAT")
    if text.endswith("."):
        text = f"{date_format(moment, 'DATE_FORMAT')}, {date_format(moment, 'H:i')}"
    return text
