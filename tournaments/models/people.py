from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

# Players' and teams' names: as long as the published events name them (a team of three named after its players
# runs past 120 characters, issue 46).
NAME_MAX_LENGTH = 200


class Player(models.Model):
    """A person who plays; linked one-to-one to a login.

    A player an organizer's import, desk or API made (`made_by` that event's organizer) is a placeholder while
    nobody has claimed its login (no usable password, never signed in): only that organizer's later events match it
    by name (tournaments.services.players, docs/permissions.md "Accounts belong to their people")."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player")
    name = models.CharField(_("name"), max_length=NAME_MAX_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True)
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("made by"),
        help_text=_("The organizer whose event made this player (a placeholder until claimed)."),
    )
    made_for_event = models.ForeignKey(
        "tournaments.Event",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("made for event"),
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.name


class WizardsAccount(models.Model):
    """A player's Wizards Account e-mail address and legacy DCI number (issue 53), both optional, given by the player
    on their profile. Seen only by the player and, when they agree (`shared`), by whoever runs an event they play
    (tournaments.rights.may_see_wizards_account), for the roster a store reports with and its EventLink player list;
    never on a public page or a public API read. Kept apart from Player so no player listing can carry it."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="wizards")
    email = models.EmailField(_("Wizards Account e-mail"), blank=True)
    dci_number = models.CharField(_("DCI number"), max_length=10, blank=True)
    shared = models.BooleanField(
        _("shared with my events' organizers"),
        default=False,
        help_text=_("The organizers of events I play may see these and report them to Wizards of the Coast."),
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("Wizards Account")
        verbose_name_plural = _("Wizards Accounts")

    def __str__(self) -> str:
        return self.player.name


class Team(models.Model):
    """A team that persists across events (it carries its ratings, RULES.md 8)."""

    name = models.CharField(_("name"), max_length=NAME_MAX_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(
                Lower("name"), name="team_name_unique_ci", violation_error_message=_("A team with this name exists.")
            ),
        ]

    def __str__(self) -> str:
        return self.name


class SeatInvitation(models.Model):
    """An organizer typed an existing account's username or e-mail address for a seat: a placeholder took the seat
    and the account's person is invited to take it (tournaments.services.invitations). Accepting puts their own
    player on the seat; nobody else's act ever does."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="seat_invitations")
    placeholder = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="seat_invitations")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="seat_invitations",
        verbose_name=_("invited account"),
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    accepted = models.BooleanField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("seat invitation")
        verbose_name_plural = _("seat invitations")
        constraints = [
            models.UniqueConstraint(fields=["event", "placeholder", "user"], name="seat_invitation_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} → {self.placeholder_id} @ {self.event_id}"


class PersonLanguage(models.Model):
    """The language a person chose in the language menu, kept with their account: their pages open in it on any
    device without a language cookie, and every e-mail and push sent to them speaks it
    (tournaments.selectors.languages, docs/translating.md)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="chosen_language"
    )
    language = models.CharField(_("language"), max_length=10)
    chosen_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("chosen language")
        verbose_name_plural = _("chosen languages")

    def __str__(self) -> str:
        return f"{self.user_id}: {self.language}"
