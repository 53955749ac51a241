"""Organizations (issue 53; docs/organizations.md): the caller's organizations, one with its stores and members
(its members read it; its owners add stores and members), and the store an event is held at.

An organization the caller is no member of answers 404, as a missing one does; a member who isn't an owner 403 when
changing it. Every change goes through organizations.services (tournaments/rights.py, the logs)."""

from django.contrib.auth import get_user_model
from drf_spectacular.utils import extend_schema
from rest_framework import status
from django.utils.translation import gettext as _
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from api.idempotency import idempotent_write
from api.permissions import IsTokenOrSessionUser, caller
from api.selectors import event_get_to_run
from api.serializers.organizations import (
    EventStoreInputSerializer,
    EventStoreOutputSerializer,
    MemberInputSerializer,
    MemberOutputSerializer,
    OrganizationDetailOutputSerializer,
    OrganizationInputSerializer,
    OrganizationOutputSerializer,
    StoreInputSerializer,
    StoreOutputSerializer,
)
from organizations.models import Location, Organization
from organizations.selectors import event_location, organizations_of
from organizations.services import (
    event_location_set,
    location_add,
    member_remove,
    member_set,
    organization_create,
)
from tournaments.rights import may_create_organization, may_manage_organization, may_see_organization


def _organization(request, organization_id: int, *, manage: bool = False) -> Organization:
    """The organization for one of its members (else 404, as a missing one); with `manage`, 403 for a member who
    isn't an owner, before the input is read."""
    organization = Organization.objects.filter(pk=organization_id).first()
    if organization is None or not may_see_organization(caller(request), organization):
        raise NotFound(_("No such organization."))
    if manage and not may_manage_organization(caller(request), organization):
        raise PermissionDenied(_("Only an owner of the organization changes its stores and members."))
    return organization


class OrganizationListView(APIView):
    """The caller's organizations. POST creates one (an organizer): the caller is its first owner."""

    schema_tag = "organizations"
    permission_classes = [IsTokenOrSessionUser]

    @extend_schema(responses={200: OrganizationOutputSerializer(many=True)})
    def get(self, request):
        return Response(OrganizationOutputSerializer(organizations_of(user=caller(request)), many=True).data)

    @extend_schema(request=OrganizationInputSerializer, responses={201: OrganizationDetailOutputSerializer})
    @idempotent_write
    def post(self, request):
        if not may_create_organization(caller(request)):
            raise PermissionDenied(_("Only an organizer can make an organization."))
        data = OrganizationInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        organization = organization_create(name=data.validated_data["name"], by=caller(request))
        return Response(OrganizationDetailOutputSerializer(organization).data, status=status.HTTP_201_CREATED)


class OrganizationDetailView(APIView):
    """One organization with its stores and its members (for its members)."""

    schema_tag = "organizations"
    permission_classes = [IsTokenOrSessionUser]

    @extend_schema(responses={200: OrganizationDetailOutputSerializer})
    def get(self, request, organization_id: int):
        return Response(OrganizationDetailOutputSerializer(_organization(request, organization_id)).data)


class StoreListView(APIView):
    """POST adds a store (its owners): name, address, time zone."""

    schema_tag = "organizations"
    permission_classes = [IsTokenOrSessionUser]

    @extend_schema(request=StoreInputSerializer, responses={201: StoreOutputSerializer})
    @idempotent_write
    def post(self, request, organization_id: int):
        organization = _organization(request, organization_id, manage=True)
        data = StoreInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        location = location_add(organization=organization, by=caller(request), **data.validated_data)
        return Response(StoreOutputSerializer(location).data, status=status.HTTP_201_CREATED)


class MemberListView(APIView):
    """POST gives an account (user name or e-mail) a role in the organization, at every event of its stores (its
    owners): owner, organizer (both run the events), scorekeeper, judge."""

    schema_tag = "organizations"
    permission_classes = [IsTokenOrSessionUser]

    @extend_schema(request=MemberInputSerializer, responses={201: MemberOutputSerializer})
    @idempotent_write
    def post(self, request, organization_id: int):
        organization = _organization(request, organization_id, manage=True)
        data = MemberInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        membership = member_set(organization=organization, by=caller(request), **data.validated_data)
        return Response(MemberOutputSerializer(membership).data, status=status.HTTP_201_CREATED)


class MemberDetailView(APIView):
    """DELETE takes the person out of the organization (its owners; the last owner stays)."""

    schema_tag = "organizations"
    permission_classes = [IsTokenOrSessionUser]

    @extend_schema(request=None, responses={204: None})
    def delete(self, request, organization_id: int, user_id: int):
        organization = _organization(request, organization_id, manage=True)
        user = get_user_model().objects.filter(pk=user_id).first()
        if user is None:
            raise NotFound("This person is no member of the organization.")
        member_remove(organization=organization, user=user, by=caller(request))
        return Response(status=status.HTTP_204_NO_CONTENT)


class EventStoreView(APIView):
    """The store an event is held at and its start time there. PUT moves it (whoever runs the event and may hold
    events at the store: its organization's owners and organizers); `store: null` makes it the organizer's own."""

    schema_tag = "organizations"
    permission_classes = [IsTokenOrSessionUser]

    @staticmethod
    def _shape(link) -> dict:
        return {"store": link.location_id if link else None, "start_time": link.start_time if link else None}

    @extend_schema(responses={200: EventStoreOutputSerializer})
    def get(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        return Response(EventStoreOutputSerializer(self._shape(event_location(event=event))).data)

    @extend_schema(request=EventStoreInputSerializer, responses={200: EventStoreOutputSerializer})
    @idempotent_write
    def put(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        data = EventStoreInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        store_id = data.validated_data["store"]
        location = None
        if store_id is not None:
            location = Location.objects.filter(pk=store_id).select_related("organization").first()
            if location is None:
                raise NotFound("No such store.")
        link = event_location_set(
            event=event, location=location, start_time=data.validated_data.get("start_time"), by=caller(request)
        )
        return Response(EventStoreOutputSerializer(self._shape(link)).data)
