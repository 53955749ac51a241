"""Players' accounts: a player registers a login with a player profile; an organizer's event finds its own
placeholders or makes new ones (never another's account: docs/permissions.md, "Accounts belong to their people");
a person merges a placeholder into their own account with its claim link."""

from __future__ import annotations
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.refusals import Conflict, NotFound
from tournaments.logtext import LogText
from tournaments.models import Event, Player, Seat, SeatInvitation
from tournaments.rights import may_merge_placeholder
from tournaments.selectors.languages import language_supported
from tournaments.selectors.placeholders import (
    PlaceholderClaim,
    placeholder_awaits_answer,
    placeholders_of,
    player_is_placeholder,
    unclaimed_q,
)
from tournaments.services.eventlog import LogAction, event_log_record
from tournaments.services.languages import person_language_set
from tournaments.services.scoreboard import event_bump_version


@transaction.atomic
def player_register(
    *, username: str, name: str, email: str, password: str, password_hashed: bool = False, language: str | None = None
) -> Player:
    """Create a login and its player profile together (both or neither). The password must already have passed
    the password validators (the sign-up form does that); with `password_hashed` it is already hashed
    (make_password: a sign-up confirmed from its e-mail, portal.views.accounts). `language`, the one the person signed
    up in, is kept as their chosen language when the site speaks it. Raises ValidationError for a taken
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
            user = User.objects.create_user(
                username=username, email=email, password=None if password_hashed else password
            )
            if password_hashed:
                user.password = password
                user.save(update_fields=["password"])
    except IntegrityError as exc:  # the same username registered a moment ago by someone else
        raise ValidationError(
            {"username": _("The username %(name)s is taken; choose another.") % {"name": username}}
        ) from exc
    if language_supported(language):
        person_language_set(user=user, language=language)
    return Player.objects.create(user=user, name=name)


def _username_base(name: str) -> str:
    return (slugify(name, allow_unicode=False).replace("-", "") or "player")[:20]


_LOOKUP_CHUNK = 5000  # usernames looked up per query (SQLite's bound on parameters is far above)


def _free_usernames(names: list[str]) -> list[str]:
    """A free username for each name (its letters and digits, then 2, 3 ... when taken), none taken already and none
    twice, case ignored: "evil1" numbered is "evil12", which is also "Evil12"'s own, so every candidate is checked
    against one set (the accounts', looked up in bulk, and those given here). A name gets its own base when that is
    free; the numbered ones come after. One query per round of lookups, rarely more than one."""
    User = get_user_model()
    bases = [_username_base(name) for name in names]
    need = Counter(bases)
    reach = dict.fromkeys(need, 1)  # how many numbers past its count each base looks up
    while True:
        numbered = {base: [f"{base}{n}" for n in range(2, count + reach[base] + 2)] for base, count in need.items()}
        candidates = sorted(set(need) | {c for names_of_base in numbered.values() for c in names_of_base})
        taken = {
            key
            for start in range(0, len(candidates), _LOOKUP_CHUNK)
            for key in User.objects.annotate(key=Lower("username"))
            .filter(key__in=candidates[start : start + _LOOKUP_CHUNK])
            .values_list("key", flat=True)
        }
        given: list[str | None] = [None] * len(bases)
        for i, base in enumerate(bases):  # first every base that is free, to the first name that has it
            if base not in taken:
                given[i] = base
                taken.add(base)
        spare = {base: iter(numbered[base]) for base in need}
        short = set()  # the bases whose numbers looked up ran out
        for i, base in enumerate(bases):
            if given[i] is None and base not in short:
                given[i] = next((c for c in spare[base] if c not in taken), None)
                if given[i] is None:
                    short.add(base)
                else:
                    taken.add(given[i])
        if not short:
            return [name for name in given if name is not None]
        for base in short:
            reach[base] *= 4


def _logins_make(new: list[tuple[str, str]]) -> list:
    """A login without a password for each (name, e-mail address), under a free username (_free_usernames). A
    username another request took meanwhile is looked for again (twice), never a server error."""
    User = get_user_model()
    unusable = make_password(None)

    def insert():
        usernames = _free_usernames([name for name, _email in new])
        return User.objects.bulk_create(
            User(
                username=User.normalize_username(username), email=User.objects.normalize_email(email), password=unusable
            )
            for username, (_name, email) in zip(usernames, new, strict=True)
        )

    for _attempt in range(2):
        try:
            with transaction.atomic():
                return insert()
        except IntegrityError:
            continue
    return insert()


def player_key(name: str) -> str:
    """How an imported name is compared: surrounding and repeated spaces and case ignored."""
    return " ".join(str(name).split()).lower()


@dataclass
class PlayerMatch:
    """What an organizer's list of names came to (players_find_or_create_all), each by player_key: the player for
    the seat, the refusals (an empty, too long or ambiguous name), and the accounts to invite: a real account's
    username or e-mail address was typed, so a new placeholder takes the seat and its person is asked."""

    players: dict[str, Player] = field(default_factory=dict)
    refused: dict[str, list[str]] = field(default_factory=dict)
    invited: dict[str, Any] = field(default_factory=dict)


def email_of(text: str) -> str:
    """`text` when it is an e-mail address, else ""."""
    if "@" not in text:
        return ""
    try:
        validate_email(text)
    except ValidationError:
        return ""
    return text


def shown_name(text: str) -> str:
    """How a name an organizer typed is shown and stored: an e-mail address by its first part (never the address:
    docs/permissions.md, "Accounts belong to their people"), anything else as typed, spaces collapsed."""
    text = " ".join(str(text or "").split())
    return text.split("@", 1)[0] if email_of(text) else text


def _spelled_index(rows, keys: set[str], *spellings: str) -> dict[str, set]:
    """Each of `keys` -> the rows (annotated with lower-case `spellings`) spelled so by one of them."""
    index: dict[str, set] = {}
    for row in rows:
        for key in {getattr(row, name) for name in spellings} & keys:
            index.setdefault(key, set()).add(row)
    return index


def players_find_or_create_all(*, names, organizer, event=None, emails: dict[str, str] | None = None) -> PlayerMatch:
    """The players an organizer's event seats for these names (a team list, the desk's form, the API), in a fixed
    number of queries whatever their number (docs/permissions.md, "Accounts belong to their people").

    A name (case and spaces ignored) matches only the organizer's own placeholders: players their events made that
    nobody has claimed, by name, username or e-mail address (a store's regulars, week after week). Nothing else is
    ever matched: every other name gets a new placeholder (a login without a password, made by this organizer; they
    hand out its claim link). When the name, or its `emails` entry (by player_key), is a real account's username or
    e-mail address, that account is returned in `invited` for the new placeholder's seat, and the placeholder keeps
    no address; otherwise a typed or given address is stored on the new placeholder for its claim link. A name that
    matches a player made here for an earlier name (by its name or e-mail address) gets that player."""
    emails = emails or {}
    organizer_id = getattr(organizer, "pk", organizer)
    limit = Player._meta.get_field("name").max_length
    result = PlayerMatch()
    wanted: dict[str, str] = {}
    for raw in names:
        name = " ".join(str(raw).split())
        key = name.lower()
        if key in wanted or key in result.refused:
            continue
        given = " ".join(str(emails.get(key) or "").split())
        if not name:
            result.refused[key] = [_("Give the player's name.")]
        elif len(name) > limit:
            result.refused[key] = [_("A player's name has at most %(n)d characters.") % {"n": limit}]
        elif given and not email_of(given):
            result.refused[key] = [_("%(email)s is not an e-mail address.") % {"email": given}]
        else:
            wanted[key] = name
    given_emails = {key: " ".join(str(emails[key]).split()).lower() for key in wanted if emails.get(key)}
    lookups = set(wanted) | set(given_emails.values())
    User = get_user_model()
    own: dict[str, set] = {}
    accounts: dict[str, set] = {}
    if lookups:
        own = _spelled_index(
            placeholders_of(organizer_id=organizer_id)
            .select_related("user")
            .annotate(key_name=Lower("name"), key_user=Lower("user__username"), key_email=Lower("user__email"))
            .filter(Q(key_name__in=lookups) | Q(key_user__in=lookups) | Q(key_email__in=lookups)),
            lookups,
            "key_name",
            "key_user",
            "key_email",
        )
        accounts = _spelled_index(
            User.objects.filter(is_active=True)
            .exclude(unclaimed_q())
            .annotate(key_user=Lower("username"), key_email=Lower("email"))
            .filter(Q(key_user__in=lookups) | Q(key_email__in=lookups)),
            lookups,
            "key_user",
            "key_email",
        )
    found: dict[str, Player | int] = {}
    new: list[tuple[str, str]] = []  # (the new player's name, e-mail address)
    new_by_key: dict[str, set[int]] = {}  # names and addresses of the players made here -> their place in `new`
    for key, name in wanted.items():
        spellings = {key, given_emails.get(key, key)}
        candidates = {("old", p) for s in spellings for p in own.get(s, ())} | {
            ("new", i) for s in spellings for i in new_by_key.get(s, ())
        }
        if len(candidates) > 1:
            result.refused[key] = [
                _(
                    "Several of your players match %(name)s (by name, username or e-mail): Hydra can't tell which one "
                    "is meant. Give the account's username or e-mail address instead."
                )
                % {"name": name}
            ]
            continue
        if candidates:
            kind, ref = candidates.pop()
            found[key] = ref
            continue
        invitee = next(
            (next(iter(accounts[s])) for s in (given_emails.get(key), key) if s and len(accounts.get(s, ())) == 1), None
        )
        address = given_emails.get(key) or email_of(name)
        name = shown_name(name)  # a typed address: the player is called by its first part
        email = "" if invitee is not None else address
        if invitee is not None:
            result.invited[key] = invitee
        # The address names this new player whether or not it is an account's: a later name given the same address
        # is this player either way, so nothing here tells the organizer whether the address has an account.
        for spelled in {name.lower(), address.lower(), key} - {""}:
            new_by_key.setdefault(spelled, set()).add(len(new))
        found[key] = len(new)
        new.append((name, email))
    made: list[Player] = []
    if new:
        users = _logins_make(new)
        if any(user.pk is None for user in users):  # a database that doesn't return new ids
            by_username = User.objects.in_bulk([u.username for u in users], field_name="username")
            users = [by_username[u.username] for u in users]
        made = Player.objects.bulk_create(
            Player(user=user, name=name, made_by_id=organizer_id, made_for_event=event)
            for user, (name, _email) in zip(users, new, strict=True)
        )
    result.players = {key: made[ref] if isinstance(ref, int) else ref for key, ref in found.items()}
    return result


def players_find_or_create(*, names, organizer, event=None) -> dict[str, Player]:
    """players_find_or_create_all for an imported event file's players (hundreds in a few queries), by player_key.

    Raises ValidationError naming every name that is empty, too long or ambiguous among the organizer's own
    placeholders."""
    found = players_find_or_create_all(names=names, organizer=organizer, event=event)
    if found.refused:
        raise ValidationError([f"{key}: {m}" for key, messages in found.refused.items() for m in messages])
    return found.players


def player_of_account(*, user) -> Player:
    """The account's player, made (named as the account) when it has none yet: an organizer's own account may
    never have played."""
    player = Player.objects.filter(user=user).first()
    if player is not None:
        return player
    name = (user.get_full_name() or user.get_username())[: Player._meta.get_field("name").max_length]
    return Player.objects.create(user=user, name=name)


def _retire(player: Player) -> None:
    """A placeholder left with no seat: its login is closed for good (no sign-in, its claim links spent). A real
    account is never closed here."""
    if player.seats.exists() or not player_is_placeholder(player):
        return
    user = player.user
    user.is_active = False
    user.set_unusable_password()  # a new hash: every claim link made for it stops working
    user.save(update_fields=["is_active", "password"])


def seats_move(*, source: Player, target: Player, event_ids: list[int] | None = None) -> list[int]:
    """Put `target` on the seats `source` holds (in these events; every one when None), with what hangs on a seat
    (decklists, results); with every event, also everything else that names `source` (penalties, sign-ups).
    `source`, left with no seat, is retired. Returns the events whose seats moved.

    Refused (Conflict, nothing written) when `target` already plays in one of those events: a player holds one
    seat per event."""
    seats = Seat.objects.filter(player=source)
    if event_ids is not None:
        seats = seats.filter(event_id__in=event_ids)
    events = sorted(set(seats.values_list("event_id", flat=True)))
    both = Seat.objects.filter(player=target, event_id__in=events).select_related("event").first()
    if both is not None:
        raise Conflict(
            _("You already play in %(event)s: a player holds one seat per event. Ask its organizer.")
            % {"event": both.event.name}
        )
    seats.update(player=target)
    # What waited for the placeholder's seats is moot once a person holds them: never carried to the person.
    SeatInvitation.objects.filter(placeholder=source, answered_at__isnull=True, event_id__in=events).delete()
    if event_ids is None:
        for relation in Player._meta.related_objects:
            if not relation.one_to_many or relation.related_model in (Seat, SeatInvitation):
                continue
            rows = relation.related_model._base_manager.filter(**{relation.field.name: source})
            try:
                with transaction.atomic():
                    rows.update(**{relation.field.name: target})
            except IntegrityError:  # a derived row both have (a rating per category): the target's stays
                pass
    _retire(source)
    return events


CLAIM_WAITS = gettext_lazy(
    "This seat waits for the answer of the person the organizer invited to take it: it can't "
    "be claimed until they decline. Ask the organizer."
)


@transaction.atomic
def placeholder_merge(*, claim: PlaceholderClaim, user) -> Player:
    """Merge the placeholder a valid claim link names into the signed-in person's own account: its seats (with
    their decklists and results), penalties and sign-ups move to the person's player, the placeholder's login is
    retired (the link is spent), and each event concerned logs it with who. Refused as NotFound when the link isn't
    a valid claim for this person (may_merge_placeholder); Conflict when a seat of the placeholder waits for an
    invited person's answer (CLAIM_WAITS) or they already play in one of its events."""
    if not may_merge_placeholder(user, claim):
        raise NotFound(_("This claim link is not valid (any more): ask the organizer for a new one."))
    source = Player.objects.select_for_update().get(pk=claim.player.pk)
    if placeholder_awaits_answer(source):
        raise Conflict(CLAIM_WAITS)
    target = player_of_account(user=user)
    events = seats_move(source=source, target=target)
    for event in Event.objects.filter(pk__in=events):
        event_log_record(
            event=event,
            user=user,
            action=LogAction.PLACEHOLDER_MERGED,
            message=LogText(
                gettext_lazy("%(player)s claimed the placeholder %(placeholder)s: its seat is theirs now."),
                {"player": target.name, "placeholder": source.name},
            ),
            before={"player": source.name},
            after={"player": target.name},
            data={"placeholder": source.pk, "player": target.pk},
        )
        event_bump_version(event_id=event.pk)
    return target
