"""What a person reads an event's entrants called: teams, or players in an individual event (RULES.md 9).

An individual event is "teams of one" inside; no page, export, message or log line shows its people a team's words
(team, captain, seat, "our side"). `entrant_noun` is the one place that picks the noun; `entrant_sentence` picks a
whole sentence from the pairs in `_SENTENCES`, written whole in both wordings so that every language can say each
its own way. Templates use both through `{% load wording %}`: `{{ event|entrants }}`, `{% say event "we_win" %}`.
"""

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, ngettext_lazy, pgettext_lazy

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


# Sentences (and column titles) that a team event and an individual event say differently: (team event, individual
# event). A sentence's %(name)s placeholders are the same in both.
_SENTENCES = {
    # The player's match page (templates/portal/match.html, portal/forms.py).
    "we_win": (_("We win."), _("You win.")),
    "we_lose": (_("We lose."), _("You lose.")),
    "our_player": (_("Our player"), _("You")),
    "their_player": (_("Their player"), _("Opponent")),
    "correct_our_report": (_("Correct our report"), _("Correct your report")),
    "one_tap_per_seat": (
        _("One tap per seat, counted from our side: 2-1 means our player won two games and theirs one."),
        _("Counted from your side: 2-1 means you won two games and your opponent one."),
    ),
    "seat_against": (_("Seat %(seat)s: %(mine)s against %(theirs)s"), _("%(mine)s against %(theirs)s")),
    "reported_message": (
        _("Result reported. A member of the other team now confirms it."),
        _("Result reported. Your opponent now confirms it."),
    ),
    "decklist_legal_message": (
        _("Decklist saved. Your team's decklists are legal."),
        _("Decklist saved. It is legal."),
    ),
    "we_reported": (
        _("Our team reported this result. A member of the other team confirms it."),
        _("You reported this result. Your opponent confirms it."),
    ),
    "until_confirmed": (
        _("Until the other team confirms it, our team may still correct the report."),
        _("Until your opponent confirms it, you may still correct the report."),
    ),
    "they_reported": (
        _("The other team reported this result. Check it: once confirmed it counts in the standings."),
        _("Your opponent reported this result. Check it: once confirmed it counts in the standings."),
    ),
    # The player's event page after a Day 2 cut that left them out (templates/portal/event.html).
    "did_not_advance": (_("Your team did not advance to Day 2."), _("You did not advance to Day 2.")),
    # A sign-up's page (templates/signup/team.html).
    "signup_waitlisted": (
        _("The event is full: the team is on the waitlist and moves up by itself when a registered team withdraws."),
        _(
            "The event is full: this entry is on the waitlist and moves up by itself when a registered player "
            "withdraws."
        ),
    ),
    "signup_awaiting_approval": (
        _("Every seat is filled: the organizer approves the team by hand."),
        _("The organizer approves this entry by hand."),
    ),
    "signup_removed": (
        _(
            "The organizer has removed this team's registration. Ask the organizer why, or withdraw the team to free "
            "its players."
        ),
        _("The organizer has removed this registration. Ask the organizer why, or withdraw."),
    ),
    "signup_registered": (_("The team is registered for the event."), _("Registered for the event.")),
    "moved_up_message": (
        ngettext_lazy("%(n)d team moved up from the waitlist.", "%(n)d teams moved up from the waitlist.", "n"),
        ngettext_lazy("%(n)d player moved up from the waitlist.", "%(n)d players moved up from the waitlist.", "n"),
    ),
    "places_no_limit": (
        _("%(taken)s teams, no limit"),
        ngettext_lazy("%(taken)d player, no limit", "%(taken)d players, no limit", "taken"),
    ),
    "signup_withdraw": (_("Withdraw the team"), _("Withdraw")),
    "signup_all": (_("All teams of this event"), _("All players of this event")),
    # The desk, its team pages and its files (templates/desk/, desk/selectors.py, signup/exports.py).
    "check_in_all_confirm": (
        _("Check in every team that is not checked in yet?"),
        _("Check in every player who is not checked in yet?"),
    ),
    "checked_in_all_message": (
        ngettext_lazy("%(n)d team checked in.", "%(n)d teams checked in.", "n"),
        ngettext_lazy("%(n)d player checked in.", "%(n)d players checked in.", "n"),
    ),
    "check_in_all_undone_message": (
        ngettext_lazy(
            "Check in all undone: %(n)d team is no longer checked in.",
            "Check in all undone: %(n)d teams are no longer checked in.",
            "n",
        ),
        ngettext_lazy(
            "Check in all undone: %(n)d player is no longer checked in.",
            "Check in all undone: %(n)d players are no longer checked in.",
            "n",
        ),
    ),
    "no_shows_dropped_message": (
        ngettext_lazy("Dropped %(n)d team that didn't check in.", "Dropped %(n)d teams that didn't check in.", "n"),
        ngettext_lazy("Dropped %(n)d player who didn't check in.", "Dropped %(n)d players who didn't check in.", "n"),
    ),
    "claim_mail": (
        _(
            "Hello %(name)s,\n\n%(organizer)s registered you for %(event)s. Choose a password to sign in and "
            "see your team, pairings and results (or, if you already have a Hydra account, open the link signed "
            "in to add this seat to it):\n\n%(link)s\n\nThe link works once, for three days."
        ),
        _(
            "Hello %(name)s,\n\n%(organizer)s registered you for %(event)s. Choose a password to sign in and see your "
            "pairings and results (or, if you already have a Hydra account, open the link signed in to add this "
            "registration to it):\n\n%(link)s\n\nThe link works once, for three days."
        ),
    ),
    "imported_message": (
        ngettext_lazy("%(n)d team registered.", "%(n)d teams registered.", "n"),
        ngettext_lazy("%(n)d player registered.", "%(n)d players registered.", "n"),
    ),
    "import_entrants": (_("Import teams"), _("Import players")),
    "add_entrant": (_("Add a team"), _("Add a player")),
    "edit_entrant": (_("Edit a team"), _("Edit a player")),
    "save_entrant": (_("Save the team"), _("Save the player")),
    "correction_why": (
        _("Judge's correction: why the seats change (round 1 is paired)"),
        _("Judge's correction: why the player changes (round 1 is paired)"),
    ),
    "import_help": (
        _(
            "One line per player with the columns team, seat and player (teams of %(size)s), and email if you have it. "
            "A player is matched only to a player your own events made that hasn't claimed their account yet; anyone "
            "else gets a new account they claim with a link from the claim sheet. A name or address that is someone's "
            "existing account is never seated: its person is invited to take the seat."
        ),
        _(
            "One line per player with the column player, and email if you have it. A player is matched only to a "
            "player your own events made that hasn't claimed their account yet; anyone else gets a new account they "
            "claim with a link from the claim sheet. A name or address that is someone's existing account is never "
            "registered: its person is invited to take the place."
        ),
    ),
    "import_file": (_("Team list (CSV or xlsx)"), _("Player list (CSV or xlsx)")),
    "import_preview": (
        ngettext_lazy("Preview: %(n)d team will be registered", "Preview: %(n)d teams will be registered", "n"),
        ngettext_lazy("Preview: %(n)d player will be registered", "Preview: %(n)d players will be registered", "n"),
    ),
    "no_complete_decklist": (
        ngettext_lazy(
            "%(n)d team has no complete decklist: %(teams)s.", "%(n)d teams have no complete decklist: %(teams)s.", "n"
        ),
        ngettext_lazy("%(n)d player has no decklist: %(teams)s.", "%(n)d players have no decklist: %(teams)s.", "n"),
    ),
    "illegal_decklist": (
        ngettext_lazy(
            "%(n)d team has an illegal decklist: %(teams)s.", "%(n)d teams have an illegal decklist: %(teams)s.", "n"
        ),
        ngettext_lazy(
            "%(n)d player has an illegal decklist: %(teams)s.",
            "%(n)d players have an illegal decklist: %(teams)s.",
            "n",
        ),
    ),
    "export_teams": (_("Teams"), _("Players")),
    "deck_breaks_pool": (
        ngettext_lazy(
            "%(n)d team has a registered deck that breaks its pool: %(teams)s.",
            "%(n)d teams have a registered deck that breaks their pool: %(teams)s.",
            "n",
        ),
        ngettext_lazy(
            "%(n)d player has a registered deck that breaks their pool: %(teams)s.",
            "%(n)d players have a registered deck that breaks their pool: %(teams)s.",
            "n",
        ),
    ),
    "not_checked_in": (
        ngettext_lazy("%(n)d team has not checked in: %(teams)s.", "%(n)d teams have not checked in: %(teams)s.", "n"),
        ngettext_lazy(
            "%(n)d player has not checked in: %(teams)s.", "%(n)d players have not checked in: %(teams)s.", "n"
        ),
    ),
    "missing_decklist": (
        _("Seat %(seat)s (%(player)s) has not submitted a decklist."),
        _("%(player)s has not submitted a decklist."),
    ),
    "slip_entrant_column": (pgettext_lazy("slip column", "Seat"), pgettext_lazy("slip column", "Player")),
    "staff_help": (
        _(
            "%(owner)s organizes this event. Co-organizers run everything, as the organizer does; scorekeepers check "
            "teams in, pair rounds, run the clock and enter results (no settings, no staff); judges record deck checks "
            "and penalties and change locked decklists."
        ),
        _(
            "%(owner)s organizes this event. Co-organizers run everything, as the organizer does; scorekeepers check "
            "players in, pair rounds, run the clock and enter results (no settings, no staff); judges record deck "
            "checks and penalties and change locked decklists."
        ),
    ),
    "no_draft": (
        _("This event has no draft: only team Rochester and Two-Headed Giant booster draft events draft."),
        _("This event has no draft."),
    ),
    "registered_lock": (
        ngettext_lazy(
            "%(n)d team is registered: remove it first to change this.",
            "%(n)d teams are registered: remove them first to change this.",
            "n",
        ),
        ngettext_lazy(
            "%(n)d player is registered: remove them first to change this.",
            "%(n)d players are registered: remove them first to change this.",
            "n",
        ),
    ),
    # Judging and the event log (templates/judging/, tournaments/models/log.py's kinds).
    "log_kind_seats": (_("Seats and teams"), _("Entries")),
    "print_note": (_("One team a page, A4."), _("One player a page, A4.")),
    "desk_decklists_none": (
        _("No team has registered a decklist yet."),
        _("No player has registered a decklist yet."),
    ),
    "desk_decklists_count": (  # counted by `done`: "1 joueur sur 9", not "1 joueurs"
        ngettext_lazy(
            "%(done)d of %(all)d teams has registered every decklist.",
            "%(done)d of %(all)d teams have registered every decklist.",
            "done",
        ),
        ngettext_lazy(
            "%(done)d of %(all)d players has registered a decklist.",
            "%(done)d of %(all)d players have registered a decklist.",
            "done",
        ),
    ),
    # Sealed with real product (issue 40: the prerelease evening; sealed.services, desk.selectors).
    "desk_decklists_collect": (
        _(
            "%(done)d of %(all)d teams have registered every member's deck. Round 1 is paired when deck building is "
            "over."
        ),
        _("%(done)d of %(all)d players have registered their deck. Round 1 is paired when deck building is over."),
    ),
    # A limited deck registered before Hydra holds the pool it is built from (a draft still running; issue 56).
    "no_pool": (
        _(
            "The team's pool is not in Hydra yet, so the decks can't be checked against it; they are "
            "checked once the organizer enters the pool or the draft ends."
        ),
        _(
            "Your pool is not in Hydra yet, so your deck can't be checked against it; it is checked once the "
            "organizer enters the pool or the draft ends."
        ),
    ),
    "real_product_decks": (
        _(
            "Each team member types or pastes their own deck (a main deck of at least 40 cards, the rest as sideboard) "
            "on their decklist page."
        ),
        _(
            "Each player types or pastes their deck (a main deck of at least 40 cards, the rest as sideboard) on their "
            "decklist page."
        ),
    ),
    "print_entrant": (_("Print this team's decklists"), _("Print this player's decklist")),
    # Entry fees and prizes (fees/, templates/desk/fees.html).
    "fee_paid_by_member": (
        _("Whoever pays for the team is one of its players."),
        _("The entry fee is paid by the player themself."),
    ),
    "fee_per_entrant": (
        _("The fee is per player: a team owes it once for each seat, and one mark covers the whole team."),
        _("The fee is per player."),
    ),
    "fee_choose_entrant": (_("Choose a team of this event to mark."), _("Choose a player of this event to mark.")),
    "prize_by_record": (
        ngettext_lazy("Every team with %(n)s match point or more", "Every team with %(n)s match points or more", "n"),
        ngettext_lazy(
            "Every player with %(n)s match point or more", "Every player with %(n)s match points or more", "n"
        ),
    ),
    "fee_unpaid_checked_in": (
        ngettext_lazy(
            "%(n)d checked-in team has not paid: %(teams)s.", "%(n)d checked-in teams have not paid: %(teams)s.", "n"
        ),
        ngettext_lazy(
            "%(n)d checked-in player has not paid: %(teams)s.",
            "%(n)d checked-in players have not paid: %(teams)s.",
            "n",
        ),
    ),
}
_SENTENCES.update(
    {
        # A match's result state where it is shown (the match page, pairings by name; issue 56: "Confirmed by the other
        # team" in an individual event).
        "state_confirmed": (_("Confirmed by the other team"), _("Confirmed by the opponent")),
    }
)
SENTENCES = tuple(_SENTENCES)


def result_state_label(*, match) -> str:
    """The match's result state as its event's people read it: "Confirmed by the opponent" in an individual event,
    the state's own label otherwise (in the active language)."""
    if match.result_state == "confirmed":
        return entrant_sentence(event=match.round.event, key="state_confirmed")
    return str(match.get_result_state_display())


def entrant_message(*, event, key: str):
    """The lazy message of sentence `key` for `event` (a LogText's or a form's, translated when read)."""
    team, player = _SENTENCES[key]
    return player if getattr(event, "is_individual", False) else team


def entrant_sentence(*, event, key: str, **params) -> str:
    """The sentence `key` of `_SENTENCES` as `event`'s people read it (a player's words in an individual event), in
    the active language, with `params` put in. An unknown key raises KeyError (a typo in the code, not a user's)."""
    message = entrant_message(event=event, key=key)
    return str(message % params) if params else str(message)


# An individual event's format, without the "team" the team formats' names carry.
_INDIVIDUAL_FORMATS = {
    FormatKind.TEAM_CONSTRUCTED: _("Constructed"),
    FormatKind.TEAM_CONSTRUCTED_MIXED: _("Constructed"),
    FormatKind.TEAM_SEALED: _("Sealed"),
    FormatKind.BOOSTER_DRAFT: _("Booster draft"),
}


def individual_format_choices(*, current: str) -> list[tuple[str, str]]:
    """The formats an individual event's settings offer, in its words ("Constructed", "Sealed", "Booster draft"),
    with the event's `current` format kept among them."""
    kinds = [FormatKind.TEAM_CONSTRUCTED, FormatKind.TEAM_SEALED, FormatKind.BOOSTER_DRAFT]
    if current not in kinds:
        kinds.insert(0, FormatKind(current))
    return [(kind.value, str(_INDIVIDUAL_FORMATS.get(kind, kind.label))) for kind in kinds]


# The settings form (desk/forms.py) of an individual event: the settings only teams have are not asked, and the
# rest are said in players' words: {field: (label, help text)}.
INDIVIDUAL_HIDDEN_SETTINGS = frozenset(
    {
        "structure",
        "deck_rule",
        "formats_must_differ",
        "draft_structure",
        "pods_play_across",
        "rochester_teams_of_two",
    }
)
_INDIVIDUAL_SETTINGS = {
    "team_size": (_("Players per entry"), _("1: an individual event, each player on their own.")),
    "decklists_published": (
        _("publish the top players' decklists"),
        _("Once the event is finished, the decklists of the top players are public on the event's pages."),
    ),
    "seed_by_rating": (
        _("seed by rating"),
        _(
            "Round 1 pairs the players by rating (the top half against the bottom half) instead of at random, and "
            "players tied on every tiebreaker, in the standings and for the top cut, are ordered by rating before the "
            "random final tiebreak. A player never rated counts as 1600."
        ),
    ),
    "signup_open": (_("sign-up open"), _("Players may sign up on the portal.")),
    "signup_deadline": (_("sign-up deadline"), _("Players may sign up until then. Empty: until sign-up is closed.")),
    "signup_capacity": (
        _("capacity (players)"),
        _("Players beyond this many go on the waitlist, in the order they signed up. Empty: no limit."),
    ),
    "signup_needs_approval": (
        _("organizer approves players by hand"),
        _("A player waits for the organizer's approval before taking a place."),
    ),
}


def individual_setting_words() -> dict[str, tuple[str, str]]:
    """{setting: (label, help text)} of the settings an individual event says in its own words."""
    return {name: (str(label), str(help_text)) for name, (label, help_text) in _INDIVIDUAL_SETTINGS.items()}


def format_label(*, event, format_kind: str | None = None) -> str:
    """The event's format (or `format_kind`, a phase's) as a person reads it: "Constructed" or "Sealed" in an
    individual event, else the format's own name ("Team constructed, one format")."""
    kind = event.format_kind if format_kind is None else format_kind
    if getattr(event, "is_individual", False) and kind in _INDIVIDUAL_FORMATS:
        return str(_INDIVIDUAL_FORMATS[kind])
    return str(FormatKind(kind).label) if kind in FormatKind.values else str(kind)


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
