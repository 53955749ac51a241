"""What several apps' admins share and no app owns."""


class ReadOnlyAdminMixin:
    """An admin (put it before the ModelAdmin in the bases) whose rows are viewed, never added, changed or deleted
    by hand: rows that an import, a rebuild or the services write, where an edit in the admin would be wrong or
    undone. Viewing stays as the rest of the bases decide."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
