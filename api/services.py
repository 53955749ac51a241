"""Writes of the API's own records: creating and revoking scorekeeper tokens."""

import hashlib
import secrets

from django.db import transaction
from django.utils import timezone

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from common.refusals import NotAllowed
from api.models import ApiToken, TokenKind
from tournaments.models import Event
from tournaments.rights import may_manage_tokens, may_use_account
from tournaments.selectors.roles import user_is_organizer

TOKEN_PREFIX = "hydra"


def api_token_hash(secret: str) -> str:
    """The stored form of a token's secret."""
    return hashlib.sha256(secret.encode()).hexdigest()


def api_token_parse(raw: str) -> tuple[str, str] | None:
    """Split "hydra_<prefix>_<secret>" into (prefix, secret); None when it isn't shaped like a Hydra token."""
    parts = raw.strip().split("_", 2)
    if len(parts) != 3 or parts[0] != TOKEN_PREFIX or not parts[1] or not parts[2]:
        return None
    return parts[1], parts[2]


@transaction.atomic
def api_token_create(*, event: Event | None, user, name: str, organizer: bool = False, by=None) -> tuple[ApiToken, str]:
    """Create a token acting as `user`; return it with the full token text.

    A scorekeeper token (`event` given) enters final results for that event. An organizer token (`organizer`,
    no event) creates events and acts on every event `user` organizes; `user` must hold the organizer role.
    The text is returned once and never stored: only its hash is kept, so a lost token is revoked and replaced.
    `by`, when a person makes it (not the console's create_api_token), may make tokens only for their own account
    and for events they run (tournaments.rights).
    """
    if by is not None:
        if not may_use_account(by, user):
            raise NotAllowed(_("A token acts as its maker: make it for your own account."))
        if event is not None and not may_manage_tokens(by, event):
            raise NotAllowed(_("You don't run this event: you can't make its tokens."))
    if organizer:
        if event is not None:
            raise ValidationError(
                {"event": _("An organizer token acts on all of its person's events: leave the event empty.")}
            )
        if not user_is_organizer(user=user):
            raise ValidationError(
                {
                    "user": _(
                        "%(user)s doesn't hold the organizer role: add the account to the Organizers group first."
                    )
                    % {"user": user.get_username()}
                }
            )
    elif event is None:
        raise ValidationError({"event": _("A scorekeeper token is for one event: choose it.")})
    secret = secrets.token_urlsafe(32)
    while True:
        prefix = secrets.token_hex(4)
        if not ApiToken.objects.filter(prefix=prefix).exists():
            break
    token = ApiToken.objects.create(
        kind=TokenKind.ORGANIZER if organizer else TokenKind.SCOREKEEPER,
        event=event,
        user=user,
        name=name.strip()[:100],
        prefix=prefix,
        secret_hash=api_token_hash(secret),
    )
    return token, f"{TOKEN_PREFIX}_{prefix}_{secret}"


def api_token_revoke(*, token: ApiToken) -> ApiToken:
    """Revoke a token at once; it is kept so the results entered with it still name it."""
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    return token
