"""A player's one public page: their teams, events, results, (public parts only) decklists and ratings
(/ratings/players/<id>/ redirects here).

Hydra has no "publish decklists" switch yet (the decklist half of issue 17 may add one): a decklist is shown only
once its event is finished, which is when deck lists become public at most events. Events the viewer may not see
are left out entirely, and a running event shows no decklist.
"""

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from ratings.selectors import player_rating_sections
from tournaments.enums import EventStatus
from tournaments.models import Player, Seat
from signup.forms import WizardsAccountForm
from tournaments.rights import may_change_wizards_account, may_see_event, may_see_wizards_account
from tournaments.services.players import player_of_account
from tournaments.services.wizards import wizards_account_of, wizards_account_set
from tournaments.selectors.placements import placements_for_event
from tournaments.selectors.standings import standings_for_event


@dataclass(frozen=True)
class ProfileEntry:
    seat: Seat
    record: str  # wins-losses-draws of the team in the Swiss rounds, "" before any result
    placing: int | None  # the final placing once the event is finished
    teams: int
    decklist: object | None  # public only once the event is finished


def player_profile_entries(*, player: Player, viewer) -> list[ProfileEntry]:
    """The player's seats in the events `viewer` may see, newest event first, with the team's record, final
    placing and (finished events only) the player's decklist."""
    seats = (
        Seat.objects.filter(player=player)
        .select_related("registration__team", "registration__event", "decklist")
        .order_by("-registration__event__date", "-registration__event__pk")
    )
    entries = []
    for seat in seats:
        event = seat.registration.event
        if not may_see_event(viewer, event):
            continue
        rows = {row.team: row for row in standings_for_event(event=event)}
        row = rows.get(seat.registration_id)
        record = (
            f"{row.wins}-{row.losses}-{row.draws}" if row is not None and (row.wins or row.losses or row.draws) else ""
        )
        finished = event.status == EventStatus.FINISHED
        placing = None
        if finished:
            placing = next((p.place for p in placements_for_event(event=event) if p.team == seat.registration_id), None)
        decklist = getattr(seat, "decklist", None) if finished else None
        entries.append(ProfileEntry(seat=seat, record=record, placing=placing, teams=len(rows), decklist=decklist))
    return entries


@require_GET
def player_profile(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk)
    entries = player_profile_entries(player=player, viewer=request.user)
    # A team of one (an individual event) is the player, not a team they play for.
    teams = sorted({e.seat.registration.team.name for e in entries if not e.seat.registration.event.is_individual})
    return render(
        request,
        "signup/player.html",
        {
            "player": player,
            "entries": entries,
            "teams": teams,
            "sections": player_rating_sections(player=player),
            # The player's and, once shared, their organizers' only (issue 53); never the public's.
            "wizards": wizards_account_of(player=player) if may_see_wizards_account(request.user, player) else None,
            "own": may_change_wizards_account(request.user, player),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def player_wizards_account(request: HttpRequest) -> HttpResponse:
    """The signed-in player's Wizards Account e-mail and legacy DCI number (issue 53): optional, checked (the DCI
    number's check digit), shared with the organizers of their events only if they say so."""
    # An organizer's account may have no player yet: one is made when they save, not when they look.
    player = Player.objects.filter(user=request.user).first()
    account = wizards_account_of(player=player) if player is not None else None
    initial = {"email": account.email, "dci_number": account.dci_number, "shared": account.shared} if account else {}
    form = WizardsAccountForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        player = player or player_of_account(user=request.user)
        try:
            wizards_account_set(player=player, user=request.user, **form.cleaned_data)
        except ValidationError as exc:
            for name, problems in exc.message_dict.items():
                for problem in problems:
                    form.add_error(name, problem)
        else:
            messages.success(request, _("Your Wizards Account details are saved."))
            return redirect("signup:player", pk=player.pk)
    status = 400 if form.errors else 200
    return render(request, "signup/wizards_account.html", {"form": form, "player": player}, status=status)
