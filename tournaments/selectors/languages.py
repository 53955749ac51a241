"""The language a person reads: the one they chose in the language menu (PersonLanguage), for what reaches them
outside a page of theirs (e-mails, pushes, the notification digest) and for a device that has no language cookie yet
(docs/translating.md)."""

from contextlib import contextmanager

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import translation
from django.utils.translation import gettext

from tournaments.models import PersonLanguage


def language_supported(code: str | None) -> str | None:
    """`code` as one of the site's languages (settings.LANGUAGES: "pt-BR" -> "pt-br", "ja-JP" -> "ja"), or None when
    the site doesn't speak it."""
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(str(code).strip().lower().replace("_", "-"))
    except LookupError:
        return None


def person_language(*, user) -> str | None:
    """The language `user` chose, when they chose one the site still speaks; None for nobody (an anonymous or
    missing user, or a person who never chose)."""
    if user is None or not getattr(user, "pk", None):
        return None
    chosen = PersonLanguage.objects.filter(user_id=user.pk).values_list("language", flat=True).first()
    return language_supported(chosen)


def person_languages(*, user_ids) -> dict[int, str]:
    """user id -> the language that person chose (only those who chose one the site speaks), in one query."""
    rows = PersonLanguage.objects.filter(user_id__in=list(user_ids)).values_list("user_id", "language")
    return {user_id: found for user_id, language in rows if (found := language_supported(language))}


def address_language(*, email: str) -> str | None:
    """The chosen language of the one account with this e-mail address (any case); None when no account, or more
    than one, has it, or its person never chose."""
    users = list(get_user_model().objects.filter(email__iexact=(email or "").strip())[:2])
    return person_language(user=users[0]) if len(users) == 1 else None


@contextmanager
def in_language_of(user=None, *, email: str | None = None, fallback: str | None = None):
    """Run the block in the language `user` (or the account with `email`) chose; a person who never chose gets
    `fallback`, else the language active now (the sender's page: an organizer who mails a claim link in German
    writes to players who likely read German too)."""
    chosen = person_language(user=user) if user is not None else address_language(email=email) if email else None
    language = chosen or language_supported(fallback) or translation.get_language() or settings.LANGUAGE_CODE
    with translation.override(language):
        yield language


def mail_language_note() -> str:
    """The last lines of every e-mail Hydra sends a person, in the active language: which language it is written in
    and where to change it (each page's language menu keeps the choice for the e-mails too)."""
    code = translation.get_language() or settings.LANGUAGE_CODE
    name = dict(settings.LANGUAGES).get(code, code)
    return "\n\n-- \n" + gettext(
        "Hydra writes to you in %(language)s. To change it, choose another language at "
        "the foot of any page while signed in."
    ) % {"language": name}
