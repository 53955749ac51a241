"""Keeping the language a person chose (the language menu; tournaments.selectors.languages reads it)."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.models import PersonLanguage
from tournaments.selectors.languages import language_supported


def person_language_set(*, user, language: str) -> str:
    """Keep `language` as the language `user` reads: their pages, e-mails and pushes. Returns the site's code for it;
    a language the site doesn't speak is refused."""
    code = language_supported(language)
    if code is None:
        raise ValidationError(_("Hydra doesn't speak %(language)s.") % {"language": str(language)[:20]})
    PersonLanguage.objects.update_or_create(user_id=user.pk, defaults={"language": code})
    return code
