"""Pages of live life and poison: thin, they call a selector or a service and render (docs/sharedgame.md).

The page polls its state fragment every 2 seconds with the etag it shows; an unchanged match answers 204 (htmx
swaps nothing), so a spectator's poll costs two small queries.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from sharedgame.selectors import (
    shared_game_etag,
    shared_game_history,
    shared_game_match,
    shared_game_state,
    shared_games_for_user,
)
from sharedgame.services import (
    life_change_apply,
    life_change_undo,
    shared_game_may_change,
    shared_game_next,
    shared_game_report,
    shared_game_user_side,
)
from tournaments.models import TeamMatch
from tournaments.services.results import NotYourMatch


@login_required
@require_GET
def live_index(request: HttpRequest) -> HttpResponse:
    """/live/: the player's shared-game matches, each a link to its life and poison page."""
    return render(request, "sharedgame/index.html", {"matches": shared_games_for_user(user=request.user)})


def _match_for(request: HttpRequest, pk: int) -> tuple[TeamMatch, bool]:
    """The match and whether the viewer may change it. Spectators see public events; anything else is a 404."""
    match = shared_game_match(pk=pk)
    if match is None or not match.round.event.is_shared_game or match.is_bye:
        raise Http404("No such shared-game match.")
    can_change = shared_game_may_change(match=match, user=request.user)
    if not can_change and not match.round.event.is_public:
        raise Http404("No such shared-game match.")
    return match, can_change


def _context(request: HttpRequest, match: TeamMatch, can_change: bool, error: str = "") -> dict:
    state = shared_game_state(match=match)
    return {
        "match": match,
        "state": state,
        "game": state["games"][-1],
        "can_change": can_change,
        "side": shared_game_user_side(match=match, user=request.user) if can_change else None,
        "history": shared_game_history(match=match, game=state["current_game"]) if can_change else [],
        "open": can_change and match.result_state == "pending",
        "error": error,
    }


def _render_state(request: HttpRequest, match: TeamMatch, can_change: bool, error: str = "") -> HttpResponse:
    context = _context(request, match, can_change, error)
    response = render(request, "sharedgame/_state.html", context)
    response["ETag"] = f'"{context["state"]["etag"]}"'
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def match_page(request: HttpRequest, pk: int) -> HttpResponse:
    match, can_change = _match_for(request, pk)
    return render(request, "sharedgame/match.html", _context(request, match, can_change))


@require_GET
def match_state(request: HttpRequest, pk: int) -> HttpResponse:
    """The polled fragment: 204 when the page already shows the current state (`since` is its etag)."""
    match, can_change = _match_for(request, pk)
    since = request.GET.get("since", "")
    if since and since == shared_game_etag(match=match):
        return HttpResponse(status=204, headers={"Cache-Control": "no-store"})
    return _render_state(request, match, can_change)


def _int(request: HttpRequest, name: str, default: int = 0) -> int:
    try:
        return int(request.POST.get(name, "") or default)
    except ValueError as exc:
        label = {"life": _("Life"), "poison": _("Poison"), "game": _("Game"), "next": _("Game")}.get(name, name)
        raise ValidationError(_("%(name)s must be a whole number.") % {"name": label}) from exc


def _act(request: HttpRequest, pk: int, action) -> HttpResponse:
    match, can_change = _match_for(request, pk)
    if not can_change:
        raise Http404("No such shared-game match.")
    error = ""
    try:
        action(match)
    except NotYourMatch as exc:
        raise Http404(str(exc)) from exc
    except ValidationError as refused:
        error = " ".join(refused.messages)
    match = shared_game_match(pk=pk)
    if request.headers.get("HX-Request"):
        return _render_state(request, match, can_change, error)
    if error:
        messages.error(request, error)
    return redirect("sharedgame:match", pk=pk)


def _game(request: HttpRequest, match: TeamMatch) -> int:
    """The game the phone shows; a form without it (no htmx) means the current game."""
    if request.POST.get("game"):
        return _int(request, "game")
    return shared_game_state(match=match)["current_game"]


@login_required
@require_POST
def match_change(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(
        request,
        pk,
        lambda match: life_change_apply(
            match=match,
            user=request.user,
            game=_game(request, match),
            team=request.POST.get("team", ""),
            life=_int(request, "life"),
            poison=_int(request, "poison"),
        ),
    )


@login_required
@require_POST
def match_undo(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(
        request,
        pk,
        lambda match: life_change_undo(
            match=match,
            user=request.user,
            game=_game(request, match),
            change_id=_int(request, "change") or None,
        ),
    )


@login_required
@require_POST
def match_next(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(request, pk, lambda match: shared_game_next(match=match, user=request.user, game=_int(request, "next")))


@login_required
@require_POST
def match_report(request: HttpRequest, pk: int) -> HttpResponse:
    def report(match):
        shared_game_report(match=match, user=request.user)
        if not request.headers.get("HX-Request"):
            messages.success(request, _("Reported. The other team confirms the result."))

    return _act(request, pk, report)
