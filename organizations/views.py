"""Organizations pages (docs/organizations.md): an organizer's organizations, one organization with its stores and
members (its owners add them), a store's public page and the store's calendar feed. Thin: each asks
tournaments/rights.py through the selectors and services, and renders."""

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from common.refusals import NotFound
from organizations import selectors, services
from organizations.calendar import calendar_response
from organizations.forms import LocationForm, MemberForm, OrganizationForm
from organizations.models import Membership
from tournaments.rights import may_create_organization, may_manage_organization


def _refuse(request: HttpRequest, exc: ValidationError) -> None:
    if isinstance(exc, NotFound):
        raise Http404(str(exc))
    for message in exc.messages:
        messages.error(request, message)


@login_required
@require_GET
def organization_list(request: HttpRequest) -> HttpResponse:
    """The person's organizations, and "New organization" for organizers."""
    organizations = selectors.organizations_of(user=request.user)
    may_create = may_create_organization(request.user)
    if not organizations.exists() and not may_create:
        raise Http404("Not an organizer.")
    return render(request, "organizations/list.html", {"organizations": organizations, "may_create": may_create})


@login_required
@require_http_methods(["GET", "POST"])
def organization_new(request: HttpRequest) -> HttpResponse:
    if not may_create_organization(request.user):
        raise Http404("Not an organizer.")
    form = OrganizationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            organization = services.organization_create(name=form.cleaned_data["name"], by=request.user)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(
                request, _("%(name)s is created: add its stores and its members.") % {"name": organization.name}
            )
            return redirect("organizations:organization", pk=organization.pk)
    return render(request, "organizations/new.html", {"form": form}, status=400 if form.is_bound else 200)


def _organization_page(request: HttpRequest, organization, *, location_form=None, member_form=None, status=200):
    return render(
        request,
        "organizations/organization.html",
        {
            "organization": organization,
            "locations": organization.locations.all(),
            "members": Membership.objects.filter(organization=organization).select_related("user"),
            "may_manage": may_manage_organization(request.user, organization),
            "location_form": location_form or LocationForm(),
            "member_form": member_form or MemberForm(),
            "log": organization.log_entries.select_related("user")[:20],
        },
        status=status,
    )


@login_required
@require_GET
def organization_page(request: HttpRequest, pk: int) -> HttpResponse:
    """One organization for its members: its stores (each with its public page and calendar), its members and their
    roles, its latest changes; its owners add stores and members here."""
    organization = selectors.organization_for_member(pk=pk, user=request.user)
    return _organization_page(request, organization)


@login_required
@require_POST
def location_add(request: HttpRequest, pk: int) -> HttpResponse:
    organization = selectors.organization_for_member(pk=pk, user=request.user)
    form = LocationForm(request.POST)
    if form.is_valid():
        try:
            services.location_add(organization=organization, by=request.user, **form.cleaned_data)
        except ValidationError as exc:
            if isinstance(exc, NotFound):
                raise Http404(str(exc)) from None
            form.add_error(None, exc)
        else:
            messages.success(request, _("Store added: %(name)s.") % {"name": form.cleaned_data["name"]})
            return redirect("organizations:organization", pk=organization.pk)
    return _organization_page(request, organization, location_form=form, status=400)


@login_required
@require_POST
def member_add(request: HttpRequest, pk: int) -> HttpResponse:
    organization = selectors.organization_for_member(pk=pk, user=request.user)
    form = MemberForm(request.POST)
    if form.is_valid():
        try:
            membership = services.member_set(organization=organization, by=request.user, **form.cleaned_data)
        except ValidationError as exc:
            if isinstance(exc, NotFound):
                raise Http404(str(exc)) from None
            form.add_error(None, exc)  # with a field dict, each message goes to its field
        else:
            messages.success(
                request,
                _("%(name)s is now %(role)s at every event of the organization.")
                % {"name": membership.user.get_username(), "role": membership.get_role_display()},
            )
            return redirect("organizations:organization", pk=organization.pk)
    return _organization_page(request, organization, member_form=form, status=400)


@login_required
@require_POST
def member_remove(request: HttpRequest, pk: int, user_pk: int) -> HttpResponse:
    organization = selectors.organization_for_member(pk=pk, user=request.user)
    user = get_object_or_404(get_user_model(), pk=user_pk)
    try:
        services.member_remove(organization=organization, user=user, by=request.user)
    except ValidationError as exc:
        _refuse(request, exc)
    else:
        messages.success(request, _("%(name)s is no longer a member.") % {"name": user.get_username()})
    return redirect("organizations:organization", pk=organization.pk)


@require_GET
def store_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A store's public page: its address and its coming public events, with its calendar feed to subscribe to."""
    location = selectors.store_for_viewer(pk=pk)
    return render(
        request,
        "organizations/store.html",
        {"location": location, "links": selectors.coming_public_links(locations=[location])},
    )


@require_GET
def store_calendar(request: HttpRequest, pk: int) -> HttpResponse:
    """The store's iCalendar feed: its coming public events."""
    location = selectors.store_for_viewer(pk=pk)
    links = selectors.coming_public_links(locations=[location])
    return calendar_response(
        request,
        name=f"{location.organization.name}: {location.name}"
        if location.name != location.organization.name
        else location.name,
        events=[link.event for link in links],
        links={link.event_id: link for link in links},
        filename=f"store-{location.pk}.ics",
    )
