"""The Django admin behind the rights module (issue 25; docs/permissions.md).

Every admin of a model that belongs to an event derives from EventScopedAdmin (inlines from EventScopedInline):
- its changelist, its search and the autocomplete it serves hold only the events the user may run
  (tournaments.rights.events_run_by); a superuser sees everything;
- view, change, delete and history of one object ask tournaments.rights.may_run_event of the object's event(s);
  an object of another event is, for the admin, an object that doesn't exist;
- foreign-key and many-to-many choices offer only what the user may use: their own events and what belongs to them,
  and of accounts only their own (a superuser any);
- list filters on a relation list only the values of the user's own rows, so other events' names don't leak;
- deletes go through the services (`delete_service`): a model without one can't be deleted in the admin.
"""

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet
from django.http import Http404
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.timezone import localtime
from django.utils.translation import gettext as _

from tournaments.models import Event, Player, Round, Team
from tournaments.rights import events_run_by, may_run_event
from tournaments.selectors.placeholders import placeholders_of


def is_superuser(request) -> bool:
    return bool(request.user.is_active and request.user.is_superuser)


def _follow(obj, path: str):
    for name in path.split("__"):
        if obj is None:
            return None
        obj = getattr(obj, name)
    return obj


def usable_choices(*, request, model, queryset: QuerySet | None = None) -> QuerySet | None:
    """What of `model` a foreign-key or many-to-many field of the admin may offer this user; None: no limit."""
    if is_superuser(request):
        return None
    runs = events_run_by(request.user)
    queryset = queryset if queryset is not None else model._default_manager.all()
    if model is Event or (isinstance(model, type) and issubclass(model, Event)):
        return queryset.filter(pk__in=runs.values("pk"))
    if model is get_user_model():
        return queryset.filter(pk=request.user.pk)
    if model is Player:
        # The players of their events, and their own unclaimed placeholders: never someone's account that no event
        # of theirs holds (issue 37; docs/permissions.md, "Accounts belong to their people").
        own = placeholders_of(organizer_id=request.user.pk).values("pk")
        return queryset.filter(Q(seats__event__in=runs) | Q(pk__in=own)).distinct()
    if model is Team:
        return queryset.filter(Q(registrations__event__in=runs) | Q(registrations__isnull=True)).distinct()
    for field in ("event", "round__event", "table__event", "pool__event", "match__round__event"):
        try:
            model._meta.get_field(field.split("__")[0])
        except Exception:  # noqa: BLE001 - the model has no such relation
            continue
        if field.split("__")[0] == "round" and model._meta.get_field("round").related_model is not Round:
            continue
        return queryset.filter(**{f"{field}__in": runs})
    return None


def _limit(db_field, request, kwargs) -> dict:
    if "queryset" not in kwargs:
        choices = usable_choices(request=request, model=db_field.related_model)
        if choices is not None:
            kwargs["queryset"] = choices
    return kwargs


class OthersRowsDontExist:
    """A row the user may not see is, for the admin, a row that doesn't exist: 404 (Django's admin would redirect to
    its index with a message instead)."""

    def _get_obj_does_not_exist_redirect(self, request, opts, object_id):
        raise Http404(_("There is no such %(name)s.") % {"name": opts.verbose_name})


class RightsLimitedChoices:
    """Foreign-key and many-to-many fields offer only what the user may use (usable_choices)."""

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        return super().formfield_for_foreignkey(db_field, request, **_limit(db_field, request, kwargs))

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        return super().formfield_for_manytomany(db_field, request, **_limit(db_field, request, kwargs))


class EventScopedAdmin(OthersRowsDontExist, RightsLimitedChoices, admin.ModelAdmin):
    """An admin whose rows belong to events: see the module's docstring.

    `event_path` leads from a row to its event ("event", "round__event"); None when the row is the event. Rows
    that belong to several events (teams, players) override `events_of`. `delete_service(request, obj)` deletes one
    row through the services, raising ValidationError or StateConflict to refuse; without it, no deletes.
    """

    event_path: str | None = "event"
    delete_service = None

    # Which events a row belongs to -----------------------------------------------------------------------------

    def events_of(self, obj) -> list[Event]:
        event = obj if self.event_path is None else _follow(obj, self.event_path)
        return [event] if event is not None else []

    def scope(self, queryset: QuerySet, request) -> QuerySet:
        if is_superuser(request):
            return queryset
        runs = events_run_by(request.user)
        if self.event_path is None:
            return queryset.filter(pk__in=runs.values("pk"))
        return queryset.filter(**{f"{self.event_path}__in": runs})

    def get_queryset(self, request):
        return self.scope(super().get_queryset(request), request)

    def may_run_object(self, request, obj) -> bool:
        if obj is None or obj.pk is None:
            return True
        events = self.events_of(obj)
        return bool(events) and all(may_run_event(request.user, e) for e in events)

    # The admin's permission questions, each also asking the rights module -----------------------------------------

    def has_view_permission(self, request, obj=None):
        return super().has_view_permission(request, obj) and self.may_run_object(request, obj)

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and self.may_run_object(request, obj)

    def has_delete_permission(self, request, obj=None):
        if self.delete_service is None or not super().has_delete_permission(request, obj):
            return False
        return obj is None or (self.may_run_object(request, obj) and self.delete_refusal(obj) is None)

    def delete_refusal(self, obj) -> str | None:
        """Why this row can't be deleted now (the service would refuse), or None."""
        return None

    # Filters that don't list other events' values ------------------------------------------------------------------

    def get_list_filter(self, request):
        filters = list(super().get_list_filter(request))
        if is_superuser(request):
            return filters
        limited = []
        for item in filters:
            if isinstance(item, str) and self._is_relation(item):
                limited.append((item, admin.RelatedOnlyFieldListFilter))
            else:
                limited.append(item)
        return limited

    def _is_relation(self, path: str) -> bool:
        model = self.model
        field = None
        for name in path.split("__"):
            try:
                field = model._meta.get_field(name)
            except Exception:  # noqa: BLE001 - a lookup, not a field
                return False
            if not field.is_relation:
                return False
            model = field.related_model
        return field is not None and field.is_relation

    # Deletes through the services ------------------------------------------------------------------------------------

    def delete_model(self, request, obj):
        self.delete_service(request, obj)

    def delete_queryset(self, request, queryset):
        for obj in queryset:
            self.delete_service(request, obj)


class EventScopedInline(RightsLimitedChoices):
    """An inline of an EventScopedAdmin's page: its choices are limited the same way."""


def event_log_html(entries, *, event_id: int, kind: str) -> str:
    """Entries of the event's one log on a record's admin page (a draft's, a pool's), read only, with a link to
    the event log page filtered to their kind."""
    rows = format_html_join(
        "",
        "<li>{} · {} · {}</li>",
        ((date_format(localtime(e.at), "SHORT_DATETIME_FORMAT"), e.by or "Hydra", e.text) for e in entries),
    )
    link = reverse("judging:log", args=[event_id]) + f"?kind={kind}"
    return format_html('<ul class="event-log">{}</ul><a href="{}">{}</a>', rows, link, _("Event log"))
