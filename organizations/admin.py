"""The organizations in the admin (docs/admin.md): read only, each asking the rights module. A person sees the
organizations they are a member of (tournaments.rights.may_see_organization), a superuser all; stores, members and
their roles change through the organization's page and the API (organizations.services), which log who did it."""

from django.contrib import admin

from common.admin import ReadOnlyAdminMixin
from organizations.models import EventLocation, Location, Membership, Organization, OrganizationLogEntry
from organizations.selectors import organizations_of
from tournaments.admin_base import OthersRowsDontExist
from tournaments.rights import may_see_organization


class LocationInline(admin.TabularInline):
    model = Location
    fields = ["name", "address", "time_zone"]
    extra = 0

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class MembershipInline(LocationInline):
    model = Membership  # type: ignore[assignment]
    fields = ["user", "role", "added_at", "added_by"]


@admin.register(Organization)
class OrganizationAdmin(ReadOnlyAdminMixin, OthersRowsDontExist, admin.ModelAdmin):
    list_display = ["name", "created_at"]
    search_fields = ["name"]
    inlines = [LocationInline, MembershipInline]

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        return queryset if request.user.is_superuser else queryset.filter(pk__in=organizations_of(user=request.user))

    def has_view_permission(self, request, obj=None):
        if obj is not None:
            return may_see_organization(request.user, obj)
        return super().has_view_permission(request, obj)


@admin.register(OrganizationLogEntry)
class OrganizationLogAdmin(ReadOnlyAdminMixin, OthersRowsDontExist, admin.ModelAdmin):
    list_display = ["at", "organization", "user", "actor", "action", "message"]
    list_filter = ["action"]

    def get_queryset(self, request):
        queryset = super().get_queryset(request).select_related("organization", "user")
        if request.user.is_superuser:
            return queryset
        return queryset.filter(organization__in=organizations_of(user=request.user))

    def has_view_permission(self, request, obj=None):
        if obj is not None:
            return may_see_organization(request.user, obj.organization)
        return super().has_view_permission(request, obj)


@admin.register(EventLocation)
class EventLocationAdmin(ReadOnlyAdminMixin, OthersRowsDontExist, admin.ModelAdmin):
    list_display = ["event", "location", "start_time"]

    def get_queryset(self, request):
        queryset = super().get_queryset(request).select_related("event", "location")
        if request.user.is_superuser:
            return queryset
        return queryset.filter(location__organization__in=organizations_of(user=request.user))
