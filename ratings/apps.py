from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = _("Ratings")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from ratings.categories import category_for
        from ratings.selectors import event_registration_ratings
        from tournaments.seeding import seeding_register

        # An event seeded by rating asks tournaments.seeding, which imports no ratings module.
        seeding_register(category_for=category_for, team_ratings=event_registration_ratings)
