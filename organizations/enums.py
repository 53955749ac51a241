from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.rights import ORG_JUDGE, ORG_ORGANIZER, ORG_OWNER, ORG_SCOREKEEPER


class OrganizationRole(models.TextChoices):
    """A member's role at every event of the organization's stores (tournaments.rights.ORG_EVENT_ROLES): owners
    and organizers run them, scorekeepers score them, judges judge them; owners also manage the organization."""

    OWNER = ORG_OWNER, _("owner")
    ORGANIZER = ORG_ORGANIZER, _("organizer")
    SCOREKEEPER = ORG_SCOREKEEPER, _("scorekeeper")
    JUDGE = ORG_JUDGE, _("judge")
