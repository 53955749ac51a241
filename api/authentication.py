"""Who is calling: a scorekeeper's event token (Authorization: Token ...) or a player's session (with CSRF)."""

import datetime as dt
import hmac

from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import authentication, exceptions

from api.models import ApiToken
from api.services import api_token_hash, api_token_parse

# Writing last_used_at on every request would turn each poll into a write; once a minute is enough to audit.
_LAST_USED_EVERY = dt.timedelta(minutes=1)


class EventTokenAuthentication(authentication.BaseAuthentication):
    """`Authorization: Token hydra_<prefix>_<secret>` (or `Bearer`). request.auth is the ApiToken.

    request.user is the person the token acts as, so results carry a name; what the token may do is decided by
    its event alone (api.permissions), never by that person's own rights.
    """

    keywords = ("token", "bearer")

    def authenticate(self, request):
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].decode("latin-1").lower() not in self.keywords:
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed(
                _("Send the header as: Authorization: Token hydra_<prefix>_<secret>.")
            )
        parsed = api_token_parse(header[1].decode("latin-1"))
        if parsed is None:
            raise exceptions.AuthenticationFailed(
                _("This is not a Hydra API token; tokens look like hydra_<prefix>_<secret>.")
            )
        prefix, secret = parsed
        token = ApiToken.objects.select_related("user").filter(prefix=prefix).first()
        if token is None or not hmac.compare_digest(token.secret_hash, api_token_hash(secret)):
            raise exceptions.AuthenticationFailed(_("Unknown API token. Ask the organizer for a new one."))
        if token.revoked_at is not None:
            raise exceptions.AuthenticationFailed(_("This API token was revoked. Ask the organizer for a new one."))
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("The account this token acts as is disabled."))
        now = timezone.now()
        if token.last_used_at is None or now - token.last_used_at > _LAST_USED_EVERY:
            ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        # The person acts through the token: every rule (tournaments.rights) and the event log see the token.
        token.user.acting_token = token
        return token.user, token

    def authenticate_header(self, request):
        return 'Token realm="api"'


def token_of(request) -> ApiToken | None:
    """The event token the request was made with, if any."""
    return request.auth if isinstance(request.auth, ApiToken) else None
