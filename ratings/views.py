"""Rating pages (docs/ratings.md): the leaderboard per category, and a player's ratings with their history plot.
Thin: each calls selectors and renders."""
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from ratings import selectors
from ratings.categories import parse_category
from ratings.elo import START_RATING
from ratings.enums import RatingModel
from ratings.models import RatingCategory
from ratings.plot import rating_plot
from tournaments.models import Player

PAGE_SIZE = 50


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    """The first category's leaderboard, or a page that says there are no ratings yet."""
    categories = selectors.rating_categories_listed()
    if categories:
        return redirect("ratings:leaderboard", slug=categories[0].slug)
    return render(request, "ratings/leaderboard.html", {"categories": [], "category": None})


@require_GET
def leaderboard(request: HttpRequest, slug: str) -> HttpResponse:
    """A category's players, best first, 50 a page; `?region=`, `?store=` and `?model=openskill` filter and sort."""
    if parse_category(slug) is None:
        raise Http404(_("There is no rating category %(slug)s.") % {"slug": slug[:40]})
    category = RatingCategory.objects.filter(slug=slug).first()
    if category is None:
        raise Http404(_("Nobody has a rating in this category yet."))
    model = request.GET.get("model", RatingModel.ELO)
    if model not in RatingModel.values:
        model = RatingModel.ELO
    region, store = request.GET.get("region", "").strip()[:100], request.GET.get("store", "").strip()[:200]
    rows = selectors.leaderboard(category=category, model=model, region=region, store=store)
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(request, "ratings/leaderboard.html", {
        "categories": selectors.rating_categories_listed(), "category": category, "page": page,
        "first_rank": (page.number - 1) * PAGE_SIZE + 1, "model": model, "models": RatingModel.choices,
        "region": region, "store": store, "places": selectors.leaderboard_places(category=category),
        "query": query.urlencode(), "filtered": bool(region or store),
    })


@require_GET
def player(request: HttpRequest, pk: int) -> HttpResponse:
    """A player's rating in each category, and per category their history plotted event by event."""
    person = get_object_or_404(Player, pk=pk)
    sections = []
    for rating in selectors.player_ratings(player=person):
        history = selectors.player_history(player=person, category=rating.category)
        points = [(entry.event.name if entry.event.is_public else _("A private event"), entry.rating_after)
                  for entry in history]
        sections.append({
            "rating": rating, "rank": selectors.player_rank(rating=rating), "history": history,
            "plot": rating_plot(points, start=START_RATING),
        })
    return render(request, "ratings/player.html", {"player": person, "sections": sections})
