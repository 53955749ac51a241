"""Players' own accounts: a player registers a login with a player profile (the organizer's way is the admin)."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import Q
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


def _free_username(name: str) -> str:
    from django.utils.text import slugify

    User = get_user_model()
    base = (slugify(name, allow_unicode=False).replace("-", "") or "player")[:20]
    candidate, n = base, 1
    while User.objects.filter(username__iexact=candidate).exists():
        n += 1
        candidate = f"{base}{n}"
    return candidate


def player_match_q(text: str) -> Q:
    """The players `text` names, case ignored: by their name, or by their account's username or e-mail address (so
    a list naming "walkcap" finds walkcap's account, never makes a second one)."""
    return Q(name__iexact=text) | Q(user__username__iexact=text) | Q(user__email__iexact=text)


def player_find_or_create(*, name: str) -> Player:
    """The player `name` names (player_match_q: a name, username or e-mail address; case and surrounding spaces
    ignored), created with a login of their own (no password: they claim it with a password reset, or the
    organizer does) when there is none.

    Raises ValidationError when the name is empty, too long, or held by several players (Hydra can't tell which
    one is meant: the organizer gives the account's username in the admin instead).
    """
    name = " ".join(name.split())
    if not name:
        raise ValidationError(_("Give the player's name."))
    if len(name) > Player._meta.get_field("name").max_length:
        raise ValidationError(_("A player's name has at most %(n)d characters.") % {"n": Player._meta.get_field("name").max_length})
    found = list(Player.objects.filter(player_match_q(name)).order_by("pk").distinct()[:2])
    if len(found) > 1:
        raise ValidationError(
            _("Several players match %(name)s (by name, username or e-mail): Hydra can't tell which one is meant. "
              "Give the account's username or e-mail address instead.") % {"name": name}
        )
    if found:
        return found[0]
    email = ""
    if "@" in name:
        try:
            validate_email(name)
        except ValidationError:
            pass
        else:  # an e-mail address nobody has: the account gets it (for its claim link), the player its local part
            email, name = name, name.split("@", 1)[0]
    user = get_user_model().objects.create_user(username=_free_username(name), email=email)
    user.set_unusable_password()
    user.save(update_fields=["password"])
    return Player.objects.create(user=user, name=name)


def players_find_or_create(*, names) -> dict[str, Player]:
    """player_find_or_create for many names at once (an imported event's hundreds of players in a few queries).

    Returns the players by their name in lower case. Raises ValidationError naming every name that is empty, too
    long or held by several players.
    """
    from django.db.models.functions import Lower

    wanted = {}
    problems = []
    limit = Player._meta.get_field("name").max_length
    for raw in names:
        name = " ".join(str(raw).split())
        if not name or len(name) > limit:
            problems.append(_("%(name)r is not a player's name (1 to %(n)d characters).") % {"name": raw, "n": limit})
            continue
        wanted.setdefault(name.lower(), name)
    found: dict[str, list[Player]] = {}
    for player in Player.objects.annotate(key=Lower("name")).filter(key__in=list(wanted)):
        found.setdefault(player.key, []).append(player)
    for key, players in found.items():
        if len(players) > 1:
            problems.append(_("Several players are called %(name)s: Hydra can't tell which one is meant.") % {"name": players[0].name})
    if problems:
        raise ValidationError(problems)
    result = {key: players[0] for key, players in found.items()}
    missing = [key for key in wanted if key not in result]
    if missing:
        User = get_user_model()
        taken = {u.lower() for u in User.objects.values_list("username", flat=True)}
        users = []
        from django.contrib.auth.hashers import make_password
        from django.utils.text import slugify

        unusable = make_password(None)
        for key in missing:
            base = (slugify(wanted[key]).replace("-", "") or "player")[:20]
            candidate, n = base, 1
            while candidate.lower() in taken:
                n += 1
                candidate = f"{base}{n}"
            taken.add(candidate.lower())
            users.append(User(username=candidate, password=unusable))
        User.objects.bulk_create(users)
        by_username = {u.username: u for u in User.objects.filter(username__in=[u.username for u in users])}
        created = Player.objects.bulk_create(
            [Player(user=by_username[u.username], name=wanted[key]) for key, u in zip(missing, users, strict=True)]
        )
        result.update({key: p for key, p in zip(missing, created, strict=True)})
    return result
