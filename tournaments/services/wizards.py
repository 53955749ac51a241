"""A player's Wizards Account e-mail address and legacy DCI number (issue 53): set by the player on their profile,
checked (the address is one, the DCI number's check digit matches: tournaments.dci) and kept apart from the player
(tournaments.models.WizardsAccount) so only tournaments.rights.may_see_wizards_account's people see them."""

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext as _

from common.refusals import NotFound
from tournaments.dci import dci_digits, dci_problem
from tournaments.models import Player, WizardsAccount
from tournaments.rights import may_change_wizards_account


@transaction.atomic
def wizards_account_set(*, player: Player, user, email: str, dci_number: str, shared: bool) -> WizardsAccount:
    """Keep the player's Wizards Account e-mail and DCI number (both optional: empty clears them) and whether the
    organizers of their events may see and report them. Refused with a ValidationError naming the field (an address
    that isn't one, a DCI number whose check digit doesn't match) and NotFound for anyone but the player."""
    if not may_change_wizards_account(user, player):
        raise NotFound(_("No such player."))
    email = " ".join(str(email or "").split())
    problems: dict[str, str] = {}
    if email:
        try:
            validate_email(email)
        except ValidationError:
            problems["email"] = _(
                "%(email)s is not an e-mail address: give the address you sign in to your Wizards Account with."
            ) % {"email": email}
    problem = dci_problem(dci_number)
    if problem:
        problems["dci_number"] = problem
    if problems:
        raise ValidationError(problems)
    account, _made = WizardsAccount.objects.select_for_update().get_or_create(player=player)
    account.email, account.dci_number, account.shared = email, dci_digits(dci_number), bool(shared)
    account.save()
    return account


def wizards_account_of(*, player: Player) -> WizardsAccount | None:
    """The player's Wizards Account details, or None when they gave none. Ask may_see_wizards_account first."""
    return WizardsAccount.objects.filter(player=player).first()
