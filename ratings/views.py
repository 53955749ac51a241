"""Rating pages (docs/ratings.md): the leaderboard per category, and a player's ratings with their history plot.
Thin: each calls selectors and renders."""

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from ratings import selectors
from ratings.categories import parse_category
from ratings.enums import RatingModel
from ratings.models import RatingCategory

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
    return render(
        request,
        "ratings/leaderboard.html",
        {
            "categories": selectors.rating_categories_listed(),
            "category": category,
            "page": page,
            "first_rank": (page.number - 1) * PAGE_SIZE + 1,
            "model": model,
            "models": RatingModel.choices,
            "region": region,
            "store": store,
            "places": selectors.leaderboard_places(category=category),
            "query": query.urlencode(),
            "filtered": bool(region or store),
        },
    )


@require_GET
def player(request: HttpRequest, pk: int) -> HttpResponse:
    """The old address of a player's ratings: the player's one page (signup:player) shows them now."""
    return redirect("signup:player", pk=pk, permanent=True)
