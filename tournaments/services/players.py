"""Players' own accounts: a player registers a login with a player profile (the organizer's way is the admin)."""
from __future__ import annotations
from collections import Counter

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments.models import Player


@transaction.atomic
def player_register(*, username: str, name: str, email: str, password: str, password_hashed: bool = False) -> Player:
    """Create a login and its player profile together (both or neither). The password must already have passed
    the password validators (the sign-up form does that); with `password_hashed` it is already hashed
    (make_password: a sign-up confirmed from its e-mail, portal.accounts). Raises ValidationError for a taken
    username or e-mail."""
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
            user = User.objects.create_user(username=username, email=email,
                                            password=None if password_hashed else password)
            if password_hashed:
                user.password = password
                user.save(update_fields=["password"])
    except IntegrityError as exc:  # the same username registered a moment ago by someone else
        raise ValidationError({"username": _("The username %(name)s is taken; choose another.") % {"name": username}}) from exc
    return Player.objects.create(user=user, name=name)


def _username_base(name: str) -> str:
    return (slugify(name, allow_unicode=False).replace("-", "") or "player")[:20]


def _free_usernames(names: list[str]) -> list[str]:
    """A free username for each name (its letters and digits, then 2, 3 ... when taken, case ignored), none twice,
    in one query unless many of the numbered ones are taken too."""
    User = get_user_model()
    bases = [_username_base(name) for name in names]
    need = Counter(bases)
    reach = 1  # how many numbers past each base's count are looked up
    while True:
        numbered = {base: [base if n == 1 else f"{base}{n}" for n in range(1, count + reach + 1)]
                    for base, count in need.items()}
        candidates = [c for names_of_base in numbered.values() for c in names_of_base]
        taken = set(User.objects.annotate(key=Lower("username")).filter(key__in=candidates)
                    .values_list("key", flat=True))
        free = {base: [c for c in numbered[base] if c not in taken][:count] for base, count in need.items()}
        if all(len(free[base]) == count for base, count in need.items()):
            return [free[base].pop(0) for base in bases]
        reach *= 4


def player_key(name: str) -> str:
    """How an imported name is compared: surrounding and repeated spaces and case ignored."""
    return " ".join(str(name).split()).lower()


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
    found, refused = players_find_or_create_all(names=[name])
    key = player_key(name)
    if key in refused:
        raise ValidationError(refused[key])
    return found[key]


def players_find_or_create_all(*, names) -> tuple[dict[str, Player], dict[str, list[str]]]:
    """player_find_or_create for many names at once (a large event's team list), in a fixed number of queries
    whatever their number: one to match every name (player_match_q), one for free usernames, two to create the
    new players. Returns (the players by player_key, the refusals by player_key: an empty, too long or ambiguous
    name). A name that matches a player made here for an earlier name (by its name or e-mail address) gets that
    player, as it would one by one."""
    limit = Player._meta.get_field("name").max_length
    wanted: dict[str, str] = {}
    refused: dict[str, list[str]] = {}
    for raw in names:
        name = " ".join(str(raw).split())
        key = name.lower()
        if key in wanted or key in refused:
            continue
        if not name:
            refused[key] = [_("Give the player's name.")]
        elif len(name) > limit:
            refused[key] = [_("A player's name has at most %(n)d characters.") % {"n": limit}]
        else:
            wanted[key] = name
    matched: dict[str, set[int]] = {key: set() for key in wanted}
    existing: dict[int, Player] = {}
    if wanted:
        keys = list(wanted)
        for player in (Player.objects.select_related("user")
                       .annotate(key_name=Lower("name"), key_user=Lower("user__username"), key_email=Lower("user__email"))
                       .filter(Q(key_name__in=keys) | Q(key_user__in=keys) | Q(key_email__in=keys))):
            existing[player.pk] = player
            for key in {player.key_name, player.key_user, player.key_email}:
                if key in matched:
                    matched[key].add(player.pk)
    found: dict[str, Player | int] = {}
    new: list[tuple[str, str]] = []  # (the new player's name, e-mail address)
    new_by_key: dict[str, set[int]] = {}  # names and addresses of the players made here -> their place in `new`
    for key, name in wanted.items():
        candidates = {("old", pk) for pk in matched[key]} | {("new", i) for i in new_by_key.get(key, ())}
        if len(candidates) > 1:
            refused[key] = [
                _("Several players match %(name)s (by name, username or e-mail): Hydra can't tell which one is meant. "
                  "Give the account's username or e-mail address instead.") % {"name": name}
            ]
            continue
        if candidates:
            kind, ref = candidates.pop()
            found[key] = existing[ref] if kind == "old" else ref  # a place in `new`: its player once made, below
            continue
        email = ""
        if "@" in name:
            try:
                validate_email(name)
            except ValidationError:
                pass
            else:  # an e-mail address nobody has: the account gets it (for its claim link), the player its local part
                email, name = name, name.split("@", 1)[0]
        for spelled in {name.lower(), email.lower()} - {""}:
            new_by_key.setdefault(spelled, set()).add(len(new))
        found[key] = len(new)
        new.append((name, email))
    if not new:
        return found, refused
    User = get_user_model()
    unusable = make_password(None)
    users = User.objects.bulk_create(
        User(username=User.normalize_username(username), email=User.objects.normalize_email(email), password=unusable)
        for username, (_name, email) in zip(_free_usernames([name for name, _email in new]), new, strict=True)
    )
    if any(user.pk is None for user in users):  # a database that doesn't return new ids
        by_username = User.objects.in_bulk([u.username for u in users], field_name="username")
        users = [by_username[u.username] for u in users]
    players = Player.objects.bulk_create(Player(user=user, name=name) for user, (name, _email) in zip(users, new, strict=True))
    return {key: players[ref] if isinstance(ref, int) else ref for key, ref in found.items()}, refused


def players_find_or_create(*, names) -> dict[str, Player]:
    """player_find_or_create for many names at once (an imported event's hundreds of players in a few queries).

    Returns the players by their name in lower case. Raises ValidationError naming every name that is empty, too
    long or held by several players.
    """
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
        unusable = make_password(None)
        users = [User(username=username, password=unusable)
                 for username in _free_usernames([wanted[key] for key in missing])]
        User.objects.bulk_create(users)
        by_username = {u.username: u for u in User.objects.filter(username__in=[u.username for u in users])}
        created = Player.objects.bulk_create(
            [Player(user=by_username[u.username], name=wanted[key]) for key, u in zip(missing, users, strict=True)]
        )
        result.update({key: p for key, p in zip(missing, created, strict=True)})
    return result
