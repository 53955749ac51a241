"""Pages of team sealed: thin, they call a selector or a service and render (docs/sealed.md)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from common.params import plain_int
from sealed import rules
from sealed.selectors import sealed_pool_for_user, sealed_pool_page, sealed_pools_for_user
from sealed.services import (
    NotYourPool,
    PoolRefused,
    sealed_pool_register,
    sealed_pool_register_lists,
    sealed_pool_save,
    sealed_real_product_instead,
)
from tournaments.selectors.decklists import event_asks_typed_decks


@login_required
@require_GET
def pool_index(request: HttpRequest) -> HttpResponse:
    return render(request, "sealed/index.html", {"pools": sealed_pools_for_user(user=request.user)})


def _posted(request: HttpRequest, seats: str) -> tuple[list[rules.Assignment], dict[str, dict[str, int]]]:
    """The form's assignment: one `c<card id>` field per card ("A:main", ":side" ...), basic lands per seat."""
    assignments = []
    for key in request.POST:
        card_id = plain_int(key[1:]) if key.startswith("c") else None
        if card_id is not None:
            for value in request.POST.getlist(key):
                seat, _sep, zone = value.partition(":")
                assignments.append(rules.Assignment(card_id, seat, zone))
    basics: dict[str, dict[str, int]] = {}
    for seat in seats:
        for land in rules.BASIC_LANDS:
            raw = request.POST.get(f"basics-{seat}-{land}", "").strip() or "0"
            count = plain_int(raw)
            # "²", "٣", "-1", 5,000 digits: -1, which the rules name as an invalid count.
            basics.setdefault(seat, {})[land] = -1 if count is None else count
    return assignments, basics


@login_required
@require_http_methods(["GET", "POST"])
def pool_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The team's pool: every card with the member and zone it goes to, sortable and filterable on the page."""
    try:
        pool = sealed_pool_for_user(pk=pk, user=request.user)
    except NotYourPool as exc:
        raise Http404(str(exc)) from exc
    if pool.event.real_product:
        # A pool left from before the organizer turned real product on: nothing of it counts, nothing is taken.
        return render(
            request,
            "sealed/real_product.html",
            {
                "event": pool.event,
                "instead": sealed_real_product_instead(event=pool.event),
                "asks_decks": event_asks_typed_decks(event=pool.event),
            },
            status=409 if request.method == "POST" else 200,
        )
    problems: list[str] = []
    posted: dict[int, str] = {}
    if request.method == "POST":
        assignments, basics = _posted(request, pool.event.seat_letters)
        # The page always sends its version: a form without one would overwrite a teammate's change unseen.
        version = plain_int(request.POST.get("version"))
        action = request.POST.get("action", "save")
        try:
            if version is None:
                raise ValidationError(_("The page's version number wasn't understood; reload the page."))
            if action == "lists":
                lists = {}
                for seat in pool.event.seat_letters:
                    lists[(seat, rules.MAIN)] = request.POST.get(f"list-{seat}-main", "")
                    lists[(seat, rules.SIDE)] = request.POST.get(f"list-{seat}-side", "")
                lists[(rules.SHARED, rules.SIDE)] = request.POST.get("list-shared-side", "")
                lists = {key: text for key, text in lists.items() if text.strip()}
                sealed_pool_register_lists(pool=pool, user=request.user, lists=lists, basics=basics, version=version)
                messages.success(request, _("Your decks are registered."))
            elif action == "register":
                sealed_pool_register(
                    pool=pool, user=request.user, assignments=assignments, basics=basics, version=version
                )
                messages.success(request, _("Your decks are registered."))
            else:
                sealed_pool_save(pool=pool, user=request.user, assignments=assignments, basics=basics, version=version)
                messages.success(request, _("Saved. Register when every card has its place."))
            return redirect("sealed:pool", pk=pool.pk)
        except NotYourPool as exc:
            raise Http404(str(exc)) from exc
        except PoolRefused as refused:
            problems = [p.message for p in refused.problems]
        except ValidationError as refused:
            problems = refused.messages
        # Show the team what it posted, not what is stored, so fixing the named cards loses no work.
        pool = sealed_pool_for_user(pk=pk, user=request.user)
        pool.basics = basics
        posted = {a.card_id: f"{a.seat}:{a.zone}" for a in assignments}
    page = sealed_pool_page(pool=pool, user=request.user)
    if posted:
        for card in page.cards:
            card.place = posted.get(card.pk, "")
    return render(request, "sealed/pool.html", {"page": page, "problems": problems}, status=400 if problems else 200)
