"""Players' own accounts: a player registers a login with a player profile (the organizer's way is the admin)."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tournaments.models import Player


@transaction.atomic
def player_register(*, username: str, name: str, email: str, password: str) -> Player:
    """Create a login and its player profile together (both or neither). The password must already have passed
    the password validators (the sign-up form does that). Raises ValidationError for a taken username or e-mail."""
    User = get_user_model()
    username, name, email = username.strip(), name.strip(), email.strip()
    if User.objects.filter(username__iexact=username).exists():
        raise ValidationError({"username": _("The username %(name)s is taken; choose another.") % {"name": username}})
    if email and User.objects.filter(email__iexact=email).exists():
        raise ValidationError(
            {"email": _("An account with this e-mail address exists; sign in, or reset its password.")}
        )
    try:
        with transaction.atomic():
            user = User.objects.create_user(username=username, email=email, password=password)
    except IntegrityError as exc:  # the same username registered a moment ago by someone else
        raise ValidationError({"username": _("The username %(name)s is taken; choose another.") % {"name": username}}) from exc
    return Player.objects.create(user=user, name=name)
